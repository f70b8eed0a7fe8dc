import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { authorize, startProvider, type TestProvider } from '../helpers/oidc.ts';
import { confirmed, startSignIn } from '../helpers/sso.ts';

const REDIRECT_URI = 'http://127.0.0.1:9/callback';
const POST_LOGOUT = 'http://127.0.0.1:9/login';

const ACCOUNTS = {
  'sub-dora': {
    preferred_username: 'dora',
    name: 'Dora Explorer',
    email: 'dora@idp.example',
    phone_number: '+81 3 0000 0000',
  },
  'sub-eve': { preferred_username: 'eve', name: 'Eve', email: 'eve@idp.example' },
};

interface SignIn {
  token: string;
  refreshToken: string;
  authMethod: number;
  redirect?: string;
}

perDialect(test, (dialect, app) => {
  // One provider per app: its client must know the app's own /auth/oidc/return as a redirect URI.
  let provider: TestProvider | undefined;
  test.serial.before(async () => {
    provider = await startProvider({
      redirectUris: [REDIRECT_URI, `${app().url}/api/auth/oidc/return`],
      postLogoutRedirectUri: POST_LOGOUT,
      accounts: ACCOUNTS,
    });
  });
  test.serial.after.always(async () => {
    await provider?.stop();
  });
  let admin = '';
  const settings = (overrides: Record<string, unknown> = {}) => ({
    enabled: true,
    issuer: provider!.issuer,
    clientId: provider!.clientId,
    clientSecret: provider!.clientSecret,
    redirectUri: REDIRECT_URI,
    postLogoutRedirectUri: POST_LOGOUT,
    allowInsecureHttp: true,
    autoCreate: true,
    scopes: 'openid profile email phone',
    ...overrides,
  });
  const save = async (body: Record<string, unknown>) =>
    app().put('/api/sys/sso/oidc', body, { token: admin, headers: await confirmed(app()) });
  const start = (query = '') => startSignIn(app(), 'oidc', query);
  const callbackParams = (url: URL) => ({
    code: url.searchParams.get('code')!,
    state: url.searchParams.get('state')!,
    iss: url.searchParams.get('iss') ?? undefined,
  });
  /** The console's /callback page posting what the provider sent, from the browser that started. */
  const callback = (back: URL, cookie: string, body: Record<string, unknown> = {}) =>
    app().post<SignIn>('/api/auth/oidc/callback', { ...callbackParams(back), ...body }, { headers: { cookie } });

  test.serial(`${dialect}: an http:// issuer is refused unless the settings allow it`, async (t) => {
    admin = await app().adminToken();
    t.is((await save(settings({ allowInsecureHttp: false }))).status, 200);
    const res = await app().get('/api/auth/oidc/start');
    t.is(res.status, 401);
    t.is(res.body.key, 'sso.oidcFailed');
    const view = await app().get<{ data: Record<string, unknown> }>('/api/sys/sso/oidc', { token: admin });
    t.deepEqual(view.body.data.clientSecret, { set: true });
    t.false(JSON.stringify(view.body).includes(provider!.clientSecret));
    t.is((await save(settings())).status, 200);
  });

  test.serial(
    `${dialect}: the authorization-code flow with PKCE signs in and creates the user from the claims`,
    async (t) => {
      const begun = await start('?redirect=/center/meeting');
      const authUrl = new URL(begun.url);
      t.is(authUrl.searchParams.get('code_challenge_method'), 'S256');
      t.truthy(authUrl.searchParams.get('nonce'));
      t.is(authUrl.searchParams.get('state'), begun.state);
      const back = await authorize(begun.url, 'sub-dora', REDIRECT_URI);
      const res = await callback(back, begun.cookie);
      t.is(res.status, 200, JSON.stringify(res.body));
      t.is(res.body.code, 0);
      t.is(res.body.authMethod, 1);
      t.is(res.body.redirect, '/center/meeting');
      t.is((await app().get('/api/sys/menu/nav', { token: res.body.token })).status, 200);
      const user = await app().cradle.db('users').where({ username: 'dora' }).first();
      t.like(user, {
        source: 'oidc',
        real_name: 'Dora Explorer',
        email: 'dora@idp.example',
        phone: '+81 3 0000 0000',
      });
      t.like(await app().cradle.db('user_identities').where({ user_id: user.id }).first(), {
        source: 'oidc',
        external_id: 'sub-dora',
      });

      // The same code and state again: the state was used up.
      const replay = await callback(back, begun.cookie);
      t.is(replay.status, 401);
      t.is(replay.body.key, 'sso.stateInvalid');
    },
  );

  test.serial(`${dialect}: a forged state, a code of another flow and a wrong nonce are refused`, async (t) => {
    const a = await start();
    const b = await start();
    const backA = await authorize(a.url, 'sub-dora', REDIRECT_URI);
    const forged = await callback(backA, a.cookie, { state: 'forged-state-value' });
    t.is(forged.status, 401);
    t.is(forged.body.key, 'sso.stateInvalid');
    // Flow A's code with flow B's state: PKCE verifier and nonce do not belong to that code.
    const swapped = await callback(backA, b.cookie, { state: b.state });
    t.is(swapped.status, 401);
    t.is(swapped.body.key, 'sso.oidcFailed');

    // The ID token's nonce must be the one stored for the state (altered in the store, as a client could not).
    const c = await start();
    const backC = await authorize(c.url, 'sub-dora', REDIRECT_URI);
    const row = await app().cradle.db('sso_states').where({ state: c.state }).first();
    const data = JSON.parse(String(row.data)) as Record<string, unknown>;
    await app()
      .cradle.db('sso_states')
      .where({ state: c.state })
      .update({ data: JSON.stringify({ ...data, nonce: 'another-nonce' }) });
    const badNonce = await callback(backC, c.cookie);
    t.is(badNonce.status, 401);
    t.is(badNonce.body.key, 'sso.oidcFailed');
  });

  test.serial(`${dialect}: an expired sign-in state is refused`, async (t) => {
    const begun = await start();
    const back = await authorize(begun.url, 'sub-dora', REDIRECT_URI);
    app().clock.advance(11 * 60_000);
    try {
      const res = await callback(back, begun.cookie);
      t.is(res.status, 401);
      t.is(res.body.key, 'sso.stateInvalid');
    } finally {
      app().clock.advance(-11 * 60_000);
    }
  });

  test.serial(`${dialect}: logout answers the provider's end-session URL`, async (t) => {
    const begun = await start();
    const signIn = await callback(await authorize(begun.url, 'sub-dora', REDIRECT_URI), begun.cookie);
    t.is(signIn.status, 200);
    const session = await app().cradle.db('sessions').where({ auth_method: 1 }).orderBy('created_at', 'desc').first();
    t.truthy(session.id_token, 'the ID token is kept for the end-session call');
    const out = await app().post<{ authMethod: number; logoutUrl: string }>('/api/sys/logout', undefined, {
      token: signIn.body.token,
    });
    t.is(out.status, 200);
    t.is(out.body.authMethod, 1);
    const logout = new URL(out.body.logoutUrl);
    t.is(`${logout.origin}${logout.pathname}`, `${provider!.issuer}/session/end`);
    t.is(logout.searchParams.get('client_id'), provider!.clientId);
    t.is(logout.searchParams.get('post_logout_redirect_uri'), POST_LOGOUT);
    t.is(logout.searchParams.get('id_token_hint'), session.id_token, 'so the provider need not ask again');
    const page = await fetch(logout, { redirect: 'manual' });
    t.is(page.status, 200, 'the provider accepts the end-session request');
  });

  test.serial(
    `${dialect}: with the API as redirect URI the browser reaches the console with a one-time code`,
    async (t) => {
      const returnUri = `${app().url}/api/auth/oidc/return`;
      t.is((await save(settings({ redirectUri: returnUri, consoleUrl: 'https://console.example' }))).status, 200);
      const begun = await start('?redirect=/sys/admin');
      const back = await authorize(begun.url, 'sub-dora', returnUri);
      const res = await fetch(back, { redirect: 'manual', headers: { cookie: begun.cookie } });
      t.is(res.status, 302);
      const landing = new URL(res.headers.get('location')!);
      t.is(`${landing.origin}${landing.pathname}`, 'https://console.example/callback');
      const hash = new URLSearchParams(landing.hash.slice(1));
      t.is(hash.get('redirect'), '/sys/admin');
      t.true(hash.get('logoutUrl')!.startsWith(`${provider!.issuer}/session/end`));
      const exchanged = await app().get<SignIn>('/api/auth/token', {
        token: hash.get('token')!,
        headers: { cookie: begun.cookie },
      });
      t.is(exchanged.status, 200);
      t.is(exchanged.body.authMethod, 3);
      const session = await app().cradle.db('sessions').where({ auth_method: 3 }).orderBy('created_at', 'desc').first();
      t.truthy(session.id_token);
      const out = await app().post<{ authMethod: number; logoutUrl: string }>('/api/sys/logout', undefined, {
        token: exchanged.body.token,
      });
      t.like(out.body, { authMethod: 3, logoutUrl: hash.get('logoutUrl')! });

      // The same return URL again, and a provider error: back to the console with the reason.
      const again = new URL(
        (await fetch(back, { redirect: 'manual', headers: { cookie: begun.cookie } })).headers.get('location')!,
      );
      t.is(new URLSearchParams(again.hash.slice(1)).get('error'), 'sso.stateInvalid');
      const denied = new URL(
        (await fetch(`${returnUri}?error=access_denied&state=${begun.state}`, { redirect: 'manual' })).headers.get(
          'location',
        )!,
      );
      t.is(new URLSearchParams(denied.hash.slice(1)).get('error'), 'sso.oidcFailed');
      t.false(denied.hash.includes('token='));
      t.is((await save(settings())).status, 200);
    },
  );

  test.serial(
    `${dialect}: with auto-create off an unknown subject is refused; follow=1 redirects to the provider`,
    async (t) => {
      t.is((await save(settings({ autoCreate: false }))).status, 200);
      const begun = await start();
      const res = await callback(await authorize(begun.url, 'sub-eve', REDIRECT_URI), begun.cookie);
      t.is(res.status, 403);
      t.is(res.body.key, 'sso.userNotProvisioned');
      t.is(await app().cradle.db('users').where({ username: 'eve' }).first(), undefined);

      const redirect = await fetch(`${app().url}/api/auth/oidc/start?follow=1`, { redirect: 'manual' });
      t.is(redirect.status, 302);
      t.true(redirect.headers.get('location')!.startsWith(`${provider!.issuer}/auth?`));

      t.is((await app().get('/api/auth/oidc/start?redirect=//evil.example')).status, 400, 'no open redirect');
      t.is((await save(settings({ enabled: false }))).status, 200);
      const off = await app().get('/api/auth/oidc/start');
      t.is(off.status, 400);
      t.is(off.body.key, 'sso.methodDisabled');
    },
  );
});
