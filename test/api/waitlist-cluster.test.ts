/**
 * The waitlist served by two Atrium processes on one MariaDB (docs/product-rules.md R25.4): each runs the change
 * dispatcher and the outbox worker; two bookings over one waited-for range are cancelled at once, one through each
 * process, and the test app serves the line at the same moment too. The first in line is booked exactly once, the
 * others keep waiting.
 */
import test from 'ava';
import { mysqlUrl, startTestApp, type TestApp } from '../helpers/app.ts';
import { book, staff, type Who } from '../helpers/bookings.ts';
import { createPlace, createResource, setParams } from '../helpers/places-fixture.ts';
import { startAtriumProcess, type AtriumProcess } from '../helpers/process.ts';
import { skipBecause } from '../helpers/requires.ts';

if (!mysqlUrl)
  skipBecause(test, 'the waitlist served by two processes on one MariaDB', 'ATRIUM_TEST_MYSQL_URL is not set');
else suite();

function suite(): void {
  let app: TestApp;
  let one: AtriumProcess;
  let two: AtriumProcess;
  let room: number;
  let alice: Who;
  const waiters: Who[] = [];
  /** Some days ahead of the real clock, which the processes run on. */
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);

  test.before(async () => {
    app = await startTestApp({ dialect: 'mysql' });
    room = await createResource(app, await createPlace(app), { name: 'Shared' });
    alice = await staff(app, 'wl-alice');
    for (const name of ['wl-bob', 'wl-carol', 'wl-dave']) waiters.push(await staff(app, name));
    await setParams(app, { bookingCountLimit: 0 });
    const env = { ATRIUM_SCHEDULER: 'true' };
    [one, two] = await Promise.all([
      startAtriumProcess(app, { env, timeoutMs: 90_000 }),
      startAtriumProcess(app, { env, timeoutMs: 90_000 }),
    ]);
  });

  test.after.always(async () => {
    for (const p of [one, two])
      if (p && p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
    await Promise.all([one?.ended, two?.ended]);
    await app?.stop();
  });

  const cancelAt = (base: string, id: number) =>
    fetch(`${base}/api/bookings/${id}/cancel`, {
      method: 'POST',
      headers: { token: alice.token, i18n: 'en', 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'freed' }),
    });

  test('two bookings over one waited-for range cancelled at once through two processes: one booking is made', async (t) => {
    const first = await book(app, alice, { resourceId: room, meetingDate: day, startTime: '09:00', endTime: '10:00' });
    const second = await book(app, alice, { resourceId: room, meetingDate: day, startTime: '10:00', endTime: '11:00' });
    t.is(first.status, 200, JSON.stringify(first.body));
    t.is(second.status, 200, JSON.stringify(second.body));
    const ids: number[] = [];
    for (const who of waiters) {
      const joined = await app.post<{ data: { id: number } }>(
        '/api/waitlist',
        { resourceId: room, meetingDate: day, startTime: '09:00', endTime: '11:00', subject: 'Line', autoBook: true },
        { token: who.token },
      );
      t.is(joined.status, 200, JSON.stringify(joined.body));
      ids.push(joined.body.data.id);
    }
    const [a, b] = await Promise.all([cancelAt(one.url, first.body.data.id), cancelAt(two.url, second.body.data.id)]);
    t.is(a.status, 200);
    t.is(b.status, 200);
    // A third server on the same database serves the line at the same time as the processes' workers.
    await Promise.all([app.cradle.waitlistService.serve(room), app.cradle.waitlistService.serve(room)]);
    const states = async () =>
      (await app.cradle.db('waitlist_entries').whereIn('id', ids).orderBy('id').select('state')).map((r) =>
        String(r.state),
      );
    const deadline = Date.now() + 30_000;
    // Both cancellations reach the dispatchers; their outbox rows are worked off within seconds.
    while (Date.now() < deadline) {
      const pending = await app.cradle
        .db('outbox')
        .where({ kind: 'waitlist' })
        .whereNot('state', 'done')
        .count({ n: '*' });
      const queued = await app.cradle.db('outbox').where({ kind: 'waitlist' }).count({ n: '*' });
      if (Number(queued[0]!.n) >= 1 && Number(pending[0]!.n) === 0) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    t.true(Number((await app.cradle.db('outbox').where({ kind: 'waitlist' }).count({ n: '*' }))[0]!.n) >= 1);
    t.deepEqual(await states(), ['booked', 'waiting', 'waiting']);
    const held = await app.cradle
      .db('bookings')
      .where({ resource_id: room })
      .whereIn('state', ['confirmed', 'pending'])
      .select('organiser_id');
    t.deepEqual(
      held.map((r) => Number(r.organiser_id)),
      [waiters[0]!.id],
      'one booking, the first in line',
    );
  });
}
