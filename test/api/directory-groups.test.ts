/**
 * Group mapping (docs/product-rules.md R21.6), on SQLite and MariaDB: mappings are listed, searched, refused for the
 * admin role and removed; a directory sync from a real OpenLDAP (groups read from `businessCategory` here, as slapd
 * runs without the memberOf overlay) gives and takes the mapped role and user group; a sign-in that tells groups
 * applies them too, one that tells none changes nothing, and an administrator's account is never changed.
 */
import test from 'ava';
import { Attribute, Change, Client } from 'ldapts';
import { perDialect } from '../helpers/app.ts';
import { skipBecause } from '../helpers/requires.ts';
import { person, ROOT_DN, ROOT_PASSWORD, slapdAvailable, startSlapd, SUFFIX, type Slapd } from '../helpers/slapd.ts';

interface MapView {
  id: number;
  source: string;
  group: string;
  roleId: number | null;
  roleName: string | null;
  userGroupId: number | null;
  userGroupName: string | null;
}

if (!slapdAvailable()) {
  skipBecause(test, 'group mapping against OpenLDAP', 'slapd is not installed (apt-get install slapd ldap-utils)');
} else {
  perDialect(test, (dialect, app) => {
    let slapd: Slapd | undefined;
    let token: string;
    let roleId: number;
    let groupId: number;
    const maps = (q = '') =>
      app().get<{ data: { items: MapView[]; total: number } }>(`/api/inte/app/groupMaps${q}`, { token });
    const rolesOf = async (username: string) => {
      const u = await app().cradle.db('users').where({ username }).first('id');
      return (await app().cradle.db('user_roles').where({ user_id: u.id }).pluck('role_id')).map(Number);
    };
    const groupsOf = async (username: string) => {
      const u = await app().cradle.db('users').where({ username }).first('id');
      return (await app().cradle.db('user_group_members').where({ user_id: u.id }).pluck('group_id')).map(Number);
    };
    const sync = () =>
      app().post<{ data: { counts: Record<string, number> } }>('/api/inte/app/directory/sync', {}, { token });

    test.serial.before(async () => {
      slapd = await startSlapd([
        person('map-ann', 'x', { businessCategory: 'engineering' }),
        person('map-ben', 'x', { businessCategory: 'sales' }),
      ]);
      token = await app().adminToken();
      const role = await app().post<{ data: { id: number } }>(
        '/api/sys/roles',
        { name: `Engineers ${dialect}`, permissions: ['center:reserve:view'] },
        { token },
      );
      if (role.status !== 200) throw new Error(JSON.stringify(role.body));
      roleId = role.body.data.id;
      const group = await app().post<{ data: { id: number } }>(
        '/api/sys/groups',
        { name: `Eng ${dialect}` },
        { token },
      );
      if (group.status !== 200) throw new Error(JSON.stringify(group.body));
      groupId = group.body.data.id;
      const saved = await app().put(
        '/api/inte/settings/apps',
        {
          provider: 'ldap-directory',
          settings: {
            url: slapd.url,
            bindDn: ROOT_DN,
            bindPassword: ROOT_PASSWORD,
            searchBase: `ou=people,${SUFFIX}`,
            groupsAttribute: 'businessCategory',
          },
        },
        { token },
      );
      if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
    });
    test.after.always(async () => {
      await slapd?.stop();
    });

    test.serial(
      `${dialect}: mappings are made, listed, searched; the admin role and bad input are refused`,
      async (t) => {
        const made = await app().post<{ data: MapView }>(
          '/api/inte/app/groupMaps',
          { source: 'ldap', group: 'engineering', roleId, userGroupId: groupId },
          { token },
        );
        t.is(made.status, 200, JSON.stringify(made.body));
        t.like(made.body.data, {
          source: 'ldap',
          group: 'engineering',
          roleName: `Engineers ${dialect}`,
          userGroupName: `Eng ${dialect}`,
        });
        const adminRole = await app().cradle.db('roles').where({ code: 'admin' }).first('id');
        const admin = await app().post(
          '/api/inte/app/groupMaps',
          { source: '*', group: 'it', roleId: adminRole.id },
          { token },
        );
        t.is(admin.status, 422);
        t.is((await app().post('/api/inte/app/groupMaps', { source: 'ldap', group: 'x' }, { token })).status, 400);
        t.is(
          (await app().post('/api/inte/app/groupMaps', { source: 'nis', group: 'x', roleId }, { token })).status,
          400,
        );
        t.is(
          (await app().post('/api/inte/app/groupMaps', { source: 'ldap', group: 'x', roleId: 999999 }, { token }))
            .status,
          404,
        );
        const temp = await app().post<{ data: MapView }>(
          '/api/inte/app/groupMaps',
          { source: 'oidc', group: 'temp', userGroupId: groupId },
          { token },
        );
        t.is((await maps('?q=engin')).body.data.total, 1);
        t.is((await maps()).body.data.total, 2);
        t.is((await app().delete(`/api/inte/app/groupMaps/${temp.body.data.id}`, { token })).status, 200);
        t.is((await app().delete(`/api/inte/app/groupMaps/${temp.body.data.id}`, { token })).status, 404);
        t.is((await maps()).body.data.total, 1);
        const choices = await app().get<{ data: { roles: Array<{ id: number }>; userGroups: Array<{ id: number }> } }>(
          '/api/inte/app/groupMaps/choices',
          { token },
        );
        t.true(choices.body.data.roles.some((r) => r.id === roleId));
        t.false(choices.body.data.roles.some((r) => r.id === Number(adminRole.id)));
        t.true(choices.body.data.userGroups.some((g) => g.id === groupId));
      },
    );

    test.serial(
      `${dialect}: a sync gives the mapped role and group, and takes them when the person leaves the group`,
      async (t) => {
        const first = await sync();
        t.is(first.status, 200, JSON.stringify(first.body));
        t.like(first.body.data.counts, { created: 2, regrouped: 1 });
        t.true((await rolesOf('map-ann')).includes(roleId));
        t.deepEqual(await groupsOf('map-ann'), [groupId]);
        t.false((await rolesOf('map-ben')).includes(roleId));
        // A role given by hand, which no mapping names, stays.
        const staffRole = await app().cradle.db('roles').where({ code: 'staff' }).first('id');
        t.true((await rolesOf('map-ann')).includes(Number(staffRole.id)));

        const c = new Client({ url: slapd!.url });
        await c.bind(ROOT_DN, ROOT_PASSWORD);
        await c.modify(`uid=map-ann,ou=people,${SUFFIX}`, [
          new Change({
            operation: 'replace',
            modification: new Attribute({ type: 'businessCategory', values: ['marketing'] }),
          }),
        ]);
        await c.unbind();
        t.like((await sync()).body.data.counts, { regrouped: 1 });
        t.false((await rolesOf('map-ann')).includes(roleId));
        t.deepEqual(await groupsOf('map-ann'), []);
        t.true((await rolesOf('map-ann')).includes(Number(staffRole.id)));
      },
    );

    test.serial(
      `${dialect}: a sign-in that tells groups applies the mapping; an administrator is never changed`,
      async (t) => {
        const { ssoProvisioningService, db } = app().cradle;
        const policy = { autoCreate: true, matchByUsername: false, userMap: { username: 'preferred_username' } };
        await app().post('/api/inte/app/groupMaps', { source: 'oidc', group: 'eng-oidc', roleId }, { token });
        const user = await ssoProvisioningService.resolve(
          {
            source: 'oidc',
            externalId: `oidc-${dialect}`,
            attributes: { preferred_username: `map-oidc-${dialect}`, groups: ['eng-oidc'] },
          },
          policy,
        );
        t.true((await rolesOf(user.username)).includes(roleId));
        // No groups told: nothing changes.
        await ssoProvisioningService.resolve(
          { source: 'oidc', externalId: `oidc-${dialect}`, attributes: { preferred_username: `map-oidc-${dialect}` } },
          policy,
        );
        t.true((await rolesOf(user.username)).includes(roleId));
        await ssoProvisioningService.resolve(
          {
            source: 'oidc',
            externalId: `oidc-${dialect}`,
            attributes: { preferred_username: `map-oidc-${dialect}`, groups: [] },
          },
          policy,
        );
        t.false((await rolesOf(user.username)).includes(roleId));

        const admin = await db('users').where({ username: 'admin' }).first('id');
        await app().cradle.ssoIdentitiesService.insert(db, Number(admin.id), 'oidc', `oidc-admin-${dialect}`);
        const before = await rolesOf('admin');
        await ssoProvisioningService.resolve(
          {
            source: 'oidc',
            externalId: `oidc-admin-${dialect}`,
            attributes: { preferred_username: 'admin', groups: ['eng-oidc'] },
          },
          policy,
        );
        t.deepEqual(await rolesOf('admin'), before);
      },
    );
  });
}
