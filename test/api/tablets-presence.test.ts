/**
 * What the room itself tells its door (docs/product-rules.md R19.10), on SQLite and MariaDB, with providers that
 * push as a vendor's feed does (test/fixtures/plugins/*-pushed): the presence sensor under each `bodySensor` setting
 * (none, off, on, always), the tablet's "keep this meeting" button and the time the meeting ends, the keep call,
 * the scheduler's rule ending an empty checked-in meeting on the clock; a card read at the room's reader and a face
 * identified at its terminal checking their holder in, only when `padAuthMethods` offers that way, only for the
 * organiser or an attendee, only above the face score threshold; "continue with card / face" at the tablet acting
 * as the person the room recognised in the last 30 s, once.
 */
import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { BASE, book, HOUR, MIN, staff, type Who } from '../helpers/bookings.ts';
import { FIXTURE_PLUGINS } from '../helpers/notify.ts';
import { createPlace, createResource, setParams } from '../helpers/places-fixture.ts';
import { pairTablet } from '../helpers/tablets.ts';

interface Presence {
  sensor: string;
  present: boolean | null;
  since: number | null;
  keepButton: boolean;
  endsAt: number | null;
}
interface Day {
  meetings: Array<{ id: number; checkedIn: boolean; checkInCode?: string }>;
  presence: Presence | null;
}
interface Pushing {
  push(value: unknown): void;
}

const at = (hh: number, mm = 0, ss = 0) => BASE + (hh - 8) * HOUR + mm * MIN + ss * 1000;
/** The test clock runs on from where it is set: times it stamps are a little later than set. */
const near = (actual: number | null, expected: number) =>
  actual !== null && actual >= expected && actual < expected + 15_000;

perDialect(
  test,
  (dialect, app) => {
    let roomA = 0;
    let roomB = 0;
    let alice: Who;
    let bob: Who;
    const device = { headers: {} as Record<string, string> };

    const day = async (): Promise<Day> => {
      const res = await app().get<{ data: Day }>('/api/pad/day', device);
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      return res.body.data;
    };
    const provider = async (kind: 'occupancy' | 'access' | 'face') =>
      (await app().cradle.pluginHost.active(kind))!.provider as unknown as Pushing;
    const meeting = async (start: string, end: string, attendees: number[] = []) => {
      const res = await book(app(), alice, {
        resourceId: roomA,
        meetingDate: '2027-03-01',
        startTime: start,
        endTime: end,
        subject: 'Presence',
        ...(attendees.length ? { innerAttendees: attendees } : {}),
      });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      return res.body.data as { id: number; checkInCode: string };
    };
    const stateOf = async (id: number) =>
      String((await app().cradle.db('bookings').where({ id }).first('state')).state);
    /** Pushes are handled after the provider's call returns: wait for their effect, bounded. */
    const eventually = async (check: () => Promise<boolean>) => {
      for (let i = 0; i < 50; i++) {
        if (await check()) return true;
        await new Promise((r) => setTimeout(r, 40));
      }
      return false;
    };
    /** Lets pushes that should change nothing be handled before asserting that they did not. */
    const settle = () => new Promise((r) => setTimeout(r, 300));
    const sense = async (state: 0 | 1 | 2, deviceId = 'occ-1') => {
      const before = await app().cradle.db('room_presence').where({ resource_id: roomA }).first();
      (await provider('occupancy')).push({ deviceId, state, at: app().clock.now() });
      await settle();
      return before;
    };
    const clearDay = async () => {
      const { db } = app().cradle;
      const ids = db('bookings').where('meeting_date', '2027-03-01').select('id');
      await db('booking_slots').whereIn('booking_id', ids).del();
      await db('bookings').where('meeting_date', '2027-03-01').update({ state: 'cancelled' });
      await db('room_presence').del();
    };
    const setClock = async (when: number) => {
      app().clock.set(when);
      alice = await staff(app(), `alice_${dialect}`);
      bob = await staff(app(), `bob_${dialect}`);
    };

    test.serial.before(async () => {
      await setClock(at(8));
      const place = await createPlace(app());
      roomA = await createResource(app(), place, { name: 'Everest', capacity: 10 });
      roomB = await createResource(app(), place, { name: 'K2', capacity: 4 });
      device.headers = (await pairTablet(app(), roomA)).headers;
      const admin = await app().adminToken();
      const devices = [
        { name: 'Ceiling sensor', deviceNo: 'OCC-1', kind: 'occupancy', identifier: 'occ-1', resourceId: roomA },
        { name: 'Door reader', deviceNo: 'RDR-1', kind: 'cardReader', identifier: 'rdr-1', resourceId: roomA },
        { name: 'Face terminal', deviceNo: 'FACE-1', kind: 'other', identifier: 'face-1', resourceId: roomA },
        { name: 'Reader of K2', deviceNo: 'RDR-2', kind: 'cardReader', identifier: 'rdr-2', resourceId: roomB },
      ];
      for (const d of devices) {
        const res = await app().post('/api/room/devices', d, { token: admin });
        if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      }
      for (const kind of ['occupancy', 'access', 'face'] as const) {
        const res = await app().put(
          `/api/inte/settings/${kind}`,
          { provider: `${kind}-pushed`, settings: {} },
          {
            token: admin,
          },
        );
        if (res.status !== 200) throw new Error(`${kind}: ${JSON.stringify(res.body)}`);
      }
      await app()
        .cradle.db('users')
        .where({ username: `alice_${dialect}` })
        .update({ card_no: 'CARD-ALICE' });
      await app()
        .cradle.db('users')
        .where({ username: `bob_${dialect}` })
        .update({ card_no: 'CARD-BOB' });
    });

    test.serial(`${dialect}: bodySensor none ignores the sensor, off shows it and drives nothing`, async (t) => {
      await setClock(at(9, 5));
      await clearDay();
      await setParams(app(), { bodySensor: 'none', noPersonEndSeconds: 60, keepButtonDelaySeconds: 0 });
      const m = await meeting('09:00', '10:00');
      await app().post('/api/pad/checkin', { bookingId: m.id, code: m.checkInCode }, device);
      await sense(0);
      t.is((await day()).presence, null);
      t.is(await app().cradle.db('room_presence').where({ resource_id: roomA }).first(), undefined);

      await setParams(app(), { bodySensor: 'off' });
      app().clock.set(at(9, 5));
      await sense(0);
      app().clock.set(at(9, 20));
      const off = (await day()).presence!;
      t.like(off, { sensor: 'off', present: false, keepButton: false, endsAt: null });
      t.true(near(off.since, at(9, 5)), String(off.since));
      t.deepEqual(await app().cradle.presenceService.sweep(), []);
      t.is(await stateOf(m.id), 'checkedIn');
    });

    test.serial(
      `${dialect}: bodySensor on: keep button after the delay, keep restarts the timer, the sweep ends an empty meeting`,
      async (t) => {
        await setClock(at(9));
        await clearDay();
        await setParams(app(), { bodySensor: 'on', noPersonEndSeconds: 300, keepButtonDelaySeconds: 60 });
        const m = await meeting('09:00', '10:00');
        t.is((await app().post('/api/pad/checkin', { bookingId: m.id, code: m.checkInCode }, device)).status, 200);

        app().clock.set(at(9, 5));
        await sense(0);
        app().clock.set(at(9, 5, 30));
        const empty = (await day()).presence!;
        t.like(empty, { sensor: 'on', present: false, keepButton: false });
        t.true(near(empty.endsAt, at(9, 10)), String(empty.endsAt));
        app().clock.set(at(9, 6, 30));
        t.like((await day()).presence, { keepButton: true, endsAt: empty.endsAt });

        // Keep: someone at the door; the timer starts again from now.
        const kept = await app().post<{ data: Day }>(`/api/pad/bookings/${m.id}/keep`, {}, device);
        t.is(kept.status, 200, JSON.stringify(kept.body));
        t.like(kept.body.data.presence, { keepButton: false });
        t.true(near(kept.body.data.presence!.endsAt, at(9, 11, 30)), String(kept.body.data.presence!.endsAt));
        app().clock.set(at(9, 11));
        t.deepEqual(await app().cradle.presenceService.sweep(), []);

        // Somebody came back: no button, no end.
        await sense(1);
        await setClock(at(9, 30));
        t.like((await day()).presence, { present: true, keepButton: false, endsAt: null });
        t.deepEqual(await app().cradle.presenceService.sweep(), []);

        // Gone again: ended noPersonEndSeconds after they left, by the scheduler's rule.
        await sense(0);
        app().clock.set(at(9, 34, 50));
        t.deepEqual(await app().cradle.presenceService.sweep(), []);
        await setClock(at(9, 35, 30));
        t.deepEqual(await app().cradle.presenceService.sweep(), [m.id]);
        t.is(await stateOf(m.id), 'ended');
        t.false((await day()).meetings.some((x) => x.id === m.id));

        // Keep is for the meeting under way in the tablet's own room only.
        const later = await meeting('10:00', '11:00');
        const refused = await app().post(`/api/pad/bookings/${later.id}/keep`, {}, device);
        t.is(refused.status, 403);
        t.is(refused.body.key, 'pad.notUnderway');
      },
    );

    test.serial(
      `${dialect}: bodySensor always checks a meeting in when someone is detected in its window`,
      async (t) => {
        await setClock(at(10, 20));
        await clearDay();
        await setParams(app(), { bodySensor: 'always', checkInEarlyMinutes: 15 });
        const early = await meeting('11:00', '12:00');
        await sense(1);
        t.is(await stateOf(early.id), 'confirmed', 'outside the early check-in time nothing happens');

        const m = await meeting('10:30', '11:00');
        await sense(0);
        await sense(1);
        t.true(await eventually(async () => (await stateOf(m.id)) === 'checkedIn'));
        t.is(await stateOf(early.id), 'confirmed');
        // A sensor that is not mounted at a room changes nothing.
        await sense(0, 'somewhere-else');
        t.like(await app().cradle.db('room_presence').where({ resource_id: roomA }).first(), { present: 1 });
      },
    );

    test.serial(
      `${dialect}: a card read at the room's reader checks in its holder's meeting when padAuthMethods offers cards`,
      async (t) => {
        await setClock(at(13, 55));
        await clearDay();
        await setParams(app(), { bodySensor: 'none', padAuthMethods: '|password|qr|' });
        const m = await meeting('14:00', '15:00', [bob.id]);
        const reader = await provider('access');
        reader.push({ readerId: 'rdr-1', cardNo: 'CARD-ALICE', at: app().clock.now() });
        await settle();
        t.is(await stateOf(m.id), 'confirmed', 'cards are not offered');

        await setParams(app(), { padAuthMethods: '|password|card|' });
        reader.push({ readerId: 'rdr-2', cardNo: 'CARD-ALICE', at: app().clock.now() });
        reader.push({ readerId: 'rdr-1', cardNo: 'CARD-NOBODY', at: app().clock.now() });
        await settle();
        t.is(await stateOf(m.id), 'confirmed', "another room's reader, or a card nobody holds");

        reader.push({ readerId: 'rdr-1', cardNo: 'CARD-BOB', at: app().clock.now() });
        t.true(await eventually(async () => (await stateOf(m.id)) === 'checkedIn'), 'an attendee checks in');
        const log = (await app()
          .cradle.db('reservation_logs')
          .where({ booking_id: m.id, action: 'checkedIn' })
          .first()) as { user_id: number; detail: string };
        t.is(Number(log.user_id), bob.id);
        t.like(JSON.parse(log.detail), { channel: 'tablet' });

        // Someone who is neither organiser nor attendee is not checked in to another's meeting.
        await clearDay();
        const own = await meeting('14:00', '15:00');
        reader.push({ readerId: 'rdr-1', cardNo: 'CARD-BOB', at: app().clock.now() });
        await settle();
        t.is(await stateOf(own.id), 'confirmed');
      },
    );

    test.serial(
      `${dialect}: a face identified at the room's terminal checks in, above the score threshold`,
      async (t) => {
        await setClock(at(15, 55));
        await clearDay();
        await setParams(app(), { padAuthMethods: '|password|card|' });
        const m = await meeting('16:00', '17:00');
        const terminal = await provider('face');
        const seen = (score: number) =>
          terminal.push({ terminalId: 'face-1', username: `alice_${dialect}`, score, at: app().clock.now() });
        seen(0.99);
        await settle();
        t.is(await stateOf(m.id), 'confirmed', 'faces are not offered');

        await setParams(app(), { padAuthMethods: '|password|face|' });
        seen(0.5);
        await settle();
        t.is(await stateOf(m.id), 'confirmed', 'too unsure');
        seen(0.93);
        t.true(await eventually(async () => (await stateOf(m.id)) === 'checkedIn'));
      },
    );

    test.serial(
      `${dialect}: continue with card or face: the person the room recognised in the last 30 s acts once`,
      async (t) => {
        await setClock(at(17));
        await clearDay();
        await app().cradle.db('room_recognitions').del();
        await setParams(app(), { padAuthMethods: '|password|card|', padBooking: true });
        const bookNow = (auth: unknown) =>
          app().post<{ data: Day }>('/api/pad/book-now', { minutes: 15, auth }, device);
        const none = await bookNow({ method: 'card' });
        t.is(none.status, 422, 'no card read yet');
        t.is(none.body.key, 'pad.noCardRead');
        t.is((await bookNow({ method: 'face' })).body.key, 'pad.methodOff');

        const reader = await provider('access');
        reader.push({ readerId: 'rdr-1', cardNo: 'CARD-ALICE', at: app().clock.now() });
        t.true(await eventually(async () => Boolean(await app().cradle.db('room_recognitions').first())));
        const booked = await bookNow({ method: 'card' });
        t.is(booked.status, 200, JSON.stringify(booked.body));
        const row = (await app()
          .cradle.db('bookings')
          .where({ resource_id: roomA, meeting_date: '2027-03-01' })
          .whereIn('state', ['confirmed', 'checkedIn'])
          .first()) as { id: number; organiser_id: number };
        t.is(Number(row.organiser_id), alice.id, 'booked as the card holder');
        const again = await app().post(
          `/api/pad/bookings/${row.id}/extend`,
          { minutes: 15, auth: { method: 'card' } },
          device,
        );
        t.is(again.body.key, 'pad.noCardRead', 'a recognition is taken once');

        // Too old: a card read more than 30 s before the action does not count.
        reader.push({ readerId: 'rdr-1', cardNo: 'CARD-ALICE', at: app().clock.now() });
        await settle();
        app().clock.advance(31_000);
        const late = await app().post(
          `/api/pad/bookings/${row.id}/extend`,
          { minutes: 15, auth: { method: 'card' } },
          device,
        );
        t.is(late.body.key, 'pad.noCardRead');

        // A face identified at the room's terminal extends as that person.
        await setParams(app(), { padAuthMethods: '|password|face|' });
        (await provider('face')).push({
          terminalId: 'face-1',
          username: `alice_${dialect}`,
          score: 0.95,
          at: app().clock.now(),
        });
        t.true(await eventually(async () => (await app().cradle.db('room_recognitions').first())?.method === 'face'));
        const extended = await app().post<{ data: Day }>(
          `/api/pad/bookings/${row.id}/extend`,
          { minutes: 15, auth: { method: 'face' } },
          device,
        );
        t.is(extended.status, 200, JSON.stringify(extended.body));
        t.is(Number((await app().cradle.db('bookings').where({ id: row.id }).first()).end_at), at(17, 30));

        // Somebody who is neither organiser nor attendee is refused, as with a password.
        await setParams(app(), { padAuthMethods: '|password|card|' });
        reader.push({ readerId: 'rdr-1', cardNo: 'CARD-BOB', at: app().clock.now() });
        t.true(await eventually(async () => Boolean(await app().cradle.db('room_recognitions').first())));
        const stranger = await app().post(`/api/pad/bookings/${row.id}/end`, { auth: { method: 'card' } }, device);
        t.is(stranger.status, 403);
        t.is(stranger.body.key, 'pad.notYourMeeting');
      },
    );
  },
  { config: { pluginPaths: FIXTURE_PLUGINS } },
);
