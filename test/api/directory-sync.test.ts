/**
 * Directory sync (docs/product-rules.md R21) from a real OpenLDAP through plugins/ldap-directory, on SQLite and
 * MariaDB: the dry run changes nothing; a run creates people with their fields and department, links an existing
 * account by the matching field but never an administrator, updates what changed; a person removed from the
 * directory is disabled on the next full run (sessions and API keys revoked, bookings not yet started cancelled);
 * the mass-disable guard stops a run until confirmed; runs never overlap; a run cut short leaves no duplicate.
 */
import test from 'ava';
import { Attribute, Change, Client } from 'ldapts';
import { perDialect } from '../helpers/app.ts';
import { BASE, book, staff, type Who } from '../helpers/bookings.ts';
import { createPlace, createResource } from '../helpers/places-fixture.ts';
import { skipBecause } from '../helpers/requires.ts';
import { person, ROOT_DN, ROOT_PASSWORD, slapdAvailable, startSlapd, SUFFIX, type Slapd } from '../helpers/slapd.ts';

interface Run {
  id: number;
  state: string;
  dryRun: boolean;
  counts: Record<string, number>;
  report: Array<{ action: string; username: string; reason?: string; fields?: string[] }>;
}

const rnd = `ou=RnD,ou=people,${SUFFIX}`;
const inRnd = (uid: string, extra: Record<string, string>) =>
  person(uid, `${uid}-pw`, extra).replace(`dn: uid=${uid},ou=people,${SUFFIX}`, `dn: uid=${uid},${rnd}`);

if (!slapdAvailable()) {
  skipBecause(test, 'directory sync against OpenLDAP', 'slapd is not installed (apt-get install slapd ldap-utils)');
} else {
  perDialect(test, (dialect, app) => {
    let slapd: Slapd | undefined;
    // One directory per database: each suite changes it.
    test.serial.before(async () => {
      slapd = await startSlapd([
        `dn: ${rnd}\nobjectClass: organizationalUnit\nou: RnD`,
        inRnd('dir-ann', { cn: 'Ann Archer', employeeNumber: 'E-1', telephoneNumber: '+1 555 0101' }),
        person('dir-ben', 'ben-pw', { cn: 'Ben Baker', employeeNumber: 'E-2' }),
        person('dir-cat', 'cat-pw', { cn: 'Cat Cole', employeeNumber: 'E-3' }),
        // Matched by username to the local account of the same name; then leaves.
        person('dir-dora', 'dora-pw', { cn: 'Dora Dean', employeeNumber: 'E-4' }),
        // Matched too; leaves while her bookings are handed to an administrator.
        person('dir-eve', 'eve-pw', { cn: 'Eve Evans', employeeNumber: 'E-5' }),
        // The directory's "admin" must never become Atrium's administrator.
        person('admin', 'admin-pw', { cn: 'Directory Admin', employeeNumber: 'E-0' }),
      ]);
    });
    test.after.always(async () => {
      await slapd?.stop();
    });

    const ldap = async (fn: (c: Client) => Promise<unknown>) => {
      const c = new Client({ url: slapd!.url });
      try {
        await c.bind(ROOT_DN, ROOT_PASSWORD);
        await fn(c);
      } finally {
        await c.unbind();
      }
    };

    let adminToken: string;
    let dora: Who;
    let eve: Who;
    let roomId: number;
    const sync = (body: Record<string, unknown> = {}) =>
      app().post<{ data: Run }>('/api/inte/app/directory/sync', body, { token: adminToken });
    const user = (username: string) => app().cradle.db('users').where({ username }).first();

    test.serial.before(async () => {
      app().clock.set(BASE);
      adminToken = await app().adminToken();
      roomId = await createResource(app(), await createPlace(app()), { name: 'Directory room' });
      dora = await staff(app(), 'dir-dora');
      eve = await staff(app(), 'dir-eve');
      const saved = await app().put(
        '/api/inte/settings/apps',
        {
          provider: 'ldap-directory',
          settings: {
            url: slapd!.url,
            bindDn: ROOT_DN,
            bindPassword: ROOT_PASSWORD,
            searchBase: `ou=people,${SUFFIX}`,
            rootDepartment: 'Example',
          },
        },
        { token: adminToken },
      );
      if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
      const params = await app().put(
        '/api/sys/params',
        { directoryMatchBy: 'username', directoryMaxDisablePercent: 10 },
        { token: adminToken },
      );
      if (params.status !== 200) throw new Error(JSON.stringify(params.body));
    });

    test.serial(`${dialect}: a dry run reports every step and changes nothing`, async (t) => {
      const res = await sync({ dryRun: true });
      t.is(res.status, 200, JSON.stringify(res.body));
      const run = res.body.data;
      t.like(run, { state: 'done', dryRun: true, counts: { listed: 6, created: 3, linked: 2, skipped: 1 } });
      t.like(
        run.report.find((l) => l.username === 'admin'),
        { action: 'skip', reason: 'administrator' },
      );
      t.is(await user('dir-ann'), undefined);
      t.is((await app().cradle.db('user_identities').where({ source: 'ldap' })).length, 0);
    });

    test.serial(`${dialect}: a run creates, links and fills in people; the administrator is left alone`, async (t) => {
      const res = await sync();
      t.like(res.body.data, { state: 'done', dryRun: false, counts: { created: 3, linked: 2, skipped: 1 } });
      const ann = await user('dir-ann');
      t.like(ann, { real_name: 'Ann Archer', employee_no: 'E-1', phone: '+1 555 0101', department: 'RnD', status: 1 });
      t.is(ann.email, 'dir-ann@example.org');
      // No local password: the account signs in through the directory.
      const signIn = await app().post('/api/sys/login', { username: 'dir-ann', password: '!none' });
      t.not(signIn.status, 200);
      t.like(await user('dir-dora'), { real_name: 'Dora Dean', employee_no: 'E-4' });
      const admin = await user('admin');
      t.not(admin.real_name, 'Directory Admin');
      const links = await app().cradle.db('user_identities').where({ source: 'ldap' });
      t.is(links.length, 5);
      t.false(links.some((l) => l.user_id === admin.id));
      // Nothing changed since: the next run only skips the administrator.
      t.like((await sync()).body.data.counts, { created: 0, linked: 0, updated: 0, disabled: 0, skipped: 1 });
    });

    test.serial(`${dialect}: changed people are updated, and only what changed`, async (t) => {
      await ldap((c) =>
        c.modify(`uid=dir-ben,ou=people,${SUFFIX}`, [
          new Change({
            operation: 'replace',
            modification: new Attribute({ type: 'mail', values: ['ben.baker@example.org'] }),
          }),
        ]),
      );
      const run = (await sync()).body.data;
      t.like(run.counts, { updated: 1 });
      t.deepEqual(run.report.find((l) => l.username === 'dir-ben')?.fields, ['email']);
      t.is((await user('dir-ben')).email, 'ben.baker@example.org');
    });

    test.serial(
      `${dialect}: a leaver is disabled, signed out, their keys revoked and bookings cancelled`,
      async (t) => {
        const made = await book(app(), dora, {
          resourceId: roomId,
          meetingDate: '2027-03-03',
          startTime: '09:00',
          endTime: '10:00',
        });
        t.is(made.status, 200, JSON.stringify(made.body));
        // A key acting as Dora (staff may not make keys through the API: written as the keys module stores one).
        await app()
          .cradle.db('api_keys')
          .insert({
            name: 'dora key',
            key_id: `dorakey${dialect}`,
            secret_hash: 'not-a-real-hash',
            scopes: JSON.stringify(['center:reserve:view']),
            user_id: dora.id,
            created_by: dora.id,
            created_at: app().clock.now(),
          });
        await ldap((c) => c.del(`uid=dir-dora,ou=people,${SUFFIX}`));
        const run = (await sync()).body.data;
        t.like(run, { state: 'done', counts: { disabled: 1, bookingsCancelled: 1 } });
        t.like(
          run.report.find((l) => l.username === 'dir-dora'),
          { action: 'disable', reason: 'notListed' },
        );
        t.is((await user('dir-dora')).status, 0);
        t.is((await app().get('/api/sys/user/keys', { token: dora.token })).status, 401);
        t.like(await app().cradle.db('bookings').where({ id: made.body.data.id }).first(), { state: 'cancelled' });
        t.not((await app().cradle.db('api_keys').where({ user_id: dora.id }).first()).revoked_at, null);
        const change = await app()
          .cradle.db('domain_events')
          .where({ type: 'user.disabled' })
          .orderBy('id', 'desc')
          .first();
        t.is(JSON.parse(change.payload).userId, dora.id);
        const log = await app().cradle.db('operation_logs').where({ action: 'sys.user.leaver' }).first();
        t.truthy(log);
      },
    );

    test.serial(`${dialect}: with handOver, a leaver's bookings go to the named administrator`, async (t) => {
      const made = await book(app(), eve, {
        resourceId: roomId,
        meetingDate: '2027-03-04',
        startTime: '09:00',
        endTime: '10:00',
      });
      t.is(made.status, 200, JSON.stringify(made.body));
      const params = (body: Record<string, unknown>) => app().put('/api/sys/params', body, { token: adminToken });
      t.is((await params({ directoryLeaverBookings: 'handOver', directoryHandOverTo: 'admin' })).status, 200);
      await ldap((c) => c.del(`uid=dir-eve,ou=people,${SUFFIX}`));
      const run = (await sync()).body.data;
      t.like(run, { state: 'done', counts: { disabled: 1, bookingsCancelled: 0, bookingsHandedOver: 1 } });
      const admin = await app().cradle.db('users').where({ username: 'admin' }).first('id');
      t.like(await app().cradle.db('bookings').where({ id: made.body.data.id }).first(), {
        state: 'confirmed',
        organiser_id: Number(admin.id),
      });
      const change = await app()
        .cradle.db('domain_events')
        .where({ type: 'booking.updated', booking_id: made.body.data.id })
        .orderBy('id', 'desc')
        .first();
      t.is(JSON.parse(change.payload).booking.organiserId, Number(admin.id));
      await params({ directoryLeaverBookings: 'cancel', directoryHandOverTo: '' });
    });

    test.serial(`${dialect}: a run that would disable too many stops until confirmed`, async (t) => {
      // The directory answers nobody (a wrong search base): every linked person would look gone.
      const saved = await app().put(
        '/api/inte/settings/apps',
        {
          provider: 'ldap-directory',
          settings: {
            url: slapd!.url,
            bindDn: ROOT_DN,
            bindPassword: ROOT_PASSWORD,
            searchBase: `ou=people,${SUFFIX}`,
            filter: '(uid=nobody-matches)',
          },
        },
        { token: adminToken },
      );
      t.is(saved.status, 200);
      const stopped = (await sync()).body.data;
      t.like(stopped, { state: 'needsConfirmation', counts: { disabled: 3 } });
      t.is((await user('dir-ann')).status, 1, 'nothing disabled');
      const dry = (await sync({ dryRun: true, confirm: true })).body.data;
      t.like(dry, { state: 'done', dryRun: true });
      t.is((await user('dir-ann')).status, 1, 'a dry run never disables');
      const confirmed = (await sync({ confirm: true })).body.data;
      t.like(confirmed, { state: 'done', counts: { disabled: 3 } });
      t.is((await user('dir-ann')).status, 0);
      t.is((await user('admin')).status, 1, 'the administrator is never disabled by the directory');
    });

    test.serial(`${dialect}: runs do not overlap, and bad requests are 4xx`, async (t) => {
      await app()
        .cradle.db('directory_sync')
        .where({ id: 1 })
        .update({ holder: 'other-process', held_until: app().clock.now() + 60_000 });
      const busy = await sync({ dryRun: true });
      t.is(busy.status, 409);
      await app().cradle.db('directory_sync').where({ id: 1 }).update({ holder: null, held_until: 0 });
      t.is((await sync({ dryRun: 'yes' })).status, 400);
      t.is((await app().get('/api/inte/app/directory/runs/999999', { token: adminToken })).status, 404);
      const runs = await app().get<{ data: { total: number; list: Run[] } }>('/api/inte/app/directory/runs', {
        token: adminToken,
      });
      t.is(runs.status, 200);
      t.true(runs.body.data.total >= 6);
      t.is((runs.body.data as unknown as { items: Array<{ startedByName: string }> }).items[0]!.startedByName, 'admin');
      t.is((await app().post('/api/inte/app/directory/sync', {}, { token: dora.token })).status, 401);
      const none = await app().put(
        '/api/inte/settings/apps',
        { provider: 'none', settings: {} },
        { token: adminToken },
      );
      t.is(none.status, 200);
      t.is((await sync()).status, 422);
    });
  });
}
