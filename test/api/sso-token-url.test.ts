import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { createUser } from '../helpers/users.ts';

interface SignIn {
  token: string;
  authMethod: number;
}

perDialect(test, (dialect, app) => {
  // The one-time codes come from a finished OIDC/SAML sign-in; here they are made directly, as a client could not.
  const issue = async (userId: number, logoutUrl?: string) =>
    app().cradle.tokenUrlService.issue({ userId, logoutUrl, origin: 'saml' });
  let userId = 0;

  test.serial(
    `${dialect}: a one-time code gives a token-URL session once; the session remembers the logout URL`,
    async (t) => {
      userId = await createUser(app(), 'henry');
      const code = await issue(userId, 'https://idp.example/logout');
      const res = await app().get<SignIn>('/api/auth/token', { token: code });
      t.is(res.status, 200, JSON.stringify(res.body));
      t.is(res.body.code, 0);
      t.is(res.body.authMethod, 3);
      t.is((await app().get('/api/sys/menu/nav', { token: res.body.token })).status, 200);

      const replay = await app().get('/api/auth/token', { token: code });
      t.is(replay.status, 401);
      t.is(replay.body.key, 'sso.handoffInvalid');

      const out = await app().post<{ authMethod: number; logoutUrl: string }>('/api/sys/logout', undefined, {
        token: res.body.token,
      });
      t.like(out.body, { authMethod: 3, logoutUrl: 'https://idp.example/logout' });
    },
  );

  test.serial(`${dialect}: the code also works as ?code=, and only for a minute`, async (t) => {
    const viaQuery = await app().get<SignIn>(`/api/auth/token?code=${await issue(userId)}`);
    t.is(viaQuery.status, 200);
    const expired = await issue(userId);
    app().clock.advance(61_000);
    const res = await app().get('/api/auth/token', { token: expired });
    t.is(res.status, 401);
    t.is(res.body.key, 'sso.handoffInvalid');
  });

  test.serial(
    `${dialect}: missing, forged and concurrent uses are refused; a disabled user cannot redeem`,
    async (t) => {
      const none = await app().get('/api/auth/token');
      t.is(none.status, 401);
      t.is(none.body.key, 'common.tokenEmpty');
      t.is((await app().get('/api/auth/token', { token: 'x'.repeat(43) })).status, 401);

      const code = await issue(userId);
      const results = await Promise.all([1, 2, 3, 4].map(() => app().get('/api/auth/token', { token: code })));
      t.deepEqual(results.map((r) => r.status).sort(), [200, 401, 401, 401]);

      await app().cradle.db('users').where({ id: userId }).update({ status: 0 });
      const disabled = await app().get('/api/auth/token', { token: await issue(userId) });
      t.is(disabled.status, 403);
    },
  );
});
