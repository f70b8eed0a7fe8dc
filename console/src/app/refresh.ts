/**
 * Token pre-refresh (docs/product-rules.md R18.8): before a request, if a refresh token is
 * stored and the token has expired, refresh first (one refresh for all
 * callers). A refusal (400-499) or a missing token ends the session; other
 * failures are retried, three attempts in all.
 */
import { rawRequest } from './http.ts';
import { storage } from './storage.ts';
import { storeTokens } from './sessionSlice.ts';

const ATTEMPTS = 3;
const RETRY_DELAY_MS = 1_000;
/** Refresh a little early so a request never leaves with a token about to lapse. */
const MARGIN_MS = 30_000;

export type RefreshOutcome = 'fresh' | 'refreshed' | 'signedOut' | 'failed';

let inFlight: Promise<RefreshOutcome> | undefined;

export function tokenExpired(now = Date.now()): boolean {
  const expiresAt = storage.expiresAt || jwtExpiry(storage.token);
  return expiresAt > 0 && expiresAt - MARGIN_MS <= now;
}

/** exp of a JWT payload, in ms; 0 when unreadable. */
export function jwtExpiry(token: string | null): number {
  const part = token?.split('.')[1];
  if (!part) return 0;
  try {
    const payload = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : 0;
  } catch {
    return 0;
  }
}

async function refreshOnce(): Promise<RefreshOutcome> {
  const refreshToken = storage.refreshToken;
  if (!refreshToken) return 'fresh';
  if (!storage.token) return 'signedOut';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const res = await rawRequest('POST', '/sys/refreshToken', { body: { token: storage.token, refreshToken } });
    const body = res.body as { code: number; token?: string; refreshToken?: string; expiresAt?: number };
    if (res.status === 200 && body.code === 0 && body.token && body.refreshToken) {
      storeTokens({ token: body.token, refreshToken: body.refreshToken, expiresAt: body.expiresAt ?? 0 }, true);
      return 'refreshed';
    }
    const code = body.code > 0 ? body.code : res.status;
    if (code >= 400 && code < 500 && code !== 408 && code !== 429) return 'signedOut';
    if (attempt < ATTEMPTS) await new Promise((r) => setTimeout(r, RETRY_DELAY_MS * attempt));
  }
  return 'failed';
}

/** Makes sure the stored token is usable before a request goes out. */
export function ensureFreshToken(): Promise<RefreshOutcome> {
  if (!storage.refreshToken || !tokenExpired()) return Promise.resolve('fresh');
  inFlight ??= refreshOnce().finally(() => {
    inFlight = undefined;
  });
  return inFlight;
}
