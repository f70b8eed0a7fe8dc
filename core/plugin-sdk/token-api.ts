/**
 * The shape of the enterprise chat APIs (WeCom, DingTalk, Feishu, …): an access token fetched with the
 * application's credentials, kept in the plugin's kv (so every Atrium process shares one, as the vendors
 * ask) until a little before it expires, sent as `?access_token=` on each JSON POST, and fetched again
 * once when the vendor answers that it is invalid or expired. Any other non-zero errcode throws.
 */
import type { PluginContext } from './context.ts';

export interface TokenApiAnswer {
  errcode: number;
  errmsg: string;
  access_token?: string;
  expires_in?: number;
}

export interface TokenApiOptions {
  baseUrl: string;
  /** Path and query of the token call, credentials already encoded. */
  tokenUrl: string;
  /** errcodes that mean "fetch a new token and try once more". */
  tokenErrors: ReadonlySet<number>;
  /** The vendor's error, for a non-zero errcode. */
  error: (errcode: number, errmsg: string) => Error;
}

/** Renew a little before the vendor's own expiry, so a token never dies in flight. */
const MARGIN_MS = 5 * 60_000;
const KEY = 'accessToken';

export function tokenApi<A extends TokenApiAnswer>(
  ctx: Pick<PluginContext<unknown>, 'http' | 'kv'>,
  options: TokenApiOptions,
): {
  fetchToken(): Promise<string>;
  post(path: string, body: unknown): Promise<A>;
} {
  const base = options.baseUrl.replace(/\/$/, '');
  async function fetchToken(): Promise<string> {
    const a = await ctx.http.json<A>(`${base}${options.tokenUrl}`);
    if (a.errcode !== 0 || !a.access_token) throw options.error(a.errcode, a.errmsg);
    await ctx.kv.set(KEY, a.access_token, Math.max(60_000, (a.expires_in ?? 7200) * 1000 - MARGIN_MS));
    return a.access_token;
  }
  // Messages go out several at once: those that find no token wait for one fetch instead of each making their own.
  let fetching: Promise<string> | undefined;
  const sharedFetch = () => (fetching ??= fetchToken().finally(() => (fetching = undefined)));
  async function post(path: string, body: unknown, retried = false): Promise<A> {
    const token = (await ctx.kv.get<string>(KEY)) ?? (await sharedFetch());
    const a = await ctx.http.json<A>(`${base}${path}?access_token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (options.tokenErrors.has(a.errcode) && !retried) {
      await ctx.kv.delete(KEY);
      return post(path, body, true);
    }
    if (a.errcode !== 0) throw options.error(a.errcode, a.errmsg);
    return a;
  }
  return { fetchToken, post: (path, body) => post(path, body) };
}
