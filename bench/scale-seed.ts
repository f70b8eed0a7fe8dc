/**
 * Seeds the scale bench straight into MariaDB with multi-row INSERTs on a connection of its own (unique and
 * foreign-key checks off for the load, as a restore does; the server's durability settings untouched):
 * buildings of 10 floors × 100 spaces (every fifth a meeting room of 4–20 seats, some with a projector or a
 * display, the rest desks), 20,000 people, and bookings day by day, two one-hour bookings per space per day:
 * the days before today ended (they hold no slots, as the engine leaves them), today and after confirmed with
 * their 15-minute slot rows. One person, the heavy user, organises 5,000 bookings spread over the whole time and
 * attends 5,000 others, whatever the size.
 * Rows are made and sent a batch at a time, so the bench's own memory stays flat whatever the size. The bookings'
 * tables load without their secondary indexes and foreign keys, which are built afterwards (`withoutSecondaryKeys`).
 */
import knexFactory, { type Knex } from 'knex';
import { DateTime } from 'luxon';

export interface ScaleSize {
  spaces: number;
  bookings: number;
  /** Days from today on that hold confirmed bookings (the rest lie in the past). */
  futureDays: number;
}

export interface ScalePlaces {
  locationIds: number[];
  /** Floor ids by building. */
  floorIds: number[][];
  firstResourceId: number;
  spaces: number;
  userIds: number[];
  today: string;
}

const PER_FLOOR = 100;
const FLOORS = 10;
const PER_DAY = 2;
const PEOPLE = 20_000;
/** The heavy user's bookings as organiser, and as guest. */
const HEAVY = 5_000;
const BATCH = 2_000;
const SLOT_MS = 900_000;
const HOUR_MS = 3_600_000;

const isRoom = (i: number) => i % 5 === 0;

/** A knex of its own on the bench's database: one connection per concurrent batch, checks off for the load. */
export function loader(databaseUrl: string): Knex {
  return knexFactory({
    client: 'mysql2',
    connection: databaseUrl.replace(/^mariadb:/, 'mysql:'),
    pool: {
      min: 0,
      max: 2,
      afterCreate: (
        conn: { query: (s: string, cb: (e: Error | null) => void) => void },
        done: (e: Error | null, c: unknown) => void,
      ) => conn.query('SET unique_checks = 0, foreign_key_checks = 0', (e) => done(e, conn)),
    },
  });
}

/** `INSERT … VALUES` of generated rows: every value is a number or a string this file made (no quotes inside). */
function insertSql(table: string, columns: string[], rows: Array<Array<string | number | null>>): string {
  const value = (v: string | number | null) => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${v}'`);
  return `INSERT INTO ${table} (${columns.join(',')}) VALUES ${rows.map((r) => `(${r.map(value).join(',')})`).join(',')}`;
}

/** Rows inserted a batch at a time. */
async function insertAll(
  db: Knex,
  table: string,
  columns: string[],
  rows: Array<Array<string | number | null>>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await db.raw(insertSql(table, columns, rows.slice(i, i + BATCH)));
}

/** A table's secondary keys and foreign keys as SHOW CREATE TABLE writes them, to drop and to put back verbatim. */
async function secondaryKeys(db: Knex, table: string): Promise<{ keys: string[]; foreign: string[] }> {
  const [[row]] = (await db.raw(`SHOW CREATE TABLE ${table}`)) as [Array<{ 'Create Table': string }>];
  const lines = row!['Create Table'].split('\n').map((l) => l.trim().replace(/,$/, ''));
  return {
    keys: lines.filter((l) => /^(UNIQUE )?KEY `/.test(l)),
    foreign: lines.filter((l) => /^CONSTRAINT `[^`]+` FOREIGN KEY/.test(l)),
  };
}

const quotedName = (line: string) => /`([^`]+)`/.exec(line)![1]!;

/**
 * Runs the load with the tables' secondary indexes and foreign keys taken off, then builds them back in one ALTER
 * per table, as a restore does. With the keys on, past a few million rows every row's index entries land on pages
 * the buffer pool no longer holds, each a random read (37 minutes for 20 million bookings); built afterwards, each
 * index is one sorted pass. The loader's connections have foreign-key checks off, so putting the keys back does
 * not re-read the parents. Answers the load's answer and the time the rebuild took.
 */
export async function withoutSecondaryKeys<T>(
  db: Knex,
  tables: string[],
  load: () => Promise<T>,
): Promise<{ result: T; rebuildMs: number }> {
  const taken = new Map<string, { keys: string[]; foreign: string[] }>();
  for (const table of tables) {
    const keys = await secondaryKeys(db, table);
    if (keys.foreign.length)
      await db.raw(
        `ALTER TABLE ${table} ${keys.foreign.map((l) => `DROP FOREIGN KEY \`${quotedName(l)}\``).join(', ')}`,
      );
    taken.set(table, keys);
    if (keys.keys.length)
      await db.raw(`ALTER TABLE ${table} ${keys.keys.map((l) => `DROP INDEX \`${quotedName(l)}\``).join(', ')}`);
  }
  const rebuild = async () => {
    for (const [table, { keys, foreign }] of taken) {
      if (keys.length) await db.raw(`ALTER TABLE ${table} ${keys.map((l) => `ADD ${l}`).join(', ')}`);
      if (foreign.length) await db.raw(`ALTER TABLE ${table} ${foreign.map((l) => `ADD ${l}`).join(', ')}`);
    }
  };
  let result: T;
  try {
    result = await load();
  } catch (e) {
    await rebuild();
    throw e;
  }
  const started = performance.now();
  await rebuild();
  return { result, rebuildMs: performance.now() - started };
}

/** Sends batches two at a time (the database has two cores to fill) and reports progress. */
class Sender {
  private running: Promise<unknown>[] = [];
  rows = 0;
  constructor(private readonly db: Knex) {}
  async send(sql: string, rows: number): Promise<void> {
    if (this.running.length >= 2) await this.running.shift();
    this.running.push(this.db.raw(sql).then(() => (this.rows += rows)));
  }
  async flush(): Promise<void> {
    await Promise.all(this.running);
    this.running = [];
  }
}

export async function seedPlaces(db: Knex, size: ScaleSize, now: number): Promise<ScalePlaces> {
  const buildings = Math.ceil(size.spaces / (FLOORS * PER_FLOOR));
  const stamp = [now, now];
  const locationIds: number[] = [];
  const floorIds: number[][] = [];
  const firstResourceId =
    Number(((await db('resources').max({ id: 'id' }).first()) as { id: number | null }).id ?? 0) + 1;
  let made = 0;
  const devices: Array<Array<string | number | null>> = [];
  const links: Array<Array<number>> = [];
  for (let b = 0; b < buildings; b++) {
    const [locationId] = await db('locations').insert({
      name: `Building ${b + 1}`,
      time_zone: 'UTC',
      sort: b,
      created_at: now,
      updated_at: now,
    });
    locationIds.push(Number(locationId));
    const floors: number[] = [];
    for (let f = 0; f < FLOORS && made < size.spaces; f++) {
      const [floorId] = await db('floors').insert({
        location_id: locationId,
        name: `B${b + 1}F${f + 1}`,
        display_name: `Floor ${f + 1}`,
        sort: f,
        created_at: now,
        updated_at: now,
      });
      floors.push(Number(floorId));
      const rows: Array<Array<string | number | null>> = [];
      for (let i = 0; i < PER_FLOOR && made < size.spaces; i++, made++) {
        const id = firstResourceId + made;
        const room = isRoom(made);
        rows.push([
          id,
          room ? `B${b + 1}-${f + 1}-R${i}` : `B${b + 1}-${f + 1}-D${i}`,
          room ? 0 : 1,
          room ? 4 + ((made / 5) % 5) * 4 : 1,
          Number(locationId),
          Number(floorId),
          'UTC',
          1,
          1,
          i,
          ...stamp,
        ]);
        if (room && made % 2 === 0) devices.push([`Projector`, `P-${id}`, 'other', id, ...stamp]);
        if (room && made % 3 === 0) devices.push([`Display`, `D-${id}`, 'other', id, ...stamp]);
      }
      await db.raw(
        insertSql(
          'resources',
          [
            'id',
            'name',
            'type',
            'capacity',
            'location_id',
            'floor_id',
            'time_zone',
            'whole_day',
            'status',
            'sort',
            'created_at',
            'updated_at',
          ],
          rows,
        ),
      );
    }
    floorIds.push(floors);
  }
  await insertAll(db, 'devices', ['name', 'device_no', 'kind', 'resource_id', 'created_at', 'updated_at'], devices);
  for (const d of (await db('devices').whereNotNull('resource_id').select('id', 'resource_id')) as Array<{
    id: number;
    resource_id: number;
  }>)
    links.push([Number(d.resource_id), Number(d.id)]);
  await insertAll(db, 'resource_devices', ['resource_id', 'device_id'], links);

  const firstUser = Number(((await db('users').max({ id: 'id' }).first()) as { id: number | null }).id ?? 0) + 1;
  const people: Array<Array<string | number | null>> = [];
  for (let u = 0; u < PEOPLE; u++) people.push([firstUser + u, `scale${u}`, `Scale ${u}`, `S${u}`, ...stamp]);
  await insertAll(db, 'users', ['id', 'username', 'real_name', 'employee_no', 'created_at', 'updated_at'], people);
  return {
    locationIds,
    floorIds,
    firstResourceId,
    spaces: size.spaces,
    userIds: people.map((p) => p[0] as number),
    today: DateTime.fromMillis(now, { zone: 'UTC' }).toISODate()!,
  };
}

const BOOKING_COLUMNS = [
  'id',
  'resource_id',
  'organiser_id',
  'meeting_date',
  'start_time',
  'end_time',
  'start_at',
  'end_at',
  'time_zone',
  'subject',
  'check_in_code',
  'state',
  'check_status',
  'created_at',
  'updated_at',
];

/**
 * The bookings, day by day from the oldest; answers how many were written. `onProgress` hears the count now
 * and then (the bench draws a bar from it).
 */
export async function seedBookings(
  db: Knex,
  places: ScalePlaces,
  size: ScaleSize,
  heavyUserId: number,
  now: number,
  onProgress: (written: number) => void,
): Promise<number> {
  const perDay = places.spaces * PER_DAY;
  const days = Math.ceil(size.bookings / perDay);
  const first = DateTime.fromISO(places.today, { zone: 'UTC' }).minus({ days: days - size.futureDays });
  const sender = new Sender(db);
  let id = Number(((await db('bookings').max({ id: 'id' }).first()) as { id: number | null }).id ?? 0) + 1;
  let written = 0;
  const heavyEvery = Math.max(2, Math.floor(size.bookings / HEAVY));
  let bookings: Array<Array<string | number | null>> = [];
  let slots: number[][] = [];
  let attendees: Array<Array<string | number | null>> = [];
  const flush = async () => {
    if (bookings.length) await sender.send(insertSql('bookings', BOOKING_COLUMNS, bookings), bookings.length);
    if (slots.length) await sender.send(insertSql('booking_slots', ['resource_id', 'slot', 'booking_id'], slots), 0);
    if (attendees.length)
      await sender.send(insertSql('booking_attendees', ['booking_id', 'kind', 'user_id'], attendees), 0);
    bookings = [];
    slots = [];
    attendees = [];
    onProgress(written);
  };
  for (let d = 0; d < days && written < size.bookings; d++) {
    const day = first.plus({ days: d });
    const date = day.toISODate()!;
    const midnight = day.toMillis();
    const held = date >= places.today;
    for (let s = 0; s < places.spaces && written < size.bookings; s++) {
      for (let k = 0; k < PER_DAY && written < size.bookings; k++, written++, id++) {
        const hour = k === 0 ? 8 + ((s + d) % 4) : 13 + ((s * 7 + d) % 4);
        const startAt = midnight + hour * HOUR_MS;
        const resourceId = places.firstResourceId + s;
        const organiser =
          written % heavyEvery === 0 ? heavyUserId : places.userIds[(written * 7_919) % places.userIds.length]!;
        const hh = String(hour).padStart(2, '0');
        bookings.push([
          id,
          resourceId,
          organiser,
          date,
          `${hh}:00`,
          `${String(hour + 1).padStart(2, '0')}:00`,
          startAt,
          startAt + HOUR_MS,
          'UTC',
          `Meeting ${id}`,
          String(100_000 + (id % 900_000)),
          held ? 'confirmed' : 'ended',
          held ? 0 : 2,
          now,
          now,
        ]);
        if (held)
          for (let slot = startAt / SLOT_MS; slot < (startAt + HOUR_MS) / SLOT_MS; slot++)
            slots.push([resourceId, slot, id]);
        if (written % heavyEvery === 1) attendees.push([id, 'inner', heavyUserId]);
        if (bookings.length >= BATCH) await flush();
      }
    }
  }
  await flush();
  await sender.flush();
  onProgress(written);
  return written;
}
