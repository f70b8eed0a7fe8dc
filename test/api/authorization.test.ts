/**
 * Every operation of the OpenAPI document, whoever wrote it: signed out → 401
 * unless public; signed in without the operation's permission → 403; with it
 * (the administrator) → neither, except on a door tablet's routes, which no
 * user passes (403). The list comes from the served document, which is
 * generated from the route tables, so a new route cannot slip past.
 */
import test from 'ava';
import { allPermissions } from '../../core/modules/menus/index.ts';
import { perDialect, type TestApp } from '../helpers/app.ts';

interface Operation {
  method: string;
  path: string;
  permissions: string[];
  isPublic: boolean;
}

type OpenApi = {
  paths: Record<string, Record<string, { description?: string; security?: unknown[]; 'x-permission'?: string[] }>>;
};

const PROBE_PASSWORD = 'Probe#2026pass';

function operations(doc: OpenApi): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      permissions: op['x-permission'] ?? [],
      isPublic: Boolean(op.description?.includes('Public.')) && Array.isArray(op.security) && op.security.length === 0,
    })),
  );
}

/** Path parameters become an id that exists nowhere; the body is an empty object. */
function call(app: TestApp, op: Operation, token?: string) {
  const url = op.path.replace(/\{[^}]+\}/g, '999999');
  const withBody = op.method !== 'GET' && op.method !== 'HEAD';
  return app.request(op.method, url, { token, ...(withBody ? { body: {} } : {}) });
}

perDialect(
  test,
  (dialect, app) => {
    test.serial(`${dialect}: every operation checks sign-in and permission`, async (t) => {
      const doc = (await app().get('/api/docs/openapi.json')).body as unknown as OpenApi;
      const ops = operations(doc);
      t.true(ops.length > 40, `the document lists ${ops.length} operations`);
      t.log(`${ops.length} operations, ${ops.filter((o) => o.isPublic).length} public`);
      t.true(
        ops.some((o) => o.path === '/api/sys/users/{id}' && o.method === 'DELETE'),
        'the document is the live one',
      );
      for (const op of ops)
        t.true(op.isPublic || op.permissions.length > 0, `${op.method} ${op.path} declares a permission`);

      // Probe users that each hold a single permission, the least used by routes first.
      const used = new Map<string, number>();
      for (const op of ops) for (const p of op.permissions) used.set(p, (used.get(p) ?? 0) + 1);
      const [permA, permB] = allPermissions().sort((a, b) => (used.get(a) ?? 0) - (used.get(b) ?? 0));
      let admin = await app().adminToken();
      const probes: Array<{ permission: string; username: string; token: string }> = [];
      for (const [i, permission] of [permA!, permB!].entries()) {
        const role = await app().post<{ data: { id: number } }>(
          '/api/sys/roles',
          { name: `probe-${i}`, permissions: [permission] },
          { token: admin },
        );
        t.is(role.status, 200);
        const user = await app().post(
          '/api/sys/users',
          {
            username: `probe${i}`,
            realName: 'Probe',
            employeeNo: `P${i}`,
            roleIds: [role.body.data.id],
            password: PROBE_PASSWORD,
          },
          { token: admin },
        );
        t.is(user.status, 200);
        probes.push({ permission, username: `probe${i}`, token: await app().tokenFor(`probe${i}`, PROBE_PASSWORD) });
      }

      const problems: string[] = [];
      const serverErrors: string[] = [];
      for (const op of ops.filter((o) => !o.isPublic)) {
        const name = `${op.method} ${op.path}`;
        const signedOut = await call(app(), op);
        if (signedOut.status !== 401) problems.push(`${name}: signed out answered ${signedOut.status}, not 401`);
        if (op.permissions.includes('signedIn')) continue;
        const probe = probes.find((p) => !op.permissions.includes(p.permission));
        if (!probe) {
          problems.push(`${name}: no probe user lacks all of ${op.permissions.join(', ')}`);
          continue;
        }
        let denied = await call(app(), op, probe.token);
        if (denied.status === 401) {
          // An earlier call may have ended every session (e.g. a licence change); sign in again once.
          probe.token = await app().tokenFor(probe.username, PROBE_PASSWORD);
          denied = await call(app(), op, probe.token);
        }
        if (denied.status !== 403)
          problems.push(`${name}: without ${op.permissions.join(' or ')} answered ${denied.status}, not 403`);
      }

      // The administrator last: these calls may change state (with unknown ids and empty bodies they mostly cannot).
      for (const op of ops.filter((o) => !o.isPublic)) {
        const name = `${op.method} ${op.path}`;
        let allowed = await call(app(), op, admin);
        if (allowed.status === 401) {
          admin = await app().adminToken();
          allowed = await call(app(), op, admin);
        }
        // A door tablet's routes admit its device credential only (docs/product-rules.md R19.2), no user; a wall
        // screen's own stream its credential only (R19.12).
        if (op.permissions.includes('device') || (op.permissions.length === 1 && op.permissions[0] === 'wall')) {
          if (allowed.status !== 403) problems.push(`${name}: the administrator got ${allowed.status}, not 403`);
        } else if (allowed.status === 401 || allowed.status === 403)
          problems.push(`${name}: the administrator got ${allowed.status} (${allowed.body.msg})`);
        if (allowed.status >= 500) serverErrors.push(`${name}: ${allowed.status} ${allowed.body.msg}`);
        // Some calls end the caller's session (logout): check the token for the next one.
        if ((await app().get('/api/sys/menu/nav', { token: admin })).status === 401) admin = await app().adminToken();
      }
      for (const e of serverErrors) t.log(`server error with an empty body (not an authorization failure): ${e}`);
      t.deepEqual(problems, []);
    });
  },
  { config: { loginRateLimit: 100_000 } },
);
