/**
 * The part WeCom and DingTalk directories share (this folder has no entry, so it is no plugin itself): an API that
 * answers HTTP 200 with `{ errcode, errmsg }` and takes `?access_token=` on every call, the token fetched with the
 * application's credentials and kept in the plugin's kv (one per address and credentials, so changed settings
 * never reuse it) until a little before `expires_in` (every Atrium process
 * shares it, as both vendors ask), fetched again once when the vendor says it is invalid or expired. Unlike the
 * SDK's `tokenApi` (POST only) it also reads with GET, which WeCom's directory calls are.
 *
 * Failures are `DirectoryCallError`s carrying a `reason` the core reads to choose its answer (a refused code is
 * the person's problem, refused credentials the administrator's):
 * - `code`: the sign-in code is invalid, expired or used;
 * - `credentials`: the corp, application key or secret is wrong, or the application may not do this;
 * - `user`: the person is not (or no longer) in the directory;
 * - `vendor`: anything else (the vendor's other errcodes, HTTP errors).
 */
import { createHash } from 'node:crypto';
import type { PluginContext } from '../../core/plugin-sdk/index.ts';

export type DirectoryErrorReason = 'code' | 'credentials' | 'user' | 'vendor';

export class DirectoryCallError extends Error {
  constructor(
    readonly vendor: string,
    readonly reason: DirectoryErrorReason,
    readonly errcode: number | string,
    errmsg: string,
    what: string,
  ) {
    super(`${vendor} ${what}: ${reason === 'code' ? 'the sign-in code was refused' : reason} (${errcode} ${errmsg})`);
    this.name = 'DirectoryCallError';
  }
}

export interface ErrcodeAnswer {
  errcode: number;
  errmsg: string;
  access_token?: string;
  expires_in?: number;
}

export interface ErrcodeApiOptions {
  vendor: string;
  baseUrl: string;
  /** Path and query of the token call, credentials already encoded. */
  tokenUrl: string;
  /** errcodes that mean "fetch a new token and try once more". */
  tokenErrors: ReadonlySet<number>;
  /** The reason of a non-zero errcode (token errors excepted). */
  reasonOf: (errcode: number) => DirectoryErrorReason;
  /** kv key of the cached token (default: one per address and credentials, so new settings never reuse it). */
  tokenKey?: string;
}

/** Renew a little before the vendor's own expiry, so a token never dies in flight. */
const MARGIN_MS = 5 * 60_000;

export interface ErrcodeApi {
  /** A fresh token from the vendor (health), cached for the other calls. */
  fetchToken(): Promise<string>;
  get<A extends ErrcodeAnswer>(path: string, query?: Record<string, string | number>, what?: string): Promise<A>;
  post<A extends ErrcodeAnswer>(path: string, body: unknown, what?: string): Promise<A>;
}

export function errcodeApi(ctx: Pick<PluginContext<unknown>, 'http' | 'kv'>, options: ErrcodeApiOptions): ErrcodeApi {
  const base = options.baseUrl.replace(/\/$/, '');
  const key =
    options.tokenKey ??
    `accessToken:${createHash('sha256').update(`${base}${options.tokenUrl}`).digest('hex').slice(0, 32)}`;
  const fail = (a: ErrcodeAnswer, what: string) =>
    new DirectoryCallError(options.vendor, options.reasonOf(a.errcode), a.errcode, a.errmsg, what);

  async function fetchToken(): Promise<string> {
    const a = await ctx.http.json<ErrcodeAnswer>(`${base}${options.tokenUrl}`);
    if (a.errcode !== 0 || !a.access_token) throw fail(a, 'access token');
    await ctx.kv.set(key, a.access_token, Math.max(60_000, (a.expires_in ?? 7200) * 1000 - MARGIN_MS));
    return a.access_token;
  }
  // Calls made together that find no token wait for one fetch instead of each making their own.
  let fetching: Promise<string> | undefined;
  const sharedFetch = () => (fetching ??= fetchToken().finally(() => (fetching = undefined)));

  async function call<A extends ErrcodeAnswer>(
    path: string,
    init: { query?: Record<string, string | number>; body?: unknown },
    what: string,
    retried = false,
  ): Promise<A> {
    const token = (await ctx.kv.get<string>(key)) ?? (await sharedFetch());
    const url = new URL(`${base}${path}`);
    url.searchParams.set('access_token', token);
    for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, String(v));
    const a = await ctx.http.json<A>(
      url,
      init.body === undefined
        ? undefined
        : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.body) },
    );
    if (options.tokenErrors.has(a.errcode) && !retried) {
      await ctx.kv.delete(key);
      return call<A>(path, init, what, true);
    }
    if (a.errcode !== 0) throw fail(a, what);
    return a;
  }

  return {
    fetchToken,
    get: (path, query, what = path) => call(path, { query }, what),
    post: (path, body, what = path) => call(path, { body }, what),
  };
}

/** Opaque page cursors: JSON in base64url; a cursor that does not decode fails the run (it is retried next time). */
export function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

export function decodeCursor<T>(cursor: string, vendor: string): T {
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as T;
  } catch {
    throw new Error(`${vendor}: the page cursor is not one of this provider's`);
  }
}

/** Who is matched how on a first sign-in (the core reads these settings; see docs/plugins.md). */
export const MATCH_BY = ['directoryId', 'employeeNo', 'email'] as const;
