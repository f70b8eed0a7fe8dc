/**
 * The rooms' presence history (docs/product-rules.md R20.5), on SQLite and MariaDB, with an occupancy provider that
 * pushes as a vendor's feed does (test/fixtures/plugins/occupancy-pushed): each change is kept; a booking nobody
 * checked in to stays when its room's sensor found people since its check-in window opened (`bodySensor` on or
 * always), and is released as before when the room stayed empty, has no sensor, or the sensor drives nothing; the
 * dashboard's booked-but-empty minutes ("ghost meetings") next to utilisation; the history is swept after 400 days.
 */
import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { BASE, book, HOUR, MIN, staff, type Who } from '../helpers/bookings.ts';
import { FIXTURE_PLUGINS } from '../helpers/notify.ts';
import { createPlace, createResource, setParams } from '../helpers/places-fixture.ts';

interface Pushing {
  push(value: unknown): void;
}
interface UtilisationRow {
  name: string;
  bookedMinutes: number;
  sensedMinutes: number;
  emptyMinutes: number;
  emptyShare: number;
}

const at = (hh: number, mm = 0) => BASE + (hh - 8) * HOUR + mm * MIN;

perDialect(
  test,
  (dialect, app) => {
    let sensed = 0;
    let plain = 0;
    let alice: Who;
    let admin = '';

    const provider = async () => (await app().cradle.pluginHost.active('occupancy'))!.provider as unknown as Pushing;
    const logRows = () => app().cradle.db('room_presence_log').where({ resource_id: sensed }).orderBy('id');
    /** Pushes a state at a time of the test clock and waits, bounded, until the change is kept. */
    const sense = async (when: number, state: 0 | 1 | 2) => {
      app().clock.set(when);
      const before = (await logRows()).length;
      const current = await app().cradle.db('room_presence').where({ resource_id: sensed }).first('present');
      (await provider()).push({ deviceId: `occ-h-${dialect}`, state, at: when });
      const same = current && (current.present === null ? 2 : Number(current.present)) === state;
      for (let i = 0; !same && i < 50 && (await logRows()).length === before; i++)
        await new Promise((r) => setTimeout(r, 40));
    };
    const meeting = async (resourceId: number, start: string, end: string) => {
      const res = await book(app(), alice, { resourceId, meetingDate: '2027-03-01', startTime: start, endTime: end });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      return res.body.data as { id: number };
    };
    const stateOf = async (id: number) =>
      String((await app().cradle.db('bookings').where({ id }).first('state')).state);
    const reset = async () => {
      const { db } = app().cradle;
      const ids = db('bookings').where('meeting_date', '2027-03-01').select('id');
      await db('booking_slots').whereIn('booking_id', ids).del();
      await db('bookings').where('meeting_date', '2027-03-01').update({ state: 'cancelled' });
      await db('room_presence').del();
      await db('room_presence_log').del();
    };

    test.serial.before(async () => {
      app().clock.set(at(7));
      admin = await app().adminToken();
      alice = await staff(app(), `alice_ph_${dialect}`);
      const place = await createPlace(app());
      sensed = await createResource(app(), place, { name: 'Sensed' });
      plain = await createResource(app(), place, { name: 'Plain' });
      const sensor = {
        name: 'Ceiling sensor',
        deviceNo: `OCC-H-${dialect}`,
        kind: 'occupancy',
        identifier: `occ-h-${dialect}`,
        resourceId: sensed,
      };
      const made = await app().post('/api/room/devices', sensor, { token: admin });
      if (made.status !== 200) throw new Error(JSON.stringify(made.body));
      const chosen = await app().put(
        '/api/inte/settings/occupancy',
        { provider: 'occupancy-pushed', settings: {} },
        { token: admin },
      );
      if (chosen.status !== 200) throw new Error(JSON.stringify(chosen.body));
      await setParams(app(), {
        autoCancelResource: '0',
        checkInWindowMinutes: 15,
        checkInEarlyMinutes: 10,
        blocklistEnabled: false,
      });
    });

    test.serial(`${dialect}: every change of the sensor is kept, a repeated state once`, async (t) => {
      await reset();
      await setParams(app(), { bodySensor: 'off' });
      await sense(at(8, 0), 0);
      await sense(at(8, 5), 0);
      await sense(at(8, 10), 1);
      await sense(at(8, 20), 2);
      const rows = await logRows();
      t.deepEqual(
        rows.map((r) => (r.present === null ? null : Boolean(Number(r.present)))),
        [false, true, null],
      );
      t.true(Math.abs(Number(rows[1]!.at) - at(8, 10)) < 5_000, 'kept at the time it changed');
    });

    test.serial(
      `${dialect}: a booking whose room was occupied since its window opened is not released; an empty one is`,
      async (t) => {
        await reset();
        await setParams(app(), { bodySensor: 'on' });
        app().clock.set(at(8));
        const occupied = await meeting(sensed, '09:00', '10:00');
        const empty = await meeting(sensed, '11:00', '12:00');
        const noSensor = await meeting(plain, '09:00', '10:00');
        // People walk in at 09:05 without checking in (on: the sensor does not check in), and leave at 09:30.
        await sense(at(8, 40), 0);
        await sense(at(9, 5), 1);
        await sense(at(9, 30), 0);
        t.is(await app().cradle.bookingsService.autoCancelNoShows(at(9, 20)), 1, 'only the room without a sensor');
        t.is(await stateOf(occupied.id), 'confirmed', 'people were in the room: kept');
        t.is(await stateOf(noSensor.id), 'autoCancelled');
        // Nobody came to the 11:00 meeting: the room has been empty since 09:30.
        await app().cradle.bookingsService.autoCancelNoShows(at(11, 20));
        t.is(await stateOf(empty.id), 'autoCancelled');
        t.is(await stateOf(occupied.id), 'confirmed', 'still kept once they left');
      },
    );

    test.serial(`${dialect}: with bodySensor off the sensor holds nothing back`, async (t) => {
      await reset();
      await setParams(app(), { bodySensor: 'off' });
      app().clock.set(at(8));
      const m = await meeting(sensed, '09:00', '10:00');
      await sense(at(9, 2), 1);
      await app().cradle.bookingsService.autoCancelNoShows(at(9, 20));
      t.is(await stateOf(m.id), 'autoCancelled');
    });

    test.serial(`${dialect}: the dashboard shows booked-but-empty minutes next to utilisation`, async (t) => {
      await reset();
      await setParams(app(), { bodySensor: 'off', autoCancelResource: '' });
      app().clock.set(at(8));
      await meeting(sensed, '09:00', '10:00');
      await meeting(sensed, '14:00', '15:00');
      await meeting(plain, '09:00', '11:00');
      // 09:00-10:00: empty until 09:10, occupied until 09:40, empty after: 30 of 60 minutes empty.
      // 14:00-15:00: the sensor cannot tell from 13:00 on: not sensed at all.
      await sense(at(8, 50), 0);
      await sense(at(9, 10), 1);
      await sense(at(9, 40), 0);
      await sense(at(13, 0), 2);
      const res = await app().get<{ data: UtilisationRow[] }>(
        '/api/room/dashboard/utilisation?from=2027-03-01&to=2027-03-01&groupBy=resource',
        { token: admin },
      );
      t.is(res.status, 200, JSON.stringify(res.body));
      const row = (name: string) => res.body.data.find((r) => r.name === name)!;
      t.like(row('Sensed'), { bookedMinutes: 120, sensedMinutes: 60, emptyMinutes: 30, emptyShare: 0.5 });
      t.like(row('Plain'), { bookedMinutes: 120, sensedMinutes: 0, emptyMinutes: 0, emptyShare: 0 });
      await setParams(app(), { autoCancelResource: '0' });
    });

    test.serial(`${dialect}: the history is swept after 400 days`, async (t) => {
      await reset();
      await sense(at(8), 1);
      await sense(at(9), 0);
      t.is(await app().cradle.presenceService.sweepLog(at(8) + 400 * 24 * HOUR + 30 * MIN), 1);
      t.is((await logRows()).length, 1, 'the newer change stays');
    });
  },
  // Tokens last a day of test time: the tests move the clock over the day without signing in again.
  { config: { pluginPaths: FIXTURE_PLUGINS, accessTokenTtlSeconds: 86_400 } },
);
