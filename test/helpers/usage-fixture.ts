/**
 * A small past week of bookings written straight into the tables, for the
 * figures of reports and the dashboard (which only read them).
 */
import { DateTime } from 'luxon';
import { stateColumns, type BookingState } from '../../core/modules/bookings/lifecycle.ts';
import type { TestApp } from './app.ts';
import { createUser } from './users.ts';

export interface UsageFixture {
  locationId: number;
  roomIds: number[];
  userIds: number[];
  from: string;
  to: string;
}

export async function seedUsage(app: TestApp): Promise<UsageFixture> {
  const { db } = app.cradle;
  const now = Date.now();
  const stamp = { created_at: now, updated_at: now };
  const zone = 'Asia/Tokyo';
  const [locationId] = await db('locations').insert({ name: 'Tokyo Office', time_zone: zone, ...stamp });
  const [floorId] = await db('floors').insert({ location_id: locationId, name: '7F', display_name: '7F', ...stamp });
  const roomIds: number[] = [];
  for (const [i, name] of ['Sakura', 'Momiji'].entries()) {
    const [id] = await db('resources').insert({
      name,
      type: 0,
      capacity: 6,
      location_id: locationId,
      floor_id: floorId,
      time_zone: zone,
      price_per_hour: 1000,
      sort: i,
      ...stamp,
    });
    roomIds.push(Number(id));
    // Open 09:00–17:00 (8 h) on weekdays.
    await db('resource_open_hours').insert(
      [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
        resource_id: id,
        weekday,
        enabled: weekday >= 1 && weekday <= 5,
        time_from: '09:00',
        time_to: '17:00',
      })),
    );
  }
  const userIds = [await createUser(app, `sales-${locationId}`), await createUser(app, `eng-${locationId}`)];
  await db('users').where({ id: userIds[0] }).update({ department: 'Sales', cost_center: 'CC-S' });
  await db('users').where({ id: userIds[1] }).update({ department: 'Engineering', cost_center: 'CC-E' });

  // Monday 2026-10-05 to Friday 2026-10-09.
  const from = '2026-10-05';
  const to = '2026-10-09';
  const book = async (
    roomIndex: number,
    date: string,
    start: string,
    end: string,
    state: BookingState,
    userIndex: number,
    charge = 0,
  ) => {
    const startAt = DateTime.fromISO(`${date}T${start}`, { zone }).toMillis();
    const endAt = DateTime.fromISO(`${date}T${end}`, { zone }).toMillis();
    const [id] = await db('bookings').insert({
      resource_id: roomIds[roomIndex],
      organiser_id: userIds[userIndex],
      meeting_date: date,
      start_time: start,
      end_time: end,
      start_at: startAt,
      end_at: endAt,
      time_zone: zone,
      subject: `Meeting ${date} ${start}`,
      check_in_code: '123456',
      ...stateColumns(state),
      price_cents: charge,
      ...stamp,
    });
    if (charge)
      await db('credit_ledger').insert({
        user_id: userIds[userIndex],
        amount: -charge,
        balance_after: 0,
        kind: 'charge',
        booking_id: id,
        created_at: now,
      });
    if (state === 'autoCancelled')
      await db('violations').insert({
        user_id: userIds[userIndex],
        booking_id: id,
        kind: 'noShow',
        occurred_at: endAt,
      });
    return Number(id);
  };
  // Sakura: 2 h Monday, 4 h Tuesday; Momiji: 1 h Wednesday; one no-show, one cancellation.
  await book(0, '2026-10-05', '10:00', '12:00', 'ended', 0, 2000);
  await book(0, '2026-10-06', '09:00', '13:00', 'ended', 1, 4000);
  await book(1, '2026-10-07', '14:00', '15:00', 'confirmed', 0, 1000);
  await book(1, '2026-10-08', '10:00', '11:00', 'autoCancelled', 1);
  await book(0, '2026-10-09', '10:00', '11:00', 'cancelled', 0);
  return { locationId: Number(locationId), roomIds, userIds, from, to };
}
