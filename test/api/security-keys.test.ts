import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { createUserWithPermissions, STAFF_PASSWORD } from '../helpers/users.ts';

type Key = { id: number; keyId: string; key: string; state: string; userId: number };
type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

perDialect(test, (dialect, app) => {
  let admin: string;
  const keyOf = async (token: string, scopes: string[]) => {
    const res = await app().post<{ data: Key }>('/api/sys/keys', { name: scopes.join(' '), scopes }, { token });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.data;
  };
  const as = (key: Key) => ({ headers: { 'x-api-key': key.key }, lang: 'en' });

  test.serial(`${dialect}: an administrator's key scoped to sys:role:add grants no more than its scopes`, async (t) => {
    admin = await app().adminToken();
    const key = await keyOf(admin, ['sys:role:add']);
    const beyond = await app().post(
      '/api/sys/roles',
      { name: 'Escalated', permissions: ['sys:admin:delete'] },
      as(key),
    );
    t.is(beyond.status, 403);
    t.is(beyond.body.key, 'users.rolesBeyondAuthority');
    const mixed = await app().post(
      '/api/sys/roles',
      { name: 'Escalated', permissions: ['sys:role:add', 'sys:admin:delete'] },
      as(key),
    );
    t.is(mixed.status, 403);
    const within = await app().post('/api/sys/roles', { name: 'Role makers', permissions: ['sys:role:add'] }, as(key));
    t.is(within.status, 200, 'what the key holds it may grant');
    t.is(await app().cradle.db('roles').where({ name: 'Escalated' }).first(), undefined);
  });

  test.serial(`${dialect}: a key that may add users gives no role beyond its scopes`, async (t) => {
    const { rolesService } = app().cradle;
    const key = await keyOf(admin, ['sys:admin:add', 'center:reserve:view']);
    const user = (roleIds: number[], n: number) => ({
      username: `keyed-${n}`,
      realName: 'Keyed',
      employeeNo: `K${n}`,
      // The key would know this password: the new account must not be a way to more than the key holds.
      password: 'Chosen#2026pass',
      roleIds,
    });
    for (const [n, code] of [
      [1, 'admin'],
      [2, 'staff'],
    ] as const) {
      const res = await app().post('/api/sys/users', user([await rolesService.roleIdByCode(code)], n), as(key));
      t.is(res.status, 403, code);
      t.is(res.body.key, 'users.rolesBeyondAuthority');
    }
    const viewers = await app().post<{ data: { id: number } }>(
      '/api/sys/roles',
      { name: 'Viewers', permissions: ['center:reserve:view'] },
      { token: admin },
    );
    t.is((await app().post('/api/sys/users', user([viewers.body.data.id], 3), as(key))).status, 200);
  });

  test.serial(`${dialect}: an administrator's narrow key cannot reset another administrator's password`, async (t) => {
    const key = await keyOf(admin, ['sys:admin:update']);
    const other = await app().post<{ data: { id: number } }>(
      '/api/sys/users',
      {
        username: `root-${dialect}`,
        realName: 'Root',
        employeeNo: 'R-1',
        password: 'Other#2026admin',
        roleIds: [await app().cradle.rolesService.roleIdByCode('admin')],
      },
      { token: admin },
    );
    const res = await app().post(`/api/sys/users/${other.body.data.id}/reset-password`, {}, as(key));
    t.is(res.status, 422);
    t.is(res.body.key, 'users.adminOnly');
  });

  test.serial(`${dialect}: a password reset revokes the user's keys, which then answer 401`, async (t) => {
    const userId = await createUserWithPermissions(app(), `keyholder-${dialect}`, ['sys:log:view', 'sys:secret:add']);
    const own = await app().tokenFor(`keyholder-${dialect}`, STAFF_PASSWORD);
    const first = await keyOf(own, ['sys:log:view']);
    const second = await keyOf(own, ['sys:log:view']);
    const adminKey = await keyOf(admin, ['sys:log:view']);
    t.is((await app().get('/api/sys/logs/operations', as(first))).status, 200);

    // Those who may reset the password see what the reset would revoke.
    const listed = await app().get<{ data: Page<Key> }>(`/api/sys/users/${userId}/keys?state=active`, {
      token: admin,
    });
    t.is(listed.status, 200);
    t.deepEqual(listed.body.data.items.map((k) => k.keyId).sort(), [first.keyId, second.keyId].sort());
    t.is(listed.body.data.total, 2);
    const filtered = await app().get<{ data: Page<Key> }>(`/api/sys/keys?userId=${userId}`, { token: admin });
    t.deepEqual(
      filtered.body.data.items.map((k) => k.userId),
      [userId, userId],
    );
    t.is((await app().get(`/api/sys/users/${userId}/keys`, { token: own })).status, 403);

    const reset = await app().post<{ data: { revokedApiKeys: number } }>(
      `/api/sys/users/${userId}/reset-password`,
      { password: 'Fresh#2026pass', mustChangePassword: false },
      { token: admin },
    );
    t.is(reset.status, 200, JSON.stringify(reset.body));
    t.is(reset.body.data.revokedApiKeys, 2, 'revoking is the default');
    for (const key of [first, second]) {
      const res = await app().get('/api/sys/logs/operations', as(key));
      t.is(res.status, 401);
      t.is(res.body.key, 'auth.apiKeyInvalid');
    }
    t.is((await app().get('/api/sys/logs/operations', as(adminKey))).status, 200, "other users' keys stay");
    const after = await app().get<{ data: Page<Key> }>(`/api/sys/users/${userId}/keys?state=active`, {
      token: admin,
    });
    t.is(after.body.data.total, 0);
    const log = await app().get<{ data: { items: unknown[] } }>(
      '/api/sys/logs/operations?action=sys.user.resetPassword',
      { token: admin },
    );
    t.regex(JSON.stringify(log.body.data.items), new RegExp(first.keyId), 'the log names the keys revoked');
  });

  test.serial(`${dialect}: revokeApiKeys false keeps the keys`, async (t) => {
    const userId = await createUserWithPermissions(app(), `keeper-${dialect}`, ['sys:log:view', 'sys:secret:add']);
    const key = await keyOf(await app().tokenFor(`keeper-${dialect}`, STAFF_PASSWORD), ['sys:log:view']);
    const reset = await app().post<{ data: { revokedApiKeys: number } }>(
      `/api/sys/users/${userId}/reset-password`,
      { revokeApiKeys: false },
      { token: admin },
    );
    t.is(reset.status, 200);
    t.is(reset.body.data.revokedApiKeys, 0);
    t.is((await app().get('/api/sys/logs/operations', as(key))).status, 200);
  });

  test.serial(`${dialect}: one's own password change lists one's keys and revokes them when asked`, async (t) => {
    await createUserWithPermissions(app(), `changer-${dialect}`, ['sys:log:view', 'sys:secret:add']);
    const own = await app().tokenFor(`changer-${dialect}`, STAFF_PASSWORD);
    const key = await keyOf(own, ['sys:log:view']);
    const mine = await app().get<{ data: Page<Key> }>('/api/sys/user/keys?state=active', { token: own });
    t.deepEqual(
      mine.body.data.items.map((k) => k.keyId),
      [key.keyId],
    );
    const change = async (token: string, from: string, to: string, revokeApiKeys?: boolean) =>
      app().post<{ token: string }>(
        '/api/sys/user/password',
        {
          password: await app().encrypt(from),
          newPassword: await app().encrypt(to),
          confirmPassword: await app().encrypt(to),
          ...(revokeApiKeys === undefined ? {} : { revokeApiKeys }),
        },
        { token },
      );
    const kept = await change(own, STAFF_PASSWORD, 'Second#2026pass');
    t.is(kept.status, 200, JSON.stringify(kept.body));
    t.is((await app().get('/api/sys/logs/operations', as(key))).status, 200, 'a routine change keeps the keys');
    const revoked = await change(kept.body.token, 'Second#2026pass', 'Third#2026pass', true);
    t.is(revoked.status, 200, JSON.stringify(revoked.body));
    t.is((await app().get('/api/sys/logs/operations', as(key))).status, 401);
    const after = await app().get<{ data: Page<Key> }>('/api/sys/user/keys?state=active', {
      token: revoked.body.token,
    });
    t.is(after.body.data.total, 0);
  });
});
