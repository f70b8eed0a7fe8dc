/**
 * The change record: each booking change writes its events into domain_events in its own transaction (one
 * row per event, ids in commit order without gaps, the booking as committed), a refused or rolled-back change
 * writes none; the dispatcher hands every change to every target once, even when it runs twice, under a lease,
 * retrying a failing target without holding up the others; a commit wakes it; retention keeps what is not yet
 * handed over.
 */
import test from 'ava';
import { afterCommit, runTx } from '../../core/db/transaction.ts';
import type { BookingSnapshot } from '../../core/event-types.ts';
import { ChangeDispatcher, type Change, type ChangeTarget } from '../../core/modules/changes/index.ts';
import { perDialect, type TestApp } from '../helpers/app.ts';
import { admin, BASE, book, HOUR, MIN, staff, type Who } from '../helpers/bookings.ts';
import { dispatchChanges, outboxRows, runJob, saveNotify } from '../helpers/notify.ts';
import { createPlace, createResource, setParams, type Place } from '../helpers/places-fixture.ts';

interface StoredChange {
  id: number;
  type: string;
  bookingId: number | null;
  payload: { booking?: BookingSnapshot; reason?: string | null; userId?: number };
}

async function changesAfter(app: TestApp, id: number): Promise<StoredChange[]> {
  const rows = await app.cradle.db('domain_events').where('id', '>', id).orderBy('id');
  return rows.map((r: Record<string, unknown>) => ({
    id: Number(r.id),
    type: String(r.type),
    bookingId: r.booking_id === null ? null : Number(r.booking_id),
    payload: JSON.parse(String(r.payload)) as StoredChange['payload'],
  }));
}

/** Runs `act` and answers what it answered with the changes it recorded. */
async function recorded<T>(app: TestApp, act: () => Promise<T>): Promise<{ answer: T; changes: StoredChange[] }> {
  const before = await app.cradle.changeLog.lastId();
  const answer = await act();
  return { answer, changes: await changesAfter(app, before) };
}

const types = (changes: StoredChange[]) => changes.map((c) => c.type);

perDialect(test, (dialect, app) => {
  let place: Place;
  let alice: Who;
  let approver: Who;
  let root: Who;
  let room: number;
  let reviewed: number;

  test.serial.before(async () => {
    app().clock.set(BASE);
    place = await createPlace(app());
    alice = await staff(app(), 'ch-alice');
    approver = await staff(app(), 'ch-approver');
    root = await admin(app());
    room = await createResource(app(), place);
    reviewed = await createResource(app(), place, { approvers: [approver.id] });
    await setParams(app(), { autoCancelResource: '0' });
  });

  /** Signs everyone in again: the clock moved past their tokens' half hour. */
  const signIn = async () => {
    alice = await staff(app(), 'ch-alice');
    approver = await staff(app(), 'ch-approver');
    root = await admin(app());
  };
  const bookAt = (resourceId: number, meetingDate: string, startTime: string, endTime: string) =>
    book(app(), alice, { resourceId, meetingDate, startTime, endTime });
  const approvalOf = async (bookingId: number) =>
    Number((await app().cradle.db('approvals').where({ booking_id: bookingId }).first('id')).id);

  test.serial(`${dialect}: every booking change leaves its events in the change record, as committed`, async (t) => {
    const first = await app().cradle.changeLog.lastId();

    const created = await recorded(app(), () => bookAt(room, '2027-03-02', '09:00', '10:00'));
    t.is(created.answer.status, 200, JSON.stringify(created.answer.body));
    const id = created.answer.body.data.id;
    t.deepEqual(types(created.changes), ['booking.created']);
    t.like(created.changes[0], { bookingId: id, payload: { booking: { id, state: 'confirmed', sequence: 0 } } });

    const moved = await recorded(app(), () =>
      app().put(`/api/bookings/${id}`, { startTime: '10:00', endTime: '11:00' }, { token: alice.token }),
    );
    t.is(moved.answer.status, 200, JSON.stringify(moved.answer.body));
    t.deepEqual(types(moved.changes), ['booking.updated']);
    t.like(moved.changes[0]!.payload.booking, { startTime: '10:00', endTime: '11:00', sequence: 1 });

    const cancelled = await recorded(app(), () =>
      app().post(`/api/bookings/${id}/cancel`, { reason: 'moved online' }, { token: alice.token }),
    );
    t.is(cancelled.answer.status, 200, JSON.stringify(cancelled.answer.body));
    t.deepEqual(types(cancelled.changes), ['booking.cancelled']);
    t.like(cancelled.changes[0]!.payload, { booking: { state: 'cancelled' }, reason: 'moved online' });

    const asked = await recorded(app(), () => bookAt(reviewed, '2027-03-02', '09:00', '10:00'));
    t.deepEqual(types(asked.changes), ['booking.created', 'booking.approvalRequested']);
    const approvalId = await approvalOf(asked.answer.body.data.id);
    const approved = await recorded(app(), () =>
      app().post(`/api/approvals/${approvalId}/approve`, { reason: 'fine' }, { token: approver.token }),
    );
    t.deepEqual(types(approved.changes), ['booking.approved']);
    t.like(approved.changes[0]!.payload, { booking: { state: 'confirmed' }, reason: 'fine' });

    const toDeny = (await bookAt(reviewed, '2027-03-03', '09:00', '10:00')).body.data.id;
    const denied = await recorded(app(), async () =>
      app().post(`/api/approvals/${await approvalOf(toDeny)}/deny`, { reason: 'audit' }, { token: approver.token }),
    );
    t.deepEqual(types(denied.changes), ['booking.denied']);
    const toRevoke = (await bookAt(reviewed, '2027-03-04', '09:00', '10:00')).body.data.id;
    const revoked = await recorded(app(), async () =>
      app().post(`/api/approvals/${await approvalOf(toRevoke)}/revoke`, {}, { token: alice.token }),
    );
    t.deepEqual(types(revoked.changes), ['booking.revoked']);

    const series = await recorded(app(), () =>
      app().post(
        '/api/bookings',
        {
          subject: 'Stand-up',
          resourceId: room,
          meetingDate: '2027-03-08',
          startTime: '09:00',
          endTime: '09:30',
          recurrence: { freq: 'daily', interval: 1, count: 3 },
        },
        { token: alice.token },
      ),
    );
    t.is(series.answer.status, 200, JSON.stringify(series.answer.body));
    t.deepEqual(types(series.changes), ['booking.created', 'booking.created', 'booking.created']);
    t.is(new Set(series.changes.map((c) => c.bookingId)).size, 3, 'one per occurrence');

    // Today (BASE is 08:00): check in and out, a no-show, a request nobody decided.
    const today = (await bookAt(room, '2027-03-01', '08:30', '09:30')).body.data;
    app().clock.set(BASE + 30 * MIN);
    await signIn();
    const checkedIn = await recorded(app(), () =>
      app().post(`/api/bookings/${today.id}/checkin`, { code: today.checkInCode }, { token: alice.token }),
    );
    t.is(checkedIn.answer.status, 200, JSON.stringify(checkedIn.answer.body));
    t.deepEqual(types(checkedIn.changes), ['booking.checkedIn']);
    const checkedOut = await recorded(app(), () =>
      app().post(`/api/bookings/${today.id}/checkout`, {}, { token: alice.token }),
    );
    t.deepEqual(types(checkedOut.changes), ['booking.checkedOut']);

    const missed = (await bookAt(room, '2027-03-01', '10:00', '11:00')).body.data.id;
    const lapsed = (await bookAt(reviewed, '2027-03-01', '12:00', '13:00')).body.data.id;
    app().clock.set(BASE + 2 * HOUR + 20 * MIN);
    const noShow = await recorded(app(), () => app().running.scheduler!.runIfDue('bookings.noShow'));
    t.deepEqual(types(noShow.changes), ['user.violation', 'booking.autoCancelled']);
    t.like(noShow.changes[1], { bookingId: missed, payload: { booking: { state: 'autoCancelled' } } });
    t.like(noShow.changes[0]!.payload, { userId: alice.id });
    app().clock.set(BASE + 4 * HOUR + MIN);
    const expired = await recorded(app(), () => app().running.scheduler!.runIfDue('bookings.expirePending'));
    t.deepEqual(types(expired.changes), ['booking.expired']);
    t.is(expired.changes[0]!.bookingId, lapsed);

    const all = await changesAfter(app(), first);
    t.deepEqual(
      all.map((c) => c.id),
      all.map((_, i) => first + 1 + i),
      'ids follow one another without gaps',
    );
  });

  test.serial(`${dialect}: a refused or rolled-back change records nothing, and its ids are taken again`, async (t) => {
    await signIn();
    const taken = (await bookAt(room, '2027-03-05', '09:00', '10:00')).body.data.id;
    const clash = await recorded(app(), () => bookAt(room, '2027-03-05', '09:30', '10:30'));
    t.is(clash.answer.status, 409);
    t.deepEqual(clash.changes, []);
    const stranger = await staff(app(), 'ch-stranger');
    const refused = await recorded(app(), () =>
      app().post(`/api/bookings/${taken}/cancel`, { reason: 'not mine' }, { token: stranger.token }),
    );
    t.true(refused.answer.status >= 400 && refused.answer.status < 500);
    t.deepEqual(refused.changes, []);

    // A transaction that recorded a change and then failed: no row, no news on the bus, the id is free again.
    const { db, changeLog, events } = app().cradle;
    const heard: string[] = [];
    const off = events.on('*', (_, name) => void heard.push(name));
    const before = await changeLog.lastId();
    const booking = (await changesAfter(app(), 0)).find((c) => c.bookingId === taken)!.payload.booking!;
    await t.throwsAsync(
      runTx(db, async (trx) => {
        await changeLog.record(trx, [{ name: 'booking.updated', payload: { booking, actorId: alice.id } }]);
        throw new Error('the change failed after its event was recorded');
      }),
      { message: /failed after/ },
    );
    await events.settle();
    t.is(await changeLog.lastId(), before);
    t.deepEqual(await changesAfter(app(), before), []);
    const next = await recorded(app(), () =>
      app().post(`/api/bookings/${taken}/cancel`, { reason: 'done' }, { token: alice.token }),
    );
    t.deepEqual(
      next.changes.map((c) => c.id),
      [before + 1],
    );
    await events.settle();
    off();
    t.deepEqual(heard, ['booking.cancelled'], 'the bus heard only the change that committed');
  });

  test.serial(`${dialect}: afterCommit acts after the runner's COMMIT, never for a run that rolled back`, async (t) => {
    const { db } = app().cradle;
    const heard: string[] = [];
    afterCommit(db, () => heard.push('no transaction'));
    t.deepEqual(heard, ['no transaction'], 'outside a transaction the statements are committed already');

    let runs = 0;
    const answer = await runTx(db, async (trx) => {
      runs++;
      afterCommit(trx, () => heard.push(`run ${runs}`));
      await trx.transaction(async (savepoint) => afterCommit(savepoint, () => heard.push(`savepoint ${runs}`)));
      t.deepEqual(heard, ['no transaction'], 'nothing acts before COMMIT, not even at a savepoint release');
      // A deadlock victim runs again from the start: what its first run asked for goes with it.
      if (runs === 1) throw Object.assign(new Error('chosen as deadlock victim'), { code: 'ER_LOCK_DEADLOCK' });
      return 'committed';
    });
    t.is(answer, 'committed');
    t.deepEqual(heard, ['no transaction', 'run 2', 'savepoint 2']);

    await t.throwsAsync(
      runTx(db, async (trx) => {
        afterCommit(trx, () => heard.push('rolled back'));
        throw new Error('the change failed');
      }),
      { message: 'the change failed' },
    );
    t.false(heard.includes('rolled back'));
    await t.throwsAsync(
      db.transaction(async (trx) => afterCommit(trx, () => heard.push('unknown'))),
      { message: /runTx/ },
      'a transaction the runner did not open cannot promise a COMMIT',
    );
    t.false(heard.includes('unknown'));
  });

  test.serial(`${dialect}: dispatching twice queues each message once (idempotency key)`, async (t) => {
    await signIn();
    await saveNotify(app(), root.token, 'notify-log');
    await dispatchChanges(app());
    const { db } = app().cradle;
    const progress = Number((await db('domain_event_targets').where({ target: 'notify' }).first()).last_event_id);
    const res = await bookAt(room, '2027-03-09', '14:00', '15:00');
    const id = res.body.data.id;
    await dispatchChanges(app());
    const mine = async () =>
      (await outboxRows(app(), { topic: 'booking.created' })).filter((r) =>
        r.message.text.includes(res.body.data.checkInCode),
      );
    const once = await mine();
    t.is(once.length, 1, 'alice alone is told');
    const key = (await db('outbox').where({ id: once[0]!.id }).first('idempotency_key')).idempotency_key;
    const change = (await changesAfter(app(), progress)).find((c) => c.bookingId === id)!;
    t.is(key, `${change.id}:notify:0`);
    // As if the dispatcher had died after queueing and another had started from the old progress.
    await db('domain_event_targets').where({ target: 'notify' }).update({ last_event_id: progress });
    await dispatchChanges(app());
    t.deepEqual(
      (await mine()).map((r) => r.id),
      once.map((r) => r.id),
    );
    t.true(
      Number((await db('domain_event_targets').where({ target: 'notify' }).first()).last_event_id) >= change.id,
      'and the progress is where it was',
    );
  });

  /** A dispatcher of its own with test targets, as another process would run one. */
  const dispatcher = (targets: ChangeTarget[], options: ConstructorParameters<typeof ChangeDispatcher>[2] = {}) =>
    new ChangeDispatcher(app().cradle, () => targets, options);
  const counting = (name: string) => {
    const seen: number[] = [];
    const target: ChangeTarget = {
      name,
      plan: async (change: Change) => {
        seen.push(change.id);
        return [];
      },
    };
    return { target, seen };
  };
  const publish = () => app().cradle.changeLog.publish('user.released', { userId: alice.id });
  /** A target new to the database starts from the oldest change kept; these start from now. */
  const startNow = async (target: string) =>
    app()
      .cradle.db('domain_event_targets')
      .insert({ target, last_event_id: await app().cradle.changeLog.lastId(), attempts: 0, updated_at: BASE });

  test.serial(`${dialect}: one process at a time works for a target; a dead one's lease runs out`, async (t) => {
    const a = counting('lease-test');
    const b = counting('lease-test');
    const first = dispatcher([a.target]);
    const second = dispatcher([b.target]);
    await first.drain();
    await publish();
    const last = await app().cradle.changeLog.lastId();
    // The first process takes the lease and dies holding it.
    await app()
      .cradle.db('domain_event_targets')
      .where({ target: 'lease-test' })
      .update({ held_by: first.holder, held_until: app().clock.now() + first.options.leaseMs });
    t.is(await second.drain(), 0, 'the lease is held');
    app().clock.advance(first.options.leaseMs + 1_000);
    t.is(await second.drain(), 1);
    t.deepEqual(b.seen, [last]);
    t.deepEqual(
      a.seen.filter((id) => id === last),
      [],
    );
    const row = await app().cradle.db('domain_event_targets').where({ target: 'lease-test' }).first();
    t.is(row.held_by, null, 'given back once caught up');
  });

  test.serial(`${dialect}: a failing target is retried, then sets the change aside; the others go on`, async (t) => {
    const good = counting('steady');
    let failures = 0;
    const flaky: ChangeTarget = {
      name: 'flaky',
      plan: async () => {
        failures++;
        throw new Error('template broken');
      },
    };
    await startNow('flaky');
    const d = dispatcher([flaky, good.target], { maxAttempts: 3, baseRetryMs: 1_000 });
    await publish();
    const id = await app().cradle.changeLog.lastId();
    await d.drain();
    t.true(good.seen.includes(id), 'the steady target is not held up');
    const progress = () => app().cradle.db('domain_event_targets').where({ target: 'flaky' }).first();
    t.like(await progress(), { attempts: 1, last_error: 'template broken' });
    await d.drain();
    t.is(failures, 1, 'not retried before its time');
    app().clock.advance(1_100);
    await d.drain();
    t.like(await progress(), { attempts: 2 });
    app().clock.advance(2_100);
    await d.drain();
    t.is(failures, 3);
    const after = await progress();
    t.is(Number(after.last_event_id), id, 'set aside after the last attempt');
    t.is(Number(after.attempts), 0);
    const failed = await app().cradle.db('domain_event_failures').where({ target: 'flaky', event_id: id }).first();
    t.like(failed, { type: 'user.released', error: 'template broken' });
    await d.drain();
    t.is(failures, 3, 'and not tried again');
  });

  test.serial(`${dialect}: a commit in this process wakes a resting dispatcher`, async (t) => {
    const heard = counting('wake-test');
    const d = dispatcher([heard.target], { idleMs: 60_000 });
    await d.drain();
    d.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 200)); // resting now, for a minute
      await publish();
      const id = await app().cradle.changeLog.lastId();
      const until = Date.now() + 5_000;
      while (!heard.seen.includes(id) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      t.true(heard.seen.includes(id), 'handed over within seconds, not after the minute of rest');
    } finally {
      await d.stop();
    }
  });

  test.serial(`${dialect}: retention removes old changes once every target has them`, async (t) => {
    const { db } = app().cradle;
    await signIn();
    t.is((await app().put('/api/sys/settings/logs', { changeRetentionDays: 0 }, { token: root.token })).status, 400);
    t.is((await app().put('/api/sys/settings/logs', { changeRetentionDays: 3 }, { token: root.token })).status, 200);
    await dispatchChanges(app());
    const handed = await app().cradle.changeLog.lastId();
    await publish();
    const waiting = await app().cradle.changeLog.lastId();
    // Nothing dispatches `waiting` now: as if every dispatcher were stopped.
    await runJob(app(), 'changes.retention', 4 * 86_400_000);
    const left = (await db('domain_events').select('id')).map((r: { id: number }) => Number(r.id));
    t.false(left.includes(handed), 'old and handed over: removed');
    t.true(left.includes(waiting), 'old but not yet handed over: kept');
    await dispatchChanges(app());
    await publish();
    const fresh = await app().cradle.changeLog.lastId();
    await runJob(app(), 'changes.retention', 3_600_000);
    const now = (await db('domain_events').select('id')).map((r: { id: number }) => Number(r.id));
    t.false(now.includes(waiting));
    t.true(now.includes(fresh), 'younger than three days: kept');
  });
});
