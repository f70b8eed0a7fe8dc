/**
 * The SCIM 2.0 service (docs/scim.md) with the requests Microsoft Entra ID (its SCIM validator's shapes) and Okta
 * send: discovery, users created with the enterprise extension and found by `userName eq` / `externalId eq`,
 * Entra's PATCH forms (op in any case, `emails[type eq "work"].value`, the extension's URN path, path-less values,
 * active "False"), groups and their members, paging, and the refusals in the SCIM error shape.
 */
import test from 'ava';
import type { ExecutionContext } from 'ava';
import { perDialect } from '../helpers/app.ts';
import { BASE, book, staff } from '../helpers/bookings.ts';
import { createPlace, createResource } from '../helpers/places-fixture.ts';
import { createUserWithPermissions, STAFF_PASSWORD } from '../helpers/users.ts';

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface AdminUser {
  id: number;
  username: string;
  realName: string;
  employeeNo: string;
  email: string | null;
  phone: string | null;
  department: string | null;
  position: string | null;
  status: number;
}

perDialect(test, (dialect, app) => {
  let admin = '';
  let scimKey = '';
  let logKey = '';

  /** A SCIM call as a provisioner makes it: the key as a bearer token, the body as application/scim+json. */
  const scim = async (method: string, path: string, body?: unknown, key: string | null = scimKey) => {
    const headers: Record<string, string> = { 'content-type': 'application/scim+json; charset=utf-8' };
    if (key !== null) headers.authorization = `Bearer ${key}`;
    const res = await app().request(method, `/api/scim/v2${path}`, {
      headers,
      ...(body === undefined ? {} : { rawBody: JSON.stringify(body) }),
    });
    return { status: res.status, body: res.body as Json, headers: res.headers };
  };
  const adminUser = async (id: string | number) =>
    (await app().get<{ data: AdminUser }>(`/api/sys/users/${id}`, { token: admin })).body.data;
  const isScimError = (t: ExecutionContext, res: { status: number; body: Json }, status: number, scimType?: string) => {
    t.is(res.status, status, JSON.stringify(res.body));
    t.deepEqual(res.body.schemas, [ERROR]);
    t.is(res.body.status, String(status));
    if (scimType) t.is(res.body.scimType, scimType);
    t.is(typeof res.body.detail, 'string');
  };
  const find = (filter: string) => scim('GET', `/Users?filter=${encodeURIComponent(filter)}`);

  test.serial.before(async () => {
    app().clock.set(BASE);
    admin = await app().adminToken();
    const key = async (scopes: string[]) => {
      const res = await app().post<{ data: { key: string } }>(
        '/api/sys/keys',
        { name: scopes[0], scopes },
        { token: admin },
      );
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      return res.body.data.key;
    };
    scimKey = await key(['sys:secret:scim']);
    logKey = await key(['sys:log:view']);
  });

  test.serial(
    `${dialect}: only an API key with the SCIM scope is admitted, refusals in the SCIM error shape`,
    async (t) => {
      const none = await scim('GET', '/Users', undefined, null);
      isScimError(t, none, 401);
      t.regex(none.headers.get('content-type') ?? '', /^application\/scim\+json/);
      isScimError(t, await scim('GET', '/Users', undefined, 'atr_0000000000000000.nope'), 401);
      isScimError(t, await scim('GET', '/Users', undefined, logKey), 401);
      isScimError(t, await scim('GET', '/Users', undefined, admin), 401, undefined);
      // Refusals of the common layers before the SCIM service are in the SCIM shape too.
      const badApiKey = await app().request('GET', '/api/scim/v2/Users', { headers: { authorization: 'ApiKey nope' } });
      isScimError(t, { status: badApiKey.status, body: badApiKey.body as Json }, 401);
      const badXKey = await app().request('GET', '/api/scim/v2/Users', { headers: { 'x-api-key': 'nope' } });
      isScimError(t, { status: badXKey.status, body: badXKey.body as Json }, 401);
      const notJson = await app().request('POST', '/api/scim/v2/Users', {
        headers: { authorization: `Bearer ${scimKey}`, 'content-type': 'application/scim+json' },
        rawBody: '{"userName": ',
      });
      isScimError(t, { status: notJson.status, body: notJson.body as Json }, 400, 'invalidSyntax');
      const ok = await scim('GET', '/ServiceProviderConfig');
      t.is(ok.status, 200);
      t.regex(ok.headers.get('content-type') ?? '', /^application\/scim\+json/);
      t.true(ok.body.patch.supported);
      t.false(ok.body.bulk.supported);
      t.true(ok.body.filter.supported);
      t.is(ok.body.authenticationSchemes[0].type, 'oauthbearertoken');
      // The keys module's other header forms work too.
      const apiKey = await app().request('GET', '/api/scim/v2/ResourceTypes', {
        headers: { authorization: `ApiKey ${scimKey}` },
      });
      t.is(apiKey.status, 200);
      t.deepEqual(
        (apiKey.body as Json).Resources.map((r: Json) => r.id),
        ['User', 'Group'],
      );
      const schemas = await scim('GET', '/Schemas');
      t.deepEqual(
        schemas.body.Resources.map((s: Json) => s.id),
        [USER, ENTERPRISE, GROUP],
      );
      t.is((await scim('GET', `/Schemas/${ENTERPRISE}`)).body.name, 'EnterpriseUser');
      isScimError(t, await scim('GET', '/Schemas/urn:nope'), 404);
    },
  );

  let userId = '';
  const userName = 'Test_User_ab6490ee-1e48-479e-a20b-2d77186b5dd1';
  const externalId = '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef';

  test.serial(`${dialect}: Entra creates a user with the enterprise extension; a taken userName is 409`, async (t) => {
    const created = await scim('POST', '/Users', {
      schemas: [USER, ENTERPRISE],
      externalId,
      userName,
      active: true,
      emails: [{ primary: true, type: 'work', value: 'Test_User_fd0ea19b@testuser.com' }],
      meta: { resourceType: 'User' },
      name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
      phoneNumbers: [{ type: 'mobile', value: '+86 138 0000 0000' }],
      title: 'Engineer',
      roles: [],
      [ENTERPRISE]: { employeeNumber: 'E-1001', department: 'Sales' },
    });
    t.is(created.status, 201, JSON.stringify(created.body));
    userId = created.body.id;
    t.is(created.headers.get('location'), created.body.meta.location);
    t.regex(created.body.meta.location, new RegExp(`/api/scim/v2/Users/${userId}$`));
    t.is(created.body.externalId, externalId);
    t.is(created.body.userName, userName);
    t.true(created.body.active);
    t.deepEqual(created.body[ENTERPRISE], { employeeNumber: 'E-1001', department: 'Sales' });

    const stored = await adminUser(userId);
    t.like(stored, {
      username: userName,
      realName: 'givenName familyName',
      employeeNo: 'E-1001',
      email: 'Test_User_fd0ea19b@testuser.com',
      phone: '+86 138 0000 0000',
      department: 'Sales',
      position: 'Engineer',
      status: 1,
    });
    const again = await scim('GET', `/Users/${userId}`);
    t.is(again.status, 200);
    t.is(again.body.name.givenName, 'givenName');
    t.is(again.body.name.familyName, 'familyName');
    t.deepEqual(again.body.emails, [{ value: 'Test_User_fd0ea19b@testuser.com', type: 'work', primary: true }]);

    isScimError(
      t,
      await scim('POST', '/Users', {
        schemas: [USER],
        userName: userName.toUpperCase(),
      }),
      409,
      'uniqueness',
    );
    isScimError(t, await scim('POST', '/Users', { schemas: [USER], userName: 'other', externalId }), 409, 'uniqueness');
    isScimError(t, await scim('POST', '/Users', { schemas: [USER], userName: 'has space' }), 400, 'invalidValue');
    isScimError(t, await scim('GET', '/Users/999999'), 404);

    const log = await app().get<{ data: { items: Array<{ action: string; target: string }> } }>(
      '/api/sys/logs/operations?action=sys.user.create',
      { token: admin },
    );
    t.true(log.body.data.items.some((e) => e.target === userId));
  });

  test.serial(`${dialect}: filters as Entra and Okta send them, and/or, and bad filters`, async (t) => {
    const one = async (filter: string) => {
      const res = await find(filter);
      t.is(res.status, 200, `${filter}: ${JSON.stringify(res.body)}`);
      t.deepEqual(res.body.schemas, [LIST]);
      return res.body;
    };
    const hit = await one(`userName eq "${userName}"`);
    t.is(hit.totalResults, 1);
    t.is(hit.Resources[0].id, userId);
    t.is((await one(`userName eq "${userName.toLowerCase()}"`)).totalResults, 1, 'userName is not case-exact');
    t.is((await one(`externalId eq "${externalId}"`)).Resources[0].id, userId);
    t.is((await one('emails[type eq "work"].value eq "Test_User_fd0ea19b@testuser.com"')).totalResults, 1);
    t.is((await one('emails[type eq "home"].value eq "Test_User_fd0ea19b@testuser.com"')).totalResults, 0);
    t.is((await one(`id eq "${userId}"`)).totalResults, 1);
    t.is((await one(`userName eq "${userName}" and externalId eq "${externalId}"`)).totalResults, 1);
    t.is((await one(`userName eq "${userName}" and externalId eq "other"`)).totalResults, 0);
    t.is((await one(`userName eq "nobody" or externalId eq "${externalId}"`)).totalResults, 1);
    t.is((await one(`${ENTERPRISE}:employeeNumber eq "E-1001"`)).totalResults, 1);
    t.is((await one('userName sw "test_user_" and active eq true')).totalResults, 1);
    t.is((await one(`not (userName eq "${userName}") and externalId eq "${externalId}"`)).totalResults, 0);
    t.is((await one('emails co "@TESTUSER.com"')).totalResults, 1);
    t.is((await one('(userName eq "a" or userName eq "b") or title eq "engineer"')).totalResults, 1);
    t.is((await one('meta.lastModified gt "2000-01-01T00:00:00Z"')).totalResults >= 1, true);
    t.is((await one(`${ENTERPRISE}:department eq "sales" and phoneNumbers pr`)).totalResults, 1);
    const none = await one('userName eq "nobody"');
    t.is(none.totalResults, 0);
    t.deepEqual(none.Resources, []);
    isScimError(t, await find('userName eq'), 400, 'invalidFilter');
    isScimError(t, await find('userName xx "a"'), 400, 'invalidFilter');
    isScimError(t, await find('(userName eq "a"'), 400, 'invalidFilter');
    isScimError(t, await find('password eq "a"'), 400, 'invalidFilter');
    isScimError(t, await scim('GET', '/Users?startIndex=abc'), 400);
  });

  test.serial(`${dialect}: Entra's PATCH forms change the stored user`, async (t) => {
    const patch = (Operations: Json[]) => scim('PATCH', `/Users/${userId}`, { schemas: [PATCH], Operations });
    let res = await patch([
      { op: 'Replace', path: 'emails[type eq "work"].value', value: 'updated@contoso.com' },
      { op: 'Replace', path: 'name.familyName', value: 'updatedFamilyName' },
      { op: 'Replace', path: `${ENTERPRISE}:employeeNumber`, value: 'E-2002' },
      { op: 'Add', path: 'title', value: 'Manager' },
    ]);
    t.is(res.status, 200, JSON.stringify(res.body));
    t.like(await adminUser(userId), {
      email: 'updated@contoso.com',
      realName: 'givenName updatedFamilyName',
      employeeNo: 'E-2002',
      position: 'Manager',
    });
    // Path-less: the value is an object of attributes, its names paths.
    res = await patch([
      {
        op: 'replace',
        value: { displayName: 'Jane Doe', [`${ENTERPRISE}:department`]: 'Operations', 'name.givenName': 'Jane' },
      },
    ]);
    t.is(res.status, 200, JSON.stringify(res.body));
    t.like(await adminUser(userId), { realName: 'Jane Doe', department: 'Operations' });
    // Remove the work address, then Entra's Add of emails[type eq "work"].value makes the entry again.
    res = await patch([{ op: 'Remove', path: 'emails[type eq "work"]' }]);
    t.is(res.status, 200);
    t.is((await adminUser(userId)).email, null);
    res = await patch([{ op: 'Add', path: 'emails[type eq "work"].value', value: 'again@contoso.com' }]);
    t.is(res.status, 200);
    t.is((await adminUser(userId)).email, 'again@contoso.com');
    t.deepEqual(res.body.emails, [{ value: 'again@contoso.com', type: 'work', primary: true }]);
    // userName changes too; the externalId link keeps finding the account.
    res = await patch([{ op: 'Replace', path: 'userName', value: 'jane.doe@contoso.com' }]);
    t.is(res.status, 200);
    t.is((await find(`externalId eq "${externalId}"`)).body.Resources[0].userName, 'jane.doe@contoso.com');
    const log = await app().get<{ data: { items: Array<{ action: string; target: string }> } }>(
      '/api/sys/logs/operations?action=sys.user.update',
      { token: admin },
    );
    t.true(log.body.data.items.filter((e) => e.target === userId).length >= 5, 'each change is in the operation log');

    isScimError(t, await patch([{ op: 'Move', path: 'active', value: false }]), 400, 'invalidSyntax');
    isScimError(t, await scim('PATCH', `/Users/${userId}`, { schemas: [PATCH] }), 400, 'invalidSyntax');
    isScimError(t, await patch([{ op: 'Replace', path: 'emails[type eq', value: 'x' }]), 400, 'invalidPath');
    isScimError(t, await patch([{ op: 'Replace', path: 'active', value: 'maybe' }]), 400, 'invalidValue');
    isScimError(t, await patch([{ op: 'Replace', value: 'not an object' }]), 400, 'invalidValue');
    isScimError(t, await patch([{ op: 'Replace', path: 'emails[type eq "work"].value', value: 'not-an-email' }]), 400);
    isScimError(t, await patch([{ op: 'Replace', path: 'externalId', value: 'another' }]), 400, 'mutability');
  });

  test.serial(`${dialect}: PATCH active "False" disables a leaver: sessions end, API keys are revoked`, async (t) => {
    const leaverId = await createUserWithPermissions(app(), 'leaver', ['sys:secret:add', 'sys:log:view']);
    const session = await app().tokenFor('leaver', STAFF_PASSWORD);
    const made = await app().post<{ data: { key: string } }>(
      '/api/sys/keys',
      { name: 'leaver key', scopes: ['sys:log:view'] },
      { token: session },
    );
    t.is(made.status, 200);
    const keyHeaders = { authorization: `ApiKey ${made.body.data.key}` };
    t.is((await app().get('/api/sys/logs/operations', { headers: keyHeaders })).status, 200);

    // An account made by hand is found by its userName, as Entra matches before it provisions.
    const found = await find('userName eq "leaver"');
    t.is(found.body.Resources[0].id, String(leaverId));
    const res = await scim('PATCH', `/Users/${leaverId}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    t.is(res.status, 200, JSON.stringify(res.body));
    t.false(res.body.active);
    t.is((await adminUser(leaverId)).status, 0);
    t.is((await app().get('/api/sys/menu/nav', { token: session })).status, 401, 'the session ended');
    t.is((await app().get('/api/sys/logs/operations', { headers: keyHeaders })).status, 401);
    const keys = await app().get<{ data: { items: Array<{ state: string }> } }>(`/api/sys/users/${leaverId}/keys`, {
      token: admin,
    });
    t.deepEqual(
      keys.body.data.items.map((k) => k.state),
      ['revoked'],
    );
    t.is((await find('userName eq "leaver" and active eq false')).body.totalResults, 1);
    // Path-less `{ active: true }` (Okta's reactivation) enables it again.
    const back = await scim('PATCH', `/Users/${leaverId}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', value: { active: true } }],
    });
    t.true(back.body.active);
    t.is((await adminUser(leaverId)).status, 1);
  });

  test.serial(`${dialect}: Okta: a user created as application/json, deactivated by PUT active false`, async (t) => {
    const created = await app().request('POST', '/api/scim/v2/Users', {
      headers: { authorization: `Bearer ${scimKey}`, 'content-type': 'application/json' },
      rawBody: JSON.stringify({
        schemas: [USER],
        userName: 'okta.user@example.com',
        name: { givenName: 'Okta', familyName: 'User' },
        emails: [{ primary: true, value: 'okta.user@example.com', type: 'work' }],
        displayName: 'Okta User',
        locale: 'en-US',
        externalId: '00u1abcd',
        groups: [],
        password: 'ignored#1A',
        active: true,
      }),
    });
    t.is(created.status, 201, JSON.stringify(created.body));
    const user = created.body as Json;
    t.like(await adminUser(user.id), { realName: 'Okta User', email: 'okta.user@example.com', status: 1 });
    const put = await scim('PUT', `/Users/${user.id}`, { ...user, active: false });
    t.is(put.status, 200, JSON.stringify(put.body));
    t.false(put.body.active);
    t.is((await adminUser(user.id)).status, 0);
    const { active: _active, ...withoutActive } = user;
    const rename = await scim('PUT', `/Users/${user.id}`, { ...withoutActive, displayName: 'Okta Renamed' });
    t.is(rename.status, 200);
    t.false(rename.body.active, 'a PUT without active keeps the account disabled');
  });

  test.serial(`${dialect}: administrator accounts are neither matched nor changed`, async (t) => {
    const me = await app().get<{ data: { id: number } }>('/api/sys/user/info', { token: admin });
    const adminId = (await app().cradle.usersService.findByUsername('admin'))!.id;
    t.truthy(me);
    t.is((await find('userName eq "admin"')).body.totalResults, 0);
    isScimError(t, await scim('GET', `/Users/${adminId}`), 403);
    isScimError(
      t,
      await scim('PATCH', `/Users/${adminId}`, {
        schemas: [PATCH],
        Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
      }),
      403,
    );
    isScimError(t, await scim('PUT', `/Users/${adminId}`, { schemas: [USER], userName: 'admin', active: false }), 403);
    isScimError(t, await scim('DELETE', `/Users/${adminId}`), 403);
    isScimError(t, await scim('POST', '/Users', { schemas: [USER], userName: 'admin' }), 403);
    t.is((await adminUser(adminId)).status, 1);
  });

  test.serial(`${dialect}: PUT replaces; paging with startIndex, count and totalResults`, async (t) => {
    for (let i = 1; i <= 10; i++) {
      const res = await scim('POST', '/Users', {
        schemas: [USER],
        userName: `page${i}@contoso.com`,
        externalId: `ext-page-${i}`,
      });
      t.is(res.status, 201, JSON.stringify(res.body));
    }
    const all = await scim('GET', '/Users');
    const total = all.body.totalResults as number;
    t.true(total >= 6);
    t.is(all.body.Resources.length, total);
    t.false(all.body.Resources.some((r: Json) => r.userName === 'admin'));
    // A long list reads the externalIds in one pass: each is still the user's own.
    for (const r of all.body.Resources as Json[])
      if (String(r.userName).startsWith('page'))
        t.is(r.externalId, `ext-${String(r.userName).split('@')[0]!.replace('page', 'page-')}`);
    const page = await scim('GET', '/Users?startIndex=2&count=2');
    t.like(page.body, { totalResults: total, startIndex: 2, itemsPerPage: 2 });
    t.deepEqual(
      page.body.Resources.map((r: Json) => r.id),
      all.body.Resources.slice(1, 3).map((r: Json) => r.id),
    );
    const last = await scim('GET', `/Users?startIndex=${total}&count=10`);
    t.is(last.body.Resources.length, 1);
    const count0 = await scim('GET', '/Users?count=0');
    t.like(count0.body, { totalResults: total, itemsPerPage: 0 });
    const sw = await find('userName sw "page"');
    t.is(sw.body.totalResults, 10);

    const second = (await find('externalId eq "ext-page-2"')).body.Resources[0];
    isScimError(
      t,
      await scim('PATCH', `/Users/${second.id}`, {
        schemas: [PATCH],
        Operations: [{ op: 'replace', path: 'userName', value: 'PAGE1@contoso.com' }],
      }),
      409,
      'uniqueness',
    );
    const target = (await find('externalId eq "ext-page-1"')).body.Resources[0];
    const put = await scim('PUT', `/Users/${target.id}`, {
      schemas: [USER, ENTERPRISE],
      externalId: 'ext-page-1',
      userName: 'page1@contoso.com',
      displayName: 'Page One',
      active: true,
      emails: [{ type: 'work', value: 'page1@contoso.com', primary: true }],
      [ENTERPRISE]: { department: 'Finance' },
    });
    t.is(put.status, 200, JSON.stringify(put.body));
    t.like(await adminUser(target.id), { realName: 'Page One', email: 'page1@contoso.com', department: 'Finance' });
  });

  test.serial(
    `${dialect}: groups: create, filter, members added and removed as Entra sends them, delete`,
    async (t) => {
      const members = (await find('userName sw "page"')).body.Resources.map((r: Json) => r.id as string);
      const created = await scim('POST', '/Groups', {
        schemas: [GROUP],
        externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159',
        displayName: 'Group_DOLLY_18a8a2d8',
        members: [],
      });
      t.is(created.status, 201, JSON.stringify(created.body));
      const groupId = created.body.id as string;
      isScimError(
        t,
        await scim('POST', '/Groups', { schemas: [GROUP], displayName: 'Group_DOLLY_18a8a2d8' }),
        409,
        'uniqueness',
      );
      const listed = await scim(
        'GET',
        `/Groups?filter=${encodeURIComponent('displayName eq "Group_DOLLY_18a8a2d8"')}&excludedAttributes=members`,
      );
      t.like(listed.body, { totalResults: 1 });
      t.is(listed.body.Resources[0].id, groupId);

      const patch = (Operations: Json[]) => scim('PATCH', `/Groups/${groupId}`, { schemas: [PATCH], Operations });
      let res = await patch([
        { op: 'Add', path: 'members', value: members.slice(0, 3).map((value: string) => ({ value })) },
      ]);
      t.is(res.status, 200, JSON.stringify(res.body));
      const stored = async () =>
        (
          await app().get<{ data: { name: string; members: Array<{ id: number }> } }>(`/api/sys/groups/${groupId}`, {
            token: admin,
          })
        ).body.data;
      t.deepEqual(
        (await stored()).members.map((m) => String(m.id)),
        members.slice(0, 3),
      );
      res = await patch([{ op: 'Remove', path: `members[value eq "${members[0]}"]` }]);
      t.is(res.status, 200);
      res = await patch([{ op: 'Remove', path: 'members', value: [{ value: members[1] }] }]);
      t.is(res.status, 200);
      t.deepEqual(
        (await stored()).members.map((m) => String(m.id)),
        [members[2]],
      );
      t.is((await patch([{ op: 'Replace', path: 'displayName', value: 'Renamed group' }])).status, 200);
      t.is((await stored()).name, 'Renamed group');
      const byMember = await scim('GET', `/Groups?filter=${encodeURIComponent(`members[value eq "${members[2]}"]`)}`);
      t.is(byMember.body.totalResults, 1);

      const adminId = (await app().cradle.usersService.findByUsername('admin'))!.id;
      isScimError(t, await patch([{ op: 'Add', path: 'members', value: [{ value: String(adminId) }] }]), 403);
      isScimError(t, await patch([{ op: 'Add', path: 'members', value: [{ value: 'abc' }] }]), 400);
      isScimError(t, await patch([{ op: 'Add', path: 'members', value: [{ value: '999999' }] }]), 400);

      const put = await scim('PUT', `/Groups/${groupId}`, {
        schemas: [GROUP],
        displayName: 'Renamed group',
        members: [{ value: members[0] }, { value: members[1] }],
      });
      t.is(put.status, 200);
      t.is(put.body.members.length, 2);

      const deleted = await scim('DELETE', `/Groups/${groupId}`);
      t.is(deleted.status, 204);
      isScimError(t, await scim('GET', `/Groups/${groupId}`), 404);
      const log = await app().get<{ data: { items: Array<{ action: string }> } }>(
        '/api/sys/logs/operations?action=sys.group.delete',
        { token: admin },
      );
      t.is(log.body.data.items.length, 1);
    },
  );

  test.serial(`${dialect}: DELETE removes an account without records and disables one with bookings`, async (t) => {
    const found = await find('userName eq "page4@contoso.com"');
    const plain = found.body.Resources[0];
    t.is((await scim('DELETE', `/Users/${plain.id}`)).status, 204);
    isScimError(t, await scim('GET', `/Users/${plain.id}`), 404);

    const booker = await staff(app(), 'booker');
    const resourceId = await createResource(app(), await createPlace(app()));
    const booked = await book(app(), booker, {
      resourceId,
      meetingDate: '2027-03-02',
      startTime: '10:00',
      endTime: '11:00',
    });
    t.is(booked.status, 200, JSON.stringify(booked.body));
    t.is((await scim('DELETE', `/Users/${booker.id}`)).status, 204);
    const kept = await scim('GET', `/Users/${booker.id}`);
    t.is(kept.status, 200);
    t.false(kept.body.active);
    t.is((await app().get('/api/sys/menu/nav', { token: booker.token })).status, 401, 'the session ended');
  });
});
