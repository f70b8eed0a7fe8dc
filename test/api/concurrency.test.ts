/**
 * The multi-process guarantees (docs/architecture.md A1.2, A5.3, A13.3), on MariaDB only: two Atrium
 * servers on one database, as two containers behind a load balancer would be.
 * SQLite has a single writer, so these races cannot happen there.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import test from 'ava';
import { DateTime } from 'luxon';
import { runTx } from '../../core/db/transaction.ts';
import type { JobDef } from '../../core/scheduler/job.ts';
import { startServer } from '../../core/server.ts';
import { mysqlUrl, startTestApp, TestApp, type ApiAnswer } from '../helpers/app.ts';
import { createPlace, createResource, setParams } from '../helpers/places-fixture.ts';
import { createUser, STAFF_PASSWORD } from '../helpers/users.ts';
import { skipBecause } from '../helpers/requires.ts';

const SLOT_MS = 900_000;
const MINUTE = 60_000;
const ok = (r: ApiAnswer) => r.status === 200 || r.status === 201;

/** Rooms open around the clock in UTC (the booking engineer's fixture writes them straight into the tables). */
async function seedRooms(app: TestApp, count: number): Promise<number[]> {
  const place = await createPlace(app, 'UTC');
  const ids: number[] = [];
  for (let i = 0; i < count; i++) ids.push(await createResource(app, place, { name: `Race ${i + 1}` }));
  return ids;
}

interface Held {
  id: number;
  start_at: number;
  end_at: number;
  slots: number;
}

/** The bookings that hold time on a resource (those with slot rows), with their slot counts. */
async function heldOn(app: TestApp, resourceId: number): Promise<Held[]> {
  const rows = (await app.cradle
    .db('booking_slots as s')
    .join('bookings as b', 'b.id', 's.booking_id')
    .where('s.resource_id', resourceId)
    .groupBy('b.id', 'b.start_at', 'b.end_at')
    .select('b.id', 'b.start_at', 'b.end_at')
    .count({ slots: '*' })) as Array<Record<string, unknown>>;
  return rows
    .map((r) => ({ id: Number(r.id), start_at: Number(r.start_at), end_at: Number(r.end_at), slots: Number(r.slots) }))
    .sort((a, b) => a.start_at - b.start_at);
}

/** Fails the test if two held bookings overlap or a booking's slot rows do not match its time. */
function assertNoOverlap(
  t: { true: (v: boolean, m?: string) => void; is: (a: unknown, b: unknown, m?: string) => void },
  held: Held[],
): void {
  for (let i = 1; i < held.length; i++)
    t.true(held[i - 1]!.end_at <= held[i]!.start_at, `bookings ${held[i - 1]!.id} and ${held[i]!.id} overlap`);
  for (const h of held)
    t.is(h.slots, Math.ceil(h.end_at / SLOT_MS) - Math.floor(h.start_at / SLOT_MS), `slot rows of booking ${h.id}`);
}

/** Two servers on one fresh MariaDB database, sharing a clock (the same wall time on both). */
interface Pair {
  a: TestApp;
  b: TestApp;
  both: [TestApp, TestApp];
}

async function startPair(): Promise<Pair> {
  // A day-long token: the lease and no-show tests move the shared clock by tens of minutes.
  const a = await startTestApp({ dialect: 'mysql', config: { accessTokenTtlSeconds: 86_400 } });
  try {
    // Same configuration as `a` (database, secret key file, settings), its own port, container and pool.
    const running = await startServer({ ...a.cradle.config, port: 0 }, { clock: a.clock, quiet: true, demo: false });
    const b = new TestApp(running, a.clock, 'mysql', async () => {});
    return { a, b, both: [a, b] };
  } catch (err) {
    await a.stop();
    throw err;
  }
}

if (!mysqlUrl) {
  skipBecause(
    test,
    'multi-process guarantees: scheduler lease, contention, series race, no-shows on two servers',
    'they need MariaDB: set ATRIUM_TEST_MYSQL_URL (e.g. mysql://root:@127.0.0.1:3306/test)',
  );
} else {
  let pair: Pair | undefined;
  let rooms: number[] = [];
  const staff: Array<{ id: number; token: string }> = [];
  const tomorrow = () => DateTime.fromMillis(p().a.clock.now(), { zone: 'UTC' }).plus({ days: 1 }).toISODate()!;
  const booking = (resourceId: number, meetingDate: string, startTime: string, endTime: string, subject: string) => ({
    resourceId,
    meetingDate,
    startTime,
    endTime,
    subject,
    employeeId: 'E-1',
  });
  const p = (): Pair => {
    if (!pair) throw new Error('pair not started');
    return pair;
  };
  test.serial.before(async () => {
    pair = await startPair();
    rooms = await seedRooms(pair.a, 4);
    for (let i = 0; i < 4; i++) {
      const id = await createUser(pair.a, `racer${i}`);
      // Half the people sign in on each server, as a load balancer would spread them.
      staff.push({ id, token: await (i % 2 ? pair.b : pair.a).tokenFor(`racer${i}`, STAFF_PASSWORD) });
    }
  });
  test.serial.after.always(async () => {
    if (!pair) return;
    await pair.b.stop();
    await pair.a.stop();
  });

  test.serial(
    'scheduler lease: two servers asking for the same due run at the same time run it exactly once',
    async (t) => {
      const runs: Array<{ server: string; now: number }> = [];
      for (const [i, app] of p().both.entries()) {
        app.running.scheduler!.add({
          name: 'test.lease-probe',
          everySeconds: 60,
          run: async ({ now }) => void runs.push({ server: 'ab'[i]!, now }),
        } satisfies JobDef);
      }
      const rounds = 20;
      for (let round = 0; round < rounds; round++) {
        const claimed = await Promise.all(p().both.map((app) => app.running.scheduler!.runIfDue('test.lease-probe')));
        t.is(claimed.filter(Boolean).length, 1, `round ${round}: one winner`);
        // A second ask in the same minute, from either server, finds the run taken.
        t.deepEqual(await Promise.all(p().both.map((app) => app.running.scheduler!.runIfDue('test.lease-probe'))), [
          false,
          false,
        ]);
        p().a.clock.advance(60_000);
      }
      t.is(runs.length, rounds);
      t.is(new Set(runs.map((r) => Math.floor(r.now / 60_000))).size, rounds, 'one run per due minute');
      const leases = await p().a.cradle.db('job_leases').where({ job: 'test.lease-probe' });
      t.is(leases.length, rounds);
      t.true(new Set(leases.map((l: { holder: string }) => l.holder)).size <= 2, 'leases held by the two servers only');
      t.true(leases.every((l: { finished_at: number | null }) => l.finished_at !== null));
    },
  );

  test.serial(
    'scheduler lease: the real blocklist release job releases each entry once across both servers',
    async (t) => {
      const { a, b } = p();
      const { db } = a.cradle;
      const now = a.clock.now();
      const [userId] = await db('users').where({ username: 'admin' }).pluck('id');
      await db('blocklist').insert({
        user_id: userId,
        violation_count: 3,
        blocked_at: now - 3 * 86_400_000,
        release_at: now - 60_000,
      });
      const released: string[] = [];
      a.cradle.events.on('user.released', () => void released.push('a'));
      b.cradle.events.on('user.released', () => void released.push('b'));
      a.clock.advance(60_000);
      const claimed = await Promise.all([a, b].map((app) => app.running.scheduler!.runIfDue('blocklist.release')));
      t.is(claimed.filter(Boolean).length, 1);
      await Promise.all([a.cradle.events.settle(), b.cradle.events.settle()]);
      t.is(released.length, 1);
      t.false(await a.cradle.blocklistService.isBlocked(db, Number(userId), a.clock.now()));
    },
  );

  test.serial(
    '50 parallel requests for one slot, over both servers: exactly one booking and 49 answers of 409',
    async (t) => {
      const date = tomorrow();
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => {
          const who = staff[i % staff.length]!;
          return p().both[i % 2]!.post('/api/bookings', booking(rooms[0]!, date, '10:00', '11:00', `Race ${i}`), {
            token: who.token,
          });
        }),
      );
      const winners = answers.filter(ok);
      t.is(
        winners.length,
        1,
        JSON.stringify(
          answers
            .filter((a) => !ok(a) && a.status !== 409)
            .map((a) => [a.status, a.body.msg])
            .slice(0, 3),
        ),
      );
      t.is(answers.filter((a) => a.status === 409).length, 49);
      const held = await heldOn(p().a, rooms[0]!);
      t.is(held.length, 1);
      t.is(held[0]!.id, (winners[0]!.body.data as { id: number }).id);
      assertNoOverlap(t, held);
    },
  );

  for (const [round, policy, times, singleTimes] of [
    [0, 'skip', ['09:00', '10:00'], ['09:30', '10:30']],
    [1, 'fail', ['13:00', '14:00'], ['13:30', '14:30']],
  ] as const) {
    test.serial(
      `a recurring series (conflictPolicy ${policy}) racing single bookings never overlaps them`,
      async (t) => {
        const first = DateTime.fromISO(tomorrow(), { zone: 'UTC' }).plus({ days: 1 + round * 30 });
        const dates = Array.from({ length: 20 }, (_, i) => first.plus({ days: i }).toISODate()!);
        const [organiser, rival] = [staff[0]!, staff[1]!];
        const series = p().a.post(
          '/api/bookings',
          {
            ...booking(rooms[1]!, dates[0]!, times[0], times[1], 'Daily stand-up'),
            recurrence: { freq: 'daily', interval: 1, count: dates.length },
            conflictPolicy: policy,
          },
          { token: organiser.token },
        );
        // Singles on every other day, staggered over the series' own run so some land while it plans and
        // some while it writes; half of them on each server.
        const raced = dates.filter((_, i) => i % 2 === 1);
        const singles = raced.map(async (date, i) => {
          await sleep(i * 60);
          return p().both[i % 2]!.post(
            '/api/bookings',
            booking(rooms[1]!, date, singleTimes[0], singleTimes[1], `Single ${date}`),
            { token: rival.token },
          );
        });
        const [seriesAnswer, ...singleAnswers] = await Promise.all([series, ...singles]);
        const s = seriesAnswer!;
        t.true(ok(s) || s.status === 409 || s.status === 422, `series: ${s.status} ${s.body.msg}`);
        for (const a of singleAnswers) t.true(ok(a) || a.status === 409, `single: ${a.status} ${a.body.msg}`);

        const from = DateTime.fromISO(dates[0]!, { zone: 'UTC' }).toMillis();
        const to = DateTime.fromISO(dates[dates.length - 1]!, { zone: 'UTC' })
          .plus({ days: 1 })
          .toMillis();
        const held = (await heldOn(p().a, rooms[1]!)).filter((h) => h.start_at >= from && h.start_at < to);
        assertNoOverlap(t, held);
        const singlesWon = singleAnswers.filter(ok).length;
        const occurrences = ok(s) ? (s.body.data as { bookings: unknown[] }).bookings.length : 0;
        t.is(held.length, occurrences + singlesWon, 'every 2xx answer holds its time, and nothing else does');
        if (ok(s) && policy === 'skip') t.is(held.length, dates.length, 'the series took every day the singles left');
        if (ok(s) && policy === 'fail') t.is(occurrences, dates.length, 'all or nothing');
        t.log(`series ${s.status} (${occurrences} occurrences), singles won ${singlesWon} of ${raced.length}`);
      },
    );
  }

  test.serial('two servers running the no-show job: one auto-cancel and one violation per no-show', async (t) => {
    const { a, b } = p();
    const now = a.clock.now();
    // Bookings starting at the next quarter hour that begins at least two minutes from now.
    const startAt = Math.ceil((now + 2 * MINUTE) / SLOT_MS) * SLOT_MS;
    const start = DateTime.fromMillis(startAt, { zone: 'UTC' });
    const end = start.plus({ minutes: 30 });
    const ids: number[] = [];
    const endTime = end.toFormat('HH:mm') === '00:00' ? '24:00' : end.toFormat('HH:mm');
    for (const [i, resourceId] of [rooms[2]!, rooms[3]!].entries()) {
      const who = staff[i]!;
      const r = await p().both[i]!.post(
        '/api/bookings',
        booking(resourceId, start.toISODate()!, start.toFormat('HH:mm'), endTime, `No-show ${who.id}`),
        { token: who.token },
      );
      t.true(ok(r), `${r.status} ${r.body.msg}`);
      ids.push((r.body.data as { id: number }).id);
    }

    const job = a.running.scheduler!.list().find((j) => /no.?show|auto.?cancel/i.test(j.name));
    t.truthy(
      job,
      `a no-show job among ${a.running
        .scheduler!.list()
        .map((j) => j.name)
        .join(', ')}`,
    );
    const counted = { cancelled: 0, violations: 0 };
    for (const app of [a, b]) {
      app.cradle.events.on('booking.autoCancelled', () => void counted.cancelled++);
      app.cradle.events.on('user.violation', () => void counted.violations++);
    }
    // Past the check-in window (15 minutes by default) by two minutes.
    a.clock.set(startAt + 17 * MINUTE);
    for (let minute = 0; minute < 3; minute++) {
      // Both servers' schedulers ask at the same time, minute after minute.
      const claimed = await Promise.all([a, b].map((app) => app.running.scheduler!.runIfDue(job!.name)));
      t.is(claimed.filter(Boolean).length, 1);
      a.clock.advance(MINUTE);
    }
    // And the job body itself, run by both at once (a run that outlives its minute meets the next one).
    const clock = a.clock;
    await Promise.all(
      [a, b].map((app) =>
        app.running
          .scheduler!.list()
          .find((j) => j.name === job!.name)!
          .run({ now: clock.now(), clock }),
      ),
    );
    await Promise.all([a.cradle.events.settle(), b.cradle.events.settle()]);

    const rows = await a.cradle.db('bookings').whereIn('id', ids).select('id', 'state');
    t.deepEqual(
      rows.map((r: { state: string }) => r.state),
      ids.map(() => 'autoCancelled'),
    );
    const violations = await a.cradle.db('violations').whereIn('booking_id', ids).select('booking_id');
    t.deepEqual(violations.map((v: { booking_id: number }) => Number(v.booking_id)).sort(), [...ids].sort());
    t.is(counted.cancelled, ids.length, 'one booking.autoCancelled event per no-show');
    t.is(counted.violations, ids.length, 'one user.violation event per no-show');
    for (const resourceId of [rooms[2]!, rooms[3]!])
      t.deepEqual(await heldOn(a, resourceId), [], 'the cancelled time is free again');
  });

  test.serial(
    'two servers recording no-shows of the same people at once blocklist each person exactly once',
    async (t) => {
      const { a, b } = p();
      await setParams(a, {
        blocklistEnabled: true,
        blocklistMaxViolations: 2,
        blocklistPeriodDays: 30,
        blocklistDisableDays: 7,
      });
      const { db } = a.cradle;
      const at = a.clock.now();
      const people: number[] = [];
      for (let i = 0; i < 6; i++) people.push(await createUser(a, `twin${i}`));
      // Two bare past bookings per person (already auto-cancelled, so no job picks them up), for the violations to point at.
      const bare = async (organiserId: number, n: number) => {
        const startAt = at - (n + 1) * 3_600_000;
        const [id] = await db('bookings').insert({
          resource_id: rooms[3],
          organiser_id: organiserId,
          meeting_date: '2026-01-01',
          start_time: '10:00',
          end_time: '11:00',
          start_at: startAt,
          end_at: startAt + 3_600_000,
          time_zone: 'UTC',
          subject: 'Bare',
          check_in_code: '123456',
          state: 'autoCancelled',
          created_at: at,
          updated_at: at,
        });
        return Number(id);
      };
      const work: Array<{ app: TestApp; userId: number; bookingId: number }> = [];
      for (const userId of people)
        for (const [n, app] of [a, b].entries()) work.push({ app, userId, bookingId: await bare(userId, n) });
      const blocked: number[] = [];
      for (const app of [a, b]) app.cradle.events.on('user.blocklisted', (e) => void blocked.push(e.userId));

      // Each person's two no-shows are recorded at the same moment, one on each server.
      const results = await Promise.all(
        work.map(({ app, userId, bookingId }) =>
          runTx(app.cradle.db, (trx) => app.cradle.blocklistService.recordViolation(trx, { userId, bookingId, at })),
        ),
      );
      await Promise.all([a.cradle.events.settle(), b.cradle.events.settle()]);
      for (const userId of people) {
        const mine = results.filter((_, i) => work[i]!.userId === userId);
        t.deepEqual(
          mine.map((r) => r.recorded),
          [true, true],
        );
        t.is(mine.filter((r) => r.blocklisted).length, 1, `user ${userId}: exactly one of the two calls blocklists`);
        const rows = await db('blocklist').where({ user_id: userId });
        t.is(rows.length, 1);
        t.is(Number(rows[0].violation_count), 2);
      }
      t.deepEqual([...blocked].sort(), [...people].sort(), 'one user.blocklisted event per person');
    },
  );
}
