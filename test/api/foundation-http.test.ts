import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { createUser, STAFF_PASSWORD } from '../helpers/users.ts';

perDialect(test, (dialect, app) => {
  test.serial(`${dialect}: the envelope and its message follow the i18n header`, async (t) => {
    const en = await app().get('/api/does/not/exist', { lang: 'en' });
    const cn = await app().get('/api/does/not/exist', { lang: 'zh-CN' });
    const ja = await app().get('/api/does/not/exist', { lang: 'ja-JP' });
    const none = await app().request('GET', '/api/does/not/exist', { headers: { i18n: '' } });
    for (const r of [en, cn, ja, none]) {
      t.is(r.status, 404);
      t.is(r.body.code, 404);
      t.is(r.body.key, 'common.notFound');
    }
    t.regex(en.body.msg, /Request address error/);
    t.regex(cn.body.msg, /请求地址出错/);
    t.regex(ja.body.msg, /リクエストアドレスエラー/);
    t.is(none.body.msg, cn.body.msg, 'Chinese is the default');
  });

  test.serial(`${dialect}: malformed JSON, wrong types, oversized bodies and wrong methods get 4xx`, async (t) => {
    const token = await app().adminToken();
    const malformed = await app().request('PUT', '/api/sys/params', {
      token,
      rawBody: '{"passCodeLength": ',
      headers: { 'content-type': 'application/json' },
    });
    t.is(malformed.status, 400);
    t.is(malformed.body.key, 'common.malformedJson');

    const wrongType = await app().put('/api/sys/params', { passCodeLength: 'six' }, { token, lang: 'en' });
    t.is(wrongType.status, 400);
    t.is(wrongType.body.key, 'common.validation');
    t.is(wrongType.body.errors?.[0]?.field, 'passCodeLength');

    const missing = await app().post('/api/sys/login', { password: 'x' }, { lang: 'ja' });
    t.is(missing.status, 400);
    t.true(missing.body.errors!.some((e) => e.field === 'username'));
    t.regex(missing.body.msg, /正しくありません/);

    const huge = await app().request('PUT', '/api/sys/params', {
      token,
      rawBody: JSON.stringify({ usernoPattern: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    t.is(huge.status, 413);
    t.is(huge.body.key, 'common.bodyTooLarge');

    const wrongMethod = await app().delete('/api/sys/login');
    t.is(wrongMethod.status, 405);
    t.regex(wrongMethod.headers.get('allow') ?? '', /POST/);

    const unknownParam = await app().get('/api/sys/params/noSuchThing', { token });
    t.is(unknownParam.status, 404);

    // Nothing was written by any of the refused calls.
    const value = await app().get<{ data: { paramValue: unknown } }>('/api/sys/params/passCodeLength', { token });
    t.is(value.body.data.paramValue, 6);
  });

  test.serial(`${dialect}: 401 signed out, 403 without the permission, 200 with it`, async (t) => {
    t.is((await app().get('/api/sys/params')).status, 401);
    t.is((await app().get('/api/sys/params', { token: 'not-a-token' })).status, 401);
    await createUser(app(), 'frank');
    const staff = await app().tokenFor('frank', STAFF_PASSWORD);
    const denied = await app().get('/api/sys/params', { token: staff, lang: 'en' });
    t.is(denied.status, 403);
    t.is(denied.body.key, 'common.forbidden');
    t.is((await app().get('/api/sys/params', { token: await app().adminToken() })).status, 200);
    t.is((await app().get('/api/sys/menu/nav', { token: staff })).status, 200);
  });

  test.serial(`${dialect}: staff see only the booking centre in their menu`, async (t) => {
    const staff = await app().tokenFor('frank', STAFF_PASSWORD);
    const nav = await app().get<{
      menuList: Array<{ path: string; children: Array<{ path: string }> }>;
      permissions: string[];
    }>('/api/sys/menu/nav', { token: staff });
    t.deepEqual(
      nav.body.menuList.map((s) => s.path),
      ['/center'],
    );
    t.true(nav.body.menuList[0]!.children.some((c) => c.path === '/center/reserve'));
    t.false(nav.body.permissions.includes('center:reserve:super'));
  });

  test.serial(`${dialect}: repeated failures make the next try wait, never lock the account`, async (t) => {
    await createUser(app(), 'grace');
    for (let i = 0; i < 6; i++) {
      const r = await app().login('grace', 'wrong-password');
      t.is(r.status, 401);
      t.is(r.body.key, 'auth.badCredentials');
    }
    const waiting = await app().login('grace', STAFF_PASSWORD);
    t.is(waiting.status, 429);
    t.is(waiting.body.key, 'auth.tooManyAttempts');
    t.is(waiting.headers.get('retry-after'), '2');
    app().clock.advance(2000);
    t.is((await app().login('grace', STAFF_PASSWORD)).status, 200);
    app().clock.set(Date.now());
  });

  test.serial(
    `${dialect}: disabled users, users without permission and switched-off local login are refused`,
    async (t) => {
      await createUser(app(), 'henry', { status: 0 });
      await createUser(app(), 'irene', { role: null });
      const disabled = await app().login('henry', STAFF_PASSWORD);
      t.is(disabled.status, 403);
      t.is(disabled.body.key, 'auth.userDisabled');
      const noPermission = await app().login('irene', STAFF_PASSWORD, 'cn');
      t.is(noPermission.body.key, 'auth.noLoginPermission');
      t.is(noPermission.body.msg, '该用户没有登录权限');

      const admin = await app().adminToken();
      t.is((await app().put('/api/sys/params', { localLoginEnabled: false }, { token: admin })).status, 200);
      const off = await app().login('frank', STAFF_PASSWORD);
      t.is(off.status, 403);
      t.is(off.body.key, 'auth.localLoginOff');
      await app().cradle.paramsService.setMany(
        { userId: 0, username: 'test', permissions: new Set(['*']), lang: 'en', via: 'system' },
        { localLoginEnabled: true },
      );
    },
  );

  test.serial(`${dialect}: with the CAPTCHA switched off, sign-in needs none`, async (t) => {
    const admin = await app().adminToken();
    await app().put('/api/sys/params', { captchaEnabled: false }, { token: admin });
    const r = await app().post('/api/sys/login', { username: 'frank', password: await app().encrypt(STAFF_PASSWORD) });
    t.is(r.status, 200);
    await app().put('/api/sys/params', { captchaEnabled: true }, { token: admin });
    const again = await app().post('/api/sys/login', {
      username: 'frank',
      password: await app().encrypt(STAFF_PASSWORD),
    });
    t.is(again.status, 400);
    t.is(again.body.key, 'auth.captchaRequired');
  });

  test.serial(`${dialect}: a password in clear instead of RSA ciphertext is refused`, async (t) => {
    const uuid = 'plain-password-uuid';
    const captcha = await app().solveCaptcha(uuid);
    const r = await app().post('/api/sys/login', { username: 'frank', password: STAFF_PASSWORD, uuid, captcha });
    t.is(r.status, 400);
    t.is(r.body.key, 'auth.passwordUndecryptable');
  });

  test.serial(`${dialect}: client error reports are accepted only while switched on`, async (t) => {
    const off = await app().post('/api/openapi/clientLog', { from: 'pc', message: 'boom' });
    t.is(off.status, 403);
    const admin = await app().adminToken();
    await app().put('/api/sys/params', { clientLogEnabled: true }, { token: admin });
    t.is((await app().post('/api/openapi/clientLog', { from: 'pc', message: 'boom', stack: 'at x' })).status, 200);
    t.is(
      (
        await app().request('POST', '/api/openapi/clientLog', {
          rawBody: JSON.stringify({ from: 'pc', blob: 'y'.repeat(1_100_000) }),
          headers: { 'content-type': 'application/json' },
        })
      ).status,
      413,
    );
    await app().put('/api/sys/params', { clientLogEnabled: false }, { token: admin });
  });

  test.serial(`${dialect}: health, request ids, security headers, public configuration`, async (t) => {
    const health = await app().get<{
      data: { status: string; version: string; database: { dialect: string; reachable: boolean } };
    }>('/api/health');
    t.is(health.status, 200);
    t.is(health.body.data.status, 'ok');
    t.is(health.body.data.database.dialect, dialect);
    t.regex(health.body.data.version, /^\d+\.\d+\.\d+$/);
    t.regex(health.headers.get('x-request-id') ?? '', /^[\w-]{8,}$/);
    t.is(health.headers.get('x-content-type-options'), 'nosniff');
    t.truthy(health.headers.get('content-security-policy'));

    const config = await app().get<{ config: Record<string, unknown>; time: number }>('/api/sys/config/all');
    t.true(Math.abs(config.body.time - app().clock.now()) < 5000);
    t.is(config.body.config.passCodeLength, 6);
    for (const secret of ['signInFreeFailures', 'usernoPattern', 'passwordValidityDays', 'blocklistMaxViolations'])
      t.false(secret in config.body.config, secret);
  });

  test.serial(`${dialect}: the OpenAPI document lists every route with its permission`, async (t) => {
    const res = await fetch(`${app().url}/api/docs/openapi.json`);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { 'x-permission'?: string[] }>>;
    };
    t.is(doc.openapi, '3.1.0');
    t.truthy(doc.paths['/api/sys/login']?.post);
    t.truthy(doc.paths['/api/sys/params/{key}']?.get);
    for (const [p, item] of Object.entries(doc.paths))
      for (const [m, op] of Object.entries(item)) t.true((op['x-permission'] ?? []).length > 0, `${m} ${p}`);
    const page = await fetch(`${app().url}/api/docs`);
    t.regex(await page.text(), /Atrium API/);
  });

  test.serial(
    `${dialect}: paths outside the API get the console (or a clear notice when it is not built)`,
    async (t) => {
      const res = await fetch(`${app().url}/center/reserve`);
      t.true(res.status === 200 || res.status === 503);
      t.regex(await res.text(), res.status === 200 ? /<div id="root">/ : /npm run build/);
    },
  );
});
