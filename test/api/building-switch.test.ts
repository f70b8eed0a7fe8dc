/**
 * A room's switches on the booking lifecycle (docs/product-rules.md R20.2), on SQLite and MariaDB, with a provider
 * that records its calls (test/fixtures/plugins/switch-recording): check-in turns every relay of the room on;
 * check-out, a no-show, the cancellation of a checked-in meeting and a checked-in meeting's time running out turn
 * them off; `switchOnBeforeMinutes` turns them on ahead, once per meeting; no provider queues nothing; a failing
 * provider leaves the check-in answered and its rows parked after their attempts.
 */
import test from 'ava';
import type { SwitchCall } from '../fixtures/plugins/switch-recording/index.ts';
import { perDialect } from '../helpers/app.ts';
import { recordingKind } from '../helpers/building.ts';
import { BASE, book, staff, type BookingData, type Who } from '../helpers/bookings.ts';
import { deliverUntilParked, dispatchChanges, FIXTURE_PLUGINS } from '../helpers/notify.ts';
import { createPlace, createResource, setParams } from '../helpers/places-fixture.ts';

const at = (h: number, m = 0) => Date.UTC(2027, 2, 1, h, m);
const on = (...ids: string[]): SwitchCall[] => ids.map((deviceId) => ({ deviceId, on: true }));
const off = (...ids: string[]): SwitchCall[] => ids.map((deviceId) => ({ deviceId, on: false }));
const sorted = (calls: SwitchCall[]) => [...calls].sort((x, y) => x.deviceId.localeCompare(y.deviceId));

perDialect(
  test,
  (dialect, app) => {
    let roomA = 0;
    let roomB = 0;
    let alice: Who;
    let admin = '';

    const relays = recordingKind<SwitchCall>(app, 'switch', () => admin);
    const { select: selectSwitch, rows: switchRows } = relays;
    /** The switching since the last time, by device. */
    const delivered = async (): Promise<SwitchCall[]> => sorted(await relays.delivered());
    /** Tokens last a day of test time (the options below): moving the clock keeps everyone signed in. */
    const setClock = async (when: number) => app().clock.set(when);
    const meeting = async (resourceId: number, start: string, end: string) => {
      const res = await book(app(), alice, { resourceId, meetingDate: '2027-03-01', startTime: start, endTime: end });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      return res.body.data;
    };
    const post = (path: string, body: Record<string, unknown>) =>
      app().post<{ data: BookingData }>(path, body, { token: alice.token });
    const checkIn = (b: BookingData) => post(`/api/bookings/${b.id}/checkin`, { code: b.checkInCode });
    const sweep = () => app().running.scheduler!.runIfDue('building.switch');

    test.serial.before(async () => {
      await setClock(BASE);
      admin = await app().adminToken();
      alice = await staff(app(), `alice_sw_${dialect}`);
      const place = await createPlace(app());
      roomA = await createResource(app(), place, { name: 'Everest' });
      roomB = await createResource(app(), place, { name: 'K2' });
      const devices = [
        { name: 'Lights', deviceNo: `REL-A1-${dialect}`, kind: 'relay', identifier: 'lights-a', resourceId: roomA },
        { name: 'Screen', deviceNo: `REL-A2-${dialect}`, kind: 'relay', identifier: 'screen-a', resourceId: roomA },
        { name: 'Door lock', deviceNo: `LOCK-A-${dialect}`, kind: 'lock', identifier: 'lock-a', resourceId: roomA },
        { name: 'K2 lights', deviceNo: `REL-B-${dialect}`, kind: 'relay', identifier: 'lights-b', resourceId: roomB },
      ];
      for (const d of devices) {
        const res = await app().post('/api/room/devices', d, { token: admin });
        if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      }
    });
    test.serial.afterEach.always(async () => {
      if (app().clock.now() !== BASE) await setClock(BASE);
    });

    test.serial(`${dialect}: without a switch provider nothing is queued`, async (t) => {
      const b = await meeting(roomA, '08:00', '09:00');
      await setClock(at(8, 5));
      t.is((await checkIn(b)).status, 200);
      await dispatchChanges(app());
      t.true(await sweep());
      t.deepEqual(await switchRows(), []);
      t.is((await post(`/api/bookings/${b.id}/checkout`, {})).status, 200);
      await dispatchChanges(app());
      t.deepEqual(await switchRows(), []);
    });

    test.serial(`${dialect}: check-in turns the room's relays on, check-out turns them off`, async (t) => {
      await selectSwitch('switch-recording');
      await delivered();
      const b = await meeting(roomA, '10:00', '11:00');
      t.deepEqual(await delivered(), [], 'booking switches nothing');
      await setClock(at(9, 55));
      t.is((await checkIn(b)).status, 200);
      t.deepEqual(await delivered(), on('lights-a', 'screen-a'));
      await setClock(at(10, 30));
      t.is((await post(`/api/bookings/${b.id}/checkout`, {})).status, 200);
      t.deepEqual(await delivered(), off('lights-a', 'screen-a'));
    });

    test.serial(`${dialect}: a no-show and the cancellation of a checked-in meeting turn them off`, async (t) => {
      const b = await meeting(roomB, '11:00', '12:00');
      const c = await meeting(roomA, '11:00', '12:00');
      await delivered();
      // Checked in early, the meeting may still be called off: its room goes dark again.
      await setClock(at(10, 50));
      t.is((await checkIn(c)).status, 200);
      t.deepEqual(await delivered(), on('lights-a', 'screen-a'));
      t.is((await post(`/api/bookings/${c.id}/cancel`, { reason: 'moved' })).status, 200);
      t.deepEqual(await delivered(), off('lights-a', 'screen-a'));
      // A meeting never checked in and cancelled switches nothing.
      const d = await meeting(roomA, '13:00', '14:00');
      t.is((await post(`/api/bookings/${d.id}/cancel`, { reason: 'moved' })).status, 200);
      t.deepEqual(await delivered(), []);
      // Nobody came to b: the no-show job cancels it and its room is switched off.
      await setClock(at(11, 20));
      t.true(await app().running.scheduler!.runIfDue('bookings.noShow'));
      t.is(String((await app().cradle.db('bookings').where({ id: b.id }).first('state')).state), 'autoCancelled');
      t.deepEqual(await delivered(), off('lights-b'));
    });

    test.serial(`${dialect}: a checked-in meeting whose time runs out is switched off once`, async (t) => {
      const b = await meeting(roomB, '14:00', '15:00');
      await setClock(at(14, 5));
      t.is((await checkIn(b)).status, 200);
      t.deepEqual(await delivered(), on('lights-b'));
      await setClock(at(14, 59));
      t.true(await sweep());
      t.deepEqual(await delivered(), [], 'still under way');
      app().clock.set(at(15, 0) + 10_000);
      t.true(await sweep());
      t.deepEqual(await delivered(), off('lights-b'));
      app().clock.set(at(15, 1));
      t.true(await sweep());
      t.deepEqual(await delivered(), [], 'once');
    });

    test.serial(`${dialect}: a meeting ending does not switch off the room the next meeting uses`, async (t) => {
      const first = await meeting(roomB, '20:00', '21:00');
      const next = await meeting(roomB, '21:00', '22:00');
      await setClock(at(20, 1));
      t.is((await checkIn(first)).status, 200);
      t.deepEqual(await delivered(), on('lights-b'));
      await setClock(at(20, 50));
      t.is((await checkIn(next)).status, 200, 'checked in early');
      t.deepEqual(await delivered(), on('lights-b'));
      // The first meeting's time runs out while the next one is checked in: the lights stay on.
      app().clock.set(at(21, 0) + 10_000);
      t.true(await sweep());
      t.deepEqual(await delivered(), []);
      app().clock.set(at(21, 30));
      t.is((await post(`/api/bookings/${next.id}/checkout`, {})).status, 200);
      t.deepEqual(await delivered(), off('lights-b'));
    });

    test.serial(`${dialect}: switchOnBeforeMinutes turns the room on ahead of the start, once`, async (t) => {
      await setParams(app(), { switchOnBeforeMinutes: 10 });
      const b = await meeting(roomA, '16:00', '17:00');
      await setClock(at(15, 45));
      t.true(await sweep());
      t.deepEqual(await delivered(), [], 'too early');
      app().clock.set(at(15, 51));
      t.true(await sweep());
      t.deepEqual(await delivered(), on('lights-a', 'screen-a'));
      app().clock.set(at(15, 53));
      t.true(await sweep());
      t.deepEqual(await delivered(), [], 'once per meeting');
      const rows = (await switchRows()).filter((r) =>
        String(r.idempotency_key).startsWith(`building:switch:on:${b.id}:`),
      );
      t.is(rows.length, 2, 'one row per relay, under its idempotency key');
      // Cancelled after its room was switched on ahead, the room goes dark.
      t.is((await post(`/api/bookings/${b.id}/cancel`, { reason: 'off' })).status, 200);
      t.deepEqual(await delivered(), off('lights-a', 'screen-a'));
      await setParams(app(), { switchOnBeforeMinutes: 0 });
    });

    test.serial(
      `${dialect}: a failing provider never fails the check-in; its rows park after their attempts`,
      async (t) => {
        await selectSwitch('switch-recording', { mode: 'fail' });
        const b = await meeting(roomB, '18:00', '19:00');
        await setClock(at(18, 2));
        const started = Date.now();
        const res = await checkIn(b);
        t.is(res.status, 200);
        t.is(res.body.data.state, 'checkedIn');
        t.true(Date.now() - started < 5_000);
        await dispatchChanges(app());
        const [row] = (await switchRows()).filter((r) => r.state === 'pending');
        t.truthy(row);
        t.like(await deliverUntilParked(app(), t, Number(row.id)), {
          state: 'parked',
          attempts: 6,
          error: 'relay controller said no (503)',
        });
        t.is(String((await app().cradle.db('bookings').where({ id: b.id }).first('state')).state), 'checkedIn');
        await selectSwitch('switch-recording');
      },
    );
  },
  // Tokens last a day of test time: the tests move the clock over the day without signing in again.
  { config: { pluginPaths: FIXTURE_PLUGINS, accessTokenTtlSeconds: 86_400 } },
);
