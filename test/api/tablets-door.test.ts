/**
 * What people do at a door tablet (docs/product-rules.md R19.4–R19.6), on SQLite and MariaDB, through the tablet's
 * device credential: the day and its state now as the clock moves (free until, starting soon, waiting for check-in,
 * in use); check-in by code, where wrong codes slow the tablet down for seconds instead of locking it; book now as
 * the person who authenticates with a password (padBooking, padAuthMethods, the lengths on offer); extend and end by
 * the organiser or an attendee only; another room's booking refused; the reservation log naming the tablet; the
 * room's stream delivering a booking made through the API.
 */
import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { BASE, book, HOUR, MIN, staff, type Who } from '../helpers/bookings.ts';
import { createPlace, createResource, setParams } from '../helpers/places-fixture.ts';
import { pairTablet } from '../helpers/tablets.ts';
import { STAFF_PASSWORD } from '../helpers/users.ts';
import { openEventStream } from '../helpers/event-stream.ts';

interface Meeting {
  id: number;
  subject: string | null;
  organiserName: string;
  startAt: number;
  endAt: number;
  state: string;
  checkedIn: boolean;
  canCheckIn: boolean;
}
interface Day {
  room: { id: number; name: string };
  date: string;
  status: { state: string; until: number | null; bookingId: number | null };
  meetings: Meeting[];
  rules: { padBooking: boolean; authMethods: string[]; passCodeLength: number };
  bookNow: { startAt: number; options: Array<{ minutes: number | null; endAt: number }> } | null;
}

const at = (hh: number, mm = 0) => BASE + (hh - 8) * HOUR + mm * MIN;

perDialect(test, (dialect, app) => {
  let credential = '';
  let roomA = 0;
  let roomB = 0;
  let alice: Who;
  let bob: Who;

  const device = { headers: {} as Record<string, string> };
  const pad = <T = Day>(method: 'get' | 'post', path: string, body?: unknown, lang = 'en') =>
    method === 'get'
      ? app().get<{ data: T }>(`/api${path}`, { ...device, lang })
      : app().post<{ data: T }>(`/api${path}`, body ?? {}, { ...device, lang });
  const day = async () => {
    const res = await pad('get', '/pad/day');
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.data;
  };
  const password = async (username: string, pw = STAFF_PASSWORD) => ({
    method: 'password',
    username,
    password: await app().encrypt(pw),
  });
  /** Signs alice and bob in again (moving the clock far ends sessions) at `when`. */
  const setClock = async (when: number) => {
    app().clock.set(when);
    alice = await staff(app(), `alice_${dialect}`);
    bob = await staff(app(), `bob_${dialect}`);
  };
  const meetingOf = async (start: string, end: string, extra: Record<string, unknown> = {}, who = alice) => {
    const res = await book(app(), who, {
      resourceId: roomA,
      meetingDate: '2027-03-01',
      startTime: start,
      endTime: end,
      subject: 'Roadmap',
      ...extra,
    });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.data;
  };
  /** Cancels the day's bookings behind the engine's back, their slots freed, so each test starts on an empty room. */
  const clearDay = async () => {
    const { db } = app().cradle;
    const ids = db('bookings').where('meeting_date', '2027-03-01').select('id');
    await db('booking_slots').whereIn('booking_id', ids).del();
    await db('bookings').where('meeting_date', '2027-03-01').update({ state: 'cancelled' });
  };

  test.serial.before(async () => {
    await setClock(at(8));
    const place = await createPlace(app());
    roomA = await createResource(app(), place, { name: 'Everest', capacity: 10 });
    roomB = await createResource(app(), place, { name: 'K2', capacity: 4 });
    ({ credential, headers: device.headers } = await pairTablet(app(), roomA));
  });

  test.serial(`${dialect}: the day shows the room's state now as the clock moves`, async (t) => {
    await setClock(at(8));
    await clearDay();
    await setParams(app(), { showOthersSubject: false });
    const first = await meetingOf('09:00', '10:00');
    await meetingOf('10:30', '11:00');
    let d = await day();
    t.is(d.room.name, 'Everest');
    t.is(d.date, '2027-03-01');
    t.deepEqual(d.status, { state: 'freeUntil', until: at(9), bookingId: first.id });
    t.is(d.meetings.length, 2);
    t.like(d.meetings[0], { subject: null, organiserName: `alice_${dialect}`, checkedIn: false, canCheckIn: false });
    t.deepEqual(d.rules.authMethods, ['password', 'qr']);
    // From 08:00: 15 and 30 minutes, and an hour, which is also "until the next meeting" (offered once).
    t.deepEqual(d.bookNow, {
      startAt: at(8),
      options: [
        { minutes: 15, endAt: at(8, 15) },
        { minutes: 30, endAt: at(8, 30) },
        { minutes: 60, endAt: at(9) },
      ],
    });

    await setParams(app(), { showOthersSubject: true });
    app().clock.set(at(8, 50));
    d = await day();
    t.is(d.meetings[0]!.subject, 'Roadmap', "others' subjects shown when the parameter says so");
    t.deepEqual(d.status, { state: 'startingSoon', until: at(9), bookingId: first.id });
    t.is(d.meetings[0]!.canCheckIn, true, 'the check-in window opens 15 minutes before the start');
    t.deepEqual(d.bookNow?.options, [{ minutes: null, endAt: at(9) }], 'only until the next meeting');

    app().clock.set(at(9, 5));
    d = await day();
    t.deepEqual(d.status, { state: 'awaitingCheckIn', until: at(9, 15), bookingId: first.id });
    t.is(d.bookNow, null, 'a meeting holds the room');
  });

  test.serial(
    `${dialect}: check-in by code: wrong codes slow the tablet down for seconds, then it checks in`,
    async (t) => {
      await setClock(at(8, 55));
      await clearDay();
      const m = await meetingOf('09:00', '10:00');
      const wrong = m.checkInCode === '000000' ? '111111' : '000000';
      for (let i = 1; i <= 4; i++) {
        const res = await pad('post', '/pad/checkin', { bookingId: m.id, code: wrong });
        t.is(res.body.key, 'bookings.wrongCode', `wrong code ${i} compared`);
      }
      const waiting = await pad('post', '/pad/checkin', { bookingId: m.id, code: m.checkInCode });
      t.is(waiting.status, 429);
      t.is(waiting.body.key, 'pad.waitSeconds');
      t.regex(String(waiting.body.msg), /5 s/);
      app().clock.advance(6_000);
      const ok = await pad('post', '/pad/checkin', { bookingId: m.id, code: m.checkInCode });
      t.is(ok.status, 200, JSON.stringify(ok.body));
      t.like(ok.body.data.meetings[0], { id: m.id, checkedIn: true });
      app().clock.set(at(9, 1));
      t.deepEqual((await day()).status, { state: 'inUse', until: at(10), bookingId: m.id });
      const log = (await app()
        .cradle.db('reservation_logs')
        .where({ booking_id: m.id, action: 'checkedIn' })
        .first()) as {
        detail: string;
      };
      t.like(JSON.parse(log.detail), { channel: 'tablet' });
    },
  );

  test.serial(
    `${dialect}: book now as the person who authenticates, within what the room and the rules allow`,
    async (t) => {
      await setClock(at(8, 5));
      await clearDay();
      await meetingOf('09:00', '10:00');
      const wrongPassword = await pad('post', '/pad/book-now', {
        minutes: 15,
        auth: await password(`bob_${dialect}`, 'nope'),
      });
      t.is(wrongPassword.status, 400, 'a wrong password is not a revoked tablet (401)');
      t.is(wrongPassword.body.key, 'pad.badCredentials');
      const tooLong = await pad('post', '/pad/book-now', { minutes: null, auth: await password(`bob_${dialect}`) });
      t.is(tooLong.status, 200, 'until the next meeting is offered');
      const d = tooLong.body.data;
      t.like(d.meetings[0], { organiserName: `bob_${dialect}`, startAt: at(8), endAt: at(9) });
      t.is(d.bookNow, null, 'the room is taken now');
      const again = await pad('post', '/pad/book-now', { minutes: 15, auth: await password(`bob_${dialect}`) });
      t.is(again.body.key, 'pad.notFreeNow');
      const created = (await app()
        .cradle.db('reservation_logs')
        .where({ action: 'created' })
        .orderBy('id', 'desc')
        .first()) as {
        detail: string;
        user_id: number;
      };
      t.is(Number(created.user_id), bob.id);
      t.like(JSON.parse(created.detail), { channel: 'tablet' });

      await clearDay();
      await setParams(app(), { padBooking: false });
      const off = await pad('post', '/pad/book-now', { minutes: 15, auth: await password(`bob_${dialect}`) });
      t.is(off.status, 403);
      t.is(off.body.key, 'pad.bookingOff');
      t.is((await day()).bookNow, null);
      await setParams(app(), { padBooking: true, padAuthMethods: '|qr|' });
      const method = await pad('post', '/pad/book-now', { minutes: 15, auth: await password(`bob_${dialect}`) });
      t.is(method.body.key, 'pad.methodOff', 'padAuthMethods decides which ways are offered');
      await setParams(app(), { padAuthMethods: '|password|qr|' });
    },
  );

  test.serial(`${dialect}: extend and end by the organiser or an attendee only`, async (t) => {
    await setClock(at(9, 5));
    await clearDay();
    const m = await meetingOf('09:00', '10:00', { innerAttendees: [bob.id] });
    await pad('post', '/pad/checkin', { bookingId: m.id, code: m.checkInCode });
    await staff(app(), `carol_${dialect}`);
    const stranger = await pad('post', `/pad/bookings/${m.id}/extend`, {
      minutes: 15,
      auth: await password(`carol_${dialect}`),
    });
    t.is(stranger.status, 403);
    t.is(stranger.body.key, 'pad.notYourMeeting');
    const extended = await pad('post', `/pad/bookings/${m.id}/extend`, {
      minutes: 30,
      auth: await password(`bob_${dialect}`),
    });
    t.is(extended.status, 200, JSON.stringify(extended.body));
    t.like(extended.body.data.meetings[0], { id: m.id, endAt: at(10, 30) });
    const ended = await pad('post', `/pad/bookings/${m.id}/end`, { auth: await password(`alice_${dialect}`) });
    t.is(ended.status, 200, JSON.stringify(ended.body));
    t.deepEqual(ended.body.data.meetings, [], 'the rest of the time is free');
    t.truthy(ended.body.data.bookNow, 'and bookable at the door');
    const row = (await app().cradle.db('bookings').where({ id: m.id }).first()) as { state: string };
    t.is(row.state, 'ended');
  });

  test.serial(`${dialect}: a tablet acts on its own room only`, async (t) => {
    await setClock(at(8, 55));
    const other = await book(app(), alice, {
      resourceId: roomB,
      meetingDate: '2027-03-01',
      startTime: '09:00',
      endTime: '10:00',
    });
    const res = await pad('post', '/pad/checkin', { bookingId: other.body.data.id, code: other.body.data.checkInCode });
    t.is(res.status, 403);
    t.is(res.body.key, 'tablets.otherRoom');
    const extend = await pad('post', `/pad/bookings/${other.body.data.id}/extend`, {
      minutes: 15,
      auth: await password(`alice_${dialect}`),
    });
    t.is(extend.body.key, 'tablets.otherRoom');
    t.is((await app().get('/api/pad/day')).status, 401, 'no credential, no day');
  });

  test.serial(`${dialect}: a booking made through the API reaches the room's stream within 2 seconds`, async (t) => {
    await setClock(at(8));
    await clearDay();
    await setParams(app(), { showOthersSubject: false });
    const stream = await openEventStream(`${app().url}/api/pad/stream`, { authorization: `Device ${credential}` });
    t.is(stream.status, 200);
    const until = Date.now() + 5_000;
    while (!stream.text().includes('event: ready') && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    const started = Date.now();
    const m = await meetingOf('11:00', '12:00');
    while (!stream.text().includes(`"id":${m.id}`) && Date.now() - started < 2_000)
      await new Promise((r) => setTimeout(r, 20));
    await stream.close();
    const text = stream.text();
    t.true(text.includes('event: booking.created') && text.includes(`"id":${m.id}`), text.slice(0, 500));
    t.false(text.includes('Roadmap'), "the subject stays hidden where others' subjects are");
  });
});
