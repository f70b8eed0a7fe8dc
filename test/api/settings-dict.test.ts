import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { createUser, STAFF_PASSWORD } from '../helpers/users.ts';

interface Item {
  id: number;
  parentId: number | null;
  code: string | null;
  name: string;
  sort: number;
  protected: boolean;
}
interface Node extends Item {
  children: Node[];
}
interface Branch extends Item {
  childCount: number;
  match: boolean;
  children: Branch[];
}

perDialect(test, (dialect, app) => {
  let admin: string;
  let rootId: number;
  let childId: number;
  test.serial(`${dialect}: items are created under a parent and read as a tree, siblings by sort`, async (t) => {
    admin = await app().adminToken();
    const root = await app().post<{ data: Item }>(
      '/api/sys/dict',
      { name: 'Meeting purpose', code: 'purpose', sort: 5 },
      { token: admin },
    );
    t.is(root.status, 200, JSON.stringify(root.body));
    rootId = root.body.data.id;
    const b = await app().post<{ data: Item }>(
      '/api/sys/dict',
      { name: 'Interview', sort: 2, parentId: rootId },
      { token: admin },
    );
    const a = await app().post<{ data: Item }>(
      '/api/sys/dict',
      { name: 'Training', sort: 1, parentId: rootId, description: 'internal' },
      { token: admin },
    );
    t.is(a.status, 200);
    childId = b.body.data.id;
    const tree = await app().get<{ data: Node[] }>('/api/sys/dict/tree', { token: admin });
    const purpose = tree.body.data.find((n) => n.code === 'purpose')!;
    t.deepEqual(
      purpose.children.map((c) => c.name),
      ['Training', 'Interview'],
    );
    const children = await app().get<{ data: { items: Item[]; total: number } }>(`/api/sys/dict?parentId=${rootId}`, {
      token: admin,
    });
    t.is(children.body.data.total, 2);
    const top = await app().get<{ data: { items: Item[] } }>('/api/sys/dict?parentId=0&q=purp', { token: admin });
    t.deepEqual(
      top.body.data.items.map((i) => i.code),
      ['purpose'],
    );
    t.true(
      tree.body.data.some((n) => n.code === 'resourceType' && n.protected && n.children.length === 2),
      'built-in items are seeded',
    );
  });

  for (const sort of [0, -1, 1.5, 'abc', null]) {
    test.serial(`${dialect}: sort ${JSON.stringify(sort)} is refused: a positive integer is required`, async (t) => {
      const res = await app().post('/api/sys/dict', { name: 'X', sort }, { token: admin, lang: 'cn' });
      t.is(res.status, 400);
      t.is(res.body.errors?.[0]?.field, 'sort');
    });
  }

  test.serial(`${dialect}: bad parents, loops, empty names and duplicate codes are refused`, async (t) => {
    t.is(
      (await app().post('/api/sys/dict', { name: 'Orphan', sort: 1, parentId: 999_999 }, { token: admin })).status,
      400,
    );
    t.is((await app().post('/api/sys/dict', { name: '', sort: 1 }, { token: admin })).status, 400);
    t.is((await app().post('/api/sys/dict', { name: 'Dup', sort: 1, code: 'purpose' }, { token: admin })).status, 409);
    const loop = await app().put(
      `/api/sys/dict/${rootId}`,
      { name: 'Meeting purpose', code: 'purpose', sort: 5, parentId: childId },
      { token: admin },
    );
    t.is(loop.status, 400);
    t.is(loop.body.key, 'dict.badParent');
    t.is(
      (
        await app().put(
          `/api/sys/dict/${rootId}`,
          { name: 'Meeting purpose', sort: 5, parentId: rootId },
          { token: admin },
        )
      ).status,
      400,
      'its own parent',
    );
    t.is((await app().put('/api/sys/dict/999999', { name: 'x', sort: 1 }, { token: admin })).status, 404);
  });

  test.serial(`${dialect}: list items carry their number of children, so a tree knows which expand`, async (t) => {
    const top = await app().get<{ data: { items: Array<Item & { childCount: number }> } }>(
      '/api/sys/dict?parentId=0&pageSize=100',
      { token: admin },
    );
    t.is(top.status, 200);
    t.is(top.body.data.items.find((i) => i.id === rootId)?.childCount, 2);
    t.is(top.body.data.items.find((i) => i.code === 'resourceType')?.childCount, 2);
    const leaves = await app().get<{ data: { items: Array<Item & { childCount: number }> } }>(
      `/api/sys/dict?parentId=${rootId}`,
      { token: admin },
    );
    t.deepEqual(
      leaves.body.data.items.map((i) => i.childCount),
      [0, 0],
    );
  });

  test.serial(
    `${dialect}: search answers the matching items with their ancestors, as branches from the top level`,
    async (t) => {
      // purpose > Interview > Panel interview > Panel (technical); a match three levels down.
      const panel = await app().post<{ data: Item }>(
        '/api/sys/dict',
        { name: 'Panel interview', code: 'purpose.panel', sort: 1, parentId: childId },
        { token: admin },
      );
      const deep = await app().post<{ data: Item }>(
        '/api/sys/dict',
        { name: 'Technical', description: '50%_panel', sort: 1, parentId: panel.body.data.id },
        { token: admin },
      );
      const res = await app().get<{ data: { items: Branch[]; total: number; shown: number } }>(
        '/api/sys/dict/search?q=panel',
        { token: admin },
      );
      t.is(res.status, 200, JSON.stringify(res.body));
      t.is(res.body.data.total, 2, 'name, code or description');
      t.is(res.body.data.shown, 2);
      t.deepEqual(
        res.body.data.items.map((b) => b.code),
        ['purpose'],
        'only branches that lead to a match',
      );
      const purpose = res.body.data.items[0]!;
      t.false(purpose.match);
      t.is(purpose.childCount, 2, 'the real number of children');
      t.deepEqual(
        purpose.children.map((b) => b.name),
        ['Interview'],
        'Training leads to no match',
      );
      const interview = purpose.children[0]!;
      t.false(interview.match);
      const [panelBranch] = interview.children;
      t.deepEqual([panelBranch?.name, panelBranch?.match, panelBranch?.childCount], ['Panel interview', true, 1]);
      t.deepEqual(
        panelBranch?.children.map((b) => [b.id, b.match]),
        [[deep.body.data.id, true]],
      );
      // Wildcards are literal; the limit caps the matches, not the ancestors.
      const literal = await app().get<{ data: { items: Branch[]; total: number } }>('/api/sys/dict/search?q=50%25_', {
        token: admin,
      });
      t.is(literal.body.data.total, 1);
      const capped = await app().get<{ data: { items: Branch[]; total: number; shown: number } }>(
        '/api/sys/dict/search?q=panel&limit=1',
        { token: admin },
      );
      t.deepEqual([capped.body.data.total, capped.body.data.shown], [2, 1]);
      t.is(
        capped.body.data.items[0]?.children[0]?.children[0]?.name,
        'Panel interview',
        'the first match by sort value, with its ancestors',
      );
      const none = await app().get<{ data: { items: Branch[]; total: number } }>('/api/sys/dict/search?q=zzz-nothing', {
        token: admin,
      });
      t.deepEqual([none.body.data.items, none.body.data.total], [[], 0]);
      t.is((await app().get('/api/sys/dict/search', { token: admin })).status, 400, 'a search needs its text');
      t.is((await app().get('/api/sys/dict/search?q=x&limit=0', { token: admin })).status, 400);
      for (const id of [deep.body.data.id, panel.body.data.id])
        t.is((await app().delete(`/api/sys/dict/${id}`, { token: admin })).status, 200);
    },
  );

  test.serial(`${dialect}: an item with children cannot be deleted; a leaf can`, async (t) => {
    const res = await app().delete(`/api/sys/dict/${rootId}`, { token: admin });
    t.is(res.status, 422);
    t.is(res.body.key, 'dict.hasChildren');
    t.is((await app().delete(`/api/sys/dict/${childId}`, { token: admin })).status, 200);
    t.is((await app().get(`/api/sys/dict/${childId}`, { token: admin })).status, 404);
  });

  test.serial(`${dialect}: a protected item can be modified but not deleted`, async (t) => {
    const made = await app().post<{ data: Item }>(
      '/api/sys/dict',
      { name: 'Built in', sort: 3, protected: true },
      { token: admin },
    );
    const id = made.body.data.id;
    t.true(made.body.data.protected);
    const upd = await app().put<{ data: Item }>(
      `/api/sys/dict/${id}`,
      { name: 'Built in (renamed)', sort: 4, description: 'changed' },
      { token: admin },
    );
    t.is(upd.status, 200);
    t.is(upd.body.data.name, 'Built in (renamed)');
    t.true(upd.body.data.protected, 'an update cannot lift the protection');
    t.is(
      (await app().put(`/api/sys/dict/${id}`, { name: 'x', sort: 4, protected: false }, { token: admin })).status,
      400,
    );
    for (const [lang, text] of [
      ['en', 'The dictionary item cannot be deleted, only modified'],
      ['cn', '该字典项不能删除，只能修改'],
    ] as const) {
      const del = await app().delete(`/api/sys/dict/${id}`, { token: admin, lang });
      t.is(del.status, 422);
      t.is(del.body.msg, text);
    }
    t.is((await app().get(`/api/sys/dict/${id}`, { token: admin })).status, 200);
    const log = await app().get<{ data: { items: Array<{ action: string }> } }>(
      '/api/sys/logs/operations?action=sys.dict.*',
      { token: admin },
    );
    t.true(log.body.data.items.some((i) => i.action === 'sys.dict.update'));
    t.true(log.body.data.items.some((i) => i.action === 'sys.dict.delete'));
  });

  test.serial(`${dialect}: the dictionary needs the sys:dic permissions`, async (t) => {
    await createUser(app(), 'dict-staff');
    const staff = await app().tokenFor('dict-staff', STAFF_PASSWORD);
    t.is((await app().get('/api/sys/dict', { token: staff })).status, 403);
    t.is((await app().get('/api/sys/dict/search?q=a', { token: staff })).status, 403);
    t.is((await app().post('/api/sys/dict', { name: 'x', sort: 1 }, { token: staff })).status, 403);
  });
});
