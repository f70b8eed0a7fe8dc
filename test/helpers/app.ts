/**
 * Starts the real Atrium server for API tests: a fresh SQLite file, or a fresh
 * MariaDB database when `dialect` is mysql (ATRIUM_TEST_MYSQL_URL), on a free
 * loopback port, with a clock the test can move. Talks to it over HTTP only.
 */
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import type { ExecutionContext, TestFn } from 'ava';
import type { Logger } from 'pino';
import { loadConfig, type Config } from '../../config/default.ts';
import { OffsetClock } from '../../core/clock.ts';
import type { Cradle } from '../../core/cradle.ts';
import { startServer, type RunningServer } from '../../core/server.ts';
import { assertConforms, Conformance, type OpenApiDocument } from './openapi.ts';
import { skipBecause } from './requires.ts';

export type Dialect = 'sqlite' | 'mysql';
export const ADMIN_PASSWORD = 'Admin#2026pass';

export const mysqlUrl = process.env.ATRIUM_TEST_MYSQL_URL;
/** Every answer through `TestApp.request` must match the OpenAPI document (`test/helpers/openapi.ts`). */
const checkAnswers = process.env.ATRIUM_TEST_OPENAPI !== 'off';
/** The databases to run a suite on: SQLite always, MariaDB when configured. */
export const dialects: Dialect[] = mysqlUrl ? ['sqlite', 'mysql'] : ['sqlite'];

export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  body: T & {
    code: number;
    msg: string;
    key?: string;
    data?: unknown;
    errors?: Array<{ field: string; message: string }>;
  };
  headers: Headers;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  lang?: string;
  headers?: Record<string, string>;
  rawBody?: string | Buffer | FormData;
}

export class TestApp {
  constructor(
    readonly running: RunningServer,
    readonly clock: OffsetClock,
    readonly dialect: Dialect,
    private readonly cleanup: () => Promise<void>,
  ) {}

  get url(): string {
    return this.running.url;
  }
  get cradle(): Cradle {
    return this.running.container.cradle;
  }

  async request<T = Record<string, unknown>>(
    method: string,
    pathname: string,
    options: RequestOptions = {},
  ): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = { i18n: options.lang ?? 'en', ...options.headers };
    if (options.token) headers.token = options.token;
    let body: string | Buffer | FormData | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const res = await fetch(this.url + pathname, {
      method,
      headers,
      body: body as BodyInit | undefined,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    let parsed: unknown;
    let json = true;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = { code: -1, msg: text };
      json = false;
    }
    if (checkAnswers) {
      const contentType = res.headers.get('content-type');
      assertConforms(await this.conformance(), method, pathname, res.status, contentType, json ? parsed : undefined);
    }
    return { status: res.status, body: parsed as ApiAnswer<T>['body'], headers: res.headers };
  }

  private document?: Promise<Conformance>;
  /** The served OpenAPI document, compiled once for this app, that every answer is checked against. */
  conformance(): Promise<Conformance> {
    this.document ??= fetch(`${this.url}${this.cradle.config.apiPrefix}/docs/openapi.json`)
      .then((r) => r.json())
      .then((doc) => new Conformance(doc as OpenApiDocument));
    return this.document;
  }

  get<T = Record<string, unknown>>(p: string, o?: RequestOptions) {
    return this.request<T>('GET', p, o);
  }
  post<T = Record<string, unknown>>(p: string, body?: unknown, o?: RequestOptions) {
    return this.request<T>('POST', p, { ...o, body });
  }
  put<T = Record<string, unknown>>(p: string, body?: unknown, o?: RequestOptions) {
    return this.request<T>('PUT', p, { ...o, body });
  }
  delete<T = Record<string, unknown>>(p: string, o?: RequestOptions) {
    return this.request<T>('DELETE', p, o);
  }

  /** Encrypts like the console does: RSA-OAEP with SHA-256 under the server's public key. */
  async encrypt(plain: string): Promise<string> {
    const key = await this.get<{ publicKey: string }>('/api/openapi/publicKey');
    return publicEncrypt(
      { key: key.body.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(plain),
    ).toString('base64');
  }

  /** Fetches a CAPTCHA image for `uuid` and reads its text through the app's database (no HTTP back door). */
  async solveCaptcha(uuid: string): Promise<string> {
    const res = await fetch(`${this.url}/api/captcha?uuid=${uuid}`);
    if (!res.ok) throw new Error(`captcha: ${res.status}`);
    await res.text();
    const row = await this.cradle.db('captchas').where({ uuid }).first('text');
    return String(row.text);
  }

  /** The whole sign-in as a client does it; returns the login answer. */
  async login(
    username: string,
    password: string,
    lang = 'en',
  ): Promise<
    ApiAnswer<{
      token: string;
      refreshToken: string;
      permissions: string[];
      passwordState: string;
      notify: Array<{ title: string; content: string }>;
    }>
  > {
    const uuid = randomBytes(8).toString('hex');
    const captcha = await this.solveCaptcha(uuid);
    return this.post('/api/sys/login', { username, password: await this.encrypt(password), uuid, captcha }, { lang });
  }

  /** Signs in and returns the token, failing loudly if sign-in did not work. */
  async tokenFor(username: string, password: string): Promise<string> {
    const res = await this.login(username, password);
    if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.token;
  }

  /** The administrator's token, after the required first password change. */
  async adminToken(): Promise<string> {
    return this.tokenFor('admin', ADMIN_PASSWORD);
  }

  async stop(): Promise<void> {
    await this.running.stop();
    await this.cleanup();
  }
}

/** Makes a fresh, empty MariaDB database and returns its URL and a drop function. */
export async function freshMysqlDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const mysqlUrl = process.env.ATRIUM_TEST_MYSQL_URL;
  if (!mysqlUrl) throw new Error('ATRIUM_TEST_MYSQL_URL is not set');
  const base = new URL(mysqlUrl);
  const name = `atrium_t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = knexFactory({
    client: 'mysql2',
    connection: {
      host: base.hostname,
      port: Number(base.port || 3306),
      user: decodeURIComponent(base.username),
      password: decodeURIComponent(base.password),
    },
    pool: { min: 0, max: 1 },
  });
  await admin.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.destroy();
  const url = new URL(mysqlUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const k = knexFactory({
        client: 'mysql2',
        connection: {
          host: base.hostname,
          port: Number(base.port || 3306),
          user: decodeURIComponent(base.username),
          password: decodeURIComponent(base.password),
        },
        pool: { min: 0, max: 1 },
      });
      await k.raw(`DROP DATABASE IF EXISTS \`${name}\``);
      await k.destroy();
    },
  };
}

export interface StartOptions {
  dialect?: Dialect;
  demo?: boolean;
  config?: Partial<Config>;
  /** Leave the admin's first-login password change pending (default: done, with ADMIN_PASSWORD). */
  keepFirstLogin?: boolean;
  /** The server's logger (default: a silent one), for tests that read what is logged. */
  logger?: Logger;
}

export async function startTestApp(options: StartOptions = {}): Promise<TestApp> {
  const dialect = options.dialect ?? 'sqlite';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-test-'));
  let databaseUrl = `sqlite:${path.join(dataDir, 'atrium.db')}`;
  let drop = async () => {};
  if (dialect === 'mysql') ({ url: databaseUrl, drop } = await freshMysqlDatabase());
  const config = loadConfig(
    {},
    {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      databaseUrl,
      logLevel: 'silent',
      rsaKeyBits: 1024,
      seedDemo: false,
      scheduler: false,
      adminPassword: ADMIN_PASSWORD,
      staticDir: path.join(dataDir, 'static'),
      ...options.config,
    },
  );
  const clock = new OffsetClock();
  const running = await startServer(config, {
    clock,
    quiet: true,
    demo: options.demo ?? false,
    logger: options.logger,
  });
  if (!options.keepFirstLogin)
    await running.container.cradle.db('users').where({ username: 'admin' }).update({ must_change_password: false });
  return new TestApp(running, clock, dialect, async () => {
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
}

let skippedSuites = 0;

/**
 * Declares a serial group of tests that share one app per database: `suite(test, 'name', fn)`
 * registers `fn`'s tests once for SQLite and once for MariaDB (when configured).
 */
export function perDialect<C>(
  test: TestFn<C>,
  register: (dialect: Dialect, getApp: () => TestApp) => void,
  options: Omit<StartOptions, 'dialect'> = {},
): void {
  // Without MariaDB the suite's MariaDB run is listed as skipped, so the run's count says it was not tested.
  if (!mysqlUrl)
    skipBecause(test as TestFn, `mysql: suite ${++skippedSuites} of this file`, 'ATRIUM_TEST_MYSQL_URL is not set');
  for (const dialect of dialects) {
    let app: TestApp | undefined;
    let starting: Promise<TestApp> | undefined;
    const getApp = () => {
      if (!app) throw new Error('app not started');
      return app;
    };
    test.serial.before(async () => {
      starting = startTestApp({ ...options, dialect });
      app = await starting;
    });
    test.serial.after.always(async () => {
      await (await starting)?.stop();
    });
    register(dialect, getApp);
  }
}

export type { ExecutionContext };
