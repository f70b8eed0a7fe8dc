import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { STAFF_PASSWORD, createUser } from '../helpers/users.ts';

type Menu = {
  id: number;
  parentId: number | null;
  name: string;
  path: string;
  title: string;
  titleEn: string;
  titleJa: string;
  icon: string | null;
  hidden: boolean;
  sort: number;
  meta: Record<string, unknown> | null;
  builtIn: boolean;
  children?: Menu[];
};
type Page<T> = { items: T[]; total: number };
type Nav = {
  menuList: Array<{
    name: string;
    path: string;
    meta: { title: string; titleEn: string; hidden: boolean };
    children: Array<{ name: string; path: string; meta: { titleEn: string; hidden: boolean } }>;
  }>;
};

perDialect(test, (dialect, app) => {
  let token = '';
  let centerId = 0;

  test.serial(`${dialect}: the tree holds the seeded catalogue`, async (t) => {
    token = await app().adminToken();
    const tree = await app().get<{ data: Menu[] }>('/api/sys/menus/tree', { token });
    t.is(tree.status, 200);
    t.deepEqual(
      tree.body.data.map((s) => s.name),
      ['center', 'room', 'sys', 'inte'],
    );
    const center = tree.body.data[0]!;
    centerId = center.id;
    t.true(center.builtIn);
    t.is(center.children![0]!.name, 'center-reserve');
    t.is(center.children![0]!.titleEn, 'Book by List');
    const sections = await app().get<{ data: Page<Menu> }>('/api/sys/menus?parentId=0', { token });
    t.is(sections.body.data.total, 4);
    t.is((await app().get<{ data: Page<Menu> }>('/api/sys/menus?q=Book%20by', { token })).body.data.total, 2);
  });

  test.serial(`${dialect}: create, update and delete a custom item; it appears in the navigation`, async (t) => {
    const created = await app().post<{ data: Menu }>(
      '/api/sys/menus',
      {
        parentId: centerId,
        name: 'center-guide',
        path: '/center/guide',
        title: '指南',
        titleEn: 'Guide',
        titleJa: 'ガイド',
        icon: 'book',
        sort: 99,
        meta: { keepAlive: true },
      },
      { token },
    );
    t.is(created.status, 200, JSON.stringify(created.body));
    t.like(created.body.data, {
      parentId: centerId,
      name: 'center-guide',
      hidden: false,
      builtIn: false,
      meta: { keepAlive: true },
    });

    await createUser(app(), 'viewer');
    const viewer = await app().tokenFor('viewer', STAFF_PASSWORD);
    const nav = await app().get<Nav>('/api/sys/menu/nav', { token: viewer });
    t.true(
      nav.body.menuList[0]!.children.some((c) => c.name === 'center-guide'),
      'an item without a permission prefix shows for everyone',
    );

    const upd = await app().put<{ data: Menu }>(
      `/api/sys/menus/${created.body.data.id}`,
      {
        parentId: centerId,
        name: 'center-guide',
        path: '/center/guide',
        title: '指南',
        titleEn: 'User guide',
        titleJa: 'ガイド',
        hidden: true,
      },
      { token },
    );
    t.is(upd.status, 200);
    t.like(upd.body.data, { titleEn: 'User guide', hidden: true, icon: null, meta: null, sort: 0 });

    const dup = await app().post(
      '/api/sys/menus',
      { name: 'center-guide', path: '/x', title: 'x', titleEn: 'x', titleJa: 'x' },
      { token },
    );
    t.is(dup.status, 409);
    t.is(dup.body.msg, 'Duplicate menu name');

    t.is((await app().delete(`/api/sys/menus/${created.body.data.id}`, { token })).status, 200);
    t.is((await app().get(`/api/sys/menus/${created.body.data.id}`, { token })).status, 404);
  });

  test.serial(
    `${dialect}: built-in items can be retitled and hidden but keep their name and are not deleted`,
    async (t) => {
      const tree = (await app().get<{ data: Menu[] }>('/api/sys/menus/tree', { token })).body.data;
      const reserve = tree[0]!.children![0]!;
      const retitle = await app().put<{ data: Menu }>(
        `/api/sys/menus/${reserve.id}`,
        {
          ...reserve,
          parentId: reserve.parentId,
          titleEn: 'Book from a list',
          id: undefined,
          builtIn: undefined,
          createdAt: undefined,
          updatedAt: undefined,
          permissionPrefix: undefined,
          actions: undefined,
        },
        { token },
      );
      t.is(retitle.status, 200, JSON.stringify(retitle.body));
      const nav = await app().get<Nav>('/api/sys/menu/nav', { token });
      t.is(nav.body.menuList[0]!.children[0]!.meta.titleEn, 'Book from a list');

      const rename = await app().put(
        `/api/sys/menus/${reserve.id}`,
        { name: 'renamed', path: reserve.path, title: 'a', titleEn: 'a', titleJa: 'a', parentId: reserve.parentId },
        { token },
      );
      t.is(rename.status, 400);
      const del = await app().delete(`/api/sys/menus/${reserve.id}`, { token });
      t.is(del.status, 422);
      t.is(del.body.msg, 'Built-in menu items cannot be deleted; hide them instead');
    },
  );

  test.serial(`${dialect}: the tree has two levels; bad parents and bad input are refused`, async (t) => {
    const tree = (await app().get<{ data: Menu[] }>('/api/sys/menus/tree', { token })).body.data;
    const screen = tree[0]!.children![0]!;
    const deep = await app().post(
      '/api/sys/menus',
      { parentId: screen.id, name: 'too-deep', path: '/x/y', title: 'x', titleEn: 'x', titleJa: 'x' },
      { token },
    );
    t.is(deep.status, 400);
    t.is(deep.body.errors![0]!.field, 'parentId');
    t.is(
      (
        await app().post(
          '/api/sys/menus',
          { parentId: 999999, name: 'orphan', path: '/o', title: 'x', titleEn: 'x', titleJa: 'x' },
          { token },
        )
      ).status,
      400,
    );
    t.is(
      (
        await app().post(
          '/api/sys/menus',
          { name: 'no-slash', path: 'relative', title: 'x', titleEn: 'x', titleJa: 'x' },
          { token },
        )
      ).status,
      400,
    );
    t.is((await app().post('/api/sys/menus', { name: 'x' }, { token })).status, 400);

    const section = await app().post<{ data: Menu }>(
      '/api/sys/menus',
      { name: 'help', path: '/help', title: '帮助', titleEn: 'Help', titleJa: 'ヘルプ' },
      { token },
    );
    const child = await app().post<{ data: Menu }>(
      '/api/sys/menus',
      {
        parentId: section.body.data.id,
        name: 'help-faq',
        path: '/help/faq',
        title: 'FAQ',
        titleEn: 'FAQ',
        titleJa: 'FAQ',
      },
      { token },
    );
    t.is(child.status, 200);
    const withChildren = await app().delete(`/api/sys/menus/${section.body.data.id}`, { token });
    t.is(withChildren.status, 422);
    const moveSection = await app().put(
      `/api/sys/menus/${section.body.data.id}`,
      { parentId: centerId, name: 'help', path: '/help', title: 'x', titleEn: 'x', titleJa: 'x' },
      { token },
    );
    t.is(moveSection.status, 400, 'a section with children cannot become a child');
    t.is((await app().delete(`/api/sys/menus/${child.body.data.id}`, { token })).status, 200);
    t.is((await app().delete(`/api/sys/menus/${section.body.data.id}`, { token })).status, 200);
  });
});
