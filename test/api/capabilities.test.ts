/**
 * Capabilities over HTTP (docs/conventions.md, Capabilities): the signed-in user's list, as roles grant it, and
 * every route a capability guards admits a holder of one of its codes and refuses everyone else with 403.
 */
import test from 'ava';
import { CAPABILITY_NAMES, codesOf, type Capability } from '../../core/modules/menus/index.ts';
import { perDialect } from '../helpers/app.ts';

type OpenApi = { paths: Record<string, Record<string, { 'x-capability'?: Capability[]; 'x-permission'?: string[] }>> };
type Caps = { data: { capabilities: string[] } };

const PASSWORD = 'Probe#2026pass';
/** A code that grants no capability: the dictionary screen guards its routes by its own codes. */
const UNRELATED = 'sys:dic:view';

perDialect(test, (dialect, app) => {
  let admin = '';
  let roleId = 0;
  let probe = '';

  const setRole = async (permissions: string[]) => {
    const res = await app().put(`/api/sys/roles/${roleId}`, { name: 'probe', permissions }, { token: admin });
    if (res.status !== 200) throw new Error(`role: ${res.status} ${res.body.msg}`);
  };

  test.serial(`${dialect}: the administrator has every capability; the nav answer carries the same list`, async (t) => {
    admin = await app().adminToken();
    const res = await app().get<Caps>('/api/auth/capabilities', { token: admin });
    t.is(res.status, 200);
    t.deepEqual(res.body.data.capabilities, CAPABILITY_NAMES);
    const nav = await app().get<{ capabilities: string[] }>('/api/sys/menu/nav', { token: admin });
    t.deepEqual(nav.body.capabilities, CAPABILITY_NAMES);
    t.is((await app().get('/api/auth/capabilities')).status, 401);
  });

  test.serial(`${dialect}: a role's codes grant exactly the capabilities that list them, at once`, async (t) => {
    const role = await app().post<{ data: { id: number } }>(
      '/api/sys/roles',
      { name: 'probe', permissions: ['center:meeting:view'] },
      { token: admin },
    );
    roleId = role.body.data.id;
    const user = await app().post(
      '/api/sys/users',
      { username: 'capprobe', realName: 'Probe', employeeNo: 'CAP1', roleIds: [roleId], password: PASSWORD },
      { token: admin },
    );
    t.is(user.status, 200);
    probe = await app().tokenFor('capprobe', PASSWORD);
    const mine = async () => (await app().get<Caps>('/api/auth/capabilities', { token: probe })).body.data.capabilities;
    t.deepEqual(await mine(), ['bookings.listOwn', 'bookings.viewGrid']);
    // Permissions are read on every request: a changed role changes the answer without signing in again.
    await setRole(['center:reserve:super', 'room:desk:view']);
    t.deepEqual(await mine(), ['bookings.manageAny', 'locations.view', 'locations.viewFloors', 'resources.viewDesks']);
    await setRole([UNRELATED]);
    t.deepEqual(await mine(), []);
    const nav = await app().get<{ capabilities: string[]; permissions: string[] }>('/api/sys/menu/nav', {
      token: probe,
    });
    t.deepEqual(nav.body.capabilities, []);
    t.deepEqual(nav.body.permissions, [UNRELATED]);
  });

  test.serial(
    `${dialect}: each route a capability guards: 403 without it, admitted with one of its codes`,
    async (t) => {
      const doc = (await app().get('/api/docs/openapi.json')).body as unknown as OpenApi;
      const guarded = Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.entries(methods)
          .filter(([, op]) => op['x-capability']?.length)
          .map(([method, op]) => ({ method: method.toUpperCase(), path, capabilities: op['x-capability']! })),
      );
      t.true(guarded.length >= 30, `${guarded.length} routes are guarded by capabilities`);
      for (const g of guarded)
        for (const c of g.capabilities) t.true(CAPABILITY_NAMES.includes(c), `${g.method} ${g.path}: ${c} exists`);
      const call = (op: (typeof guarded)[number]) =>
        app().request(op.method, op.path.replace(/\{[^}]+\}/g, '999999'), {
          token: probe,
          ...(op.method === 'GET' ? {} : { body: {} }),
        });
      const problems: string[] = [];
      await setRole([UNRELATED]);
      for (const op of guarded) {
        const res = await call(op);
        if (res.status !== 403) problems.push(`${op.method} ${op.path} without ${op.capabilities}: ${res.status}`);
      }
      // One route per capability is enough to show the mapping admits; take a read where there is one.
      const byCapability = new Map<Capability, (typeof guarded)[number]>();
      for (const op of guarded)
        for (const c of op.capabilities)
          if (!byCapability.has(c) || (op.method === 'GET' && byCapability.get(c)!.method !== 'GET'))
            byCapability.set(c, op);
      for (const [capability, op] of byCapability) {
        const codes = codesOf(capability);
        await setRole([codes[codes.length - 1]!]);
        const res = await call(op);
        if (res.status === 401 || res.status === 403)
          problems.push(`${op.method} ${op.path} with ${codes.at(-1)} (${capability}): ${res.status}`);
      }
      t.deepEqual(problems, []);
    },
  );
});
