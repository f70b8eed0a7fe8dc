import test from 'ava';
import { ADMIN_PASSWORD, perDialect } from '../helpers/app.ts';

perDialect(
  test,
  (dialect, app) => {
    test.serial(`${dialect}: the administrator must change the initial password at first sign-in`, async (t) => {
      const login = await app().login('admin', ADMIN_PASSWORD);
      t.is(login.status, 200);
      t.is(login.body.passwordState, 'firstLogin');
      const token = login.body.token;

      const blocked = await app().get('/api/sys/params', { token, lang: 'en' });
      t.is(blocked.status, 403);
      t.is(blocked.body.key, 'auth.passwordChangeRequired');
      t.is((await app().get('/api/sys/config/all', { token })).status, 200, 'public calls still work');

      const enc = (s: string) => app().encrypt(s);
      const empty = await app().post(
        '/api/sys/user/password',
        { password: await enc(ADMIN_PASSWORD), newPassword: '', confirmPassword: '' },
        { token, lang: 'en' },
      );
      t.is(empty.body.key, 'auth.newPasswordEmpty');
      const wrongOld = await app().post(
        '/api/sys/user/password',
        {
          password: await enc('nope'),
          newPassword: await enc('Better#2027pw'),
          confirmPassword: await enc('Better#2027pw'),
        },
        { token, lang: 'en' },
      );
      t.is(wrongOld.status, 400);
      t.is(wrongOld.body.msg, 'Old password incorrect');
      const mismatch = await app().post(
        '/api/sys/user/password',
        {
          password: await enc(ADMIN_PASSWORD),
          newPassword: await enc('Better#2027pw'),
          confirmPassword: await enc('Better#2027px'),
        },
        { token },
      );
      t.is(mismatch.body.key, 'auth.passwordMismatch');
      const weak = await app().post(
        '/api/sys/user/password',
        { password: await enc(ADMIN_PASSWORD), newPassword: await enc('short'), confirmPassword: await enc('short') },
        { token },
      );
      t.is(weak.status, 400);
      t.is(weak.body.key, 'auth.passwordPolicy');
      t.regex(weak.body.msg, /min:8/);

      const changed = await app().post<{ token: string }>(
        '/api/sys/user/password',
        {
          password: await enc(ADMIN_PASSWORD),
          newPassword: await enc('Better#2027pw'),
          confirmPassword: await enc('Better#2027pw'),
        },
        { token },
      );
      t.is(changed.status, 200);
      t.is((await app().get('/api/sys/params', { token: changed.body.token })).status, 200);
      t.is((await app().get('/api/sys/menu/nav', { token })).status, 401, 'the old session ended');

      const again = await app().login('admin', 'Better#2027pw');
      t.is(again.body.passwordState, 'ok');
      t.is((await app().login('admin', ADMIN_PASSWORD)).status, 401);
    });

    test.serial(`${dialect}: an expired password must be changed, and one about to expire is announced`, async (t) => {
      const admin = (await app().login('admin', 'Better#2027pw')).body.token;
      t.is(
        (await app().put('/api/sys/params', { passwordValidityDays: 30, passwordPromptDays: 40 }, { token: admin }))
          .status,
        400,
        'prompt days beyond validity',
      );
      t.is(
        (await app().put('/api/sys/params', { passwordValidityDays: 30, passwordPromptDays: 7 }, { token: admin }))
          .status,
        200,
      );
      app().clock.advance(25 * 86_400_000);
      const expiring = await app().login('admin', 'Better#2027pw', 'en');
      t.is(expiring.body.passwordState, 'expiring');
      t.regex(JSON.stringify(expiring.body.notify), /expires in 5 days/);
      app().clock.advance(6 * 86_400_000);
      const expired = await app().login('admin', 'Better#2027pw');
      t.is(expired.body.passwordState, 'expired');
      t.is((await app().get('/api/sys/params', { token: expired.body.token })).status, 403);
      app().clock.set(Date.now());
    });
  },
  { keepFirstLogin: true },
);
