/**
 * Violations and the blocklist: threshold within the period, the switch, idempotent
 * violations, events only after commit, the release job, manual release with its
 * operation log, the two admin lists and their permissions.
 */
import test from 'ava';
import { runTx } from '../../core/db/transaction.ts';
import { perDialect, type TestApp } from '../helpers/app.ts';
import { DateTime } from 'luxon';
import { createPlace, createResource } from '../helpers/places-fixture.ts';
import { createUser, STAFF_PASSWORD } from '../helpers/users.ts';

const DAY = 86_400_000;

interface Entry {
  id: number;
  userId: number;
  username: string;
  violationCount: number;
  blockedAt: number;
  releaseAt: number;
  releasedAt: number | null;
  releasedBy: number | null;
  active: boolean;
}
interface PageOf<T> {
  data: { items: T[]; total: number; page: number; pageSize: number };
}

/** A resource and a way to add bare booking rows, only so violations can point at real bookings. */
async function bookingMaker(app: TestApp): Promise<(organiserId: number) => Promise<number>> {
  const { db } = app.cradle;
  const now = Date.now();
  const [locationId] = await db('locations').insert({
    name: 'Blocklist HQ',
    time_zone: 'UTC',
    created_at: now,
    updated_at: now,
  });
  const [resourceId] = await db('resources').insert({
    name: 'Room B',
    type: 0,
    capacity: 4,
    location_id: locationId,
    time_zone: 'UTC',
    created_at: now,
    updated_at: now,
  });
  let n = 0;
  return async (organiserId) => {
    n++;
    const startAt = Date.UTC(2026, 0, 1) + n * 3_600_000;
    const [id] = await db('bookings').insert({
      resource_id: resourceId,
      organiser_id: organiserId,
      meeting_date: '2026-01-01',
      start_time: '10:00',
      end_time: '11:00',
      start_at: startAt,
      end_at: startAt + 3_600_000,
      time_zone: 'UTC',
      subject: `No-show ${n}`,
      check_in_code: '123456',
      state: 'autoCancelled',
      created_at: now,
      updated_at: now,
    });
    return Number(id);
  };
}

perDialect(test, (dialect, app) => {
  let admin: string;
  let staff: string;
  let book: (organiserId: number) => Promise<number>;
  const users: Record<string, number> = {};
  const events: Array<{ name: string; userId: number; violationCount?: number; releaseAt?: number }> = [];

  const record = (userId: number, bookingId: number | null, at: number) =>
    runTx(app().cradle.db, (trx) => app().cradle.blocklistService.recordViolation(trx, { userId, bookingId, at }));
  const isBlocked = (userId: number, at: number) =>
    app().cradle.blocklistService.isBlocked(app().cradle.db, userId, at);
  const setParams = async (t: { is: (a: unknown, b: unknown, m?: string) => void }, body: Record<string, unknown>) => {
    const res = await app().put('/api/sys/params', body, { token: admin });
    t.is(res.status, 200, JSON.stringify(res.body));
  };
  const eventsFor = (name: string, userId: number) => events.filter((e) => e.name === name && e.userId === userId);

  test.serial(`${dialect}: setup`, async (t) => {
    admin = await app().adminToken();
    for (const name of ['alice', 'bob', 'carol', 'dave', 'erin']) users[name] = await createUser(app(), `bl-${name}`);
    await createUser(app(), 'bl-staff');
    staff = await app().tokenFor('bl-staff', STAFF_PASSWORD);
    book = await bookingMaker(app());
    for (const name of ['user.violation', 'user.blocklisted', 'user.released'] as const) {
      app().cradle.events.on(name, (p) => void events.push({ name, ...p }));
    }
    await setParams(t, {
      blocklistEnabled: true,
      blocklistMaxViolations: 3,
      blocklistPeriodDays: 10,
      blocklistDisableDays: 2,
    });
  });

  test.serial(
    `${dialect}: violations within the period reaching the maximum blocklist the user for the configured days`,
    async (t) => {
      const now = app().clock.now();
      const alice = users.alice!;
      t.deepEqual(
        await record(alice, await book(alice), now - 11 * DAY),
        { recorded: true, blocklisted: false },
        'outside the period',
      );
      t.deepEqual(await record(alice, await book(alice), now - 5 * DAY), { recorded: true, blocklisted: false });
      t.deepEqual(
        await record(alice, await book(alice), now - DAY),
        { recorded: true, blocklisted: false },
        'only two within 10 days',
      );
      t.false(await isBlocked(alice, now));
      t.deepEqual(await record(alice, await book(alice), now), { recorded: true, blocklisted: true });
      t.true(await isBlocked(alice, now));
      t.true(await isBlocked(alice, now + 2 * DAY - 1));
      t.false(await isBlocked(alice, now + 2 * DAY), 'released at blocked time + disable days');
      const rows = await app().cradle.db('blocklist').where({ user_id: alice });
      t.is(rows.length, 1);
      t.is(Number(rows[0].violation_count), 3);
      t.is(Number(rows[0].release_at), now + 2 * DAY);

      await app().cradle.events.settle();
      t.is(eventsFor('user.violation', alice).length, 4);
      t.deepEqual(
        eventsFor('user.blocklisted', alice).map((e) => [e.violationCount, e.releaseAt]),
        [[3, now + 2 * DAY]],
      );

      t.deepEqual(
        await record(alice, await book(alice), now + 1000),
        { recorded: true, blocklisted: false },
        'already on the list',
      );
      t.is((await app().cradle.db('blocklist').where({ user_id: alice })).length, 1, 'never two open entries');
    },
  );

  test.serial(`${dialect}: a violation is recorded once per no-show, also when two calls race`, async (t) => {
    const bob = users.bob!;
    const now = app().clock.now();
    const bookingId = await book(bob);
    t.deepEqual(await record(bob, bookingId, now), { recorded: true, blocklisted: false });
    t.deepEqual(await record(bob, bookingId, now + 5), { recorded: false, blocklisted: false }, 'a retry');
    const raced = await book(bob);
    const both = await Promise.all([record(bob, raced, now), record(bob, raced, now)]);
    t.deepEqual(both.map((r) => r.recorded).sort(), [false, true]);
    t.is((await app().cradle.db('violations').where({ user_id: bob })).length, 2);
    await app().cradle.events.settle();
    t.is(eventsFor('user.violation', bob).length, 2);
  });

  test.serial(
    `${dialect}: events wait for the commit, and a rolled-back violation leaves nothing behind`,
    async (t) => {
      const dave = users.dave!;
      const bookingId = await book(dave);
      await t.throwsAsync(
        runTx(app().cradle.db, async (trx) => {
          await app().cradle.blocklistService.recordViolation(trx, { userId: dave, bookingId, at: app().clock.now() });
          throw new Error('the caller fails after recording');
        }),
        { message: /caller fails/ },
      );
      await app().cradle.events.settle();
      t.is((await app().cradle.db('violations').where({ user_id: dave })).length, 0);
      t.is(eventsFor('user.violation', dave).length, 0);
    },
  );

  test.serial(
    `${dialect}: with the blocklist switched off, violations are recorded but nobody is blocklisted`,
    async (t) => {
      await setParams(t, { blocklistEnabled: false });
      const bob = users.bob!;
      const now = app().clock.now();
      t.deepEqual(
        await record(bob, await book(bob), now),
        { recorded: true, blocklisted: false },
        'third violation of bob',
      );
      t.deepEqual(await record(bob, await book(bob), now), { recorded: true, blocklisted: false });
      t.false(await isBlocked(bob, now));
      t.is((await app().cradle.db('blocklist').where({ user_id: bob })).length, 0);
      await setParams(t, { blocklistEnabled: true });
    },
  );

  test.serial(`${dialect}: the release job lifts the entry once its release time passes`, async (t) => {
    const alice = users.alice!;
    const entry = await app().cradle.db('blocklist').where({ user_id: alice }).first();
    const scheduler = app().running.scheduler!;
    t.true(scheduler.list().some((j) => j.name === 'blocklist.release'));
    app().clock.advance(61_000);
    t.true(await scheduler.runIfDue('blocklist.release'));
    t.true(await isBlocked(alice, app().clock.now()), 'not yet due');
    app().clock.set(Number(entry.release_at) + 61_000);
    t.true(await scheduler.runIfDue('blocklist.release'));
    const after = await app().cradle.db('blocklist').where({ id: entry.id }).first();
    t.true(Math.abs(Number(after.released_at) - app().clock.now()) < 5000, 'released at the run time');
    t.is(after.released_by, null);
    t.false(await isBlocked(alice, app().clock.now()));
    await app().cradle.events.settle();
    t.is(eventsFor('user.released', alice).length, 1);
    // The violations that led to this blocklisting do not count again.
    t.deepEqual(await record(alice, await book(alice), app().clock.now()), { recorded: true, blocklisted: false });
  });

  test.serial(`${dialect}: an administrator releases by hand, with an operation-log row; staff may not`, async (t) => {
    // The release test moved the clock by days: sign in again.
    admin = await app().adminToken();
    staff = await app().tokenFor('bl-staff', STAFF_PASSWORD);
    const carol = users.carol!;
    const now = app().clock.now();
    for (let i = 0; i < 3; i++) await record(carol, await book(carol), now - i * 1000);
    t.true(await isBlocked(carol, now));
    const entry = await app().cradle.db('blocklist').where({ user_id: carol }).first();

    t.is((await app().post(`/api/sys/blocklist/${entry.id}/release`, {}, { token: staff })).status, 403);
    t.true(await isBlocked(carol, now), 'staff changed nothing');
    const res = await app().post<{ data: Entry }>(`/api/sys/blocklist/${entry.id}/release`, {}, { token: admin });
    t.is(res.status, 200, JSON.stringify(res.body));
    t.false(res.body.data.active);
    t.is(res.body.data.username, 'bl-carol');
    t.true(Math.abs(res.body.data.releasedAt! - app().clock.now()) < 5000);
    const adminId = Number((await app().cradle.db('users').where({ username: 'admin' }).first('id')).id);
    t.is(res.body.data.releasedBy, adminId);
    t.false(await isBlocked(carol, now));
    const log = await app()
      .cradle.db('operation_logs')
      .where({ action: 'sys.blocklist.release', target: String(entry.id) })
      .first();
    t.truthy(log);
    t.is(log.username, 'admin');
    t.regex(String(log.summary), /releasedAt/);

    t.is(
      (await app().post(`/api/sys/blocklist/${entry.id}/release`, {}, { token: admin })).status,
      409,
      'already released',
    );
    t.is((await app().post('/api/sys/blocklist/999999/release', {}, { token: admin })).status, 404);
    t.is((await app().cradle.db('operation_logs').where({ action: 'sys.blocklist.release' })).length, 1);
    await app().cradle.events.settle();
    t.is(eventsFor('user.released', carol).length, 1);
    t.deepEqual(
      await record(carol, await book(carol), now + 1),
      { recorded: true, blocklisted: false },
      'counting starts again after a blocklisting',
    );
  });

  test.serial(`${dialect}: the blocklist lists active entries or all, with search and paging`, async (t) => {
    const erin = users.erin!;
    const now = app().clock.now();
    for (let i = 0; i < 3; i++) await record(erin, await book(erin), now - i);

    const active = await app().get<PageOf<Entry>>('/api/sys/blocklist', { token: admin });
    t.is(active.status, 200);
    t.deepEqual(
      active.body.data.items.map((e) => e.username),
      ['bl-erin'],
    );
    t.true(active.body.data.items[0]!.active);
    t.is(active.body.data.items[0]!.violationCount, 3);
    t.is(active.body.data.items[0]!.releaseAt, active.body.data.items[0]!.blockedAt + 2 * DAY);
    t.is(
      active.body.data.items[0]!.blockedAt,
      now,
      'blocked from the newest counted violation, whatever the order they came in',
    );

    const all = await app().get<PageOf<Entry>>('/api/sys/blocklist?status=all', { token: admin });
    t.deepEqual(all.body.data.items.map((e) => e.username).sort(), ['bl-alice', 'bl-carol', 'bl-erin']);
    const paged = await app().get<PageOf<Entry>>('/api/sys/blocklist?status=all&page=2&pageSize=2', { token: admin });
    t.is(paged.body.data.total, 3);
    t.is(paged.body.data.items.length, 1);
    const found = await app().get<PageOf<Entry>>('/api/sys/blocklist?status=all&q=CAROL', { token: admin });
    t.deepEqual(
      found.body.data.items.map((e) => e.username),
      ['bl-carol'],
    );
    const none = await app().get<PageOf<Entry>>('/api/sys/blocklist?status=all&q=%25', { token: admin });
    t.is(none.body.data.total, 0, 'a % searches for a literal percent sign');
    t.is((await app().get('/api/sys/blocklist?status=maybe', { token: admin })).status, 400);
    t.is((await app().get('/api/sys/blocklist', { token: staff })).status, 403);
  });

  test.serial(`${dialect}: the violation list filters by user and time range, with paging`, async (t) => {
    const alice = users.alice!;
    const mine = await app().get<
      PageOf<{ userId: number; occurredAt: number; subject: string | null; resourceName: string | null }>
    >(`/api/sys/violations?userId=${alice}&pageSize=100`, { token: admin });
    t.is(mine.status, 200);
    t.is(mine.body.data.total, 6);
    t.true(mine.body.data.items.every((v) => v.userId === alice));
    t.is(mine.body.data.items[0]!.resourceName, 'Room B');
    t.regex(mine.body.data.items[0]!.subject ?? '', /^No-show/);
    const times = mine.body.data.items.map((v) => v.occurredAt);
    t.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
      'newest first',
    );

    const oldest = Math.min(...times);
    const ranged = await app().get<PageOf<{ occurredAt: number }>>(
      `/api/sys/violations?userId=${alice}&from=${oldest}&to=${oldest + 1}`,
      { token: admin },
    );
    t.deepEqual(
      ranged.body.data.items.map((v) => v.occurredAt),
      [oldest],
    );
    const byName = await app().get<PageOf<{ username: string }>>('/api/sys/violations?q=bl-bob&pageSize=2', {
      token: admin,
    });
    t.is(byName.body.data.total, 4);
    t.is(byName.body.data.items.length, 2);
    t.true(byName.body.data.items.every((v) => v.username === 'bl-bob'));
    t.is((await app().get('/api/sys/violations?from=10&to=5', { token: admin })).status, 400);
    t.is((await app().get('/api/sys/violations', { token: staff })).status, 403);
  });

  test.serial(`${dialect}: a blocklisted user cannot book until released, and can book again after`, async (t) => {
    const frank = await createUser(app(), 'bl-frank');
    const token = await app().tokenFor('bl-frank', STAFF_PASSWORD);
    const roomId = await createResource(app(), await createPlace(app(), 'UTC'), { name: 'Blocklist room' });
    const now = app().clock.now();
    for (let i = 0; i < 3; i++) await record(frank, await book(frank), now);
    const date = DateTime.fromMillis(now, { zone: 'UTC' }).plus({ days: 1 }).toISODate()!;
    const body = {
      resourceId: roomId,
      meetingDate: date,
      startTime: '10:00',
      endTime: '11:00',
      subject: 'After the blocklist',
      employeeId: 'E-7',
    };

    const refused = await app().post('/api/bookings', body, { token });
    t.is(refused.status, 422, JSON.stringify(refused.body));
    t.is(refused.body.key, 'bookings.blocklisted');

    const entry = await app().get<PageOf<Entry>>('/api/sys/blocklist?q=bl-frank', { token: admin });
    t.is(
      (await app().post(`/api/sys/blocklist/${entry.body.data.items[0]!.id}/release`, {}, { token: admin })).status,
      200,
    );
    const accepted = await app().post('/api/bookings', body, { token });
    t.is(accepted.status, 200, JSON.stringify(accepted.body));
  });
});
