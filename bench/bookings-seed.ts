/**
 * Seeds the bookings bench straight into the tables (an HTTP seed of 20,000
 * bookings would measure the seed, not the grid): 5 floors of 200 resources
 * open around the clock, and bookings with their booking_slots rows, exactly as
 * the engine writes them (one row per occupied 15-minute cell).
 */
import { DateTime } from 'luxon';
import type { Knex } from 'knex';

export const SLOT_MS = 900_000;
export const ZONE = 'UTC';

export interface BenchPlaces {
  locationId: number;
  floorIds: number[];
  resourceIds: number[];
  /** Day 0 of the seeded bookings (tomorrow, UTC). */
  firstDate: string;
}

const chunked = async (db: Knex, table: string, rows: Array<Record<string, unknown>>, size = 500) => {
  for (let i = 0; i < rows.length; i += size) await db(table).insert(rows.slice(i, i + size));
};

export function dateAfter(first: string, days: number): string {
  return DateTime.fromISO(first, { zone: ZONE }).plus({ days }).toISODate()!;
}

export async function seedPlaces(db: Knex, now: number, floors = 5, perFloor = 200): Promise<BenchPlaces> {
  const stamp = { created_at: now, updated_at: now };
  const [locationId] = await db('locations').insert({ name: 'Bench Tower', time_zone: ZONE, ...stamp });
  const floorIds: number[] = [];
  const resourceIds: number[] = [];
  for (let f = 0; f < floors; f++) {
    const [floorId] = await db('floors').insert({
      location_id: locationId,
      name: `F${f + 1}`,
      display_name: `Floor ${f + 1}`,
      sort: f,
      ...stamp,
    });
    floorIds.push(Number(floorId));
    const rows = Array.from({ length: perFloor }, (_, i) => ({
      name: `R${f + 1}-${String(i + 1).padStart(3, '0')}`,
      type: i % 4 === 0 ? 1 : 0,
      capacity: 2 + (i % 10),
      location_id: locationId,
      floor_id: floorId,
      time_zone: ZONE,
      whole_day: true,
      status: 1,
      sort: i,
      ...stamp,
    }));
    await chunked(db, 'resources', rows, 200);
    const ids = (await db('resources').where({ floor_id: floorId }).orderBy('id').pluck('id')).map(Number);
    resourceIds.push(...ids);
    await chunked(
      db,
      'resource_open_hours',
      ids.flatMap((id) =>
        [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
          resource_id: id,
          weekday,
          enabled: true,
          time_from: '00:00',
          time_to: '24:00',
        })),
      ),
    );
  }
  const firstDate = DateTime.fromMillis(now, { zone: ZONE }).plus({ days: 1 }).toISODate()!;
  return { locationId: Number(locationId), floorIds, resourceIds, firstDate };
}

/**
 * `count` one-hour bookings over `days` days, between 08:00 and 18:00, never two on
 * one resource at once: resource r's k-th booking is on day k·days/perResource.
 */
export async function seedBookings(
  db: Knex,
  places: BenchPlaces,
  organiserIds: number[],
  now: number,
  count = 20_000,
  days = 30,
): Promise<number> {
  const perResource = Math.ceil(count / places.resourceIds.length);
  const maxRow = (await db('bookings').max({ id: 'id' }).first()) as { id: number | null } | undefined;
  let nextId = Number(maxRow?.id ?? 0) + 1;
  const bookings: Array<Record<string, unknown>> = [];
  const slots: Array<Record<string, unknown>> = [];
  for (let i = 0; i < count; i++) {
    const r = i % places.resourceIds.length;
    const k = Math.floor(i / places.resourceIds.length);
    const day = Math.floor((k * days) / perResource);
    const hour = 8 + ((r + k) % 10);
    const date = dateAfter(places.firstDate, day);
    const start = DateTime.fromISO(`${date}T${String(hour).padStart(2, '0')}:00`, { zone: ZONE });
    const startAt = start.toMillis();
    const endAt = startAt + 3_600_000;
    const id = nextId++;
    const resourceId = places.resourceIds[r]!;
    bookings.push({
      id,
      resource_id: resourceId,
      organiser_id: organiserIds[i % organiserIds.length],
      meeting_date: date,
      start_time: start.toFormat('HH:mm'),
      end_time: start.plus({ hours: 1 }).toFormat('HH:mm'),
      start_at: startAt,
      end_at: endAt,
      time_zone: ZONE,
      subject: `Seeded ${i}`,
      check_in_code: String(100000 + (i % 900000)),
      state: 'confirmed',
      check_status: 0,
      created_at: now,
      updated_at: now,
    });
    for (let s = startAt / SLOT_MS; s < endAt / SLOT_MS; s++)
      slots.push({ resource_id: resourceId, slot: s, booking_id: id });
  }
  await chunked(db, 'bookings', bookings, 250);
  await chunked(db, 'booking_slots', slots, 400); // SQLite allows at most 500 rows per multi-row insert
  return count;
}
