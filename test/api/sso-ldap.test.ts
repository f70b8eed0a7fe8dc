import test from 'ava';
import { ADMIN_PASSWORD, perDialect } from '../helpers/app.ts';
import { skipBecause } from '../helpers/requires.ts';
import {
  freePort,
  person,
  ROOT_DN,
  ROOT_PASSWORD,
  slapdAvailable,
  startSlapd,
  SUFFIX,
  type Slapd,
} from '../helpers/slapd.ts';
import { confirmed, ldapLogin } from '../helpers/sso.ts';
import { createUser } from '../helpers/users.ts';
import { buildUserFilter, escapeFilterValue } from '../../core/modules/sso/index.ts';

test('LDAP filter values are escaped as RFC 4515 says', (t) => {
  t.is(escapeFilterValue('*)(uid=*'), '\\2a\\29\\28uid=\\2a');
  t.is(escapeFilterValue('a\\b\0c'), 'a\\5cb\\00c');
  t.is(
    buildUserFilter('(&(objectClass=person)(uid={username}))', 'admin)(|(uid=*'),
    '(&(objectClass=person)(uid=admin\\29\\28|\\28uid=\\2a))',
  );
});

if (!slapdAvailable()) {
  skipBecause(test, 'LDAP sign-in against OpenLDAP', 'slapd is not installed (apt-get install slapd ldap-utils)');
} else {
  let slapd: Slapd | undefined;
  test.before(async () => {
    slapd = await startSlapd([
      person('alice', 'alice-pw', {
        cn: 'Alice Liddell',
        telephoneNumber: '+1 555 0100',
        employeeNumber: 'E-100',
        departmentNumber: 'Research',
      }),
      person('bob', 'bob-pw'),
      person('carol', 'carol-pw'),
      person('admin', 'directory-admin-pw'),
    ]);
  });
  test.after.always(async () => {
    await slapd?.stop();
  });

  const ldapSettings = (overrides: Record<string, unknown> = {}) => ({
    enabled: true,
    url: slapd!.url,
    bindDn: ROOT_DN,
    bindPassword: ROOT_PASSWORD,
    searchBase: `ou=people,${SUFFIX}`,
    userFilter: '(&(objectClass=inetOrgPerson)(uid={username}))',
    autoCreate: true,
    timeoutMs: 3000,
    ...overrides,
  });

  perDialect(test, (dialect, app) => {
    let admin = '';
    const save = async (body: Record<string, unknown>) =>
      app().put('/api/sys/sso/ldap', body, { token: admin, headers: await confirmed(app()) });

    test.serial(
      `${dialect}: LDAP settings are validated, the bind password is stored sealed and never answered`,
      async (t) => {
        admin = await app().adminToken();
        const bad = await save({ ...ldapSettings(), url: 'http://x', userFilter: 'uid=x' });
        t.is(bad.status, 400);
        t.deepEqual(bad.body.errors?.map((e) => e.field).sort(), ['url', 'userFilter']);

        const ok = await save(ldapSettings());
        t.is(ok.status, 200, JSON.stringify(ok.body));
        const view = await app().get<{ data: Record<string, unknown> }>('/api/sys/sso/ldap', { token: admin });
        t.deepEqual(view.body.data.bindPassword, { set: true });
        t.false(JSON.stringify(view.body).includes(ROOT_PASSWORD));
        const row = await app().cradle.db('integration_settings').where({ kind: 'ldap' }).first();
        t.false(String(row.settings).includes(ROOT_PASSWORD));
        t.is(row.provider, 'builtin');
        const logged = await app()
          .cradle.db('operation_logs')
          .where({ action: 'sys.sso.ldap.save' })
          .orderBy('id', 'desc')
          .first();
        t.truthy(logged, 'the change is in the operation log');
        t.false(String(logged.summary).includes(ROOT_PASSWORD));

        // Sending the settings back as read keeps the secret.
        t.is((await save({ ...view.body.data, enabled: true })).status, 200);
        t.is((await ldapLogin(app(), 'alice', 'alice-pw')).status, 200);

        const methods = await app().get<{ data: { items: Array<{ method: string; loginType?: string }> } }>(
          '/api/sso/methods',
        );
        t.true(methods.body.data.items.some((m) => m.method === 'ldap' && m.loginType === 'ldap'));
        t.is((await app().get('/api/sys/sso/ldap')).status, 401);
      },
    );

    test.serial(
      `${dialect}: a directory user signs in, is created from the userMap and gets working tokens`,
      async (t) => {
        const res = await ldapLogin(app(), 'alice', 'alice-pw');
        t.is(res.status, 200);
        t.is(res.body.authMethod, 4);
        t.is((await app().get('/api/sys/menu/nav', { token: res.body.token })).status, 200);
        const user = await app().cradle.db('users').where({ username: 'alice' }).first();
        t.is(user.source, 'ldap');
        const identity = await app().cradle.db('user_identities').where({ user_id: user.id }).first();
        t.is(identity.source, 'ldap');
        t.regex(String(identity.external_id), /^[0-9a-f-]{36}$/, 'entryUUID');
        t.like(user, {
          real_name: 'Alice Liddell',
          email: 'alice@example.org',
          phone: '+1 555 0100',
          employee_no: 'E-100',
          department: 'Research',
        });
        const roles = await app().cradle.rolesService.permissionsOfUser(user.id);
        t.true(roles.size > 0);
        // A second sign-in finds the same user by its entryUUID.
        t.is((await ldapLogin(app(), 'alice', 'alice-pw')).status, 200);
        t.is(Number((await app().cradle.db('users').where({ username: 'alice' }).count({ n: '*' }).first())?.n), 1);
      },
    );

    test.serial(
      `${dialect}: wrong password, unknown user and empty password are refused with the LDAP message`,
      async (t) => {
        for (const [username, password] of [
          ['alice', 'wrong'],
          ['nobody', 'x'],
          ['alice', ''],
        ] as const) {
          const res = await ldapLogin(app(), username, password);
          t.is(res.status, 401, `${username}/${password}`);
          t.is(res.body.key, 'auth.ldapFailed');
          t.is(res.body.msg, 'Directory (LDAP) authentication failed');
        }
      },
    );

    test.serial(`${dialect}: filter metacharacters in usernames are escaped, never injected`, async (t) => {
      // Each of these would match alice (or everyone) if pasted into the filter unescaped.
      for (const username of [
        '*',
        'alic*',
        '*)(uid=*',
        'admin)(|(uid=*',
        'alice)(uid=*',
        'x)(|(objectClass=*)(uid=alice',
        'ali\\63e',
      ]) {
        const res = await ldapLogin(app(), username, 'alice-pw');
        t.is(res.status, 401, username);
        t.is(res.body.key, 'auth.ldapFailed');
      }
      t.is(
        await app().cradle.db('users').where('username', 'like', '%*%').orWhere('username', 'like', '%(%').first(),
        undefined,
      );
    });

    test.serial(
      `${dialect}: with auto-create off unknown users are refused clearly; existing users match by username when allowed`,
      async (t) => {
        t.is((await save(ldapSettings({ autoCreate: false, matchByUsername: true }))).status, 200);
        const bob = await ldapLogin(app(), 'bob', 'bob-pw');
        t.is(bob.status, 403);
        t.is(bob.body.key, 'sso.userNotProvisioned');
        t.regex(bob.body.msg, /bob/);
        t.is(await app().cradle.db('users').where({ username: 'bob' }).first(), undefined);

        const carolId = await createUser(app(), 'carol');
        const carol = await ldapLogin(app(), 'carol', 'carol-pw');
        t.is(carol.status, 200);
        const session = await app()
          .cradle.db('sessions')
          .where({ user_id: carolId })
          .orderBy('created_at', 'desc')
          .first();
        t.is(Number(session.auth_method), 4);
        t.is(
          (await app().cradle.db('user_identities').where({ user_id: carolId, source: 'ldap' })).length,
          1,
          'linked',
        );

        // Without matching by username, a directory user cannot take over a local account of the same name;
        // carol's link, made once, still decides.
        t.is((await save(ldapSettings({ autoCreate: true }))).status, 200);
        const taken = await ldapLogin(app(), 'admin', 'directory-admin-pw');
        t.is(taken.status, 409);
        t.is(taken.body.key, 'sso.usernameTaken');
        t.is((await ldapLogin(app(), 'carol', 'carol-pw')).status, 200);
      },
    );

    test.serial(`${dialect}: the userMap decides which attribute is the username and the other fields`, async (t) => {
      t.is(
        (
          await save(
            ldapSettings({ autoCreate: true, userMap: { username: 'mail', realName: 'sn', employeeNo: 'uid' } }),
          )
        ).status,
        200,
      );
      const res = await ldapLogin(app(), 'bob', 'bob-pw');
      t.is(res.status, 200);
      const user = await app().cradle.db('users').where({ username: 'bob@example.org' }).first();
      t.like(user, { real_name: 'Person', employee_no: 'bob', source: 'ldap', email: null });
    });

    test.serial(`${dialect}: with local login off, LDAP still signs in`, async (t) => {
      t.is((await save(ldapSettings())).status, 200);
      t.is((await app().put('/api/sys/params', { localLoginEnabled: false }, { token: admin })).status, 200);
      try {
        const local = await app().login('admin', ADMIN_PASSWORD);
        t.is(local.status, 403);
        t.is((await ldapLogin(app(), 'alice', 'alice-pw')).status, 200);
        const methods = await app().get<{ data: { localLoginEnabled: boolean } }>('/api/sso/methods');
        t.false(methods.body.data.localLoginEnabled);
      } finally {
        await app().put('/api/sys/params', { localLoginEnabled: true }, { token: admin });
      }
    });

    test.serial(`${dialect}: a directory that does not answer gives 401 with the LDAP message`, async (t) => {
      t.is((await save(ldapSettings({ url: `ldap://127.0.0.1:${await freePort()}` }))).status, 200);
      const res = await ldapLogin(app(), 'alice', 'alice-pw');
      t.is(res.status, 401);
      t.is(res.body.msg, 'Directory (LDAP) authentication failed');
      t.is((await save(ldapSettings({ enabled: false }))).status, 200);
      t.is((await ldapLogin(app(), 'alice', 'alice-pw')).status, 401, 'disabled');
    });
  });
}
