/**
 * The booking lifecycle through the API: what a meeting under way, checked in early or never checked in may do,
 * extending, the check-in code's try limit under parallel guesses, reminders, and the check status always
 * following the state.
 */
import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { BASE, book, staff, type BookingData, type Who } from '../helpers/bookings.ts';
import { createPlace, createResource, setParams, setTimeConfig, type Place } from '../helpers/places-fixture.ts';
import { BOOKING_STATES, checkStatusOf, HOLDS_TIME, type BookingState } from '../../core/modules/bookings/lifecycle.ts';
import { SLOT_MS } from '../../core/modules/bookings/time.ts';

perDialect(
  test,
  (dialect, app) => {
    let place: Place;
    let alice: Who;
    let bob: Who;

    test.serial.before(async () => {
      app().clock.set(BASE);
      place = await createPlace(app());
      alice = await staff(app(), 'lc-alice');
      bob = await staff(app(), 'lc-bob');
    });
    test.serial.afterEach.always(() => app().clock.set(BASE));

    /** 2027-03-01 (the day BASE is on, 08:00 UTC) at h:m, in UTC like the place. */
    const at = (h: number, m = 0) => Date.UTC(2027, 2, 1, h, m);
    const job = (name: string) => app().running.scheduler!.runIfDue(name);
    const row = async (id: number) =>
      (await app().cradle.db('bookings').where({ id }).first()) as Record<string, unknown>;
    const slotCount = async (q: Record<string, number>) =>
      Number((await app().cradle.db('booking_slots').where(q).count({ n: '*' }).first())?.n);
    /** A booking on 2027-03-01 from `startTime` to `endTime`. */
    const bookToday = async (resourceId: number, startTime: string, endTime: string, who = alice, more = {}) =>
      (await book(app(), who, { resourceId, meetingDate: '2027-03-01', startTime, endTime, ...more })).body.data;
    const put = (id: number, body: Record<string, unknown>, who = alice) =>
      app().put<{ data: { updated: BookingData[] } }>(`/api/bookings/${id}`, body, { token: who.token });
    const post = <T = BookingData>(path: string, body: Record<string, unknown>, who = alice) =>
      app().post<{ data: T }>(path, body, { token: who.token });
    const checkIn = (b: BookingData, who = alice) =>
      post(`/api/bookings/${b.id}/checkin`, { code: b.checkInCode }, who);

    test.serial(`${dialect}: a change cannot make a booking end in the past, under way or checked in`, async (t) => {
      const b = await bookToday(await createResource(app(), place), '09:00', '11:00');
      const c = await bookToday(await createResource(app(), place), '09:00', '11:00');
      app().clock.set(at(9, 5));
      t.is((await checkIn(c)).body.data.state, 'checkedIn');
      app().clock.set(at(10, 5));
      const shortened = await put(b.id, { endTime: '09:30' });
      t.is(shortened.status, 422, JSON.stringify(shortened.body));
      t.is(shortened.body.key, 'bookings.endPassed');
      t.is(Number((await row(b.id)).end_at), at(11), 'end unchanged');
      t.is(await slotCount({ booking_id: b.id }), 8, 'its time from 09:00 stays held');
      t.is((await put(c.id, { endTime: '10:00' })).body.key, 'bookings.endPassed');
      // Shortened to a time still ahead, the meeting gives back only the future.
      const ok = await put(c.id, { endTime: '10:30' });
      t.is(ok.status, 200, JSON.stringify(ok.body));
      t.like(ok.body.data.updated[0], { state: 'checkedIn', checkStatus: 1, endAt: at(10, 30) });
      t.is(await slotCount({ booking_id: c.id }), 6);
    });

    test.serial(
      `${dialect}: a started booking moved to another room does not claim that room's past time`,
      async (t) => {
        const room = await createResource(app(), place);
        const other = await createResource(app(), place);
        const b = await bookToday(room, '09:00', '11:00');
        app().clock.set(at(10, 5));
        const moved = await put(b.id, { resourceId: other });
        t.is(moved.status, 422, JSON.stringify(moved.body));
        t.is(moved.body.key, 'bookings.timeExpired');
        t.is(await slotCount({ resource_id: other }), 0, 'nothing of the other room taken');
        t.is(Number((await row(b.id)).resource_id), room);
        // Extending it where it is keeps its past start: that is still allowed.
        t.is((await put(b.id, { endTime: '11:30' })).status, 200);
      },
    );

    test.serial(
      `${dialect}: renaming a booking whose reminder went out does not send the reminder again`,
      async (t) => {
        const room = await createResource(app(), place);
        const b = await bookToday(room, '09:00', '10:00', alice, { reminderMinutes: 30 });
        app().clock.set(at(8, 30));
        t.is(await app().cradle.notificationsService.runReminders(), 1, 'the reminder goes out at 08:30');
        app().clock.set(at(8, 40));
        t.is((await put(b.id, { subject: 'Renamed' })).status, 200);
        t.not((await row(b.id)).reminded_at, null, 'still sent');
        t.is(await app().cradle.notificationsService.runReminders(), 0, 'nothing goes out twice');
        // Moved to a later time, the meeting is reminded of again at its new time.
        t.is((await put(b.id, { startTime: '11:00', endTime: '12:00' })).status, 200);
        const moved = await row(b.id);
        t.is(moved.reminded_at, null);
        t.is(Number(moved.remind_at), at(10, 30));
      },
    );

    test.serial(`${dialect}: parallel wrong check-in codes cannot get past the five-try lock`, async (t) => {
      const room = await createResource(app(), place);
      const b = await bookToday(room, '10:00', '11:00');
      app().clock.set(at(9, 50));
      const guesses: string[] = [];
      for (let n = 100000; guesses.length < 30; n++) if (String(n) !== b.checkInCode) guesses.push(String(n));
      // Hold the database, so all thirty requests are past the quick check before any is answered.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const busy = app().cradle.db.transaction(async (trx) => {
        await trx('bookings').where({ id: b.id }).forUpdate().first('id');
        await held;
      });
      await new Promise((r) => setTimeout(r, 50));
      const answers = Promise.all(guesses.map((code) => post(`/api/bookings/${b.id}/checkin`, { code }, bob)));
      await new Promise((r) => setTimeout(r, 300));
      release();
      await busy;
      const all = await answers;
      t.is(all.filter((r) => r.body.key === 'bookings.wrongCode').length, 5, 'five codes compared');
      t.is(all.filter((r) => r.status === 429).length, 25, 'the rest refused unread');
      t.is((await row(b.id)).state, 'confirmed');
      // The organiser's own tries are their own.
      t.is((await checkIn(b)).body.data.state, 'checkedIn');
    });

    test.serial(`${dialect}: a booking checked in early can still be released before its start`, async (t) => {
      const room = await createResource(app(), place);
      const b = await bookToday(room, '10:00', '12:00');
      const c = await bookToday(room, '13:00', '14:00');
      app().clock.set(at(9, 50));
      t.is((await checkIn(b)).body.data.state, 'checkedIn', 'check-in opens 15 minutes before the start');
      app().clock.set(at(9, 52));
      const out = await post(`/api/bookings/${b.id}/checkout`, {});
      t.is(out.body.key, 'bookings.notStarted', 'nothing to end yet');
      const cancel = await post<{ cancelled: BookingData[] }>(`/api/bookings/${b.id}/cancel`, { reason: 'off' });
      t.is(cancel.status, 200, JSON.stringify(cancel.body));
      t.like(cancel.body.data.cancelled[0], { state: 'cancelled', checkStatus: 3 });
      t.is(await slotCount({ booking_id: b.id }), 0, 'the whole time is free again');
      // Once it has begun, a checked-in meeting is ended by checking out, not cancelled.
      app().clock.set(at(12, 55));
      t.is((await checkIn(c)).status, 200);
      app().clock.set(at(13, 10));
      const late = await post(`/api/bookings/${c.id}/cancel`, { reason: 'off' });
      t.is(late.status, 422);
      t.is(late.body.key, 'bookings.underway');
      t.like((await post(`/api/bookings/${c.id}/checkout`, {})).body.data, { state: 'ended', checkStatus: 2 });
    });

    test.serial(`${dialect}: an organiser who never checked in cannot check out to escape the no-show`, async (t) => {
      await setParams(app(), { autoCancelResource: '0,1' });
      const room = await createResource(app(), place);
      const b = await bookToday(room, '09:00', '10:00', bob);
      app().clock.set(at(9, 14));
      const out = await post(`/api/bookings/${b.id}/checkout`, {}, bob);
      t.is(out.status, 422);
      t.is(out.body.key, 'bookings.notCheckedIn');
      app().clock.set(at(9, 16));
      await job('bookings.noShow');
      t.is((await row(b.id)).state, 'autoCancelled');
      t.is((await app().cradle.db('violations').where({ booking_id: b.id })).length, 1);
    });

    test.serial(
      `${dialect}: extend moves the end under the rules of a change; the next booking stops it`,
      async (t) => {
        const room = await createResource(app(), place);
        const b = await bookToday(room, '09:00', '11:00');
        await bookToday(room, '12:00', '13:00', bob);
        const extend = (minutes: unknown, who = alice) => post(`/api/bookings/${b.id}/extend`, { minutes }, who);
        app().clock.set(at(9, 5));
        await checkIn(b);
        app().clock.set(at(10, 30));
        const longer = await extend(30);
        t.is(longer.status, 200, JSON.stringify(longer.body));
        t.like(longer.body.data, { state: 'checkedIn', checkStatus: 1, endTime: '11:30', endAt: at(11, 30) });
        t.is(await slotCount({ booking_id: b.id }), 10);
        const clash = await extend(60);
        t.is(clash.status, 409, 'into the next booking');
        t.is(clash.body.key, 'bookings.alreadyBooked');
        t.is((await extend(30, bob)).body.key, 'bookings.notOrganiser');
        t.is((await extend(20)).status, 400, 'on the 15-minute grid only');
        t.is((await extend(0)).status, 400);
        await setTimeConfig(app(), { maxDuration: 165 });
        try {
          t.is((await extend(15)).status, 200, 'two and three-quarter hours: at the limit');
          t.is((await extend(15)).body.key, 'bookings.maxDuration');
        } finally {
          await setTimeConfig(app(), { maxDuration: 0 });
        }
        app().clock.set(at(11, 50));
        t.is((await extend(15)).body.key, 'bookings.notChangeable', 'a meeting that is over');
        const late = await bookToday(room, '23:00', '23:45');
        t.is((await post(`/api/bookings/${late.id}/extend`, { minutes: 15 })).body.data.endTime, '24:00');
        const past = await post(`/api/bookings/${late.id}/extend`, { minutes: 15 });
        t.is(past.status, 422);
        t.is(past.body.key, 'bookings.extendPastDay');
      },
    );

    test.serial(
      `${dialect}: extending an approved booking on a reviewed resource sends it back to approval`,
      async (t) => {
        const approver = await staff(app(), 'lc-approver');
        const room = await createResource(app(), place, { approvers: [approver.id] });
        const b = await bookToday(room, '13:00', '14:00');
        t.is(b.state, 'pending');
        const approval = Number((await app().cradle.db('approvals').where({ booking_id: b.id }).first('id')).id);
        t.is((await post(`/api/approvals/${approval}/approve`, {}, approver)).status, 200);
        const longer = await post(`/api/bookings/${b.id}/extend`, { minutes: 30 });
        t.like(longer.body.data, { state: 'pending', checkStatus: 4, endTime: '14:30' });
      },
    );

    test.serial(`${dialect}: every booking written here carries the check status of its state`, async (t) => {
      const rows = (await app().cradle.db('bookings').select('id', 'state', 'check_status')) as Array<{
        id: number;
        state: string;
        check_status: number;
      }>;
      t.true(rows.length >= 10);
      const states = new Set(rows.map((r) => r.state));
      for (const s of ['cancelled', 'checkedIn', 'ended', 'autoCancelled', 'pending', 'confirmed'])
        t.true(states.has(s));
      for (const r of rows) {
        t.true((BOOKING_STATES as readonly string[]).includes(r.state), r.state);
        t.is(Number(r.check_status), checkStatusOf(r.state as BookingState), `booking ${r.id} ${r.state}`);
      }
      // Every booking still holding time holds exactly its cells, on its own resource.
      const held = (await app()
        .cradle.db('bookings')
        .whereIn('state', [...HOLDS_TIME])
        .select('id', 'start_at', 'end_at')) as Array<{ id: number; start_at: number; end_at: number }>;
      for (const h of held)
        t.is(
          await slotCount({ booking_id: h.id }),
          Math.ceil(Number(h.end_at) / SLOT_MS) - Math.floor(Number(h.start_at) / SLOT_MS),
          `booking ${h.id}`,
        );
    });
  },
  { config: { accessTokenTtlSeconds: 86_400 } },
);
