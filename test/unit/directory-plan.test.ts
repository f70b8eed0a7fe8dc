/**
 * The directory sync's plan (docs/product-rules.md R21.2, R21.3), a pure function: who is created, linked, updated,
 * disabled or skipped, and why, from the people listed and the accounts as they are.
 */
import test from 'ava';
import { plan, type PlanInput } from '../../core/modules/directory/plan.ts';
import type { DirectoryUser } from '../../core/plugin-sdk/index.ts';
import type { DirectoryAccount } from '../../core/modules/users/index.ts';

const person = (id: string, over: Partial<DirectoryUser> = {}): DirectoryUser => ({
  externalId: id,
  username: id,
  realName: id.toUpperCase(),
  email: `${id}@example.org`,
  active: true,
  ...over,
});
const account = (id: number, username: string, over: Partial<DirectoryAccount> = {}): DirectoryAccount => ({
  id,
  username,
  status: 1,
  realName: username.toUpperCase(),
  email: `${username}@example.org`,
  phone: null,
  department: null,
  cardNo: null,
  employeeNo: username,
  externalId: null,
  departmentPath: null,
  ...over,
});

function input(over: Partial<PlanInput>): PlanInput {
  return {
    mode: 'full',
    people: [],
    links: new Map(),
    accounts: new Map(),
    byField: new Map(),
    ambiguous: new Set(),
    byUsername: new Map(),
    linkedUserIds: new Set(),
    admins: new Set(),
    matchBy: 'email',
    autoCreate: true,
    addressedById: false,
    ...over,
  };
}

test('new people are created, a taken username or creation switched off is a skip with its reason', (t) => {
  const taken = account(9, 'bob');
  const steps = plan(
    input({
      people: [person('ann'), person('bob', { email: null }), person('cat')],
      byUsername: new Map([['bob', taken]]),
    }),
  );
  t.deepEqual(
    steps.map((s) => [s.action, 'reason' in s ? s.reason : undefined]),
    [
      ['create', undefined],
      ['skip', 'usernameTaken'],
      ['create', undefined],
    ],
  );
  const off = plan(input({ people: [person('ann')], autoCreate: false }));
  t.like(off[0], { action: 'skip', reason: 'notCreated' });
});

test('a match by the field links once; never an administrator, never an account linked to someone else', (t) => {
  const dora = account(4, 'dora.local');
  const admin = account(1, 'admin', { email: 'boss@example.org' });
  const linked = account(5, 'eve');
  const steps = plan(
    input({
      people: [
        person('dora', { email: 'dora.local@example.org' }),
        person('boss'),
        person('eve2', { email: 'eve@example.org' }),
      ],
      byField: new Map([
        ['dora.local@example.org', dora],
        ['boss@example.org', admin],
        ['eve@example.org', linked],
      ]),
      admins: new Set([1]),
      linkedUserIds: new Set([5]),
    }),
  );
  t.like(steps[0], { action: 'link', userId: 4 });
  t.like(steps[1], { action: 'skip', reason: 'administrator' });
  t.like(steps[2], { action: 'skip', reason: 'linkedToAnother' });
});

test('two accounts with the matching value: the person is not matched to either', (t) => {
  const steps = plan(
    input({
      people: [person('fay')],
      byField: new Map([['fay@example.org', account(6, 'fay1')]]),
      ambiguous: new Set(['fay@example.org']),
    }),
  );
  t.like(steps[0], { action: 'skip', reason: 'ambiguousMatch' });
});

test('linked people are updated in what changed only; leavers are disabled, by absence only on a full run', (t) => {
  const ann = account(2, 'ann', { realName: 'Old Name' });
  const ben = account(3, 'ben');
  const links = new Map([
    ['ann', 2],
    ['ben', 3],
  ]);
  const accounts = new Map([
    [2, ann],
    [3, ben],
  ]);
  const full = plan(input({ people: [person('ann', { realName: 'New Name' })], links, accounts }));
  t.like(full[0], { action: 'update', userId: 2, fields: { realName: 'New Name' } });
  t.deepEqual(Object.keys((full[0] as { fields: object }).fields), ['realName']);
  t.like(full[1], { action: 'disable', userId: 3, reason: 'notListed' });
  const increment = plan(
    input({ mode: 'incremental', people: [person('ann', { realName: 'New Name' })], links, accounts }),
  );
  t.is(increment.filter((s) => s.action === 'disable').length, 0, 'an increment never disables by absence');
  const left = plan(input({ mode: 'incremental', people: [person('ben', { active: false })], links, accounts }));
  t.like(left[0], { action: 'disable', userId: 3, reason: 'left' });
});

test('an administrator is never disabled, and an account disabled here stays so', (t) => {
  const links = new Map([
    ['root', 1],
    ['gus', 7],
  ]);
  const accounts = new Map([
    [1, account(1, 'root')],
    [7, account(7, 'gus', { status: 0 })],
  ]);
  const steps = plan(input({ people: [person('gus')], links, accounts, admins: new Set([1]) }));
  t.like(steps[0], { action: 'skip', reason: 'disabledHere' });
  t.like(steps[1], { action: 'skip', reason: 'administrator' });
});
