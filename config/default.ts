/**
 * Atrium's configuration: the defaults live here, and every setting can be
 * overridden by the environment variable named next to it (see README.md), or
 * by a line of `<dataDir>/atrium.env` (written by `atrium setup`; a variable set
 * in the environment wins over the file).
 * Parsed once at start; a bad value stops the process with a clear message
 * instead of surfacing later as a strange failure.
 */
import path from 'node:path';
import { z } from 'zod';
import { envFilePath, readEnvFile } from '../core/setup/env-file.ts';

const bool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

export const ConfigSchema = z.object({
  /** TCP port of the HTTP server. */
  port: int(0, 65535),
  /** Address the server binds to. */
  host: z.string().min(1),
  /** Where the SQLite file, uploads, reports and the local secret key live. */
  dataDir: z.string().min(1),
  /** `sqlite:` (default, a file in dataDir), `sqlite:/path/file.db`, or `mysql://user:pass@host:3306/db`. */
  databaseUrl: z.string().min(1),
  /** Prefix of every API path. */
  apiPrefix: z.string().regex(/^\/[a-z0-9/_-]*[a-z0-9_-]$/i),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  /** Size of the RSA key pair used to encrypt credentials in transit (made on first start). */
  rsaKeyBits: z.coerce
    .number()
    .int()
    .refine((n) => [1024, 2048, 3072, 4096].includes(n), 'one of 1024, 2048, 3072, 4096'),
  accessTokenTtlSeconds: int(60, 86_400),
  /**
   * How long, in ms, a process keeps a verified session without reading it again (0: never): the longest another
   * process may take to see a sign-out, a disabled account or a changed role (docs/architecture.md A5.5).
   */
  sessionCacheMs: int(0, 1000),
  refreshTokenTtlSeconds: int(300, 90 * 86_400),
  captchaTtlSeconds: int(30, 3600),
  /** Largest JSON or form body accepted, in bytes. */
  bodyLimitBytes: int(1024, 50 * 1024 * 1024),
  /** Largest multipart upload accepted, in bytes (each endpoint may be stricter). */
  uploadLimitBytes: int(1024, 100 * 1024 * 1024),
  /** Hex or base64 key (32 bytes) encrypting secrets at rest; made and kept in dataDir when empty. */
  secretKey: z.string(),
  /** Initial password of `admin` on first start; random (and printed once) when empty. */
  adminPassword: z.string(),
  /** Add the demo organisation when the database is empty at start. */
  seedDemo: bool,
  /** Run the scheduled jobs in this process. */
  scheduler: bool,
  /** Where the built console is served from. */
  staticDir: z.string().min(1),
  /** Vendor public key (PEM) verifying licence files; the built-in vendor key when empty. */
  licencePublicKey: z.string(),
  /** Folders and npm package names of extra integration plugins, comma-separated. */
  pluginPaths: z.string(),
  /** URL polled for newer releases; empty means never call out. */
  releaseCheckUrl: z.string(),
  /** Trust X-Forwarded-For/-Proto from a reverse proxy in front of Atrium. */
  trustProxy: bool,
  /**
   * With trustProxy: how many proxies stand in front of Atrium. The client's address is the one this many
   * hops from the right of X-Forwarded-For; whatever the client itself wrote further left is ignored.
   */
  proxyHops: int(1, 10),
  /**
   * The address people and other systems reach Atrium at (scheme, host, optional path), used for every
   * absolute link Atrium hands out: feed URLs, QR codes, links in mails, single sign-on callbacks. Never
   * taken from a request's Host header, which the client chooses. Empty: http://localhost:<port>.
   */
  publicUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]),
  /** Requests per minute a single address may make to sign-in endpoints. */
  loginRateLimit: int(1, 100_000),
  /** Outbox deliveries under way at once per provider kind in each process (mails, calendar calls, ...). */
  outboxConcurrency: int(1, 64),
  /** On SIGTERM, how long the process may finish requests in flight and running jobs before it exits anyway. */
  shutdownSeconds: int(1, 600),
  /**
   * `host:port` of a second listener serving Prometheus metrics at /metrics without an API key (docs/monitoring.md);
   * empty: none, /metrics is answered only on the main port to a key with the metrics scope.
   */
  metricsAddress: z.union([
    z.literal(''),
    z.string().regex(/^(?:\[[0-9a-fA-F:.]+\]|[^\s:[\]]+):\d{1,5}$/, 'host:port'),
  ]),
});
export type Config = z.infer<typeof ConfigSchema>;

/** Each setting with its environment variable and its default, in README order. */
export const settings: ReadonlyArray<{ key: keyof Config; env: string; default: string; doc: string }> = [
  { key: 'port', env: 'PORT', default: '8080', doc: 'HTTP port' },
  { key: 'host', env: 'HOST', default: '0.0.0.0', doc: 'address to bind' },
  { key: 'dataDir', env: 'ATRIUM_DATA_DIR', default: './data', doc: 'SQLite file, uploads, reports, local secret key' },
  {
    key: 'databaseUrl',
    env: 'DATABASE_URL',
    default: 'sqlite:',
    doc: '`sqlite:` (file in the data dir), `sqlite:/path/x.db` or `mysql://user:pass@host:3306/db`',
  },
  { key: 'apiPrefix', env: 'ATRIUM_API_PREFIX', default: '/api', doc: 'prefix of every API path' },
  {
    key: 'logLevel',
    env: 'LOG_LEVEL',
    default: 'info',
    doc: 'pino level: fatal, error, warn, info, debug, trace, silent',
  },
  {
    key: 'rsaKeyBits',
    env: 'ATRIUM_RSA_KEY_BITS',
    default: '2048',
    doc: 'size of the sign-in RSA key made on first start',
  },
  {
    key: 'accessTokenTtlSeconds',
    env: 'ATRIUM_ACCESS_TOKEN_TTL',
    default: '1800',
    doc: 'access token lifetime, seconds',
  },
  {
    key: 'sessionCacheMs',
    env: 'ATRIUM_SESSION_CACHE_MS',
    default: '1000',
    doc: 'ms a verified session is kept in a process (0-1000; other processes see a sign-out within it)',
  },
  {
    key: 'refreshTokenTtlSeconds',
    env: 'ATRIUM_REFRESH_TOKEN_TTL',
    default: '172800',
    doc: 'refresh token lifetime, seconds (2 days)',
  },
  { key: 'captchaTtlSeconds', env: 'ATRIUM_CAPTCHA_TTL', default: '300', doc: 'CAPTCHA lifetime, seconds' },
  { key: 'bodyLimitBytes', env: 'ATRIUM_BODY_LIMIT', default: '1048576', doc: 'largest JSON body, bytes' },
  { key: 'uploadLimitBytes', env: 'ATRIUM_UPLOAD_LIMIT', default: '10485760', doc: 'largest upload, bytes' },
  {
    key: 'secretKey',
    env: 'ATRIUM_SECRET_KEY',
    default: '',
    doc: '32-byte key (hex or base64) encrypting secrets at rest; set the same value on every process of a cluster',
  },
  {
    key: 'adminPassword',
    env: 'ATRIUM_ADMIN_PASSWORD',
    default: '',
    doc: 'initial `admin` password (random and printed once when empty)',
  },
  {
    key: 'seedDemo',
    env: 'ATRIUM_SEED_DEMO',
    default: 'true',
    doc: 'add the demo organisation to an empty database at start',
  },
  { key: 'scheduler', env: 'ATRIUM_SCHEDULER', default: 'true', doc: 'run scheduled jobs in this process' },
  { key: 'staticDir', env: 'ATRIUM_STATIC_DIR', default: './core/static', doc: 'built console served at /' },
  {
    key: 'licencePublicKey',
    env: 'ATRIUM_LICENCE_PUBLIC_KEY',
    default: '',
    doc: 'vendor public key (PEM) that verifies licence files',
  },
  {
    key: 'pluginPaths',
    env: 'ATRIUM_PLUGINS',
    default: '',
    doc: 'extra plugin folders or npm packages, comma-separated',
  },
  {
    key: 'releaseCheckUrl',
    env: 'ATRIUM_RELEASE_URL',
    default: '',
    doc: 'release feed to check for updates (off when empty)',
  },
  {
    key: 'trustProxy',
    env: 'ATRIUM_TRUST_PROXY',
    default: 'false',
    doc: 'trust X-Forwarded-* headers of a reverse proxy',
  },
  {
    key: 'proxyHops',
    env: 'ATRIUM_PROXY_HOPS',
    default: '1',
    doc: 'with ATRIUM_TRUST_PROXY: how many proxies are in front; only that many X-Forwarded-For entries are believed',
  },
  {
    key: 'publicUrl',
    env: 'ATRIUM_PUBLIC_URL',
    default: '',
    doc: 'public base address for feed URLs, QR codes, links in mails and sign-in callbacks (http://localhost:PORT when empty)',
  },
  {
    key: 'loginRateLimit',
    env: 'ATRIUM_LOGIN_RATE_LIMIT',
    default: '60',
    doc: 'sign-in requests per minute per address',
  },
  {
    key: 'outboxConcurrency',
    env: 'ATRIUM_OUTBOX_CONCURRENCY',
    default: '8',
    doc: 'outbox deliveries at once per provider kind in each process (no kind floods its server)',
  },
  {
    key: 'shutdownSeconds',
    env: 'ATRIUM_SHUTDOWN_SECONDS',
    default: '20',
    doc: 'on SIGTERM, how long requests in flight and running jobs may take before the process exits anyway',
  },
  {
    key: 'metricsAddress',
    env: 'ATRIUM_METRICS_ADDRESS',
    default: '',
    doc: 'host:port (e.g. 127.0.0.1:9464) of a second listener serving Prometheus /metrics without a key (none when empty)',
  },
];

/**
 * Reads the configuration from `env`, then from `<dataDir>/atrium.env` for what `env` does not set, with
 * `overrides` (tests, CLI flags) taking precedence over both. The data directory itself comes from `overrides`,
 * `env` (ATRIUM_DATA_DIR) or the default, never from the file that lives in it.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = overrides.dataDir ?? env.ATRIUM_DATA_DIR ?? settings.find((s) => s.key === 'dataDir')!.default;
  const file = readEnvFile(dataDir);
  const raw: Record<string, unknown> = {};
  const fromFile = new Set<string>();
  for (const s of settings) {
    if (env[s.env] === undefined && file[s.env] !== undefined) fromFile.add(s.env);
    raw[s.key] = env[s.env] ?? file[s.env] ?? s.default;
  }
  const parsed = ConfigSchema.safeParse({ ...raw, ...overrides });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const s = settings.find((x) => x.key === i.path[0]);
      const where = s && fromFile.has(s.env) && !(s.key in overrides) ? ` (from ${envFilePath(dataDir)})` : '';
      return `  ${s?.env ?? String(i.path[0])}${where}: ${i.message}`;
    });
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  config.dataDir = path.resolve(config.dataDir);
  config.staticDir = path.resolve(config.staticDir);
  config.publicUrl = (config.publicUrl || `http://localhost:${config.port}`).replace(/\/+$/, '');
  return config;
}
