import test from 'ava';
import { ADMIN_PASSWORD, perDialect } from '../helpers/app.ts';
import { createUser, STAFF_PASSWORD } from '../helpers/users.ts';

perDialect(test, (dialect, app) => {
  test.serial(`${dialect}: sign in as a client does, then use, refresh and end the session`, async (t) => {
    const login = await app().login('admin', ADMIN_PASSWORD);
    t.is(login.status, 200);
    t.is(login.body.code, 0);
    t.truthy(login.body.token);
    t.truthy(login.body.refreshToken);
    t.true(login.body.permissions.includes('sys:admin:view'));

    const nav = await app().get<{ menuList: Array<{ path: string }> }>('/api/sys/menu/nav', {
      token: login.body.token,
    });
    t.is(nav.status, 200);
    t.deepEqual(
      nav.body.menuList.map((s) => s.path),
      ['/center', '/room', '/sys', '/inte'],
    );

    const refreshed = await app().post<{ token: string; refreshToken: string }>('/api/sys/refreshToken', {
      refreshToken: login.body.refreshToken,
    });
    t.is(refreshed.status, 200);
    t.not(refreshed.body.refreshToken, login.body.refreshToken);

    // The used refresh token is dead, and presenting it again ends the whole session.
    const reused = await app().post('/api/sys/refreshToken', { refreshToken: login.body.refreshToken });
    t.is(reused.status, 401);
    const afterTheft = await app().get('/api/sys/menu/nav', { token: refreshed.body.token });
    t.is(afterTheft.status, 401);
  });

  test.serial(`${dialect}: logout revokes the access token and the refresh token`, async (t) => {
    const login = await app().login('admin', ADMIN_PASSWORD);
    const out = await app().post('/api/sys/logout', undefined, { token: login.body.token });
    t.is(out.status, 200);
    t.is((await app().get('/api/sys/menu/nav', { token: login.body.token })).status, 401);
    t.is((await app().post('/api/sys/refreshToken', { refreshToken: login.body.refreshToken })).status, 401);
  });

  test.serial(`${dialect}: a wrong CAPTCHA is refused and the CAPTCHA is single use`, async (t) => {
    const uuid = 'client-uuid-0001';
    const text = await app().solveCaptcha(uuid);
    const wrong = await app().post('/api/sys/login', {
      username: 'admin',
      password: await app().encrypt(ADMIN_PASSWORD),
      uuid,
      captcha: text === 'aaaaa' ? 'bbbbb' : 'aaaaa',
    });
    t.is(wrong.status, 400);
    t.is(wrong.body.key, 'auth.captchaWrong');
    const again = await app().post('/api/sys/login', {
      username: 'admin',
      password: await app().encrypt(ADMIN_PASSWORD),
      uuid,
      captcha: text,
    });
    t.is(again.status, 400, 'the failed attempt used the CAPTCHA up');
  });
});

perDialect(test, (dialect, app) => {
  test.serial(`${dialect}: the signed-in user can read who they are`, async (t) => {
    const token = await app().adminToken();
    const me = await app().get<{ data: { username: string; employeeNo: string; permissions: string[] } }>(
      '/api/sys/user/info',
      { token },
    );
    t.is(me.status, 200);
    t.is(me.body.data.username, 'admin');
    t.is(me.body.data.employeeNo, 'A0001');
    t.true(me.body.data.permissions.includes('sys:admin:view'));
    t.is((await app().get('/api/sys/user/info')).status, 401);
  });
});

perDialect(test, (dialect, app) => {
  test.serial(`${dialect}: a session's permissions are its user's roles at each request, none included`, async (t) => {
    const { db, rolesService } = app().cradle;
    const userId = await createUser(app(), 'roleless');
    const token = await app().tokenFor('roleless', STAFF_PASSWORD);
    await db('user_roles').where({ user_id: userId }).delete();
    const me = await app().get<{ data: { username: string; permissions: string[] } }>('/api/sys/user/info', { token });
    t.is(me.status, 200, 'signed in with no role at all');
    t.deepEqual(me.body.data.permissions, []);
    t.is((await app().get('/api/sys/users', { token })).status, 403);

    // Another process (or the console) grants a role: the same token carries it on its next request.
    const adminRole = await rolesService.roleIdByCode('admin');
    await db('user_roles').insert({ user_id: userId, role_id: adminRole });
    t.is((await app().get('/api/sys/users', { token })).status, 200);
    const granted = await app().get<{ data: { permissions: string[] } }>('/api/sys/user/info', { token });
    t.is(new Set(granted.body.data.permissions).size, granted.body.data.permissions.length, 'each permission once');
    t.true(granted.body.data.permissions.includes('sys:admin:view'));

    await db('user_roles').where({ user_id: userId }).delete();
    t.is((await app().get('/api/sys/users', { token })).status, 403, 'taken away at once');
    await db('users').where({ id: userId }).update({ status: 0 });
    t.is((await app().get('/api/sys/user/info', { token })).status, 401, 'a disabled user is signed out');
  });
});
