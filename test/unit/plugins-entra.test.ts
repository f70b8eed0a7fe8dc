/**
 * The Microsoft Entra ID apps provider (plugins/entra-directory) alone, against a fake of the identity platform and
 * Microsoft Graph on 127.0.0.1 (test/fixtures/fakes/graph.ts), paged the way the directory sync pages it: the
 * client credentials token cached and fetched again on a 401 and after it expires, the users delta followed page by
 * page with the deltaLink as the last page's state, increments (an updated person read whole, a disabled account,
 * a user deleted to the recycle bin or for good), a stale deltaLink restarting a full listing, a 429 waited for once,
 * group memberships (group delta, configured groups with nested members, per changed person), and the refusals.
 */
import test from 'ava';
import {
  createTestContext,
  type AppsProvider,
  type DirectoryUser,
  type ListUsersOptions,
} from '../../core/plugin-sdk/index.ts';
import entra, { retryAfterMs, scopeOf } from '../../plugins/entra-directory/index.ts';
import { CARD_EXTENSION, fakeGraph, type FakeGraph } from '../fixtures/fakes/graph.ts';

function provider(fake: FakeGraph, extra: Record<string, unknown> = {}) {
  const settings = entra.settings.parse({
    tenantId: fake.tenantId,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    authorityUrl: fake.url,
    graphUrl: fake.url,
    ...extra,
  });
  const ctx = createTestContext(settings, { kind: 'apps', pluginId: 'entra-directory' });
  return { ctx, p: entra.create(ctx) as AppsProvider };
}

/** Every page, as the sync's listing reads them. */
async function all(p: AppsProvider, options: Omit<ListUsersOptions, 'cursor'> = {}) {
  const users: DirectoryUser[] = [];
  let cursor: string | undefined;
  let pages = 0;
  for (;;) {
    const page = await p.listUsers!({ ...options, cursor });
    users.push(...page.users);
    pages++;
    if (pages > 50) throw new Error('the listing does not end');
    if (!page.cursor) return { users, pages, state: page.state };
    cursor = page.cursor;
  }
}

const byName = (users: DirectoryUser[], username: string) => users.find((u) => u.username === username);
const graphCalls = (fake: FakeGraph, from: number) =>
  fake.requests.slice(from).filter((r) => r.path.startsWith('/v1.0/'));

test('the definition: the secret sealed, the addresses and the application are endpoints, defaults', (t) => {
  t.is(entra.kind, 'apps');
  t.deepEqual(entra.secrets, ['clientSecret']);
  t.deepEqual(entra.endpoints, ['authorityUrl', 'graphUrl', 'tenantId', 'clientId']);
  const s = entra.settings.parse({ tenantId: 't', clientId: 'c', clientSecret: 's' });
  t.like(s, {
    authorityUrl: 'https://login.microsoftonline.com',
    graphUrl: 'https://graph.microsoft.com',
    groupIds: '',
    usernameFrom: 'upnLocalPart',
    employeeNoAttribute: 'employeeId',
    cardNoAttribute: '',
    syncGroups: true,
    includeGuests: false,
  });
  const ok = (extra: Record<string, unknown>) =>
    entra.settings.safeParse({ tenantId: 't', clientId: 'c', clientSecret: 's', ...extra }).success;
  t.true(ok({ cardNoAttribute: 'onPremisesExtensionAttributes.extensionAttribute1' }));
  t.true(ok({ cardNoAttribute: 'extension_0a1b2c3d4e5f_cardNo' }));
  t.false(ok({ cardNoAttribute: 'employeeId,manager' }), 'no way into $select');
  t.true(ok({ groupIds: '6f0c4a9e-1b2c-4d3e-8f9a-0b1c2d3e4f5a, 7f0c4a9e-1b2c-4d3e-8f9a-0b1c2d3e4f5a' }));
  t.false(ok({ groupIds: 'Engineers' }));
  t.false(ok({ usernameFrom: 'sAMAccountName' }));
  t.is(scopeOf('https://graph.microsoft.com'), 'https://graph.microsoft.com/.default');
  t.is(scopeOf('https://graph.microsoft.us'), 'https://graph.microsoft.us/.default');
  t.is(scopeOf('http://127.0.0.1:1234'), 'https://graph.microsoft.com/.default');
  t.is(retryAfterMs('3'), 3000);
  t.is(retryAfterMs('120'), 10_000, 'never waits more than 10 s');
  t.is(retryAfterMs(null), 1000);
});

test('a full listing: group memberships first, then the users delta page by page; the deltaLink is the state', async (t) => {
  const fake = await fakeGraph();
  t.teardown(fake.close);
  const { p } = provider(fake, { cardNoAttribute: CARD_EXTENSION });
  const { users, pages, state } = await all(p);
  // One page of the group delta (two groups), then five users two a page (the guest left out).
  t.is(pages, 4);
  t.deepEqual(users.map((u) => u.username).sort(), ['ann', 'ben', 'cat', 'dan']);
  const ann = byName(users, 'ann')!;
  t.deepEqual(ann, {
    externalId: fake.idOf('ann'),
    username: 'ann',
    realName: 'Ann Archer',
    email: 'ann.archer@contoso.example',
    phone: '+1 555 0101',
    employeeNo: 'E-1',
    cardNo: 'CARD-ANN',
    department: 'Engineering',
    departmentPath: ['Engineering'],
    groups: ann.groups,
    active: true,
  } as DirectoryUser);
  t.deepEqual([...ann.groups!].sort(), [fake.groupOf('Engineers'), fake.groupOf('Staff')].sort());
  t.like(byName(users, 'ben'), { phone: '+1 555 0200', cardNo: null, groups: [fake.groupOf('Staff')] });
  t.like(byName(users, 'dan'), { active: false }, 'accountEnabled false is a leaver');
  // The deltaLink of the last page, on the fake's Graph.
  t.true(state!.startsWith(`${fake.url}/v1.0/users/delta?$deltatoken=`));
  // The $select asked for the properties mapped, and the token was fetched once for every call.
  const first = fake.requests.find((r) => r.path.startsWith('/v1.0/users/delta'))!;
  const selected = new URL(first.path, fake.url).searchParams.get('$select')!.split(',');
  for (const k of ['id', 'userPrincipalName', 'displayName', 'mail', 'accountEnabled', 'employeeId', CARD_EXTENSION])
    t.true(selected.includes(k), k);
  t.is(fake.tokensIssued(), 1);
  const token = fake.requests.filter((r) => r.path.includes('/oauth2/v2.0/token'));
  t.deepEqual(token, [{ method: 'POST', path: `/${fake.tenantId}/oauth2/v2.0/token` }]);
});

test('usernames from the whole UPN or the e-mail; a card number in an on-premises extension attribute', async (t) => {
  const fake = await fakeGraph();
  t.teardown(fake.close);
  const upn = await all(
    provider(fake, { usernameFrom: 'upn', cardNoAttribute: 'onPremisesExtensionAttributes.extensionAttribute1' }).p,
  );
  t.like(byName(upn.users, 'ann@contoso.example'), { cardNo: 'C0FFEE01' });
  const from = fake.requests.length;
  const mail = await all(provider(fake, { usernameFrom: 'mail', syncGroups: false }).p);
  const ann = byName(mail.users, 'ann.archer@contoso.example')!;
  t.truthy(ann);
  t.false('groups' in ann, 'no groups read');
  t.false('cardNo' in ann, 'no card attribute: the card number is not the sync’s');
  t.false(graphCalls(fake, from).some((r) => /^\/v1\.0\/(groups|users\/[^/?]+\/memberOf)/.test(r.path)));
  const guests = await all(provider(fake, { includeGuests: true, syncGroups: false }).p);
  t.truthy(guests.users.find((u) => u.realName === 'Gus Guest'));
});

test('an increment from the deltaLink: only the changes; deleted and disabled people leave; a new one comes', async (t) => {
  const fake = await fakeGraph();
  t.teardown(fake.close);
  const { p } = provider(fake);
  const full = await all(p);
  const [ann, ben, cat] = ['ann', 'ben', 'cat'].map((n) => fake.idOf(n)) as [string, string, string];
  fake.updateUser(ben, { department: 'Marketing' });
  fake.updateUser(cat, { accountEnabled: false });
  fake.deleteUser(ann);
  const dan = fake.idOf('dan');
  fake.deleteUser(dan, true);
  const eve = fake.addUser({
    userPrincipalName: 'eve@contoso.example',
    displayName: 'Eve Estes',
    accountEnabled: true,
  });
  const from = fake.requests.length;
  const inc = await all(p, { since: Date.UTC(2026, 0, 1), state: full.state });
  t.deepEqual(inc.users.map((u) => u.externalId).sort(), [ann, ben, cat, dan, eve].sort());
  const of = (id: string) => inc.users.find((u) => u.externalId === id)!;
  // Graph resent only the department: the rest was read whole, so nothing is blanked.
  t.like(of(ben), { username: 'ben', realName: 'Ben Baker', department: 'Marketing', employeeNo: 'E-2', active: true });
  t.deepEqual(of(ben).groups, [fake.groupOf('Staff')]);
  t.like(of(cat), { username: 'cat', active: false });
  t.like(of(ann), { active: false }, 'deleted to the recycle bin');
  t.like(of(dan), { active: false }, 'deleted for good');
  t.like(of(eve), { username: 'eve', realName: 'Eve Estes', active: true, groups: [] });
  const calls = graphCalls(fake, from).map((r) => new URL(r.path, fake.url).pathname);
  t.true(calls[0] === '/v1.0/users/delta', 'starts from the deltaLink, no group delta');
  t.true(calls.includes(`/v1.0/users/${ben}`));
  t.false(calls.includes(`/v1.0/users/${eve}`), 'a new user came whole');
  t.false(calls.some((c) => c.startsWith('/v1.0/groups')));
  t.not(inc.state, full.state);

  // Nothing changed since: an empty increment, and a new deltaLink.
  const quiet = await all(p, { since: Date.UTC(2026, 0, 1), state: inc.state });
  t.deepEqual(quiet.users, []);
  t.true(quiet.state!.includes('$deltatoken='));
});

test('a deltaLink too long for the state the core keeps is kept in kv, and the state names it', async (t) => {
  const fake = await fakeGraph();
  t.teardown(fake.close);
  fake.deltaTokenBytes = 1600;
  const { p } = provider(fake, { syncGroups: false });
  const full = await all(p);
  t.regex(full.state!, /^kv:[0-9a-f]{32}$/);
  fake.updateUser(fake.idOf('ben'), { department: 'Marketing' });
  const from = fake.requests.length;
  const inc = await all(p, { since: 1, state: full.state });
  t.deepEqual(
    inc.users.map((u) => [u.username, u.department]),
    [['ben', 'Marketing']],
  );
  t.true(fake.requests[from]!.path.startsWith('/v1.0/users/delta?$deltatoken='));
  // A state whose link is gone from kv: everyone is listed.
  t.is((await all(p, { since: 1, state: 'kv:00000000000000000000000000000000' })).users.length, 4);
});

test('a stale deltaLink (410 syncStateNotFound): the increment lists everyone instead and ends with a new one', async (t) => {
  const fake = await fakeGraph();
  t.teardown(fake.close);
  const { p, ctx } = provider(fake);
  const full = await all(p);
  fake.staleDeltaLinks();
  fake.updateUser(fake.idOf('ben'), { displayName: 'Benjamin Baker' });
  const inc = await all(p, { since: Date.UTC(2026, 0, 1), state: full.state });
  t.deepEqual(inc.users.map((u) => u.username).sort(), ['ann', 'ben', 'cat', 'dan']);
  t.like(byName(inc.users, 'ben'), { realName: 'Benjamin Baker', groups: [fake.groupOf('Staff')] });
  t.true(inc.state!.includes('$deltatoken='));
  t.not(inc.state, full.state);
  t.true(ctx.logs.some((l) => l.level === 'warn' && String(l.msg).includes('stale')));
  // The new deltaLink works.
  fake.updateUser(fake.idOf('cat'), { accountEnabled: false });
  const next = await all(p, { since: Date.UTC(2026, 0, 1), state: inc.state });
  t.deepEqual(
    next.users.map((u) => [u.username, u.active]),
    [['cat', false]],
  );
});

test('an increment without a deltaLink of this Graph lists everyone', async (t) => {
  const fake = await fakeGraph();
  t.teardown(fake.close);
  const { p } = provider(fake, { syncGroups: false });
  for (const state of [undefined, '20260101000000Z', 'https://evil.example/v1.0/users/delta?$deltatoken=x']) {
    const from = fake.requests.length;
    const inc = await all(p, { since: 1, state });
    t.is(inc.users.length, 4);
    t.false(fake.requests.slice(from).some((r) => r.path.includes('deltatoken')));
  }
  // A cursor pointing elsewhere never gets the token.
  const cursor = Buffer.from(
    JSON.stringify({ run: 'r', stage: 'users', listing: 'full', from: 'x', link: 'https://evil.example/v1.0/users' }),
  ).toString('base64url');
  await t.throwsAsync(p.listUsers!({ cursor }), { message: /outside/ });
  await t.throwsAsync(p.listUsers!({ cursor: 'not-a-cursor' }), { message: /cursor/ });
});

test('only the members of the configured groups, nested ones included; an increment drops who is outside', async (t) => {
  const fake = await fakeGraph();
  t.teardown(fake.close);
  const engineers = fake.groupOf('Engineers');
  const { p } = provider(fake, { groupIds: engineers });
  const full = await all(p);
  t.deepEqual(full.users.map((u) => u.username).sort(), ['ann', 'cat']);
  t.deepEqual(byName(full.users, 'ann')!.groups, [engineers]);
  t.true(
    fake.requests.some((r) => r.path.startsWith(`/v1.0/groups/${engineers}/transitiveMembers/microsoft.graph.user`)),
  );
  t.false(fake.requests.some((r) => r.path.startsWith('/v1.0/groups/delta')));

  // Staff holds Engineers: its transitive members are everyone but the guest, read two a page.
  const staff = fake.groupOf('Staff');
  const both = await all(provider(fake, { groupIds: `${staff},${engineers}` }).p);
  t.deepEqual(both.users.map((u) => u.username).sort(), ['ann', 'ben', 'cat', 'dan']);
  t.deepEqual(byName(both.users, 'cat')!.groups!.sort(), [staff, engineers].sort());
  t.deepEqual(byName(both.users, 'ben')!.groups, [staff]);

  // ben (not an engineer) changes: the increment says he is not one of ours; cat changes and stays.
  fake.updateUser(fake.idOf('ben'), { department: 'Field' });
  fake.updateUser(fake.idOf('cat'), { mobilePhone: '+1 555 0303' });
  const inc = await all(p, { since: 1, state: full.state });
  t.deepEqual(
    inc.users.map((u) => [u.username, u.active]).sort(),
    [
      [fake.idOf('ben'), false],
      ['cat', true],
    ].sort(),
  );
  t.like(byName(inc.users, 'cat'), { phone: '+1 555 0303', groups: [engineers] });

  const unknown = provider(fake, { groupIds: '00000000-0000-4000-8000-000000000000' }).p;
  await t.throwsAsync(all(unknown), { message: /Request_ResourceNotFound/ });
});

test('the token: cached across calls, fetched again after a 401 and once it expires', async (t) => {
  const fake = await fakeGraph();
  t.teardown(fake.close);
  const { p, ctx } = provider(fake, { syncGroups: false });
  await all(p);
  t.is(fake.tokensIssued(), 1);
  fake.revokeTokens();
  const again = await all(p);
  t.is(again.users.length, 4);
  t.is(fake.tokensIssued(), 2, 'one new token on the 401, then kept');
  // expires_in 3599 s: renewed five minutes before.
  ctx.advance(3599_000 - 5 * 60_000 + 1000);
  await all(p);
  t.is(fake.tokensIssued(), 3);
});

test('a 429 is waited for once (Retry-After), a second one fails the run', async (t) => {
  const fake = await fakeGraph();
  t.teardown(fake.close);
  const { p, ctx } = provider(fake, { syncGroups: false });
  fake.throttle(1, 1);
  const started = Date.now();
  const page = await p.listUsers!({});
  t.true(Date.now() - started >= 900, 'waited the second Retry-After asked');
  t.is(page.users.length, 2);
  t.true(ctx.logs.some((l) => l.level === 'warn'));
  fake.throttle(2, 0);
  await t.throwsAsync(p.listUsers!({}), { message: /Microsoft Graph users: 429 TooManyRequests/ });
});

test('refused credentials: the AADSTS error; health fetches a token and reads the organization', async (t) => {
  const fake = await fakeGraph();
  t.teardown(fake.close);
  t.like(await provider(fake).p.health!(), { ok: true });
  t.true(fake.requests.some((r) => r.path === '/v1.0/organization?$select=id'));
  const badSecret = provider(fake, { clientSecret: 'wrong' }).p;
  const err = await t.throwsAsync(badSecret.listUsers!({}), { message: /invalid_client \(AADSTS7000215: / });
  t.false(err!.message.includes('wrong'), 'the secret is not in the message');
  await t.throwsAsync(provider(fake, { tenantId: 'nowhere.example' }).p.health!(), {
    message: /invalid_request \(AADSTS90002: /,
  });
  await t.throwsAsync(provider(fake, { clientId: 'someone-else' }).p.health!(), {
    message: /unauthorized_client \(AADSTS700016: /,
  });
});
