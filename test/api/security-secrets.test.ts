/**
 * Stored secrets stay with the server they were typed for: someone who may edit
 * settings but never saw the secret points the host, port, URL or issuer at a
 * listener of their own, and the stored password must not arrive there, neither
 * on a connection test nor on a save. Real listeners: two SMTP servers, slapd
 * and a bare TCP socket that records every byte.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import test from 'ava';
import { skipBecause } from '../helpers/requires.ts';
import { perDialect, type TestApp } from '../helpers/app.ts';
import { startMailSink, type MailSink } from '../helpers/mail.ts';
import { slapdAvailable, startSlapd, ROOT_DN, ROOT_PASSWORD, SUFFIX, person, type Slapd } from '../helpers/slapd.ts';
import { confirmed, ldapLogin } from '../helpers/sso.ts';

/** A TCP listener that keeps whatever a client sends and then hangs up. */
async function recordingListener(): Promise<{
  url: string;
  port: number;
  bytes: () => Buffer;
  close(): Promise<void>;
}> {
  const chunks: Buffer[] = [];
  const server = net.createServer((socket) => {
    socket.on('data', (d: Buffer) => {
      chunks.push(d);
      socket.destroy();
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `ldap://127.0.0.1:${port}`,
    port,
    bytes: () => Buffer.concat(chunks),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}

const errorFields = (res: { body: { errors?: Array<{ field: string }> } }) => res.body.errors?.map((e) => e.field);

perDialect(test, (dialect, app) => {
  let admin = '';
  let trusted: MailSink;
  let rogue: MailSink;
  const PASSWORD = `smtp-${randomBytes(6).toString('hex')}`;
  test.serial.before(async () => {
    trusted = await startMailSink();
    rogue = await startMailSink();
  });
  test.serial.after.always(async () => {
    await trusted?.close();
    await rogue?.close();
  });
  const smtp = (port: number, extra: Record<string, unknown> = {}) => ({
    host: '127.0.0.1',
    port,
    security: 'none',
    account: 'rooms@example.org',
    ...extra,
  });
  const put = (settings: Record<string, unknown>) =>
    app().put('/api/inte/settings/notify', { provider: 'notify-email', settings }, { token: admin });
  const testConnection = (settings?: Record<string, unknown>) =>
    app().post<{ data: { ok: boolean } }>(
      '/api/inte/settings/notify/test',
      settings ? { provider: 'notify-email', settings } : {},
      { token: admin },
    );

  test.serial(`${dialect}: the stored SMTP password never reaches a second SMTP server`, async (t) => {
    admin = await app().adminToken();
    t.is((await put(smtp(trusted.port, { password: PASSWORD }))).status, 200);
    t.true((await testConnection()).body.data.ok, 'the saved settings reach the trusted server');
    t.true(trusted.logins.some((l) => l.password === PASSWORD));

    // Test connection and save, pointed elsewhere with the password left empty (as the console sends it).
    for (const changed of [smtp(rogue.port), smtp(trusted.port, { host: 'localhost' })]) {
      const tested = await testConnection({ ...changed, password: '' });
      t.is(tested.status, 400);
      t.deepEqual(errorFields(tested), ['settings.password']);
      t.is(tested.body.key, 'inte.secretRetype');
      const saved = await put(changed);
      t.is(saved.status, 400);
      t.deepEqual(errorFields(saved), ['settings.password']);
      t.regex(saved.body.msg, changed.host === 'localhost' ? /host/ : /port/);
    }
    // How the password travels counts as where: no TLS check, or no TLS, asks for it again too.
    const weaker = await put(smtp(trusted.port, { security: 'starttls', rejectUnauthorized: false }));
    t.deepEqual(errorFields(weaker), ['settings.password']);
    t.deepEqual(rogue.logins, [], 'the second server never saw a login');

    const stored = await app().get<{ data: { settings: { port: number }; secretsSet: Record<string, boolean> } }>(
      '/api/inte/settings/notify',
      { token: admin },
    );
    t.is(stored.body.data.settings.port, trusted.port, 'refused saves change nothing');
    t.true(stored.body.data.secretsSet.password);

    // Unchanged endpoints keep the secret; a new endpoint with the password typed again is fine.
    t.is((await put(smtp(trusted.port, { fromName: 'Rooms' }))).status, 200);
    t.true((await testConnection()).body.data.ok);
    t.is((await put(smtp(rogue.port, { password: 'typed-for-the-new-server' }))).status, 200);
    t.true((await testConnection()).body.data.ok);
    t.true(rogue.logins.length > 0);
    t.true(rogue.logins.every((l) => l.password === 'typed-for-the-new-server'));
  });

  test.serial(`${dialect}: MQTT brokers and chat API addresses ask for their secret again`, async (t) => {
    const cases: Array<[string, Record<string, unknown>, Record<string, unknown>, string]> = [
      [
        'notify-mqtt',
        { url: 'mqtt://127.0.0.1:1883', password: 'broker-pw' },
        { url: 'mqtt://127.0.0.1:1884' },
        'password',
      ],
      [
        'notify-wecom',
        { corpId: 'corp', corpSecret: 'wecom-secret', agentId: 1, baseUrl: 'http://127.0.0.1:9' },
        { baseUrl: 'https://wecom-proxy.attacker.example' },
        'corpSecret',
      ],
      [
        'notify-dingtalk',
        { appKey: 'key', appSecret: 'ding-secret', agentId: 1, baseUrl: 'http://127.0.0.1:9' },
        { baseUrl: 'https://ding-proxy.attacker.example' },
        'appSecret',
      ],
    ];
    for (const [provider, settings, moved, secret] of cases) {
      const first = await app().put('/api/inte/settings/notify', { provider, settings }, { token: admin });
      t.is(first.status, 200, provider);
      const { [secret]: _typed, ...rest } = settings;
      const res = await app().post(
        '/api/inte/settings/notify/test',
        { provider, settings: { ...rest, ...moved } },
        { token: admin },
      );
      t.is(res.status, 400, provider);
      t.deepEqual(errorFields(res), [`settings.${secret}`], provider);
    }
    t.is((await app().put('/api/inte/settings/notify', { provider: 'none' }, { token: admin })).status, 200);
  });

  test.serial(`${dialect}: OIDC and SAML trust settings ask for their secret again`, async (t) => {
    const save = async (method: string, body: Record<string, unknown>) =>
      app().put(`/api/sys/sso/${method}`, body, { token: admin, headers: await confirmed(app()) });
    const oidc = { issuer: 'https://idp.example', clientId: 'atrium', redirectUri: 'https://atrium.example/callback' };
    t.is((await save('oidc', { ...oidc, clientSecret: 'oidc-secret' })).status, 200);
    for (const moved of [{ issuer: 'https://attacker.example' }, { clientId: 'someone-else' }]) {
      const res = await save('oidc', { ...oidc, ...moved });
      t.is(res.status, 400);
      t.deepEqual(errorFields(res), ['clientSecret']);
      t.is(res.body.key, 'sso.secretRetype');
    }
    t.is((await save('oidc', { ...oidc, displayName: 'Company' })).status, 200, 'same issuer: kept');
    t.is((await app().cradle.ssoSettingsService.get('oidc'))?.clientSecret, 'oidc-secret');
    t.is((await save('oidc', { ...oidc, issuer: 'https://idp2.example', clientSecret: null })).status, 200);
    t.is((await app().cradle.ssoSettingsService.get('oidc'))?.clientSecret, undefined, 'removed on purpose');

    const saml = { entryPoint: 'https://idp.example/sso', idpCert: 'MIIC'.padEnd(40, 'A'), issuer: 'atrium' };
    t.is((await save('saml', { ...saml, spPrivateKey: 'PEM-KEY' })).status, 200);
    const moved = await save('saml', { ...saml, entryPoint: 'https://attacker.example/sso' });
    t.deepEqual(errorFields(moved), ['spPrivateKey']);
  });
});

if (!slapdAvailable()) {
  skipBecause(
    test,
    'LDAP bind password and a second listener',
    'slapd is not installed (apt-get install slapd ldap-utils)',
  );
} else {
  let slapd: Slapd | undefined;
  test.before(async () => {
    slapd = await startSlapd([person('lena', 'lena-pw')]);
  });
  test.after.always(async () => {
    await slapd?.stop();
  });

  perDialect(test, (dialect, app) => {
    const ldap = (overrides: Record<string, unknown> = {}) => ({
      enabled: true,
      url: slapd!.url,
      bindDn: ROOT_DN,
      searchBase: `ou=people,${SUFFIX}`,
      autoCreate: true,
      timeoutMs: 1000,
      ...overrides,
    });
    const signIn = (a: TestApp) => ldapLogin(a, 'lena', 'lena-pw');

    test.serial(`${dialect}: the stored LDAP bind password never reaches a second listener`, async (t) => {
      const admin = await app().adminToken();
      const save = async (body: Record<string, unknown>) =>
        app().put('/api/sys/sso/ldap', body, { token: admin, headers: await confirmed(app()) });
      const listener = await recordingListener();
      try {
        t.is((await save(ldap({ bindPassword: ROOT_PASSWORD }))).status, 200);
        t.is((await signIn(app())).status, 200, 'the directory it was typed for works');

        for (const moved of [{ url: listener.url }, { bindDn: `cn=someone,${SUFFIX}` }]) {
          const res = await save(ldap(moved));
          t.is(res.status, 400);
          t.deepEqual(errorFields(res), ['bindPassword']);
        }
        t.is((await signIn(app())).status, 200, 'refused saves change nothing');

        // Saved elsewhere with the secret removed: the sign-in goes there, without the secret.
        t.is((await save(ldap({ url: listener.url, bindPassword: null }))).status, 200);
        t.is((await signIn(app())).status, 401);
        t.true(listener.bytes().length > 0, 'the listener was reached');
        t.false(listener.bytes().includes(Buffer.from(ROOT_PASSWORD)), 'but never saw the bind password');
      } finally {
        await listener.close();
      }
    });
  });
}
