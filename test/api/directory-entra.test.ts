/**
 * The Microsoft Entra ID provider (plugins/entra-directory) under the directory sync (POST /inte/app/directory/sync)
 * on the real server, SQLite and MariaDB, pointed at the fake identity platform and Graph
 * (test/fixtures/fakes/graph.ts): a full run creates the people with their fields, linked under the source `entra`,
 * and keeps the deltaLink; an increment applies only what changed since (an update, a newcomer, a user deleted in
 * Entra disabled), a disabled account (accountEnabled false) is disabled; a stale deltaLink makes the increment list
 * everyone without disabling anyone.
 */
import test from 'ava';
import { perDialect, type TestApp } from '../helpers/app.ts';
import { CARD_EXTENSION, fakeGraph, type FakeGraph } from '../fixtures/fakes/graph.ts';

interface Run {
  mode: string;
  state: string;
  counts: { listed: number; created: number; updated: number; disabled: number; skipped: number };
  report: Array<{ action: string; username: string; fields?: string[] }>;
  error: string | null;
}

async function sync(app: TestApp, token: string, body: Record<string, unknown> = {}): Promise<Run> {
  const res = await app.post<{ data: Run }>('/api/inte/app/directory/sync', body, { token });
  if (res.status !== 200) throw new Error(`sync: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

const account = (app: TestApp, username: string) =>
  app.cradle
    .db('users')
    .where({ username })
    .first('id', 'status', 'real_name', 'employee_no', 'card_no', 'department', 'email', 'phone');

perDialect(test, (dialect, app) => {
  let fake: FakeGraph;
  let admin: string;
  test.serial.before(async () => {
    fake = await fakeGraph();
  });
  test.serial.after.always(async () => {
    await fake?.close();
  });
  const graphCallsSince = (from: number) => fake.requests.slice(from).map((r) => r.path);

  test.serial(`${dialect}: a full run creates the people of the tenant, linked under entra`, async (t) => {
    admin = await app().adminToken();
    const saved = await app().put(
      '/api/inte/settings/apps',
      {
        provider: 'entra-directory',
        settings: {
          tenantId: fake.tenantId,
          clientId: fake.clientId,
          clientSecret: fake.clientSecret,
          authorityUrl: fake.url,
          graphUrl: fake.url,
          cardNoAttribute: CARD_EXTENSION,
        },
      },
      { token: admin },
    );
    t.is(saved.status, 200, JSON.stringify(saved.body));
    const run = await sync(app(), admin);
    t.is(run.state, 'done', run.error ?? '');
    t.like(run, { mode: 'full', counts: { listed: 4, created: 3, disabled: 0 } });
    t.like(await account(app(), 'ann'), {
      status: 1,
      real_name: 'Ann Archer',
      employee_no: 'E-1',
      card_no: 'CARD-ANN',
      department: 'Engineering',
      email: 'ann.archer@contoso.example',
      phone: '+1 555 0101',
    });
    t.like(await account(app(), 'ben'), { department: 'Sales', phone: '+1 555 0200' });
    t.is(await account(app(), 'dan'), undefined, 'a disabled account is not created');
    t.is(await account(app(), 'gus_partner.example#EXT#'), undefined, 'guests are left out');
    const links = await app().cradle.db('user_identities').where({ source: 'entra' }).pluck('external_id');
    t.deepEqual(links.sort(), ['ann', 'ben', 'cat'].map((n) => fake.idOf(n)).sort());
    const sync0 = await app().cradle.db('directory_sync').where({ id: 1 }).first('state');
    t.true(String(sync0.state).startsWith(`${fake.url}/v1.0/users/delta?$deltatoken=`));
  });

  test.serial(`${dialect}: an increment applies only the changes; a user deleted in Entra is disabled`, async (t) => {
    fake.updateUser(fake.idOf('ben'), { department: 'Marketing' });
    fake.deleteUser(fake.idOf('ann'));
    fake.addUser({
      userPrincipalName: 'eve@contoso.example',
      displayName: 'Eve Estes',
      mail: 'eve@contoso.example',
      department: 'Sales',
      employeeId: 'E-5',
      accountEnabled: true,
    });
    const from = fake.requests.length;
    const run = await sync(app(), admin, { mode: 'incremental' });
    t.is(run.state, 'done', run.error ?? '');
    t.like(run, { mode: 'incremental', counts: { listed: 3, created: 1, updated: 1, disabled: 1 } });
    t.deepEqual(run.report.find((l) => l.username === 'ben')!.fields, ['department', 'departmentPath']);
    t.like(await account(app(), 'ben'), { status: 1, department: 'Marketing', real_name: 'Ben Baker' });
    t.like(await account(app(), 'eve'), { status: 1, employee_no: 'E-5', department: 'Sales' });
    t.like(await account(app(), 'ann'), { status: 0 });
    t.like(await account(app(), 'cat'), { status: 1 });
    const calls = graphCallsSince(from);
    t.true(
      calls.some((p) => p.startsWith('/v1.0/users/delta?$deltatoken=')),
      'resumed from the deltaLink',
    );
    t.false(
      calls.some((p) => p.startsWith('/v1.0/groups/delta')),
      'no full read of the groups',
    );
  });

  test.serial(`${dialect}: an account disabled in Entra (accountEnabled false) is disabled`, async (t) => {
    fake.updateUser(fake.idOf('cat'), { accountEnabled: false });
    const run = await sync(app(), admin, { mode: 'incremental' });
    t.is(run.state, 'done', run.error ?? '');
    t.like(run, { counts: { listed: 1, disabled: 1, created: 0, updated: 0 } });
    t.like(await account(app(), 'cat'), { status: 0 });
    t.like(await account(app(), 'ben'), { status: 1 });
  });

  test.serial(`${dialect}: a stale deltaLink: the increment lists everyone and disables no one`, async (t) => {
    fake.staleDeltaLinks();
    fake.updateUser(fake.idOf('eve'), { displayName: 'Eve Estes-Ng' });
    const run = await sync(app(), admin, { mode: 'incremental' });
    t.is(run.state, 'done', run.error ?? '');
    // ben, eve and the two disabled accounts (cat, dan) are listed; ann is in the recycle bin.
    t.like(run, { mode: 'incremental', counts: { listed: 4, disabled: 0, created: 0, updated: 1 } });
    t.like(await account(app(), 'eve'), { real_name: 'Eve Estes-Ng', status: 1 });
    const state = await app().cradle.db('directory_sync').where({ id: 1 }).first('state');
    // The next increment resumes from the new deltaLink.
    fake.updateUser(fake.idOf('ben'), { mobilePhone: '+1 555 0222' });
    const next = await sync(app(), admin, { mode: 'incremental' });
    t.like(next, { state: 'done', counts: { listed: 1, updated: 1 } });
    t.like(await account(app(), 'ben'), { phone: '+1 555 0222' });
    t.not((await app().cradle.db('directory_sync').where({ id: 1 }).first('state')).state, state.state);
  });

  test.serial(`${dialect}: an OIDC sign-in through Entra finds the account the sync linked, by oid`, async (t) => {
    const { ssoProvisioningService, db } = app().cradle;
    const ben = await db('users').where({ username: 'ben' }).first('id');
    const policy = { autoCreate: true, matchByUsername: false, userMap: { username: 'preferred_username' } };
    // Entra's sub differs per application; its oid is the object id the sync linked under `entra`.
    const user = await ssoProvisioningService.resolve(
      {
        source: 'oidc',
        externalId: `pairwise-sub-${dialect}`,
        attributes: { preferred_username: 'ben@contoso.example' },
        alias: { source: 'entra', externalId: fake.idOf('ben') },
      },
      policy,
    );
    t.is(user.id, Number(ben.id));
    t.is(await app().cradle.ssoIdentitiesService.userIdOf('oidc', `pairwise-sub-${dialect}`), Number(ben.id));
    t.is(
      await db('users')
        .where('username', 'like', 'ben%')
        .count({ n: '*' })
        .first()
        .then((r) => Number(r!.n)),
      1,
    );
  });
});
