/**
 * Self-registration from the login page (docs/product-rules.md R14.10): off unless `registerEnabled`; a CAPTCHA
 * always; the password policy; the address's sign-in waits; and the new account waits for an administrator while
 * `registerNeedsApproval` is on, who finds it in User Management and approves it by enabling it.
 */
import { randomBytes } from 'node:crypto';
import test from 'ava';
import { perDialect, type TestApp } from '../helpers/app.ts';

const HOUR = 3_600_000;

interface Waiting {
  id: number;
  username: string;
  status: number;
  awaitingApproval: boolean;
  employeeNo: string;
  roles: Array<{ name: string }>;
}
const GOOD = 'Newcomer#2026';

interface Form {
  username: string;
  realName?: string;
  email?: string;
  password?: string;
  employeeNo?: string;
  captcha?: string | false;
  from?: string;
  lang?: string;
}

/** One registration as the register page sends it (solving the CAPTCHA unless told otherwise). */
async function register(app: TestApp, form: Form) {
  const uuid = randomBytes(8).toString('hex');
  const solved = await app.solveCaptcha(uuid);
  const body: Record<string, unknown> = {
    username: form.username,
    realName: form.realName ?? 'New Comer',
    email: form.email ?? `${form.username}@example.org`,
    password: await app.encrypt(form.password ?? GOOD),
    uuid,
    ...(form.employeeNo ? { employeeNo: form.employeeNo } : {}),
  };
  if (form.captcha !== false) body.captcha = form.captcha ?? solved;
  return app.post<{ username: string; awaitingApproval: boolean }>('/api/sys/register', body, {
    lang: form.lang ?? 'en',
    headers: { 'x-forwarded-for': form.from ?? '203.0.113.7' },
  });
}

async function setSecurity(app: TestApp, values: Record<string, unknown>): Promise<void> {
  const res = await app.put('/api/sys/settings/security', values, { token: await app.adminToken() });
  if (res.status !== 200) throw new Error(`security settings: ${res.status} ${JSON.stringify(res.body)}`);
}

perDialect(
  test,
  (dialect, app) => {
    // Failures of earlier tests no longer count after two quiet hours.
    const quiet = () => app().clock.advance(2 * HOUR);

    test.serial(`${dialect}: registration is refused while registerEnabled is off (translated)`, async (t) => {
      quiet();
      const en = await register(app(), { username: 'off-en' });
      t.is(en.status, 403);
      t.is(en.body.key, 'auth.registerOff');
      const cn = await register(app(), { username: 'off-cn', lang: 'cn' });
      t.is(cn.body.msg, '注册功能已关闭，请联系管理员开通账号');
      t.is(
        await app()
          .cradle.db('users')
          .whereIn('username', ['off-en', 'off-cn'])
          .count({ n: '*' })
          .first()
          .then((r) => Number(r?.n)),
        0,
      );
    });

    test.serial(`${dialect}: bad input is a translated 400 and makes no account`, async (t) => {
      quiet();
      await setSecurity(app(), { registerEnabled: true, passwordUpper: true });
      const noCaptcha = await register(app(), { username: 'bad-1', captcha: false });
      t.is(noCaptcha.status, 400);
      const wrong = await register(app(), { username: 'bad-2', captcha: 'zzzzz', lang: 'ja' });
      t.is(wrong.status, 400);
      t.is(wrong.body.key, 'auth.captchaWrong');
      t.is(wrong.body.msg, '認証コードが間違っているか期限切れです');
      const weak = await register(app(), { username: 'bad-3', password: 'alllower1' });
      t.is(weak.status, 400);
      const fields = weak.body.errors as Array<{ field: string; message: string }>;
      t.deepEqual(
        fields.map((f) => f.field),
        ['password'],
      );
      t.regex(fields[0]!.message, /upper/);
      const mail = await register(app(), { username: 'bad-4', email: 'not-an-address' });
      t.is(mail.status, 400);
      const spaced = await register(app(), { username: 'has space' });
      t.is(spaced.status, 400);
      const taken = await register(app(), { username: 'admin', lang: 'cn' });
      t.is(taken.status, 409);
      t.is(taken.body.key, 'users.duplicateUsername');
      const made = await app().cradle.db('users').where('username', 'like', 'bad-%').select('id');
      t.deepEqual(made, []);
      await setSecurity(app(), { passwordUpper: false });
    });

    test.serial(
      `${dialect}: a registered account waits for approval; the administrator finds it and enabling it approves it`,
      async (t) => {
        quiet();
        await setSecurity(app(), { registerEnabled: true });
        const res = await register(app(), { username: 'newcomer', realName: 'Nia Newcomer' });
        t.is(res.status, 200, JSON.stringify(res.body));
        t.deepEqual(res.body.data, { username: 'newcomer', awaitingApproval: true });

        const early = await app().login('newcomer', GOOD, 'ja');
        t.is(early.status, 403);
        t.is(early.body.key, 'auth.awaitingApproval');
        t.is(early.body.msg, 'このアカウントは管理者の承認待ちです');
        // A wrong password still gets the plain refusal: waiting tells nothing to someone without the password.
        t.is((await app().login('newcomer', 'Wrong#2026x')).status, 401);

        const admin = await app().adminToken();
        const waiting = await app().get<{ data: { items: Waiting[] } }>('/api/sys/users?awaitingApproval=true', {
          token: admin,
        });
        t.is(waiting.status, 200);
        t.deepEqual(
          waiting.body.data.items.map((u) => [u.username, u.status, u.awaitingApproval, u.employeeNo]),
          [['newcomer', 0, true, 'newcomer']],
        );
        t.is(waiting.body.data.items[0]!.roles.length, 1, 'a new account gets the staff role');
        const others = await app().get<{ data: { items: Waiting[] } }>('/api/sys/users?awaitingApproval=false', {
          token: admin,
        });
        t.false(others.body.data.items.some((u) => u.username === 'newcomer'));

        const id = waiting.body.data.items[0]!.id;
        const approved = await app().put(`/api/sys/users/${id}/status`, { status: 1 }, { token: admin });
        t.is(approved.status, 200);
        t.is((await app().login('newcomer', GOOD)).status, 200);
        const after = await app().get<{ data: { items: Waiting[] } }>('/api/sys/users?awaitingApproval=true', {
          token: admin,
        });
        t.deepEqual(after.body.data.items, []);
        const logged = await app()
          .cradle.db('operation_logs')
          .whereIn('action', ['sys.user.register', 'sys.user.approve'])
          .orderBy('id')
          .select('action');
        t.deepEqual(
          logged.map((r) => r.action),
          ['sys.user.register', 'sys.user.approve'],
        );

        // Disabling it later is a plain disabled account, not a waiting one.
        await app().put(`/api/sys/users/${id}/status`, { status: 0 }, { token: admin });
        t.is((await app().login('newcomer', GOOD)).body.key, 'auth.userDisabled');
      },
    );

    test.serial(`${dialect}: without registerNeedsApproval the account signs in at once`, async (t) => {
      quiet();
      await setSecurity(app(), { registerEnabled: true, registerNeedsApproval: false });
      const res = await register(app(), { username: 'straight-in', employeeNo: 'E-7781' });
      t.deepEqual(res.body.data, { username: 'straight-in', awaitingApproval: false });
      const signIn = await app().login('straight-in', GOOD);
      t.is(signIn.status, 200);
      t.is(signIn.body.passwordState, 'ok', 'a password one chose oneself need not be changed at once');
      const row = await app().cradle.db('users').where({ username: 'straight-in' }).first('employee_no', 'email');
      t.deepEqual({ ...row }, { employee_no: 'E-7781', email: 'straight-in@example.org' });
      await setSecurity(app(), { registerNeedsApproval: true });
    });

    test.serial(`${dialect}: taken names and wrong CAPTCHAs count toward the address's waits`, async (t) => {
      quiet();
      await setSecurity(app(), { registerEnabled: true });
      const from = '203.0.113.99';
      const statuses: number[] = [];
      // After 20 failures of one address, each further one makes the next try wait (docs/product-rules.md R14.3).
      for (let i = 0; i < 20; i++) statuses.push((await register(app(), { username: 'admin', from })).status);
      t.deepEqual([...new Set(statuses)], [409]);
      t.is((await register(app(), { username: 'fresh-name', from, captcha: 'wrong' })).status, 400);
      const blocked = await register(app(), { username: 'fresh-name', from });
      t.is(blocked.status, 429);
      t.is(blocked.body.key, 'auth.tooManyAttempts');
      t.truthy(blocked.headers.get('retry-after'));
      t.is(await app().cradle.db('users').where({ username: 'fresh-name' }).first(), undefined);
      // Another address is not held up.
      t.is((await register(app(), { username: 'fresh-name', from: '203.0.113.100' })).status, 200);
    });
  },
  { config: { trustProxy: true, proxyHops: 1, loginRateLimit: 100_000 } },
);
