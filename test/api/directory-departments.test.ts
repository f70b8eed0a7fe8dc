/**
 * Departments as a tree (docs/product-rules.md R21.7), on SQLite and MariaDB, from a real OpenLDAP: the sync keeps
 * each person's department path; `GET /sys/departments` answers the tree with head counts; a mapping of a department
 * (`dept:<path>`) puts its people, and those of the departments below, in a user group; a report narrowed to a
 * department counts only the bookings of its people and of those below it.
 */
import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { createPlace, createResource } from '../helpers/places-fixture.ts';
import { futureBooking } from '../helpers/places.ts';
import { skipBecause } from '../helpers/requires.ts';
import { person, ROOT_DN, ROOT_PASSWORD, slapdAvailable, startSlapd, SUFFIX, type Slapd } from '../helpers/slapd.ts';

const rnd = `ou=RnD,ou=people,${SUFFIX}`;
const platform = `ou=Platform,${rnd}`;
const at = (uid: string, dn: string) =>
  person(uid, 'x').replace(`dn: uid=${uid},ou=people,${SUFFIX}`, `dn: uid=${uid},${dn}`);

interface Department {
  name: string;
  path: string;
  parentPath: string | null;
  depth: number;
  people: number;
}

if (!slapdAvailable()) {
  skipBecause(test, 'departments from OpenLDAP', 'slapd is not installed (apt-get install slapd ldap-utils)');
} else {
  perDialect(test, (dialect, app) => {
    let slapd: Slapd | undefined;
    let token: string;
    const id = async (username: string) => Number((await app().cradle.db('users').where({ username }).first('id')).id);

    test.serial.before(async () => {
      slapd = await startSlapd([
        `dn: ${rnd}\nobjectClass: organizationalUnit\nou: RnD`,
        `dn: ${platform}\nobjectClass: organizationalUnit\nou: Platform`,
        at('dep-ann', rnd),
        at('dep-ben', platform),
        person('dep-cat', 'x'),
      ]);
      token = await app().adminToken();
      const saved = await app().put(
        '/api/inte/settings/apps',
        {
          provider: 'ldap-directory',
          settings: {
            url: slapd.url,
            bindDn: ROOT_DN,
            bindPassword: ROOT_PASSWORD,
            searchBase: `ou=people,${SUFFIX}`,
            rootDepartment: 'Example',
            groupsAttribute: '',
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
      `${dialect}: the sync keeps department paths; the tree counts people below each department`,
      async (t) => {
        const group = await app().post<{ data: { id: number } }>(
          '/api/sys/groups',
          { name: `RnD ${dialect}` },
          { token },
        );
        t.is(group.status, 200, JSON.stringify(group.body));
        const map = await app().post(
          '/api/inte/app/groupMaps',
          { source: '*', group: 'dept:Example / RnD', userGroupId: group.body.data.id },
          { token },
        );
        t.is(map.status, 200, JSON.stringify(map.body));
        const run = await app().post<{ data: { counts: Record<string, number> } }>(
          '/api/inte/app/directory/sync',
          {},
          { token },
        );
        t.like(run.body.data.counts, { created: 3, regrouped: 2 });
        t.like(await app().cradle.db('users').where({ username: 'dep-ben' }).first(), {
          department: 'Platform',
          department_path: 'Example / RnD / Platform',
        });
        const tree = await app().get<{ data: Department[] }>('/api/sys/departments', { token });
        t.is(tree.status, 200);
        t.deepEqual(
          tree.body.data.filter((d) => d.path.startsWith('Example')),
          [
            { name: 'Example', path: 'Example', parentPath: null, depth: 0, people: 3 },
            { name: 'RnD', path: 'Example / RnD', parentPath: 'Example', depth: 1, people: 2 },
            { name: 'Platform', path: 'Example / RnD / Platform', parentPath: 'Example / RnD', depth: 2, people: 1 },
          ],
        );
        const members = (
          await app().cradle.db('user_group_members').where({ group_id: group.body.data.id }).pluck('user_id')
        )
          .map(Number)
          .sort((a, b) => a - b);
        t.deepEqual(
          members,
          [await id('dep-ann'), await id('dep-ben')].sort((a, b) => a - b),
        );
      },
    );

    test.serial(`${dialect}: a report narrowed to a department counts its people and those below`, async (t) => {
      const room = await createResource(app(), await createPlace(app()), { name: `Dept room ${dialect}` });
      const booking = await futureBooking(app(), room);
      await app()
        .cradle.db('bookings')
        .where({ id: booking })
        .update({ organiser_id: await id('dep-ben') });
      const request = (department: string) =>
        app().post<{ data: { department: string | null } }>(
          '/api/room/reports',
          { type: 'bookings', from: '2029-12-31', to: '2030-01-02', department },
          { token },
        );
      const rndReport = await request('Example / RnD');
      t.is(rndReport.status, 200, JSON.stringify(rndReport.body));
      t.is(rndReport.body.data.department, 'Example / RnD');
      // Nobody of a sibling department booked: nothing to report.
      const other = await request('Example / Sales');
      t.is(other.status, 422);
      // "Example / R" is not a department above "Example / RnD": no prefix match on names.
      t.is((await request('Example / R')).status, 422);
    });
  });
}
