import test from 'ava';
import { allPermissions } from '../../core/modules/menus/index.ts';
import { perDialect } from '../helpers/app.ts';

type Role = {
  id: number;
  name: string;
  description: string | null;
  code: string | null;
  builtIn: boolean;
  permissions: string[];
  userCount: number;
  createdBy: number | null;
};
type Page<T> = { items: T[]; total: number };
type Tree = Array<{
  name: string;
  titleEn: string;
  children: Array<{ name: string; title: string; actions: Array<{ code: string; titleEn: string }> }>;
}>;

const PASSWORD = 'Passw0rd-ok';

perDialect(test, (dialect, app) => {
  let token = '';
  let roles: Role[] = [];
  const roleId = (code: string) => roles.find((r) => r.code === code)!.id;

  test.serial(`${dialect}: the permission tree lists every catalogue code with titles`, async (t) => {
    token = await app().adminToken();
    roles = (await app().get<{ data: Page<Role> }>('/api/sys/roles', { token })).body.data.items;
    const tree = await app().get<{ data: Tree }>('/api/sys/permissions', { token });
    t.is(tree.status, 200);
    t.deepEqual(
      tree.body.data.map((s) => s.name),
      ['center', 'room', 'sys', 'inte'],
    );
    const codes = tree.body.data.flatMap((s) => s.children.flatMap((c) => c.actions.map((a) => a.code)));
    t.deepEqual(codes, allPermissions());
    const admin = tree.body.data[2]!.children.find((c) => c.name === 'admin')!;
    t.is(admin.title, '用户管理');
    t.deepEqual(
      admin.actions.map((a) => a.titleEn),
      ['View', 'Add', 'Modify', 'Delete', 'Import', 'Export', 'Recharge'],
    );
  });

  test.serial(`${dialect}: create, read, update, list; duplicate names and unknown codes refused`, async (t) => {
    const created = await app().post<{ data: Role }>(
      '/api/sys/roles',
      {
        name: 'Receptionists',
        description: 'Front desk',
        permissions: ['center:reserve:view', 'center:reserve:reserve', 'center:reserve:view'],
      },
      { token },
    );
    t.is(created.status, 200);
    t.like(created.body.data, { name: 'Receptionists', description: 'Front desk', builtIn: false, userCount: 0 });
    t.deepEqual(created.body.data.permissions, ['center:reserve:view', 'center:reserve:reserve']);

    const dup = await app().post('/api/sys/roles', { name: 'Receptionists', permissions: [] }, { token });
    t.is(dup.status, 409);
    t.is(dup.body.msg, 'Duplicate role name');
    t.is(
      (await app().post('/api/sys/roles', { name: 'Receptionists', permissions: [] }, { token, lang: 'cn' })).body.msg,
      '角色名称重复',
    );

    const unknown = await app().post('/api/sys/roles', { name: 'Weird', permissions: ['sys:nothing:view'] }, { token });
    t.is(unknown.status, 400);
    t.is(unknown.body.errors![0]!.field, 'permissions');
    t.is((await app().post('/api/sys/roles', { permissions: [] }, { token })).status, 400);

    const upd = await app().put<{ data: Role }>(
      `/api/sys/roles/${created.body.data.id}`,
      { name: 'Reception', description: null, permissions: ['center:meeting:view'] },
      { token },
    );
    t.is(upd.status, 200);
    t.like(upd.body.data, { name: 'Reception', description: null, permissions: ['center:meeting:view'] });
    const renameToStaff = await app().put(
      `/api/sys/roles/${created.body.data.id}`,
      { name: roles.find((r) => r.code === 'staff')!.name, permissions: [] },
      { token },
    );
    t.is(renameToStaff.status, 409);

    const list = await app().get<{ data: Page<Role> }>('/api/sys/roles?q=recep', { token });
    t.deepEqual(
      list.body.data.items.map((r) => r.name),
      ['Reception'],
    );
    t.is(
      (await app().get<{ data: Role }>(`/api/sys/roles/${created.body.data.id}`, { token })).body.data.name,
      'Reception',
    );
    t.is((await app().get('/api/sys/roles/999999', { token })).status, 404);
  });

  test.serial(
    `${dialect}: built-in roles cannot be deleted; the admin role keeps every permission; roles in use stay`,
    async (t) => {
      const del = await app().delete(`/api/sys/roles/${roleId('admin')}`, { token });
      t.is(del.status, 422);
      t.is(del.body.msg, 'Built-in roles cannot be deleted');
      t.is((await app().delete(`/api/sys/roles/${roleId('staff')}`, { token })).status, 422);
      const shrink = await app().put(
        `/api/sys/roles/${roleId('admin')}`,
        { name: 'Administrators', permissions: ['sys:admin:view'] },
        { token },
      );
      t.is(shrink.status, 422);
      const admin = (await app().get<{ data: Role }>(`/api/sys/roles/${roleId('admin')}`, { token })).body.data;
      const rename = await app().put<{ data: Role }>(
        `/api/sys/roles/${admin.id}`,
        { name: 'Administrators', permissions: admin.permissions },
        { token },
      );
      t.is(rename.status, 200);
      t.is(rename.body.data.permissions.length, allPermissions().length);

      const used = await app().post<{ data: Role }>(
        '/api/sys/roles',
        { name: 'Used', permissions: ['center:reserve:view'] },
        { token },
      );
      await app().post(
        '/api/sys/users',
        { username: 'user1', realName: 'User One', employeeNo: 'U1', roleIds: [used.body.data.id], password: PASSWORD },
        { token },
      );
      const inUse = await app().delete(`/api/sys/roles/${used.body.data.id}`, { token });
      t.is(inUse.status, 422);
      t.is(inUse.body.msg, 'The role is still given to 1 users');
      const spare = await app().post<{ data: Role }>('/api/sys/roles', { name: 'Spare', permissions: [] }, { token });
      t.is((await app().delete(`/api/sys/roles/${spare.body.data.id}`, { token })).status, 200);
      t.is((await app().get(`/api/sys/roles/${spare.body.data.id}`, { token })).status, 404);
    },
  );

  test.serial(
    `${dialect}: a role cannot exceed its creator's permissions; pre/{id} tells who may act on a role`,
    async (t) => {
      const mgrPerms = [
        'sys:role:view',
        'sys:role:add',
        'sys:role:update',
        'sys:role:delete',
        'center:reserve:view',
        'center:reserve:reserve',
      ];
      const mgrRole = await app().post<{ data: Role }>(
        '/api/sys/roles',
        { name: 'Role managers', permissions: mgrPerms },
        { token },
      );
      await app().post(
        '/api/sys/users',
        {
          username: 'rolemgr',
          realName: 'Role Manager',
          employeeNo: 'R1',
          roleIds: [mgrRole.body.data.id],
          password: PASSWORD,
        },
        { token },
      );
      const mgr = await app().tokenFor('rolemgr', PASSWORD);

      const beyond = await app().post(
        '/api/sys/roles',
        { name: 'Escalate', permissions: ['center:reserve:view', 'sys:admin:delete'] },
        { token: mgr },
      );
      t.is(beyond.status, 403, 'granting what one lacks is a matter of permission');
      t.is(beyond.body.msg, 'Role permissions beyond your authority');
      t.is(
        (
          await app().post(
            '/api/sys/roles',
            { name: 'Escalate', permissions: ['sys:admin:delete'] },
            { token: mgr, lang: 'ja' },
          )
        ).body.msg,
        'ロールの権限があなたの権限を超えています',
      );
      const mine = await app().post<{ data: Role }>(
        '/api/sys/roles',
        { name: 'Mine', permissions: ['center:reserve:view'] },
        { token: mgr },
      );
      t.is(mine.status, 200);
      const escalate = await app().put(
        `/api/sys/roles/${mine.body.data.id}`,
        { name: 'Mine', permissions: ['sys:admin:delete'] },
        { token: mgr },
      );
      t.is(escalate.status, 403);

      const pre = await app().get<{ allowed: boolean }>(`/api/sys/role/pre/${mine.body.data.id}`, { token: mgr });
      t.is(pre.status, 200);
      t.is(pre.body.code, 0);
      t.true(pre.body.allowed);
      const preStaff = await app().get(`/api/sys/role/pre/${roleId('staff')}`, { token: mgr });
      t.is(preStaff.status, 403);
      t.is(preStaff.body.code, 403);
      t.is(
        (await app().get(`/api/sys/role/pre/${roleId('staff')}`, { token })).body.code,
        0,
        'the system administrator may act on any role',
      );
      t.is((await app().get('/api/sys/role/pre/999999', { token })).status, 404);
      t.is(
        (await app().put(`/api/sys/roles/${roleId('staff')}`, { name: 'x', permissions: [] }, { token: mgr })).status,
        403,
      );
      t.is((await app().delete(`/api/sys/roles/${roleId('staff')}`, { token: mgr })).status, 403);

      const assignable = await app().get<{ data: Page<Role> }>('/api/sys/roles?assignable=true', { token: mgr });
      t.deepEqual(
        assignable.body.data.items.map((r) => r.name),
        ['Mine'],
      );
      t.is((await app().delete(`/api/sys/roles/${mine.body.data.id}`, { token: mgr })).status, 200);
    },
  );
});
