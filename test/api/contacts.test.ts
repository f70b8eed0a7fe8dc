import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { STAFF_PASSWORD, createUser } from '../helpers/users.ts';

type Contact = { id: number; name: string; realName: string; email: string | null };

perDialect(test, (dialect, app) => {
  test.serial(`${dialect}: contacts list active users (name, realName, email) to any signed-in user`, async (t) => {
    await createUser(app(), 'zoe');
    await createUser(app(), 'yuri');
    await createUser(app(), 'gone', { status: 0 });
    const token = await app().tokenFor('zoe', STAFF_PASSWORD);

    for (const path of ['/api/contacts/', '/api/sys/user/contactList']) {
      const all = await app().get<{ data: Contact[] }>(path, { token });
      t.is(all.status, 200, path);
      t.deepEqual(all.body.data.map((c) => c.name).sort(), ['admin', 'yuri', 'zoe']);
      t.deepEqual(Object.keys(all.body.data[0]!).sort(), ['email', 'id', 'name', 'realName']);
      const found = await app().get<{ data: Contact[] }>(`${path}?q=YUR`, { token });
      t.deepEqual(
        found.body.data.map((c) => ({ name: c.name, email: c.email })),
        [{ name: 'yuri', email: 'yuri@example.org' }],
      );
      t.is((await app().get(path)).status, 401);
    }
    t.is(
      (await app().get<{ data: Contact[] }>('/api/contacts/?q=%25', { token })).body.data.length,
      0,
      'a % is searched literally',
    );
    t.is((await app().get('/api/contacts/?limit=0', { token })).status, 400);
  });
});
