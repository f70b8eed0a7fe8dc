import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { seedUsage } from '../helpers/usage-fixture.ts';

type User = {
  id: number;
  username: string;
  status: number;
  roles: Array<{ id: number; name: string }>;
  initialPassword?: string;
  restrictAt: number | null;
};
type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

const PASSWORD = 'Passw0rd-ok';

perDialect(test, (dialect, app) => {
  let token = '';
  let staffRoleId = 0;
  let adminRoleId = 0;
  const base = (over: Record<string, unknown> = {}) => ({
    username: 'alice',
    realName: 'Alice Liddell',
    employeeNo: 'E1001',
    phone: '+86 138-0013-8000',
    email: 'alice@example.org',
    department: 'R&D',
    workplace: 'Shanghai',
    position: 'Engineer',
    corpSection: 'Platform',
    costCenter: 'CC-01',
    cardNo: '00042',
    ipAddress: '10.0.0.8',
    roleIds: [staffRoleId],
    password: PASSWORD,
    ...over,
  });

  test.serial(`${dialect}: setup`, async (t) => {
    token = await app().adminToken();
    const roles = await app().get<{ data: Page<{ id: number; code: string | null }> }>('/api/sys/roles', { token });
    t.is(roles.status, 200);
    staffRoleId = roles.body.data.items.find((r) => r.code === 'staff')!.id;
    adminRoleId = roles.body.data.items.find((r) => r.code === 'admin')!.id;
  });

  test.serial(`${dialect}: create with every field, read, list and filter`, async (t) => {
    const created = await app().post<{ data: User }>('/api/sys/users', base(), { token });
    t.is(created.status, 200, JSON.stringify(created.body));
    const u = created.body.data;
    t.like(u, {
      username: 'alice',
      realName: 'Alice Liddell',
      employeeNo: 'E1001',
      department: 'R&D',
      corpSection: 'Platform',
      costCenter: 'CC-01',
      cardNo: '00042',
      ipAddress: '10.0.0.8',
      status: 1,
      restricted: false,
    });
    t.deepEqual(
      u.roles.map((r) => r.id),
      [staffRoleId],
    );
    t.is(u.initialPassword, undefined, 'a given password is not echoed');
    t.false('passwordHash' in u || 'password_hash' in u);

    const one = await app().get<{ data: User }>(`/api/sys/users/${u.id}`, { token });
    t.is(one.body.data.username, 'alice');

    const list = await app().get<{ data: Page<User> }>('/api/sys/users?q=lidd&page=1&pageSize=10', { token });
    t.deepEqual(
      list.body.data.items.map((x) => x.username),
      ['alice'],
    );
    t.like(list.body.data, { total: 1, page: 1, pageSize: 10 });
    t.is(
      (await app().get<{ data: Page<User> }>(`/api/sys/users?roleId=${adminRoleId}`, { token })).body.data.items
        .map((x) => x.username)
        .join(),
      'admin',
    );
    t.is((await app().get<{ data: Page<User> }>(`/api/sys/users?role=${staffRoleId}`, { token })).body.data.total, 1);
    t.is((await app().get<{ data: Page<User> }>('/api/sys/users?department=r%26d', { token })).body.data.total, 1);
    t.is((await app().get<{ data: Page<User> }>('/api/sys/users?status=0', { token })).body.data.total, 0);
    t.is(
      (await app().get<{ data: Page<User> }>('/api/sys/users?q=100%25', { token })).body.data.total,
      0,
      'LIKE wildcards are literal',
    );

    // The new user can sign in with the given password.
    await t.notThrowsAsync(app().tokenFor('alice', PASSWORD));
  });

  test.serial(
    `${dialect}: required fields, phone, e-mail, IP, roles, expiry before enable → 400 with fields`,
    async (t) => {
      const missing = await app().post('/api/sys/users', { username: 'bob', roleIds: [staffRoleId] }, { token });
      t.is(missing.status, 400);
      t.deepEqual(missing.body.errors!.map((e) => e.field).sort(), ['employeeNo', 'realName']);

      const bad = await app().post(
        '/api/sys/users',
        base({ username: 'bob', phone: 'call me', email: 'bob@', ipAddress: '999.1.1.1' }),
        { token },
      );
      t.is(bad.status, 400);
      t.deepEqual(bad.body.errors!.map((e) => e.field).sort(), ['email', 'ipAddress', 'phone']);
      t.is(bad.body.errors!.find((e) => e.field === 'email')!.message, 'Not a valid e-mail address');

      const cnBad = await app().post('/api/sys/users', base({ username: 'bob', phone: 'x' }), { token, lang: 'cn' });
      t.is(cnBad.body.msg, '手机号码不正确');

      const noRoles = await app().post('/api/sys/users', base({ username: 'bob', roleIds: [] }), { token });
      t.is(noRoles.status, 400);
      t.is(noRoles.body.errors![0]!.field, 'roleIds');
      const unknownRole = await app().post('/api/sys/users', base({ username: 'bob', roleIds: [999999] }), { token });
      t.is(unknownRole.status, 400);

      const expiry = await app().post(
        '/api/sys/users',
        base({ username: 'bob', restricted: true, enableAt: 2_000_000_000_000, restrictAt: 1_000_000_000_000 }),
        { token },
      );
      t.is(expiry.status, 400);
      t.is(expiry.body.errors![0]!.field, 'restrictAt');
      t.is(expiry.body.msg, 'The expiry time must not be earlier than the enable time');
      const fine = await app().post<{ data: User }>(
        '/api/sys/users',
        base({
          username: 'bob',
          employeeNo: 'E1002',
          restricted: true,
          enableAt: 1_000_000_000_000,
          restrictAt: 1_000_000_000_000,
        }),
        { token },
      );
      t.is(fine.status, 200);
      t.is(fine.body.data.restrictAt, 1_000_000_000_000);
      t.is(
        (await app().get<{ data: Page<User> }>('/api/sys/users?q=bob', { token })).body.data.total,
        1,
        'the refused attempts wrote nothing',
      );
    },
  );

  test.serial(`${dialect}: duplicate username → 409 "duplicate username"`, async (t) => {
    const dup = await app().post('/api/sys/users', base({ employeeNo: 'E9999' }), { token });
    t.is(dup.status, 409);
    t.is(dup.body.msg, 'Duplicate username');
    const cn = await app().post('/api/sys/users', base(), { token, lang: 'cn' });
    t.is(cn.body.msg, '用户名重复');
    const bob = (await app().get<{ data: Page<User> }>('/api/sys/users?q=bob', { token })).body.data.items[0]!;
    const rename = await app().put(
      `/api/sys/users/${bob.id}`,
      { ...base({ employeeNo: 'E1002' }), password: undefined },
      { token },
    );
    t.is(rename.status, 409);
  });

  test.serial(`${dialect}: the password policy applies to given passwords`, async (t) => {
    const weak = await app().post(
      '/api/sys/users',
      base({ username: 'carol', employeeNo: 'E1003', password: 'short' }),
      { token },
    );
    t.is(weak.status, 400);
    t.is(weak.body.errors![0]!.field, 'password');
    t.regex(weak.body.msg, /policy/);
  });

  test.serial(
    `${dialect}: without a password: random and shown once (must change), or the employee number with usernoAsPass`,
    async (t) => {
      const random = await app().post<{ data: User }>(
        '/api/sys/users',
        base({ username: 'dave', employeeNo: 'E1004', password: undefined }),
        { token },
      );
      t.is(random.status, 200);
      t.regex(random.body.data.initialPassword!, /^\S{16}$/);
      const first = await app().login('dave', random.body.data.initialPassword!);
      t.is(first.status, 200);
      t.is(first.body.passwordState, 'firstLogin');

      t.is(
        (await app().put('/api/sys/params', { usernoAsPass: true, usernoPattern: 'E\\d{4}' }, { token })).status,
        200,
      );
      const byNo = await app().post<{ data: User }>(
        '/api/sys/users',
        base({ username: 'erin', employeeNo: 'E1005', password: undefined }),
        { token },
      );
      t.is(byNo.status, 200);
      t.is(byNo.body.data.initialPassword, undefined);
      const login = await app().login('erin', 'E1005');
      t.is(login.status, 200);
      t.is(login.body.passwordState, 'firstLogin');

      const badNo = await app().post(
        '/api/sys/users',
        base({ username: 'frank', employeeNo: 'X-1', password: undefined }),
        { token },
      );
      t.is(badNo.status, 400);
      t.is(badNo.body.errors![0]!.field, 'employeeNo');
      t.is((await app().put('/api/sys/params', { usernoAsPass: false, usernoPattern: '' }, { token })).status, 200);
    },
  );

  test.serial(`${dialect}: update replaces fields and roles; disabling ends the user's sessions`, async (t) => {
    const alice = (await app().get<{ data: Page<User> }>('/api/sys/users?q=alice', { token })).body.data.items[0]!;
    const aliceToken = await app().tokenFor('alice', PASSWORD);
    t.is((await app().get('/api/contacts/', { token: aliceToken })).status, 200);
    const upd = await app().put<{ data: User }>(
      `/api/sys/users/${alice.id}`,
      { ...base({ realName: 'Alice L.', phone: null, email: null }), password: undefined },
      { token },
    );
    t.is(upd.status, 200, JSON.stringify(upd.body));
    t.like(upd.body.data, { realName: 'Alice L.', phone: null, email: null });

    const off = await app().put<{ data: User }>(`/api/sys/users/${alice.id}/status`, { status: 0 }, { token });
    t.is(off.status, 200);
    t.is(off.body.data.status, 0);
    t.is((await app().get('/api/contacts/', { token: aliceToken })).status, 401, 'the session ended');
    t.is((await app().login('alice', PASSWORD)).status, 403, 'a disabled user cannot sign in');
    const edit = await app().put<{ data: User }>(
      `/api/sys/users/${alice.id}`,
      { ...base({ realName: 'Alice L.' }), password: undefined },
      { token },
    );
    t.is(edit.body.data.status, 0, 'an edit without status keeps the account disabled');
    t.is((await app().put(`/api/sys/users/${alice.id}/status`, { status: 1 }, { token })).status, 200);
    t.is((await app().login('alice', PASSWORD)).status, 200);
    t.is((await app().put(`/api/sys/users/${alice.id}/status`, { status: 5 }, { token })).status, 400);
  });

  test.serial(`${dialect}: reset password: given or random; sessions end`, async (t) => {
    const alice = (await app().get<{ data: Page<User> }>('/api/sys/users?q=alice', { token })).body.data.items[0]!;
    const aliceToken = await app().tokenFor('alice', PASSWORD);
    const reset = await app().post<{ data: { initialPassword: string; mustChangePassword: boolean } }>(
      `/api/sys/users/${alice.id}/reset-password`,
      {},
      { token },
    );
    t.is(reset.status, 200);
    t.true(reset.body.data.mustChangePassword);
    t.is((await app().get('/api/contacts/', { token: aliceToken })).status, 401);
    t.is((await app().login('alice', PASSWORD)).status, 401);
    t.is((await app().login('alice', reset.body.data.initialPassword)).body.passwordState, 'firstLogin');
    const weak = await app().post(`/api/sys/users/${alice.id}/reset-password`, { password: 'abc' }, { token });
    t.is(weak.status, 400);
    const given = await app().post(
      `/api/sys/users/${alice.id}/reset-password`,
      { password: PASSWORD, mustChangePassword: false },
      { token },
    );
    t.is(given.status, 200);
    t.is((await app().login('alice', PASSWORD)).body.passwordState, 'ok');
  });

  test.serial(`${dialect}: the system administrator and the current user cannot be deleted`, async (t) => {
    const admin = (await app().get<{ data: Page<User> }>('/api/sys/users?q=admin', { token })).body.data.items.find(
      (u) => u.username === 'admin',
    )!;
    const self = await app().delete(`/api/sys/users/${admin.id}`, { token });
    t.is(self.status, 422);
    t.is(self.body.msg, 'The current user cannot be deleted');

    const other = await app().post<{ data: User }>(
      '/api/sys/users',
      base({ username: 'root2', employeeNo: 'A0002', roleIds: [adminRoleId] }),
      { token },
    );
    const otherToken = await app().tokenFor('root2', PASSWORD);
    const byOther = await app().delete(`/api/sys/users/${admin.id}`, { token: otherToken });
    t.is(byOther.status, 422);
    t.is(byOther.body.msg, 'The system administrator cannot be deleted');
    t.is(
      (await app().delete(`/api/sys/users/${admin.id}`, { token: otherToken, lang: 'cn' })).body.msg,
      '系统管理员不能删除',
    );
    t.is(
      (await app().delete(`/api/sys/users/${other.body.data.id}`, { token })).status,
      422,
      'an admin-role holder stays',
    );
    t.is(
      (await app().put(`/api/sys/users/${admin.id}/status`, { status: 0 }, { token })).status,
      422,
      'nobody disables themselves',
    );
  });

  test.serial(`${dialect}: delete a user; unknown ids are 404`, async (t) => {
    const dave = (await app().get<{ data: Page<User> }>('/api/sys/users?q=dave', { token })).body.data.items[0]!;
    t.is((await app().delete(`/api/sys/users/${dave.id}`, { token })).status, 200);
    t.is((await app().get(`/api/sys/users/${dave.id}`, { token })).status, 404);
    t.is((await app().delete(`/api/sys/users/${dave.id}`, { token })).status, 404);
    t.is((await app().put('/api/sys/users/999999/status', { status: 0 }, { token })).status, 404);
    const log = await app()
      .cradle.db('operation_logs')
      .where({ action: 'sys.user.delete', target: String(dave.id) })
      .first();
    t.truthy(log, 'the deletion is in the operation log');

    // A user who organised bookings keeps them: such an account is disabled, not deleted.
    const usage = await seedUsage(app());
    const organiser = usage.userIds[0]!;
    const refused = await app().delete(`/api/sys/users/${organiser}`, { token });
    t.is(refused.status, 422);
    t.is(refused.body.msg, 'This user has bookings or other records; disable the account instead');
    t.is((await app().get(`/api/sys/users/${organiser}`, { token })).status, 200, 'nothing was removed');
  });

  test.serial(
    `${dialect}: a new user only gets roles its creator created, unless the creator is a system administrator`,
    async (t) => {
      const perms = [
        'sys:admin:view',
        'sys:admin:add',
        'sys:admin:update',
        'sys:role:view',
        'sys:role:add',
        'center:reserve:view',
      ];
      const mgrRole = await app().post<{ data: { id: number } }>(
        '/api/sys/roles',
        { name: 'User manager', permissions: perms },
        { token },
      );
      t.is(mgrRole.status, 200);
      await app().post(
        '/api/sys/users',
        base({ username: 'manager', employeeNo: 'M0001', roleIds: [mgrRole.body.data.id] }),
        { token },
      );
      const mgr = await app().tokenFor('manager', PASSWORD);

      const staff = await app().post(
        '/api/sys/users',
        base({ username: 'newbie', employeeNo: 'N0001', roleIds: [staffRoleId] }),
        { token: mgr },
      );
      t.is(staff.status, 422);
      t.is(staff.body.msg, 'Selected role not created by you');
      const own = await app().post<{ data: { id: number } }>(
        '/api/sys/roles',
        { name: 'Bookers', permissions: ['center:reserve:view'] },
        { token: mgr },
      );
      t.is(own.status, 200);
      const ok = await app().post<{ data: User }>(
        '/api/sys/users',
        base({ username: 'newbie', employeeNo: 'N0001', roleIds: [own.body.data.id] }),
        { token: mgr },
      );
      t.is(ok.status, 200);

      // Editing keeps roles the user already has, but adding a foreign one is refused.
      const keep = await app().put(
        `/api/sys/users/${ok.body.data.id}`,
        { ...base({ username: 'newbie', employeeNo: 'N0001', roleIds: [own.body.data.id] }), password: undefined },
        { token: mgr },
      );
      t.is(keep.status, 200);
      const add = await app().put(
        `/api/sys/users/${ok.body.data.id}`,
        {
          ...base({ username: 'newbie', employeeNo: 'N0001', roleIds: [own.body.data.id, adminRoleId] }),
          password: undefined,
        },
        { token: mgr },
      );
      t.is(add.status, 422);

      // A manager cannot touch a system administrator.
      const admin = (
        await app().get<{ data: Page<User> }>('/api/sys/users?q=admin', { token: mgr })
      ).body.data.items.find((u) => u.username === 'admin')!;
      const reset = await app().post(`/api/sys/users/${admin.id}/reset-password`, {}, { token: mgr });
      t.is(reset.status, 422);
      t.is(reset.body.msg, 'Only a system administrator may change a system administrator');
    },
  );

  test.serial(`${dialect}: nobody takes over a more powerful account; one active administrator remains`, async (t) => {
    const mgr = await app().tokenFor('manager', PASSWORD);
    const alice = (await app().get<{ data: Page<User> }>('/api/sys/users?q=alice', { token })).body.data.items[0]!;
    const takeover = await app().post(`/api/sys/users/${alice.id}/reset-password`, {}, { token: mgr });
    t.is(takeover.status, 422);
    t.is(takeover.body.msg, 'This user has permissions beyond yours');

    const root2 = (await app().get<{ data: Page<User> }>('/api/sys/users?q=root2', { token })).body.data.items[0]!;
    t.is((await app().put(`/api/sys/users/${root2.id}/status`, { status: 0 }, { token })).status, 200);
    const me = (
      await app().get<{ data: Page<User & Record<string, unknown>> }>('/api/sys/users?q=admin', { token })
    ).body.data.items.find((u) => u.username === 'admin')!;
    const demote = await app().put(
      `/api/sys/users/${me.id}`,
      {
        username: 'admin',
        realName: String(me.realName),
        employeeNo: String(me.employeeNo),
        email: me.email,
        roleIds: [staffRoleId],
      },
      { token },
    );
    t.is(demote.status, 422);
    t.is(demote.body.msg, 'At least one active system administrator must remain');
    t.is((await app().get(`/api/sys/users/${me.id}`, { token })).status, 200, 'still an administrator');
    t.is((await app().put(`/api/sys/users/${root2.id}/status`, { status: 1 }, { token })).status, 200);
  });
});
