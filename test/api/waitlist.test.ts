/** The waitlist (docs/product-rules.md R25): joining, the line's order, the rules checked again, expiry, leaving. */
import test from 'ava';
import { perDialect, type TestApp } from '../helpers/app.ts';
import { admin, BASE, book, HOUR, staff, type BookingData, type Who } from '../helpers/bookings.ts';
import { dispatchChanges, outboxRows, runJob, saveNotify } from '../helpers/notify.ts';
import { createPlace, createResource, setParams, type Place } from '../helpers/places-fixture.ts';

interface Entry {
  id: number;
  resourceId: number;
  resourceName: string | null;
  meetingDate: string;
  startTime: string;
  endTime: string;
  state: string;
  reason: string | null;
  bookingId: number | null;
  autoBook: boolean;
}

function join(app: TestApp, who: Who, body: Record<string, unknown>, lang = 'en') {
  return app.post<{ data: Entry }>('/api/waitlist', { subject: 'Waiting', ...body }, { token: who.token, lang });
}

async function entry(app: TestApp, who: Who, id: number): Promise<Entry> {
  const list = await app.get<{ data: { items: Entry[] } }>('/api/waitlist?pageSize=100', { token: who.token });
  const found = list.body.data.items.find((e) => e.id === id);
  if (!found) throw new Error(`entry ${id} is not ${who.id}'s`);
  return found;
}

/** The change record dispatched and the outbox worked off: what serving the lines does where the scheduler runs. */
async function settle(app: TestApp): Promise<void> {
  await dispatchChanges(app);
  await app.cradle.outboxWorker.drainDue();
}

function cancel(app: TestApp, who: Who, id: number) {
  return app.post(`/api/bookings/${id}/cancel`, { reason: 'not needed' }, { token: who.token });
}

perDialect(test, (dialect, app) => {
  let place: Place;
  let room: number;
  let alice: Who;
  let bob: Who;
  let carol: Who;
  let dave: Who;

  test.serial.before(async () => {
    app().clock.set(BASE);
    place = await createPlace(app());
    room = await createResource(app(), place, { name: 'Birch' });
    alice = await staff(app(), 'alice');
    bob = await staff(app(), 'bob');
    carol = await staff(app(), 'carol');
    dave = await staff(app(), 'dave');
    // Their notices in English, whatever the installation's language.
    await app().cradle.db('users').whereIn('id', [alice.id, bob.id, carol.id, dave.id]).update({ lang: 'en' });
    await saveNotify(app(), (await admin(app())).token, 'notify-log');
  });

  const taken = async (date: string, startTime: string, endTime: string, who = alice) => {
    const res = await book(app(), who, { resourceId: room, meetingDate: date, startTime, endTime });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.data;
  };

  /** Joins the line of a range of the room, to be booked automatically; answers the entry. */
  const inLine = async (who: Who, meetingDate: string, startTime: string, endTime: string) => {
    const res = await join(app(), who, { resourceId: room, meetingDate, startTime, endTime, autoBook: true });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.data;
  };

  test.serial(`${dialect}: joining needs a taken range in the future, once per person`, async (t) => {
    const range = { resourceId: room, meetingDate: '2027-03-02', startTime: '09:00', endTime: '10:00' };
    const free = await join(app(), bob, range, 'ja');
    t.is(free.status, 422);
    t.is(free.body.key, 'waitlist.free');
    t.not(free.body.msg, 'waitlist.free', 'translated');
    await taken('2027-03-02', '09:00', '10:00');
    const ok = await join(app(), bob, { ...range, autoBook: true });
    t.is(ok.status, 200, JSON.stringify(ok.body));
    t.like(ok.body.data, {
      state: 'waiting',
      resourceName: 'Birch',
      startTime: '09:00',
      endTime: '10:00',
      autoBook: true,
    });
    const again = await join(app(), bob, range);
    t.is(again.status, 409);
    t.is(again.body.key, 'waitlist.already');
    const past = await join(app(), bob, { ...range, meetingDate: '2027-02-27' });
    t.is(past.status, 422);
    const backwards = await join(app(), bob, { ...range, startTime: '10:00', endTime: '09:00' });
    t.is(backwards.status, 400);
    const nowhere = await join(app(), bob, { ...range, resourceId: 987_654 });
    t.is(nowhere.status, 404);
  });

  test.serial(
    `${dialect}: the first in line is booked when the range frees, told, and the next keeps waiting`,
    async (t) => {
      const b = await taken('2027-03-03', '09:00', '10:00');
      const range = {
        resourceId: room,
        meetingDate: '2027-03-03',
        startTime: '09:00',
        endTime: '10:00',
        autoBook: true,
      };
      const first = (await join(app(), bob, range)).body.data;
      const second = (await join(app(), carol, range)).body.data;
      t.is((await cancel(app(), alice, b.id)).status, 200);
      await settle(app());
      const served = await entry(app(), bob, first.id);
      t.is(served.state, 'booked');
      t.truthy(served.bookingId);
      const made = await app().get<{ data: BookingData }>(`/api/bookings/${served.bookingId}`, { token: bob.token });
      t.like(made.body.data, { resourceId: room, startTime: '09:00', endTime: '10:00', subject: 'Waiting' });
      t.is((await entry(app(), carol, second.id)).state, 'waiting');
      const notices = (await outboxRows(app())).filter((r) => r.topic === 'waitlist.free');
      t.is(notices.length, 1);
      t.is(notices[0]!.message.to[0]!.name.length > 0, true);
      t.regex(notices[0]!.message.subject, /Booked for you: Birch/);
    },
  );

  test.serial(
    `${dialect}: a person refused by a rule is marked failed with the reason; the next is booked`,
    async (t) => {
      const b = await taken('2027-03-04', '09:00', '10:00');
      const range = {
        resourceId: room,
        meetingDate: '2027-03-04',
        startTime: '09:00',
        endTime: '10:00',
        autoBook: true,
      };
      const first = (await join(app(), dave, range)).body.data;
      const second = (await join(app(), carol, range)).body.data;
      await app()
        .cradle.db('blocklist')
        .insert({ user_id: dave.id, violation_count: 3, blocked_at: BASE - HOUR, release_at: BASE + 30 * 24 * HOUR });
      await cancel(app(), alice, b.id);
      await settle(app());
      const failed = await entry(app(), dave, first.id);
      t.is(failed.state, 'failed');
      t.truthy(failed.reason);
      t.not(failed.reason, 'bookings.blocklisted', 'the reason is told, translated');
      const booked = await entry(app(), carol, second.id);
      t.is(booked.state, 'booked');
      const daves = (await outboxRows(app())).filter(
        (r) => r.topic === 'waitlist.free' && /Could not book/.test(r.message.subject),
      );
      t.is(daves.length, 1, 'the refused person is told');
      await app().cradle.db('blocklist').where({ user_id: dave.id }).delete();
    },
  );

  test.serial(
    `${dialect}: over the booking count limit at the time it frees: failed, the next is booked`,
    async (t) => {
      const b = await taken('2027-03-05', '09:00', '10:00');
      const range = {
        resourceId: room,
        meetingDate: '2027-03-05',
        startTime: '09:00',
        endTime: '10:00',
        autoBook: true,
      };
      // Carol already holds bookings from the tests before; a limit of one leaves her none to spare.
      const first = (await join(app(), carol, range)).body.data;
      const joined = await join(app(), dave, range);
      t.is(joined.status, 200, JSON.stringify(joined.body));
      const second = joined.body.data;
      await setParams(app(), { bookingCountLimit: 1 });
      try {
        await cancel(app(), alice, b.id);
        await settle(app());
        t.like(await entry(app(), carol, first.id), { state: 'failed' });
        t.like(await entry(app(), dave, second.id), { state: 'booked' });
      } finally {
        await setParams(app(), { bookingCountLimit: 0 });
      }
    },
  );

  test.serial(
    `${dialect}: without automatic booking the first in line is told it is free and not booked`,
    async (t) => {
      const b = await taken('2027-03-08', '09:00', '10:00');
      const range = { resourceId: room, meetingDate: '2027-03-08', startTime: '09:00', endTime: '10:00' };
      const first = (await join(app(), bob, range)).body.data;
      const before = (await outboxRows(app())).length;
      await cancel(app(), alice, b.id);
      await settle(app());
      const offered = await entry(app(), bob, first.id);
      t.is(offered.state, 'offered');
      t.is(offered.bookingId, null);
      const told = (await outboxRows(app())).slice(before).filter((r) => r.topic === 'waitlist.free');
      t.is(told.length, 1);
      t.regex(told[0]!.message.subject, /is free/);
      // The range is still free: anyone may book it.
      t.is((await book(app(), bob, range)).status, 200);
    },
  );

  test.serial(`${dialect}: two ranges freeing at once, served twice at the same time: each booked once`, async (t) => {
    const a = await taken('2027-03-09', '09:00', '10:00');
    const c = await taken('2027-03-09', '11:00', '12:00');
    const morning = await inLine(bob, '2027-03-09', '09:00', '10:00');
    const noon = await inLine(carol, '2027-03-09', '11:00', '12:00');
    await cancel(app(), alice, a.id);
    await cancel(app(), alice, c.id);
    const { waitlistService } = app().cradle;
    const [x, y] = await Promise.all([waitlistService.serve(room), waitlistService.serve(room)]);
    t.is(x + y, 2, 'two entries served in all');
    t.is((await entry(app(), bob, morning.id)).state, 'booked');
    t.is((await entry(app(), carol, noon.id)).state, 'booked');
    const rows = await app()
      .cradle.db('bookings')
      .where({ resource_id: room })
      .whereIn('state', ['confirmed', 'pending'])
      .where('start_at', '>=', Date.UTC(2027, 2, 9))
      .where('start_at', '<', Date.UTC(2027, 2, 10));
    t.is(rows.length, 2);
    // What the dispatcher then queues finds nobody left to serve.
    await settle(app());
    t.is((await entry(app(), bob, morning.id)).state, 'booked');
  });

  test.serial(`${dialect}: a booking shortened frees its end for the person waiting for it`, async (t) => {
    const b = await taken('2027-03-10', '13:00', '15:00');
    const tail = await inLine(bob, '2027-03-10', '14:00', '15:00');
    const wide = await inLine(carol, '2027-03-10', '13:00', '15:00');
    const moved = await app().put(
      `/api/bookings/${b.id}`,
      { startTime: '13:00', endTime: '14:00' },
      { token: alice.token },
    );
    t.is(moved.status, 200, JSON.stringify(moved.body));
    await settle(app());
    t.is((await entry(app(), bob, tail.id)).state, 'booked');
    t.is((await entry(app(), carol, wide.id)).state, 'waiting', 'not the whole of its range is free');
  });

  test.serial(`${dialect}: a booking moved to another room frees the room it left`, async (t) => {
    const cedar = await createResource(app(), place, { name: 'Cedar' });
    const b = await taken('2027-03-12', '09:00', '10:00');
    const waiting = await inLine(bob, '2027-03-12', '09:00', '10:00');
    const moved = await app().put(`/api/bookings/${b.id}`, { resourceId: cedar }, { token: alice.token });
    t.is(moved.status, 200, JSON.stringify(moved.body));
    await settle(app());
    const served = await entry(app(), bob, waiting.id);
    t.is(served.state, 'booked');
  });

  test.serial(`${dialect}: one leaves one's own entry after listing it; another's is not found`, async (t) => {
    await taken('2027-03-11', '09:00', '10:00');
    const mine = (
      await join(app(), bob, { resourceId: room, meetingDate: '2027-03-11', startTime: '09:00', endTime: '10:00' })
    ).body.data;
    const page = await app().get<{ data: { items: Entry[]; total: number; pageSize: number } }>(
      '/api/waitlist?scope=active&pageSize=1',
      { token: bob.token },
    );
    t.is(page.status, 200);
    t.is(page.body.data.items.length, 1);
    t.true(page.body.data.total >= 1);
    const found = await app().get<{ data: { items: Entry[] } }>('/api/waitlist?q=irch', { token: bob.token });
    t.true(found.body.data.items.length >= 1);
    t.true(found.body.data.items.every((e) => e.resourceName === 'Birch'));
    const none = await app().get<{ data: { items: Entry[] } }>('/api/waitlist?q=nowhere', { token: bob.token });
    t.is(none.body.data.items.length, 0);
    t.is((await app().delete(`/api/waitlist/${mine.id}`, { token: carol.token })).status, 404);
    t.is((await app().delete(`/api/waitlist/${mine.id}`, { token: bob.token })).status, 200);
    t.is((await entry(app(), bob, mine.id)).state, 'left');
    const again = await app().delete(`/api/waitlist/${mine.id}`, { token: bob.token });
    t.is(again.status, 422);
    t.is(again.body.key, 'waitlist.notWaiting');
    // Having left, one may join again.
    t.is(
      (await join(app(), bob, { resourceId: room, meetingDate: '2027-03-11', startTime: '09:00', endTime: '10:00' }))
        .status,
      200,
    );
    t.is((await app().get('/api/waitlist')).status, 401);
  });

  test.serial(`${dialect}: an entry still waiting at its start expires by the job`, async (t) => {
    await taken('2027-03-01', '10:00', '11:00');
    const soon = (
      await join(app(), bob, { resourceId: room, meetingDate: '2027-03-01', startTime: '10:00', endTime: '11:00' })
    ).body.data;
    const later = (
      await join(app(), carol, { resourceId: room, meetingDate: '2027-03-11', startTime: '09:00', endTime: '10:00' })
    ).body.data;
    await runJob(app(), 'waitlist.expire', 2 * HOUR + 60_000);
    // Signed in again: the tokens of two hours ago have expired.
    bob = await staff(app(), 'bob');
    carol = await staff(app(), 'carol');
    t.is((await entry(app(), bob, soon.id)).state, 'expired');
    t.is((await entry(app(), carol, later.id)).state, 'waiting');
  });

  test.serial(
    `${dialect}: a no-show cancelled by the job frees the rest of its time for the one waiting`,
    async (t) => {
      await setParams(app(), { autoCancelResource: '0' });
      alice = await staff(app(), 'alice');
      bob = await staff(app(), 'bob');
      const b = await taken('2027-03-20', '09:00', '12:00');
      const later = await inLine(bob, '2027-03-20', '10:00', '11:00');
      app().clock.set(Date.UTC(2027, 2, 20, 9, 16));
      await runJob(app(), 'bookings.noShow');
      await settle(app());
      // Signed in again: the clock moved on by weeks.
      alice = await staff(app(), 'alice');
      bob = await staff(app(), 'bob');
      const cancelled = await app().get<{ data: BookingData }>(`/api/bookings/${b.id}`, { token: alice.token });
      t.is(cancelled.body.data.state, 'autoCancelled');
      t.like(await entry(app(), bob, later.id), { state: 'booked' });
    },
  );

  test.serial(
    `${dialect}: an entry a stopped server claimed and never booked is served again by the minute job`,
    async (t) => {
      app().clock.set(BASE);
      alice = await staff(app(), 'alice');
      bob = await staff(app(), 'bob');
      const b = await taken('2027-03-25', '14:00', '15:00');
      const waiting = await inLine(bob, '2027-03-25', '14:00', '15:00');
      // What a server leaves when it dies between claiming the entry and booking it: offered, no booking, and
      // its hold on the line run out. The booking it was about to take is free.
      await app().cradle.db('bookings').where({ id: b.id }).update({ state: 'cancelled' });
      await app().cradle.db('booking_slots').where({ booking_id: b.id }).delete();
      await app()
        .cradle.db('waitlist_entries')
        .where({ id: waiting.id })
        .update({ state: 'offered', waiting_key: null, updated_at: BASE - 120_000 });
      await app()
        .cradle.db('waitlist_serving')
        .insert({ resource_id: room, holder: 'a server that died', locked_until: BASE - 60_000 });
      t.is(await app().cradle.waitlistService.resumeStopped(BASE), 1);
      await app().cradle.outboxWorker.drainDue();
      const served = await entry(app(), bob, waiting.id);
      t.is(served.state, 'booked');
      const booking = await app().get<{ data: BookingData }>(`/api/bookings/${served.bookingId}`, { token: bob.token });
      t.like(booking.body.data, { state: 'confirmed', startTime: '14:00', endTime: '15:00' });
      t.is(await app().cradle.waitlistService.resumeStopped(BASE), 0, 'nothing is left half-served');
    },
  );
});
