/**
 * Ties a redirect sign-in to the browser that started it (login CSRF). The
 * start gives the browser a random key in an HttpOnly, SameSite=Lax cookie and
 * the flow keeps only its hash; the way back (OIDC callback or return URL, the
 * SAML response to a request we sent, the token-URL code) is refused unless
 * the same browser brings the same key. Otherwise someone could finish a
 * sign-in of their own in another person's browser, who would then work,
 * unknowingly, in the other's account.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { UnauthorizedError } from '../../errors.ts';

export const BROWSER_COOKIE = 'atrium_sso';

type Headers = Record<string, string | string[] | undefined>;

const KEY = /^[A-Za-z0-9_-]{43}$/;

/** The hash a flow keeps of the browser's key. */
export const bindingOf = (key: string): string => createHash('sha256').update(key).digest('hex');

/** The key the browser sent in its cookie, if it is one of ours. */
export function browserKey(headers: Headers): string | undefined {
  const raw = headers.cookie;
  for (const part of (Array.isArray(raw) ? raw.join(';') : (raw ?? '')).split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === BROWSER_COOKIE) {
      const value = part.slice(eq + 1).trim();
      if (KEY.test(value)) return value;
    }
  }
  return undefined;
}

export interface BrowserCookieOptions {
  /** The API's sign-in paths (`/api/auth`): the only ones the browser sends it to. */
  path: string;
  secure: boolean;
  maxAgeMs: number;
}

/**
 * The browser's key for a new flow: the one it already holds (so two sign-ins started in two tabs both
 * finish), else a new one; with the Set-Cookie header that (re)sets it for the flow's lifetime.
 */
export function startBinding(headers: Headers, options: BrowserCookieOptions): { binding: string; setCookie: string } {
  const key = browserKey(headers) ?? randomBytes(32).toString('base64url');
  const attributes = [
    `${BROWSER_COOKIE}=${key}`,
    `Path=${options.path}`,
    `Max-Age=${Math.floor(options.maxAgeMs / 1000)}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ];
  return { binding: bindingOf(key), setCookie: attributes.join('; ') };
}

/**
 * Refuses (401, translated) a flow bound to another browser than the one calling now (`key`: the value
 * of its cookie). Flows that no browser started (an IdP-initiated SAML response) carry no binding.
 */
export function assertSameBrowser(binding: string | undefined, key: string | undefined): void {
  if (binding === undefined) return;
  const sent = Buffer.from(key ? bindingOf(key) : '');
  const expected = Buffer.from(binding);
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected))
    throw new UnauthorizedError('sso.otherBrowser');
}
