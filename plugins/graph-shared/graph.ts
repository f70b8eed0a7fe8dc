/**
 * Microsoft Graph for the plugins that speak it (plugins/entra-directory, plugins/m365-calendar): a folder with no
 * entry, so no plugin of its own. An app-only token by the OAuth 2.0 client-credentials grant
 * (https://learn.microsoft.com/en-us/entra/identity-platform/v2-oauth2-client-creds-grant-flow), kept in the plugin's
 * kv until shortly before it expires, under a key of the address and credentials (new settings never reuse an old
 * token), fetched once for calls made together; and one Graph call that fetches it again once on a 401 and waits once
 * on a 429 or 503 as Retry-After asks (https://learn.microsoft.com/en-us/graph/throttling), the token sent only to the
 * configured Graph (links come back from Graph and from stored state).
 */
import { createHash } from 'node:crypto';
import type { PluginContext } from '../../core/plugin-sdk/index.ts';

/** Renew a little before the identity platform's own expiry, so a token never dies in flight. */
const MARGIN_MS = 5 * 60_000;
/** Longest wait a Retry-After may ask for before the call gives up instead. */
const MAX_RETRY_AFTER_MS = 10_000;
const STALE_CODES = new Set(['syncStateNotFound', 'resyncRequired', 'syncStateInvalid']);

/** A call Graph or the identity platform refused: status, Graph's error code, and what was asked. */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'GraphError';
  }
  /** A deltaLink no longer usable: a fresh listing is needed. */
  get stale(): boolean {
    return this.status === 410 || STALE_CODES.has(this.code);
  }
}

/**
 * The resource the token is for: Microsoft Graph of the national cloud the address names, else the global one
 * (a proxy or a test double in front of it).
 */
const NATIONAL_GRAPHS = new Set([
  'https://graph.microsoft.us',
  'https://dod-graph.microsoft.us',
  'https://microsoftgraph.chinacloudapi.cn',
]);
export const scopeOf = (graphOrigin: string) =>
  `${NATIONAL_GRAPHS.has(graphOrigin) ? graphOrigin : 'https://graph.microsoft.com'}/.default`;

/** Retry-After in seconds or as an HTTP date; absent or unreadable: one second; at most ten. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (!header) return 1000;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, Number.isFinite(ms) ? ms : 1000));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface GraphSettings {
  authorityUrl: string;
  graphUrl: string;
  tenantId: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
}

export interface GraphClient {
  /** The configured Graph without a trailing slash, and its origin (the only one the token goes to). */
  base: string;
  origin: string;
  /** A token now (the health checks' proof that the credentials work). */
  fetchToken(): Promise<string>;
  /** One Graph call; the JSON answer, or undefined for an empty one; throws GraphError when refused. */
  call<T>(method: string, link: string, what: string, body?: unknown, headers?: Record<string, string>): Promise<T>;
}

/** `label` names the plugin in errors ("Entra ID", "Microsoft 365"). */
export function graphClient(ctx: PluginContext<unknown>, s: GraphSettings, label: string): GraphClient {
  const authority = s.authorityUrl.replace(/\/+$/, '');
  const base = s.graphUrl.replace(/\/+$/, '');
  const origin = new URL(base).origin;
  const tokenKey = `token:${createHash('sha256')
    .update(`${authority}\n${s.tenantId}\n${s.clientId}\n${s.clientSecret}`)
    .digest('hex')
    .slice(0, 32)}`;

  async function fetchToken(): Promise<string> {
    const res = await ctx.http.fetch(`${authority}/${encodeURIComponent(s.tenantId)}/oauth2/v2.0/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        client_id: s.clientId,
        client_secret: s.clientSecret,
        scope: scopeOf(origin),
        grant_type: 'client_credentials',
      }).toString(),
      timeoutMs: s.timeoutMs,
    });
    const text = await res.text();
    let a: { access_token?: string; expires_in?: number; error?: string; error_description?: string } = {};
    try {
      a = JSON.parse(text) as typeof a;
    } catch {
      // reported by status below
    }
    if (!res.ok || !a.access_token) {
      // The identity platform's first line names the AADSTS code; the secret is never in it.
      const why = (a.error_description ?? text).split(/\r?\n/)[0]!.slice(0, 300);
      const code = a.error ?? `HTTP ${res.status}`;
      throw new GraphError(res.status, code, `${label} token: ${code} (${why})`);
    }
    await ctx.kv.set(tokenKey, a.access_token, Math.max(60_000, (a.expires_in ?? 3599) * 1000 - MARGIN_MS));
    return a.access_token;
  }
  // Calls made together that find no token wait for one fetch instead of each making their own.
  let fetching: Promise<string> | undefined;
  const sharedFetch = () => (fetching ??= fetchToken().finally(() => (fetching = undefined)));

  async function call<T>(
    method: string,
    link: string,
    what: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const url = new URL(link);
    if (url.origin !== origin) throw new Error(`${label}: ${what}: a link outside ${origin} is refused`);
    let refreshed = false;
    let waited = false;
    for (;;) {
      const token = (await ctx.kv.get<string>(tokenKey)) ?? (await sharedFetch());
      const res = await ctx.http.fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        timeoutMs: s.timeoutMs,
      });
      if (res.status === 401 && !refreshed) {
        refreshed = true;
        await res.body?.cancel();
        await ctx.kv.delete(tokenKey);
        continue;
      }
      if ((res.status === 429 || res.status === 503) && !waited) {
        waited = true;
        const ms = retryAfterMs(res.headers.get('retry-after'));
        await res.body?.cancel();
        ctx.logger.warn({ status: res.status, waitMs: ms, what }, 'Microsoft Graph asks to slow down');
        await sleep(ms);
        continue;
      }
      const text = await res.text();
      if (!res.ok) {
        let code = `HTTP ${res.status}`;
        let message = text.slice(0, 200);
        try {
          const e = (JSON.parse(text) as { error?: { code?: string; message?: string } }).error;
          if (e?.code) code = e.code;
          if (e?.message) message = e.message.slice(0, 300);
        } catch {
          // not JSON
        }
        throw new GraphError(res.status, code, `Microsoft Graph ${what}: ${res.status} ${code}: ${message}`);
      }
      return (text ? JSON.parse(text) : undefined) as T;
    }
  }

  return { base, origin, fetchToken, call };
}
