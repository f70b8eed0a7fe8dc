import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { createUser } from '../helpers/users.ts';

type Group = {
  id: number;
  name: string;
  description: string | null;
  memberCount: number;
  members: Array<{ id: number; username: string; realName: string }>;
  createdAt: number;
  updatedAt: number;
};
type Page<T> = { items: T[]; total: number };

perDialect(test, (dialect, app) => {
  let token = '';
  let ann = 0;
  let ben = 0;

  test.serial(`${dialect}: create, read, list, update and delete a group with members`, async (t) => {
    token = await app().adminToken();
    ann = await createUser(app(), 'ann');
    ben = await createUser(app(), 'ben');
    const created = await app().post<{ data: Group }>(
      '/api/sys/groups',
      { name: 'Floor 3', description: 'Third floor', memberIds: [ann, ben, ann] },
      { token },
    );
    t.is(created.status, 200, JSON.stringify(created.body));
    const g = created.body.data;
    t.like(g, { name: 'Floor 3', description: 'Third floor', memberCount: 2 });
    t.deepEqual(
      g.members.map((m) => m.username),
      ['ann', 'ben'],
    );
    t.true(g.createdAt > 0 && g.updatedAt === g.createdAt);

    const list = await app().get<{ data: Page<Group> }>('/api/sys/groups?q=floor', { token });
    t.is(list.body.data.total, 1);
    t.is(list.body.data.items[0]!.memberCount, 2);
    t.is((await app().get<{ data: Page<Group> }>(`/api/sys/groups?userId=${ben}`, { token })).body.data.total, 1);

    app().clock.advance(60_000);
    const upd = await app().put<{ data: Group }>(
      `/api/sys/groups/${g.id}`,
      { name: 'Floor three', memberIds: [ben] },
      { token },
    );
    t.is(upd.status, 200);
    t.like(upd.body.data, { name: 'Floor three', description: null, memberCount: 1 });
    t.true(upd.body.data.updatedAt > g.updatedAt);
    t.is((await app().get<{ data: Group }>(`/api/sys/groups/${g.id}`, { token })).body.data.members[0]!.id, ben);

    t.is((await app().delete(`/api/sys/groups/${g.id}`, { token })).status, 200);
    t.is((await app().get(`/api/sys/groups/${g.id}`, { token })).status, 404);
    t.is((await app().delete(`/api/sys/groups/${g.id}`, { token })).status, 404);
  });

  test.serial(
    `${dialect}: duplicate group names, unknown members and bad input are refused without writing`,
    async (t) => {
      const a = await app().post<{ data: Group }>('/api/sys/groups', { name: 'Sales', memberIds: [] }, { token });
      t.is(a.status, 200);
      const dup = await app().post('/api/sys/groups', { name: 'Sales', memberIds: [ann] }, { token });
      t.is(dup.status, 409);
      t.is(dup.body.msg, 'Duplicate group name');
      t.is((await app().post('/api/sys/groups', { name: 'Sales' }, { token, lang: 'cn' })).body.msg, '用户组名称重复');

      const unknown = await app().post('/api/sys/groups', { name: 'Ghosts', memberIds: [ann, 999999] }, { token });
      t.is(unknown.status, 400);
      t.is(unknown.body.msg, 'Unknown users: 999999');
      t.is((await app().get<{ data: Page<Group> }>('/api/sys/groups?q=ghosts', { token })).body.data.total, 0);

      const b = await app().post<{ data: Group }>('/api/sys/groups', { name: 'Support', memberIds: [ann] }, { token });
      const clash = await app().put(`/api/sys/groups/${b.body.data.id}`, { name: 'Sales', memberIds: [] }, { token });
      t.is(clash.status, 409);
      t.is(
        (await app().get<{ data: Group }>(`/api/sys/groups/${b.body.data.id}`, { token })).body.data.memberCount,
        1,
        'the refused update changed nothing',
      );

      t.is((await app().post('/api/sys/groups', { name: '', memberIds: [] }, { token })).status, 400);
      t.is((await app().post('/api/sys/groups', { name: 'x', memberIds: ['a'] }, { token })).status, 400);
      t.is((await app().put('/api/sys/groups/999999', { name: 'x' }, { token })).status, 404);
    },
  );

  test.serial(`${dialect}: deleting a member user removes them from the group`, async (t) => {
    const g = (await app().get<{ data: Page<Group> }>('/api/sys/groups?q=support', { token })).body.data.items[0]!;
    t.is((await app().delete(`/api/sys/users/${ann}`, { token })).status, 200);
    t.is((await app().get<{ data: Group }>(`/api/sys/groups/${g.id}`, { token })).body.data.memberCount, 0);
  });
});
