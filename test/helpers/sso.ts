/**
 * Single sign-on from a test client: the confirmation header of trust changes, the sign-in cookie of a
 * browser, and the domain-account (LDAP) sign-in of the login form.
 */
import { randomBytes } from 'node:crypto';
import { ADMIN_PASSWORD, type TestApp } from './app.ts';

/** The header that confirms a single sign-on settings change or an identity link with the current password. */
export async function confirmed(app: TestApp, password = ADMIN_PASSWORD): Promise<Record<string, string>> {
  return { 'x-confirm-password': await app.encrypt(password) };
}

/** The `name=value` of the sign-in cookie a start answer set, for a Cookie header. */
export function signInCookie(headers: Headers): string {
  const line = headers.getSetCookie().find((c) => c.startsWith('atrium_sso='));
  if (!line) throw new Error('no sign-in cookie was set');
  return line.split(';')[0]!;
}

export interface Started {
  url: string;
  state: string;
  /** This "browser"'s Cookie header value. */
  cookie: string;
}

/** GET /auth/<method>/start as a browser would, optionally with the cookie it already holds. */
export async function startSignIn(
  app: TestApp,
  method: 'oidc' | 'saml',
  query = '',
  cookie?: string,
): Promise<Started> {
  const res = await app.get<{ data: { url: string; state: string } }>(`/api/auth/${method}/start${query}`, {
    headers: cookie ? { cookie } : {},
  });
  if (res.status !== 200) throw new Error(`start ${method}: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...res.body.data, cookie: signInCookie(res.headers) };
}

/** POST /sys/login with loginType ldap, as the login form sends it. */
export async function ldapLogin(app: TestApp, username: string, password: string) {
  const uuid = randomBytes(8).toString('hex');
  const captcha = await app.solveCaptcha(uuid);
  return app.post<{ token: string; authMethod: number }>('/api/sys/login', {
    username,
    password: await app.encrypt(password),
    uuid,
    captcha,
    loginType: 'ldap',
  });
}
