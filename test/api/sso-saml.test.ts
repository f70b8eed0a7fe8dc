import { inflateRawSync } from 'node:zlib';
import test from 'ava';
import { perDialect, type TestApp } from '../helpers/app.ts';
import { confirmed, startSignIn } from '../helpers/sso.ts';
import { createUser, STAFF_PASSWORD } from '../helpers/users.ts';
import { makeIdpKeys, samlResponseXml, toPost, type AssertionOptions } from '../helpers/saml-idp.ts';

const IDP = makeIdpKeys('idp.example');
const OTHER = makeIdpKeys('mallory.example');
const IDP_ISSUER = 'https://idp.example/saml';
const SP_ISSUER = 'https://atrium.example/saml';
const CONSOLE = 'https://atrium.example';
const IDP_LOGOUT = 'https://idp.example/logout';

interface SignIn {
  token: string;
  authMethod: number;
  redirect?: string;
}

perDialect(test, (dialect, app) => {
  let admin = '';
  const acsUrl = () => `${app().url}/api/auth/saml/acs`;
  const settings = (overrides: Record<string, unknown> = {}) => ({
    enabled: true,
    entryPoint: 'https://idp.example/sso',
    idpIssuer: IDP_ISSUER,
    idpCert: IDP.certPem,
    issuer: SP_ISSUER,
    callbackUrl: acsUrl(),
    consoleUrl: CONSOLE,
    logoutUrl: IDP_LOGOUT,
    autoCreate: true,
    userMap: { username: 'uid', realName: 'displayName', email: 'mail', department: 'ou' },
    ...overrides,
  });
  const assertion = (o: Partial<AssertionOptions> = {}) =>
    samlResponseXml({
      idpIssuer: IDP_ISSUER,
      audience: SP_ISSUER,
      recipient: acsUrl(),
      nameId: 'frank-name-id',
      attributes: { uid: 'frank', displayName: 'Frank Sinatra', mail: 'frank@idp.example', ou: 'Music' },
      signWith: IDP,
      ...o,
    });
  const save = async (body: Record<string, unknown>, token = admin) =>
    app().put('/api/sys/sso/saml', body, { token, headers: await confirmed(app()) });
  const post = (a: TestApp, xml: string, extra: Record<string, string> = {}, json = true) =>
    fetch(`${a.url}/api/auth/saml/acs`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ SAMLResponse: toPost(xml), ...extra }),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        i18n: 'en',
        ...(json ? { accept: 'application/json' } : {}),
      },
    });

  test.serial(`${dialect}: settings, metadata and the redirect-binding start`, async (t) => {
    admin = await app().adminToken();
    const before = await app().get<{ data: Record<string, unknown> }>('/api/sys/sso/saml', { token: admin });
    t.like(before.body.data, { enabled: false, spPrivateKey: { set: false }, acceptedClockSkewMs: 60_000 });
    await createUser(app(), 'ivy');
    const staff = await app().tokenFor('ivy', STAFF_PASSWORD);
    t.is((await app().get('/api/sys/sso/saml', { token: staff })).status, 403);
    t.is((await save(settings(), staff)).status, 403);
    t.is((await app().get('/api/sys/sso/saml')).status, 401);
    const bad = await save({ ...settings(), consoleUrl: 'javascript:alert(1)', idpCert: '' });
    t.is(bad.status, 400);
    t.deepEqual(bad.body.errors?.map((e) => e.field).sort(), ['consoleUrl', 'idpCert']);
    t.is((await save(settings())).status, 200);

    const methods = await app().get<{ data: { items: Array<{ method: string; name: string; startPath?: string }> } }>(
      '/api/sso/methods',
      { lang: 'ja' },
    );
    t.deepEqual(
      methods.body.data.items.find((m) => m.method === 'saml'),
      { method: 'saml', name: 'シングルサインオン（SAML）', startPath: '/auth/saml/start' },
    );

    const metadata = await fetch(`${app().url}/api/auth/saml/metadata`);
    t.is(metadata.status, 200);
    const xml = await metadata.text();
    t.true(xml.includes(`entityID="${SP_ISSUER}"`));
    t.true(xml.includes(acsUrl()));

    const start = await startSignIn(app(), 'saml', '?redirect=/center/reserve');
    const url = new URL(start.url);
    t.is(`${url.origin}${url.pathname}`, 'https://idp.example/sso');
    t.is(url.searchParams.get('RelayState'), start.state);
    const request = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest')!, 'base64')).toString('utf8');
    t.regex(request, /AuthnRequest/);
    t.true(request.includes(SP_ISSUER));
  });

  test.serial(`${dialect}: a signed assertion for us signs in and creates the user; a replay is refused`, async (t) => {
    const xml = assertion();
    const res = await post(app(), xml);
    const body = (await res.json()) as SignIn & { code: number; key?: string };
    t.is(res.status, 200, JSON.stringify(body));
    t.is(body.authMethod, 2);
    t.is((await app().get('/api/sys/menu/nav', { token: body.token })).status, 200);
    const user = await app().cradle.db('users').where({ username: 'frank' }).first();
    t.like(await app().cradle.db('user_identities').where({ user_id: user.id }).first(), {
      source: 'saml',
      external_id: 'frank-name-id',
    });
    t.like(user, {
      source: 'saml',
      real_name: 'Frank Sinatra',
      email: 'frank@idp.example',
      department: 'Music',
    });
    const out = await app().post<{ authMethod: number; logoutUrl: string }>('/api/sys/logout', undefined, {
      token: body.token,
    });
    t.like(out.body, { authMethod: 2, logoutUrl: IDP_LOGOUT });

    const replay = await post(app(), xml);
    t.is(replay.status, 401);
    t.is(((await replay.json()) as { key: string }).key, 'sso.samlReplay');
  });

  test.serial(
    `${dialect}: the browser flow lands on /callback#token=... and the one-time code gives a token-URL session`,
    async (t) => {
      const start = await startSignIn(app(), 'saml', '?redirect=/center/reserve');
      const request = inflateRawSync(
        Buffer.from(new URL(start.url).searchParams.get('SAMLRequest')!, 'base64'),
      ).toString('utf8');
      const requestId = /ID="([^"]+)"/.exec(request)![1]!;
      const res = await post(app(), assertion({ inResponseTo: requestId }), { RelayState: start.state }, false);
      t.is(res.status, 302);
      const location = new URL(res.headers.get('location')!);
      t.is(`${location.origin}${location.pathname}`, `${CONSOLE}/callback`);
      const hash = new URLSearchParams(location.hash.slice(1));
      t.is(hash.get('logoutUrl'), IDP_LOGOUT);
      t.is(hash.get('redirect'), '/center/reserve');
      const exchanged = await app().get<SignIn>('/api/auth/token', {
        token: hash.get('token')!,
        headers: { cookie: start.cookie },
      });
      t.is(exchanged.status, 200, JSON.stringify(exchanged.body));
      t.is(exchanged.body.authMethod, 3);
      const out = await app().post<{ authMethod: number; logoutUrl: string }>('/api/sys/logout', undefined, {
        token: exchanged.body.token,
      });
      t.like(out.body, { authMethod: 3, logoutUrl: IDP_LOGOUT });

      // A response to a request we never sent is refused.
      const unsolicited = await post(app(), assertion({ inResponseTo: '_never-sent' }));
      t.is(unsolicited.status, 401);
    },
  );

  test.serial(
    `${dialect}: tampered, expired, not-yet-valid, wrong-audience, unsigned and foreign-signed assertions are refused`,
    async (t) => {
      const cases: Record<string, string> = {
        tampered: assertion().replace('>frank<', '>admin<'),
        expired: assertion({ notBeforeMs: -20 * 60_000, notOnOrAfterMs: -10 * 60_000 }),
        notYetValid: assertion({ notBeforeMs: 10 * 60_000, notOnOrAfterMs: 20 * 60_000 }),
        wrongAudience: assertion({ audience: 'https://someone-else.example/saml' }),
        unsigned: assertion({ signWith: null }),
        foreignKey: assertion({ signWith: OTHER }),
      };
      t.true(cases.tampered!.includes('>admin<'));
      for (const [name, xml] of Object.entries(cases)) {
        const res = await post(app(), xml);
        t.is(res.status, 401, name);
        t.is(((await res.json()) as { key: string }).key, 'sso.samlFailed', name);
      }
      t.is((await post(app(), 'not xml at all')).status, 401);
      // A browser is sent back to the console with the reason instead of a bare error.
      const browser = await post(app(), cases.expired!, {}, false);
      t.is(browser.status, 302);
      const back = new URL(browser.headers.get('location')!);
      t.is(`${back.origin}${back.pathname}`, `${CONSOLE}/callback`);
      t.is(new URLSearchParams(back.hash.slice(1)).get('error'), 'sso.samlFailed');
      t.false(back.hash.includes('token='));
      t.is(await app().cradle.db('users').where({ source: 'saml', username: 'admin' }).first(), undefined);
    },
  );

  test.serial(`${dialect}: unknown users are refused when auto-create is off; a disabled method refuses`, async (t) => {
    t.is((await save(settings({ autoCreate: false }))).status, 200);
    const res = await post(app(), assertion({ nameId: 'grace-id', attributes: { uid: 'grace' } }));
    t.is(res.status, 403);
    t.is(((await res.json()) as { key: string }).key, 'sso.userNotProvisioned');
    t.is((await save(settings({ enabled: false }))).status, 200);
    t.is((await post(app(), assertion())).status, 400);
  });
});
