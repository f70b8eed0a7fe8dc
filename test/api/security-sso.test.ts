/**
 * The single sign-on findings of the penetration test, each performed as an
 * attack and now refused: taking over the administrator by username, changing
 * where identities come from with a screen permission, and finishing someone
 * else's sign-in in another browser (login CSRF).
 */
import http from 'node:http';
import { createRequire } from 'node:module';
import { inflateRawSync } from 'node:zlib';
import test from 'ava';
import { t as translate } from '../../core/i18n/index.ts';
import { ADMIN_PASSWORD, perDialect } from '../helpers/app.ts';
import { authorize, startProvider, type TestProvider } from '../helpers/oidc.ts';
import { makeIdpKeys, samlResponseXml, toPost } from '../helpers/saml-idp.ts';
import { confirmed, startSignIn } from '../helpers/sso.ts';
import { createUser, STAFF_PASSWORD } from '../helpers/users.ts';

const IDP = makeIdpKeys('idp.example');
const IDP_ISSUER = 'https://idp.example/saml';
const SP_ISSUER = 'https://atrium.example/saml';
const CONSOLE_CALLBACK = 'http://127.0.0.1:9/callback';

interface SignIn {
  token: string;
  authMethod: number;
}

perDialect(test, (dialect, app) => {
  let provider: TestProvider | undefined;
  test.serial.before(async () => {
    provider = await startProvider({
      redirectUris: [CONSOLE_CALLBACK, `${app().url}/api/auth/oidc/return`],
      postLogoutRedirectUri: 'http://127.0.0.1:9/login',
      accounts: {
        'sub-mallory-admin': { preferred_username: 'admin', name: 'Not the admin' },
        'sub-victor': { preferred_username: 'victor', name: 'Victor' },
      },
    });
  });
  test.serial.after.always(async () => {
    await provider?.stop();
  });

  let admin = '';
  let editor = '';
  const adminId = async () => Number((await app().cradle.db('users').where({ username: 'admin' }).first('id')).id);
  const save = async (
    method: string,
    body: Record<string, unknown>,
    options: { token?: string; confirm?: string } = {},
  ) =>
    app().put(`/api/sys/sso/${method}`, body, {
      token: options.token ?? admin,
      headers: await confirmed(app(), options.confirm ?? ADMIN_PASSWORD),
    });
  const oidc = (overrides: Record<string, unknown> = {}) => ({
    enabled: true,
    issuer: provider!.issuer,
    clientId: provider!.clientId,
    clientSecret: provider!.clientSecret,
    redirectUri: CONSOLE_CALLBACK,
    allowInsecureHttp: true,
    autoCreate: true,
    ...overrides,
  });
  const acsUrl = () => `${app().url}/api/auth/saml/acs`;
  const saml = (overrides: Record<string, unknown> = {}) => ({
    enabled: true,
    entryPoint: 'https://idp.example/sso',
    idpIssuer: IDP_ISSUER,
    idpCert: IDP.certPem,
    issuer: SP_ISSUER,
    autoCreate: true,
    ...overrides,
  });
  const assertion = (nameId: string, uid: string, inResponseTo?: string) =>
    samlResponseXml({
      idpIssuer: IDP_ISSUER,
      audience: SP_ISSUER,
      recipient: acsUrl(),
      nameId,
      attributes: { uid },
      signWith: IDP,
      ...(inResponseTo ? { inResponseTo } : {}),
    });
  const postAcs = (xml: string, o: { relay?: string; json?: boolean; cookie?: string; lang?: string } = {}) =>
    fetch(acsUrl(), {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ SAMLResponse: toPost(xml), ...(o.relay ? { RelayState: o.relay } : {}) }),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        i18n: o.lang ?? 'en',
        ...(o.json === false ? {} : { accept: 'application/json' }),
        ...(o.cookie ? { cookie: o.cookie } : {}),
      },
    });
  const requestIdOf = (url: string) =>
    /ID="([^"]+)"/.exec(
      inflateRawSync(Buffer.from(new URL(url).searchParams.get('SAMLRequest')!, 'base64')).toString('utf8'),
    )![1]!;
  const oidcCallback = (back: URL, cookie?: string, lang = 'en') =>
    app().post<SignIn>(
      '/api/auth/oidc/callback',
      { code: back.searchParams.get('code'), state: back.searchParams.get('state'), iss: back.searchParams.get('iss') },
      { headers: cookie ? { cookie } : {}, lang },
    );

  test.serial(`${dialect}: matching by username is off by default`, async (t) => {
    admin = await app().adminToken();
    for (const method of ['ldap', 'oidc', 'saml']) {
      const view = await app().get<{ data: { matchByUsername: boolean } }>(`/api/sys/sso/${method}`, { token: admin });
      t.false(view.body.data.matchByUsername, method);
    }
  });

  test.serial(
    `${dialect}: an OIDC identity named admin never signs in as the administrator, even with matching on`,
    async (t) => {
      for (const matchByUsername of [false, true]) {
        t.is((await save('oidc', oidc({ matchByUsername }))).status, 200);
        const begun = await startSignIn(app(), 'oidc');
        const res = await oidcCallback(await authorize(begun.url, 'sub-mallory-admin', CONSOLE_CALLBACK), begun.cookie);
        t.is(res.status, 409, `matchByUsername ${matchByUsername}`);
        t.is(res.body.key, 'sso.usernameTaken');
        t.falsy(res.body.token);
      }
      t.deepEqual(
        await app()
          .cradle.db('user_identities')
          .where({ user_id: await adminId() }),
        [],
      );
      t.is(
        await app()
          .cradle.db('sessions')
          .where({ user_id: await adminId(), auth_method: 1 })
          .first(),
        undefined,
      );
    },
  );

  test.serial(`${dialect}: a SAML assertion with uid=admin never signs in as the administrator`, async (t) => {
    t.is((await save('saml', saml({ matchByUsername: true }))).status, 200);
    const res = await postAcs(assertion('mallory-name-id', 'admin'));
    t.is(res.status, 409);
    t.is(((await res.json()) as { key: string }).key, 'sso.usernameTaken');
    t.is(
      await app()
        .cradle.db('sessions')
        .where({ user_id: await adminId(), auth_method: 2 })
        .first(),
      undefined,
    );
  });

  test.serial(
    `${dialect}: an allowed username match is stored as a link; from then on the link decides, never the username`,
    async (t) => {
      const daveId = await createUser(app(), 'dave');
      t.is((await postAcs(assertion('dave-at-idp', 'dave'))).status, 200);
      t.like(await app().cradle.db('user_identities').where({ user_id: daveId }).first(), {
        source: 'saml',
        external_id: 'dave-at-idp',
      });
      t.is((await save('saml', saml({ matchByUsername: false }))).status, 200);
      const linked = await postAcs(assertion('dave-at-idp', 'renamed-at-the-idp'));
      t.is(linked.status, 200, 'the link, not the username, finds dave');
      const other = await postAcs(assertion('someone-else-at-idp', 'dave'));
      t.is(other.status, 409, 'another identity named dave is not dave');
      t.is((await app().cradle.db('user_identities').where({ user_id: daveId })).length, 1);
    },
  );

  test.serial(
    `${dialect}: sys:security:save alone cannot change LDAP, OIDC or SAML settings nor link identities`,
    async (t) => {
      const role = await app().post<{ data: { id: number } }>(
        '/api/sys/roles',
        { name: 'Security editors', permissions: ['sys:security:view', 'sys:security:save'] },
        { token: admin },
      );
      t.is(role.status, 200, JSON.stringify(role.body));
      const editorId = await createUser(app(), 'sec-editor', { role: null });
      await app().cradle.db('user_roles').insert({ user_id: editorId, role_id: role.body.data.id });
      editor = await app().tokenFor('sec-editor', STAFF_PASSWORD);
      const before = await app().get<{ data: Record<string, unknown> }>('/api/sys/sso/saml', { token: admin });
      const attacks: Array<[string, Record<string, unknown>]> = [
        ['ldap', { url: 'ldap://attacker.example', searchBase: 'dc=attacker', enabled: true }],
        ['oidc', oidc({ issuer: 'https://attacker.example', clientSecret: 'x' })],
        ['saml', saml({ idpCert: makeIdpKeys('attacker').certPem })],
      ];
      for (const [method, body] of attacks) {
        const res = await save(method, body, { token: editor, confirm: STAFF_PASSWORD });
        t.is(res.status, 403, method);
        t.is(res.body.key, 'sso.adminOnly', method);
      }
      const after = await app().get<{ data: Record<string, unknown> }>('/api/sys/sso/saml', { token: admin });
      t.deepEqual(after.body.data, before.body.data, 'nothing changed');
      const link = await app().post(
        '/api/sys/sso/identities',
        { username: 'admin', source: 'saml', externalId: 'editor-controlled' },
        { token: editor, headers: await confirmed(app(), STAFF_PASSWORD) },
      );
      t.is(link.status, 403);
      t.is(link.body.key, 'sso.adminOnly');
      t.is((await app().get('/api/sys/sso/identities', { token: editor })).status, 403);
    },
  );

  test.serial(`${dialect}: the administrator confirms a trust change with the current password`, async (t) => {
    const body = saml({ displayName: 'Company sign-in' });
    const bare = await app().put('/api/sys/sso/saml', body, { token: admin });
    t.is(bare.status, 403);
    t.is(bare.body.key, 'auth.reauthRequired');
    const wrong = await save('saml', body, { confirm: 'not-the-password' });
    t.is(wrong.status, 403);
    t.is(wrong.body.key, 'auth.reauthFailed');
    const view = await app().get<{ data: { displayName: string } }>('/api/sys/sso/saml', { token: admin });
    t.is(view.body.data.displayName, '', 'refused saves change nothing');
    t.is((await save('saml', body)).status, 200);
  });

  test.serial(
    `${dialect}: an administrator account gets a single sign-on identity only through an explicit, confirmed link`,
    async (t) => {
      const link = { username: 'admin', source: 'saml', externalId: 'admin-at-idp' };
      const bare = await app().post('/api/sys/sso/identities', link, { token: admin });
      t.is(bare.status, 403);
      t.is(bare.body.key, 'auth.reauthRequired');
      const made = await app().post<{ data: { id: number; userId: number; source: string } }>(
        '/api/sys/sso/identities',
        link,
        { token: admin, headers: await confirmed(app()) },
      );
      t.is(made.status, 200, JSON.stringify(made.body));
      t.like(made.body.data, { userId: await adminId(), source: 'saml' });
      const again = await app().post('/api/sys/sso/identities', link, {
        token: admin,
        headers: await confirmed(app()),
      });
      t.is(again.status, 409);
      t.is(again.body.key, 'sso.identityLinked');
      const listed = await app().get<{ data: { items: Array<{ externalId: string }>; total: number } }>(
        '/api/sys/sso/identities?q=admin-at',
        { token: admin },
      );
      t.deepEqual(
        listed.body.data.items.map((i) => i.externalId),
        ['admin-at-idp'],
      );

      // Signed in through that link, the administrator may change settings without a password for five minutes.
      const signIn = await postAcs(assertion('admin-at-idp', 'whatever-the-idp-calls-them'));
      t.is(signIn.status, 200);
      const viaSso = ((await signIn.json()) as SignIn).token;
      t.is((await app().get<{ data: unknown }>('/api/sys/sso/saml', { token: viaSso })).status, 200);
      t.is((await app().put('/api/sys/sso/saml', saml(), { token: viaSso })).status, 200);
      app().clock.advance(6 * 60_000);
      try {
        const late = await app().put('/api/sys/sso/saml', saml(), { token: viaSso });
        t.is(late.status, 403);
        t.is(late.body.key, 'auth.reauthRequired');
      } finally {
        app().clock.advance(-6 * 60_000);
      }

      const unlinkBare = await app().delete(`/api/sys/sso/identities/${made.body.data.id}`, { token: admin });
      t.is(unlinkBare.body.key, 'auth.reauthRequired');
      const unlinked = await app().delete(`/api/sys/sso/identities/${made.body.data.id}`, {
        token: admin,
        headers: await confirmed(app()),
      });
      t.is(unlinked.status, 200);
      t.is((await postAcs(assertion('admin-at-idp', 'admin'))).status, 409, 'unlinked: the username does not decide');
      const logged = await app()
        .cradle.db('operation_logs')
        .whereIn('action', ['sys.sso.identity.link', 'sys.sso.identity.unlink'])
        .select('action');
      t.is(logged.length, 2);
    },
  );

  test.serial(
    `${dialect}: an OIDC sign-in finishes only in the browser that started it; defaults come from the public URL`,
    async (t) => {
      t.is((await save('oidc', oidc({ redirectUri: '', matchByUsername: false }))).status, 200);
      const returnUri = `${app().url}/api/auth/oidc/return`;
      // The attacker starts and completes a sign-in of their own...
      const mallory = await startSignIn(app(), 'oidc');
      t.is(new URL(mallory.url).searchParams.get('redirect_uri'), returnUri, 'from ATRIUM_PUBLIC_URL');
      const setCookie = (await app().get('/api/auth/oidc/start')).headers.getSetCookie().join('\n');
      t.regex(setCookie, /atrium_sso=[\w-]{43}; Path=\/api\/auth; Max-Age=600; HttpOnly; SameSite=Lax/);
      const back = await authorize(mallory.url, 'sub-victor', returnUri);
      // ...and sends the victim's browser the return URL: it lands on the console's /callback with the reason.
      const victim = await startSignIn(app(), 'oidc');
      for (const cookie of [undefined, victim.cookie]) {
        const res = await fetch(back, { redirect: 'manual', headers: { i18n: 'cn', ...(cookie ? { cookie } : {}) } });
        t.is(res.status, 302);
        const landing = new URL(res.headers.get('location')!);
        t.is(`${landing.origin}${landing.pathname}`, `${app().url}/callback`);
        const hash = new URLSearchParams(landing.hash.slice(1));
        if (cookie === undefined) {
          t.is(hash.get('error'), 'sso.otherBrowser');
          t.is(hash.get('msg'), translate('cn', 'sso.otherBrowser'));
        } else t.is(hash.get('error'), 'sso.stateInvalid', 'the state went with the first try');
        t.false(landing.hash.includes('token='));
      }

      // The console-page variant: the code and state posted from another browser.
      t.is((await save('oidc', oidc({ matchByUsername: false }))).status, 200);
      const flow = await startSignIn(app(), 'oidc');
      const code = await authorize(flow.url, 'sub-victor', CONSOLE_CALLBACK);
      const other = await startSignIn(app(), 'oidc');
      for (const cookie of [undefined, other.cookie]) {
        const res = await oidcCallback(code, cookie, 'ja');
        t.is(res.status, 401);
        t.is(res.body.key, cookie ? 'sso.stateInvalid' : 'sso.otherBrowser');
        if (!cookie) t.is(res.body.msg, translate('ja', 'sso.otherBrowser'));
      }
      const own = await startSignIn(app(), 'oidc');
      const ownCode = await authorize(own.url, 'sub-victor', CONSOLE_CALLBACK);
      const forged = await oidcCallback(ownCode, other.cookie);
      t.is(forged.body.key, 'sso.otherBrowser', 'a different cookie is no better than none');
      const fine = await startSignIn(app(), 'oidc', '', own.cookie);
      t.is(fine.cookie, own.cookie, 'a browser keeps its key across sign-ins');
      t.is((await oidcCallback(await authorize(fine.url, 'sub-victor', CONSOLE_CALLBACK), fine.cookie)).status, 200);
    },
  );

  test.serial(`${dialect}: the token-URL code of a flow works only in the browser that started it`, async (t) => {
    t.is((await save('oidc', oidc({ redirectUri: '' }))).status, 200);
    const returnUri = `${app().url}/api/auth/oidc/return`;
    const codeOf = async (cookie: string, url: string) => {
      const res = await fetch(await authorize(url, 'sub-victor', returnUri), {
        redirect: 'manual',
        headers: { cookie },
      });
      return new URLSearchParams(new URL(res.headers.get('location')!).hash.slice(1)).get('token')!;
    };
    const started = await startSignIn(app(), 'oidc');
    const code = await codeOf(started.cookie, started.url);
    const elsewhere = await startSignIn(app(), 'oidc');
    const stolen = await app().get('/api/auth/token', { token: code, headers: { cookie: elsewhere.cookie } });
    t.is(stolen.status, 401);
    t.is(stolen.body.key, 'sso.otherBrowser');
    const again = await startSignIn(app(), 'oidc', '', started.cookie);
    const none = await app().get('/api/auth/token', { token: await codeOf(started.cookie, again.url) });
    t.is(none.body.key, 'sso.otherBrowser');
    const third = await startSignIn(app(), 'oidc', '', started.cookie);
    const mine = await app().get<SignIn>('/api/auth/token', {
      token: await codeOf(started.cookie, third.url),
      headers: { cookie: started.cookie },
    });
    t.is(mine.status, 200);
    t.is(mine.body.authMethod, 3);
  });

  test.serial(
    `${dialect}: a SAML response to a request we sent belongs to the browser that sent it, RelayState or not`,
    async (t) => {
      t.is((await save('saml', saml())).status, 200);
      const attacker = await startSignIn(app(), 'saml');
      const response = assertion('mallory-at-idp', 'mallory', requestIdOf(attacker.url));
      // Posted from the victim's browser (cross-site: no cookie comes along), with and without the RelayState.
      const landed = await postAcs(response, { json: false });
      t.is(landed.status, 302);
      const location = new URL(landed.headers.get('location')!);
      t.is(`${location.origin}${location.pathname}`, `${app().url}/callback`, 'console URL from the public URL');
      const code = new URLSearchParams(location.hash.slice(1)).get('token')!;
      const redeemed = await app().get('/api/auth/token', { token: code });
      t.is(redeemed.status, 401);
      t.is(redeemed.body.key, 'sso.otherBrowser');

      const second = await startSignIn(app(), 'saml', '', attacker.cookie);
      const withRelay = await postAcs(assertion('mallory-at-idp', 'mallory', requestIdOf(second.url)), {
        relay: second.state,
        json: false,
      });
      const code2 = new URLSearchParams(new URL(withRelay.headers.get('location')!).hash.slice(1)).get('token')!;
      const victim = await startSignIn(app(), 'saml');
      t.is((await app().get('/api/auth/token', { token: code2, headers: { cookie: victim.cookie } })).status, 401);

      // An API client must bring the cookie at once.
      const third = await startSignIn(app(), 'saml', '', attacker.cookie);
      const json = await postAcs(assertion('mallory-at-idp', 'mallory', requestIdOf(third.url)));
      t.is(json.status, 401);
      t.is(((await json.json()) as { key: string }).key, 'sso.otherBrowser');

      // The browser that started it gets in.
      const fourth = await startSignIn(app(), 'saml', '', attacker.cookie);
      const own = await postAcs(assertion('mallory-at-idp', 'mallory', requestIdOf(fourth.url)), { json: false });
      const ownCode = new URLSearchParams(new URL(own.headers.get('location')!).hash.slice(1)).get('token')!;
      const ok = await app().get<SignIn>('/api/auth/token', { token: ownCode, headers: { cookie: attacker.cookie } });
      t.is(ok.status, 200, JSON.stringify(ok.body));
    },
  );

  test.serial(
    `${dialect}: the SAML metadata names the ACS under the public URL, whatever Host the request says`,
    async (t) => {
      const xml = await new Promise<string>((resolve, reject) => {
        const target = new URL(`${app().url}/api/auth/saml/metadata`);
        const req = http.get(target, { headers: { host: 'evil.example' } }, (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve(body));
        });
        req.on('error', reject);
      });
      t.true(xml.includes(`Location="${acsUrl()}"`), xml);
      t.false(xml.includes('evil.example'));
    },
  );
});

/** The migration moves the links kept on user rows into user_identities and turns username matching off. */
perDialect(test, (dialect, app) => {
  test.serial(`${dialect}: upgrading keeps existing links and switches matching by username off`, async (t) => {
    const migration = createRequire(import.meta.url)('../../migrations/20261125000100_sso_identities.cjs') as {
      up(db: unknown): Promise<void>;
      down(db: unknown): Promise<void>;
    };
    const { db } = app().cradle;
    await migration.down(db);
    t.false(await db.schema.hasTable('user_identities'));
    const linkedId = await createUser(app(), 'legacy-linked');
    await db('users').where({ id: linkedId }).update({ source: 'ldap', external_id: 'entry-uuid-1' });
    await createUser(app(), 'legacy-local');
    const now = app().clock.now();
    await db('integration_settings').insert([
      {
        kind: 'oidc',
        provider: 'builtin',
        settings: JSON.stringify({ enabled: true, matchByUsername: true }),
        updated_at: now,
      },
      { kind: 'saml', provider: 'builtin', settings: JSON.stringify({ enabled: true }), updated_at: now },
    ]);
    await migration.up(db);
    t.deepEqual(
      (await db('user_identities').select('user_id', 'source', 'external_id')).map((r) => ({
        ...r,
        user_id: Number(r.user_id),
      })),
      [{ user_id: linkedId, source: 'ldap', external_id: 'entry-uuid-1' }],
    );
    for (const kind of ['oidc', 'saml']) {
      const row = await db('integration_settings').where({ kind }).first();
      t.false(JSON.parse(String(row.settings)).matchByUsername, kind);
    }
    t.is(
      (
        await app().get<{ data: { matchByUsername: boolean } }>('/api/sys/sso/oidc', {
          token: await app().adminToken(),
        })
      ).body.data.matchByUsername,
      false,
    );
  });
});
