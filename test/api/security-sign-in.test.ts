/**
 * Sign-in under attack: password guessing is slowed by growing waits per account name and per
 * address and by CAPTCHAs, never by locking an account; sessions and API keys stop when their
 * account may no longer act; behind a proxy the client cannot choose the address that is counted.
 */
import { randomBytes } from 'node:crypto';
import test from 'ava';
import { migrationsDir } from '../../core/db/migrations.ts';
import { ADMIN_PASSWORD, perDialect, type TestApp } from '../helpers/app.ts';
import { createUser, STAFF_PASSWORD } from '../helpers/users.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Options {
  /** The client address as our proxy reports it; a forged entry is always put in front of it. */
  from?: string;
  captcha?: boolean;
  loginType?: 'local' | 'ldap';
}

/** One sign-in as the console sends it, through a proxy that appends the client's address. */
async function signIn(app: TestApp, username: string, password: string, options: Options = {}) {
  const body: Record<string, unknown> = {
    username,
    password: await app.encrypt(password),
    loginType: options.loginType ?? 'local',
  };
  if (options.captcha !== false) {
    body.uuid = randomBytes(8).toString('hex');
    body.captcha = await app.solveCaptcha(String(body.uuid));
  }
  const headers: Record<string, string> = options.from ? { 'x-forwarded-for': `10.66.0.1, ${options.from}` } : {};
  return app.post<{ token: string; refreshToken: string; captchaRequired?: boolean }>('/api/sys/login', body, {
    headers,
  });
}

const answer = (r: { status: number; body: Record<string, unknown>; headers: Headers }) => ({
  status: r.status,
  key: r.body.key,
  msg: r.body.msg,
  captchaRequired: r.body.captchaRequired ?? false,
  retryAfter: r.headers.get('retry-after'),
});

async function setSecurity(app: TestApp, values: Record<string, unknown>): Promise<void> {
  const admin = await app.adminToken();
  const res = await app.put('/api/sys/settings/security', values, { token: admin });
  if (res.status !== 200) throw new Error(`security settings: ${res.status} ${JSON.stringify(res.body)}`);
}

perDialect(
  test,
  (dialect, app) => {
    // Each test starts after two quiet hours, when earlier tests' failures no longer count.
    const quiet = () => app().clock.advance(2 * HOUR);

    test.serial(
      `${dialect}: admin cannot be locked out, and an unknown name gets the very same answers as a known one`,
      async (t) => {
        quiet();
        const run = async (username: string, password: string, from: string) => {
          const seen = [];
          for (let i = 0; i < 6; i++) seen.push(answer(await signIn(app(), username, 'Wrong#guess1', { from })));
          // The right password is not even looked at while the name waits.
          seen.push(answer(await signIn(app(), username, password, { from })));
          return seen;
        };
        const known = await run('admin', ADMIN_PASSWORD, '198.51.100.1');
        const unknown = await run('nobody-of-that-name', ADMIN_PASSWORD, '198.51.100.2');
        t.deepEqual(known, unknown, 'nothing tells the names apart');
        const subjects = JSON.stringify(await app().cradle.db('sign_in_throttle').select('subject'));
        t.false(subjects.includes('nobody-of-that-name'), 'typed names are kept only as hashes');
        t.deepEqual(
          known.slice(0, 6).map((a) => a.status),
          [401, 401, 401, 401, 401, 401],
        );
        t.deepEqual(known[6], {
          status: 429,
          key: 'auth.tooManyAttempts',
          msg: 'Too many attempts, try again in 2 s',
          captchaRequired: true,
          retryAfter: '2',
        });
        app().clock.advance(2000);
        t.is((await signIn(app(), 'admin', ADMIN_PASSWORD, { from: '198.51.100.1' })).status, 200, 'the wait is over');
        t.is(
          (await signIn(app(), 'admin', 'Wrong#guess1', { from: '198.51.100.1' })).status,
          401,
          'the right password cleared the count: no wait after the next failure',
        );
      },
    );

    test.serial(`${dialect}: each further failure doubles the wait, up to signInMaxDelaySeconds`, async (t) => {
      quiet();
      await setSecurity(app(), { signInMaxDelaySeconds: 10 });
      const from = '198.51.100.3';
      for (let i = 0; i < 5; i++) t.is((await signIn(app(), 'doubler', 'Wrong#guess1', { from })).status, 401);
      const waits = [];
      for (let i = 0; i < 5; i++) {
        t.is((await signIn(app(), 'doubler', 'Wrong#guess1', { from })).status, 401);
        const refused = await signIn(app(), 'doubler', 'Wrong#guess1', { from });
        t.is(refused.status, 429);
        waits.push(Number(refused.headers.get('retry-after')));
        app().clock.advance(waits.at(-1)! * 1000);
      }
      t.deepEqual(waits, [2, 4, 8, 10, 10]);
      await setSecurity(app(), { signInMaxDelaySeconds: 300 });
    });

    test.serial(
      `${dialect}: after three failures a CAPTCHA is required even where it is switched off, and the answers say so`,
      async (t) => {
        quiet();
        await createUser(app(), 'carol');
        await setSecurity(app(), { captchaEnabled: false });
        const from = '198.51.100.4';
        const failures = [];
        for (let i = 0; i < 3; i++)
          failures.push(answer(await signIn(app(), 'carol', 'Wrong#guess1', { from, captcha: false })));
        t.deepEqual(
          failures.map((a) => [a.status, a.captchaRequired]),
          [
            [401, false],
            [401, false],
            [401, true],
          ],
        );
        const without = await signIn(app(), 'carol', STAFF_PASSWORD, { from, captcha: false });
        t.is(without.status, 400);
        t.is(without.body.key, 'auth.captchaRequired');
        t.is(without.body.captchaRequired, true);
        t.is((await signIn(app(), 'carol', STAFF_PASSWORD, { from })).status, 200);
        t.is(
          (await signIn(app(), 'carol', STAFF_PASSWORD, { from, captcha: false })).status,
          200,
          'signed in: no CAPTCHA needed any more',
        );
        await setSecurity(app(), { captchaEnabled: true });
      },
    );

    test.serial(`${dialect}: guessing at many names from one address makes that address wait`, async (t) => {
      quiet();
      await createUser(app(), 'sprayed');
      const from = '198.51.100.5';
      for (let i = 1; i <= 21; i++) t.is((await signIn(app(), `spray-${i}`, 'Summer#2026', { from })).status, 401);
      const here = await signIn(app(), 'sprayed', STAFF_PASSWORD, { from });
      t.is(here.status, 429, 'even a right password waits at that address');
      t.is(here.headers.get('retry-after'), '2');
      t.is((await signIn(app(), 'sprayed', STAFF_PASSWORD, { from: '198.51.100.6' })).status, 200, 'elsewhere not');
    });

    test.serial(
      `${dialect}: failures from many addresses make every sign-in ask for a CAPTCHA for a while`,
      async (t) => {
        quiet();
        await createUser(app(), 'bystander');
        await setSecurity(app(), { captchaEnabled: false });
        let last;
        for (let i = 1; i <= 50; i++)
          last = await signIn(app(), `many-${i}`, 'Summer#2026', { from: `203.0.113.${i}`, captcha: false });
        t.is(last!.status, 401);
        t.is(last!.body.captchaRequired, true, 'the fiftieth failure within a quarter of an hour');
        const fresh = { from: '203.0.113.200' };
        t.is(
          (await signIn(app(), 'bystander', STAFF_PASSWORD, { ...fresh, captcha: false })).body.key,
          'auth.captchaRequired',
        );
        t.is((await signIn(app(), 'bystander', STAFF_PASSWORD, fresh)).status, 200, 'a person gets in');
        app().clock.advance(16 * 60_000);
        t.is((await signIn(app(), 'bystander', STAFF_PASSWORD, { ...fresh, captcha: false })).status, 200);
        await setSecurity(app(), { captchaEnabled: true });
      },
    );

    test.serial(`${dialect}: the LDAP sign-in counts and waits the same, on the same name`, async (t) => {
      quiet();
      await createUser(app(), 'dora');
      const from = '198.51.100.7';
      for (let i = 0; i < 6; i++) {
        const r = await signIn(app(), 'dora', 'Wrong#guess1', { from, loginType: 'ldap' });
        t.is(r.status, 401);
        t.is(r.body.key, 'auth.ldapFailed');
      }
      t.is((await signIn(app(), 'dora', 'Wrong#guess1', { from, loginType: 'ldap' })).status, 429);
      const local = await signIn(app(), 'dora', STAFF_PASSWORD, { from });
      t.is(local.status, 429, 'switching to the local sign-in does not skip the wait');
      app().clock.advance(2000);
      t.is((await signIn(app(), 'dora', STAFF_PASSWORD, { from })).status, 200);
    });

    test.serial(
      `${dialect}: wrong current passwords in the password change count and wait like sign-in failures`,
      async (t) => {
        quiet();
        await createUser(app(), 'dave');
        const from = '198.51.100.8';
        const token = (await signIn(app(), 'dave', STAFF_PASSWORD, { from })).body.token;
        const change = async (old: string) =>
          app().post(
            '/api/sys/user/password',
            {
              password: await app().encrypt(old),
              newPassword: await app().encrypt('Changed#2027pw'),
              confirmPassword: await app().encrypt('Changed#2027pw'),
            },
            { token },
          );
        for (let i = 0; i < 6; i++) t.is((await change('Wrong#guess1')).body.key, 'auth.oldPasswordWrong');
        const waiting = await change(STAFF_PASSWORD);
        t.is(waiting.status, 429);
        t.is(waiting.headers.get('retry-after'), '2');
        t.is((await signIn(app(), 'dave', STAFF_PASSWORD, { from })).status, 429, 'the sign-in waits too');
        app().clock.advance(2000);
        t.is((await change(STAFF_PASSWORD)).status, 200);
      },
    );

    test.serial(`${dialect}: wrong passwords typed to confirm an action count and wait the same`, async (t) => {
      quiet();
      await createUser(app(), 'erin');
      const token = (await signIn(app(), 'erin', STAFF_PASSWORD, { from: '198.51.100.9' })).body.token;
      const { authService, reauthentication } = app().cradle;
      const actor = await authService.resolveAccessToken(token, { lang: 'en', ip: '198.51.100.9' });
      const confirm = async (password: string) => reauthentication.confirm(actor, await app().encrypt(password));
      for (let i = 0; i < 6; i++) await t.throwsAsync(confirm('Wrong#guess1'), { message: 'auth.reauthFailed' });
      await t.throwsAsync(confirm(STAFF_PASSWORD), { message: 'auth.tooManyAttempts' });
      t.is((await signIn(app(), 'erin', STAFF_PASSWORD, { from: '198.51.100.9' })).status, 429);
      app().clock.advance(2000);
      await t.notThrowsAsync(confirm(STAFF_PASSWORD));
    });

    test.serial(`${dialect}: the CAPTCHA is a PNG that carries nothing of its text`, async (t) => {
      const uuid = 'png-check-0001';
      const res = await fetch(`${app().url}/api/captcha?uuid=${uuid}`);
      t.is(res.status, 200);
      t.is(res.headers.get('content-type'), 'image/png');
      const bytes = Buffer.from(await res.arrayBuffer());
      t.deepEqual([...bytes.subarray(1, 4)], [...Buffer.from('PNG')]);
      const text = String((await app().cradle.db('captchas').where({ uuid }).first('text')).text);
      t.is(text.length, 5);
      t.false(bytes.toString('latin1').toLowerCase().includes(text.toLowerCase()));
      t.false(/<svg|<path|tEXt|iTXt|zTXt/.test(bytes.toString('latin1')));
    });
  },
  { config: { trustProxy: true, proxyHops: 1, loginRateLimit: 100_000 } },
);

perDialect(test, (dialect, app) => {
  test.serial(
    `${dialect}: an account past its restriction date is refused at its next request, at refresh and through its API keys`,
    async (t) => {
      const { db } = app().cradle;
      const id = await createUser(app(), 'temp', { role: 'admin' });
      await db('users')
        .where({ id })
        .update({ restricted: true, restrict_at: app().clock.now() + 60_000 });
      const login = await app().login('temp', STAFF_PASSWORD);
      t.is(login.status, 200);
      const created = await app().post<{ data: { key: string } }>(
        '/api/sys/keys',
        { name: 'temp key', scopes: ['sys:log:view'] },
        { token: login.body.token },
      );
      const key = { 'x-api-key': created.body.data.key };
      t.is((await app().get('/api/sys/user/info', { token: login.body.token })).status, 200);
      t.is((await app().get('/api/sys/logs/operations', { headers: key })).status, 200);

      app().clock.advance(2 * 60_000);
      t.is((await app().get('/api/sys/user/info', { token: login.body.token })).status, 401, 'the session');
      t.is((await app().post('/api/sys/refreshToken', { refreshToken: login.body.refreshToken })).status, 401);
      t.is((await app().get('/api/sys/logs/operations', { headers: key })).status, 401, 'the API key');

      // A window that has not opened yet stops the key as well.
      await db('users')
        .where({ id })
        .update({ restrict_at: null, enable_at: app().clock.now() + DAY });
      t.is((await app().get('/api/sys/logs/operations', { headers: key })).status, 401);
      await db('users').where({ id }).update({ restricted: false });
      t.is((await app().get('/api/sys/logs/operations', { headers: key })).status, 200, 'unrestricted again');
    },
  );

  test.serial(`${dialect}: a session ends 30 days after its sign-in however often it is refreshed`, async (t) => {
    await createUser(app(), 'stayer');
    const login = await app().login('stayer', STAFF_PASSWORD);
    let refreshToken = login.body.refreshToken;
    let token = login.body.token;
    const refresh = async () => {
      const r = await app().post<{ token: string; refreshToken: string }>('/api/sys/refreshToken', { refreshToken });
      if (r.status === 200) ({ token, refreshToken } = r.body);
      return r.status;
    };
    for (let day = 1; day < 30; day++) {
      app().clock.advance(DAY);
      t.is(await refresh(), 200, `day ${day}`);
    }
    app().clock.advance(DAY - 10 * 60_000);
    t.is(await refresh(), 200, 'ten minutes before the end');
    t.is((await app().get('/api/sys/user/info', { token })).status, 200);
    app().clock.advance(11 * 60_000);
    t.is(
      (await app().get('/api/sys/user/info', { token })).status,
      401,
      'the fresh access token ends with the session',
    );
    t.is(await refresh(), 401);
    t.is((await app().login('stayer', STAFF_PASSWORD)).status, 200, 'signing in again starts a new one');
  });
  test.serial(`${dialect}: the migration turns stored lockout parameters into delay parameters`, async (t) => {
    const { db } = app().cradle;
    const migration = {
      directory: migrationsDir,
      loadExtensions: ['.cjs'],
      tableName: 'knex_migrations',
      name: '20261125000200_sign_in_throttle.cjs',
    };
    const value = async (key: string) => {
      const row = await db('params').where({ key }).first('value');
      return row ? (JSON.parse(String(row.value)) as unknown) : undefined;
    };
    const cases = [
      { attempts: 3, minutes: 15, free: 3, maxDelay: 900 },
      { attempts: 0, minutes: 30, free: 100, maxDelay: 300 },
    ];
    for (const c of cases) {
      await db.migrate.down(migration);
      await db('params')
        .where({ key: 'lockoutAttempts' })
        .update({ value: JSON.stringify(c.attempts) });
      await db('params')
        .where({ key: 'lockoutMinutes' })
        .update({ value: JSON.stringify(c.minutes) });
      await db.migrate.up(migration);
      t.deepEqual(
        await Promise.all(
          ['signInFreeFailures', 'signInMaxDelaySeconds', 'lockoutAttempts', 'lockoutMinutes'].map(value),
        ),
        [c.free, c.maxDelay, undefined, undefined],
        JSON.stringify(c),
      );
    }
    t.true(await db.schema.hasTable('sign_in_throttle'));
  });
});

perDialect(
  test,
  (dialect, app) => {
    test.serial(
      `${dialect}: behind one proxy, a forged left-most X-Forwarded-For entry does not change the address a rate limit counts`,
      async (t) => {
        // The limiter lives in this process for both databases' servers: each run uses its own address.
        const client = dialect === 'sqlite' ? '203.0.113.9' : '203.0.113.19';
        const captcha = (i: number, xff: string) =>
          app().get(`/api/captcha?uuid=proxy-uuid-${dialect}-${i}`, { headers: { 'x-forwarded-for': xff } });
        for (let i = 0; i < 3; i++) t.is((await captcha(i, `10.0.0.${i}, ${client}`)).status, 200);
        const forged = await captcha(3, `10.0.0.99, ${client}`);
        t.is(forged.status, 429, 'a new left-most entry is still the same client');
        t.is((await captcha(4, `10.0.0.1, ${client.replace(/\d+$/, (n) => String(Number(n) + 1))}`)).status, 200);

        // The sign-in throttle counts the same address.
        const uuid = `proxy-login-${dialect}`;
        const failed = await app().post(
          '/api/sys/login',
          { username: 'whoever', password: await app().encrypt('x'), uuid, captcha: await app().solveCaptcha(uuid) },
          { headers: { 'x-forwarded-for': `198.18.0.1, ${client}` } },
        );
        t.is(failed.status, 401);
        const counted = await app()
          .cradle.db('sign_in_throttle')
          .where('subject', 'like', 'address:%')
          .select('subject');
        t.deepEqual(
          counted.map((r: { subject: string }) => r.subject),
          [`address:${client}`],
        );
      },
    );
  },
  { config: { trustProxy: true, proxyHops: 1, loginRateLimit: 3 } },
);
