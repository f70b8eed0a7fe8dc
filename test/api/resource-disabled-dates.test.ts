/**
 * One reading of a resource's status dates (docs/product-rules.md R3.6): the grid, the booking rule, the
 * dashboard's open minutes and the resource edit guard (R3.11) are asked about the same resource and dates
 * and must agree, before and after the dates change.
 */
import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { admin, BASE, book, getGrid, staff, type Who } from '../helpers/bookings.ts';
import { createPlace, type Place } from '../helpers/places-fixture.ts';

interface GridData {
  resources: Array<{ id: number; cells: Array<{ time: string; state: string }> }>;
}

const DAY = 1440; // open minutes of a day open 00:00-24:00 in UTC

perDialect(test, (dialect, app) => {
  let place: Place;
  let root: Who;
  let alice: Who;
  let roomId: number;
  const room = (over: Record<string, unknown> = {}) => ({
    name: 'Lantern',
    type: 0,
    capacity: 6,
    pricePerHour: 0,
    locationId: place.locationId,
    floorId: place.floorId,
    timeZone: 'UTC',
    ...over,
  });

  /** What the grid shows at 09:00 of the date. */
  const gridState = async (date: string) => {
    const g = await getGrid<GridData>(
      app(),
      `/api/bookings/grid?date=${date}&locationId=${place.locationId}`,
      alice.token,
    );
    return g.body.data.resources.find((r) => r.id === roomId)!.cells.find((c) => c.time === '09:00')!.state;
  };
  const bookAt = (date: string, startTime = '09:00', endTime = '10:00') =>
    book(app(), alice, { resourceId: roomId, meetingDate: date, startTime, endTime });
  /** Whether a booking at 09:00 of the date is taken (and removed again when it was). */
  const bookable = async (date: string) => {
    const r = await bookAt(date);
    if (r.status === 200) {
      await app().cradle.db('booking_slots').where({ booking_id: r.body.data.id }).delete();
      await app().cradle.db('bookings').where({ id: r.body.data.id }).update({ state: 'cancelled' });
      return true;
    }
    if (r.status !== 422 || r.body.msg === undefined) throw new Error(JSON.stringify(r.body));
    return false;
  };
  const openMinutes = async (from: string, to: string) => {
    const r = await app().get<{ data: Array<{ key: string; openMinutes: number }> }>(
      `/api/room/dashboard/utilisation?from=${from}&to=${to}&locationId=${place.locationId}&groupBy=resource`,
      { token: root.token },
    );
    return r.body.data.find((u) => u.key === `r${roomId}`)!.openMinutes;
  };
  const save = (over: Record<string, unknown>) =>
    app().put<{ code: number; msg: string }>(`/api/room/resources/${roomId}`, room(over), {
      token: root.token,
      lang: 'en',
    });

  test.serial.before(async () => {
    app().clock.set(BASE); // Monday 2027-03-01 08:00 UTC
    place = await createPlace(app());
    root = await admin(app());
    alice = await staff(app(), 'lantern-alice');
    const created = await app().post<{ data: { id: number } }>(
      '/api/room/resources',
      room({ status: 0, startDate: '2027-03-03', endDate: '2027-03-04' }),
      { token: root.token },
    );
    if (created.status !== 200) throw new Error(JSON.stringify(created.body));
    roomId = created.body.data.id;
  });

  test.serial(
    `${dialect}: disabled from 03-03 to 03-04: grid, booking and open minutes agree day by day`,
    async (t) => {
      for (const [date, disabled] of [
        ['2027-03-02', false],
        ['2027-03-03', true],
        ['2027-03-04', true],
        ['2027-03-05', false],
      ] as const) {
        t.is(await gridState(date), disabled ? 'disabled' : 'free', `grid ${date}`);
        t.is(await bookable(date), !disabled, `booking ${date}`);
        t.is(await openMinutes(date, date), disabled ? 0 : DAY, `open minutes ${date}`);
      }
      const refused = await bookAt('2027-03-03', '11:00', '12:00');
      t.is(refused.status, 422);
      t.regex(refused.body.msg as string, /disabled/i);
      t.is(await openMinutes('2027-03-01', '2027-03-07'), 5 * DAY, 'the week less the two disabled days');
    },
  );

  test.serial(`${dialect}: the edit guard refuses exactly the dates that would disable a held booking`, async (t) => {
    const held = await bookAt('2027-03-05');
    t.is(held.status, 200);
    const wider = await save({ status: 0, startDate: '2027-03-03', endDate: '2027-03-05' });
    t.is(wider.status, 422, 'widening the disabled dates over the booking');
    t.regex(wider.body.msg, /1 future bookings/);
    t.is((await save({ status: 0, startDate: '2027-03-03' })).status, 422, 'an open end covers it too');
    t.is((await save({ status: 0 })).status, 422, 'disabled for good covers it');
    t.is(await gridState('2027-03-05'), 'mine', 'nothing changed: the booking still stands');
    t.is(await gridState('2027-03-03'), 'disabled', 'nothing changed: still disabled');

    t.is((await save({ status: 0, startDate: '2027-03-03', endDate: '2027-03-04' })).status, 200, 'unchanged');
    t.is((await save({ status: 0, startDate: '2027-03-04', endDate: '2027-03-04' })).status, 200, 'narrower');
    t.is(await gridState('2027-03-03'), 'free');
    t.true(await bookable('2027-03-03'));
    t.is(await openMinutes('2027-03-03', '2027-03-04'), DAY);
    t.is(await gridState('2027-03-04'), 'disabled');
    t.false(await bookable('2027-03-04'));

    t.is(
      (await save({ status: 1, startDate: '2027-03-05', endDate: '2027-03-05' })).status,
      200,
      'open: dates do nothing',
    );
    t.is(await gridState('2027-03-04'), 'free');
    t.true(await bookable('2027-03-04'));
    t.is(await openMinutes('2027-03-01', '2027-03-07'), 7 * DAY);
    t.is((await save({ status: 0, startDate: '2027-03-06' })).status, 200, 'disabled after the held booking');
    t.is(await gridState('2027-03-05'), 'mine');
    t.is(await gridState('2027-03-06'), 'disabled');
    t.is(await openMinutes('2027-03-01', '2027-03-07'), 5 * DAY);
  });
});
