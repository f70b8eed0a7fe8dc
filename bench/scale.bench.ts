/**
 * At the scale of the largest peer (opt-in: `npm run bench -- scale`, MariaDB only, never in CI): 50,000 spaces
 * and 20 million bookings seeded straight into the tables (bench/scale-seed.ts), then the p95 over HTTP of what
 * people do most: the grid of one floor, the room and the desk inquiry with filters, a creation, My Bookings of a
 * heavy user, and the dashboard's panels of a building for a month; the seed's time and disk, and the server's
 * memory throughout. Sizes: ATRIUM_BENCH_SCALE_SPACES, ATRIUM_BENCH_SCALE_BOOKINGS; ATRIUM_BENCH_SCALE_POOL_MB sets
 * MariaDB's buffer pool for the run. Read in docs/performance.md.
 */
import fs from 'node:fs';
import { DateTime } from 'luxon';
import { startAtriumProcess, type AtriumProcess } from '../test/helpers/process.ts';
import { createUser, STAFF_PASSWORD } from '../test/helpers/users.ts';
import { startBenchApp } from './app.ts';
import { loadFromWorker, type LoadJob } from './load.ts';
import { loader, seedBookings, seedPlaces, withoutSecondaryKeys, type ScaleSize } from './scale-seed.ts';
import { median, percentile } from './stats.ts';

export const title = 'Scale: 50,000 spaces, 20 million bookings (MariaDB)';
/** Runs only when named: it takes the better part of an hour and tens of gigabytes. */
export const optIn = true;

const SAMPLES = 40;
/** A buffer pool for the run, in MB (put back afterwards); unset measures the server as it is configured. */
const POOL_MB = Number(process.env.ATRIUM_BENCH_SCALE_POOL_MB) || undefined;
const SERVER_NODE_OPTIONS = process.env.ATRIUM_BENCH_SERVER_NODE_OPTIONS ?? '--max-old-space-size=160';
const WARMUP = 5;

/** A process's resident memory (Linux), sampled every 250 ms: the peak is what the server needed. */
function memoryWatch(pid: number): { peakMb: () => number; stop: () => void } {
  let peak = 0;
  const sample = () => {
    const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    if (kb) peak = Math.max(peak, Number(kb) * 1024);
  };
  sample();
  const timer = setInterval(() => {
    try {
      sample();
    } catch {
      // the process has ended
    }
  }, 250);
  return { peakMb: () => Math.round(peak / 1_048_576), stop: () => clearInterval(timer) };
}

function progress(label: string, total: number): (n: number) => void {
  const started = performance.now();
  return (n) => {
    if (!process.stderr.isTTY) return;
    const share = Math.min(1, n / total);
    const bar = '#'.repeat(Math.round(share * 30)).padEnd(30, '.');
    const s = (performance.now() - started) / 1000;
    process.stderr.write(
      `\r  ${label} [${bar}] ${n.toLocaleString('en')} / ${total.toLocaleString('en')} ${s.toFixed(0)} s `,
    );
    if (n >= total) process.stderr.write('\n');
  };
}

async function timedGets(url: string, paths: string[], token: string): Promise<Record<string, number | string>> {
  const jobs: LoadJob[] = paths.map((path) => ({ method: 'GET', path, token }));
  const load = await loadFromWorker(url, jobs, 1);
  if (load.failed) return { failed: load.failed, firstError: load.firstError ?? '' };
  const samples = load.latencies.slice(WARMUP);
  return { medianMs: median(samples), p95Ms: percentile(samples, 95) };
}

export async function run(): Promise<Record<string, unknown>> {
  if (!process.env.ATRIUM_BENCH_MYSQL_URL)
    return { skipped: 'needs MariaDB: ATRIUM_BENCH_MYSQL_URL=mysql://root:@127.0.0.1:3306/<db>' };
  const size: ScaleSize = {
    spaces: Number(process.env.ATRIUM_BENCH_SCALE_SPACES ?? 50_000),
    bookings: Number(process.env.ATRIUM_BENCH_SCALE_BOOKINGS ?? 20_000_000),
    futureDays: 14,
  };
  // This process migrates, seeds and signs people in; the server measured is a process of its own (its memory alone).
  const app = await startBenchApp();
  const seedDb = loader(app.cradle.config.databaseUrl);
  let server: AtriumProcess | undefined;
  let poolBefore: string | undefined;
  let memory: ReturnType<typeof memoryWatch> | undefined;
  try {
    const { db } = app.cradle;
    await app.put('/api/sys/params', { bookingDaysAhead: 0 }, { token: await app.adminToken() });
    const heavyId = await createUser(app, 'heavy');
    await createUser(app, 'booker');
    const now = app.clock.now();
    const started = performance.now();
    const places = await seedPlaces(seedDb, size, now);
    const { result: written, rebuildMs } = await withoutSecondaryKeys(
      seedDb,
      ['bookings', 'booking_slots', 'booking_attendees'],
      () => seedBookings(seedDb, places, size, heavyId, now, progress('bookings', size.bookings)),
    );
    const seedMs = performance.now() - started;
    const analysed = performance.now();
    await db.raw('ANALYZE TABLE bookings, booking_slots, booking_attendees, resources');
    const analyseMs = performance.now() - analysed;
    const [sizes] = (await db.raw(
      'SELECT SUM(data_length + index_length) AS bytes FROM information_schema.tables WHERE table_schema = DATABASE()',
    )) as [Array<{ bytes: number | string }>];
    const poolSize = async () =>
      ((await db.raw("SHOW VARIABLES LIKE 'innodb_buffer_pool_size'")) as [Array<{ Value: string }>])[0][0]!.Value;
    if (POOL_MB) {
      poolBefore = await poolSize();
      await db.raw(`SET GLOBAL innodb_buffer_pool_size = ${POOL_MB * 1_048_576}`);
    }
    const pool = await poolSize();
    // Started as docs/deploy.md starts it (a heap limit); ATRIUM_BENCH_SERVER_NODE_OPTIONS='' measures without.
    server = await startAtriumProcess(app, { env: { NODE_OPTIONS: SERVER_NODE_OPTIONS } });
    memory = memoryWatch(server.child.pid!);
    const url = server.url;

    // Signed in once the seed is done: it may take longer than an access token lasts.
    const admin = await app.adminToken();
    const heavy = await app.tokenFor('heavy', STAFF_PASSWORD);
    const booker = await app.tokenFor('booker', STAFF_PASSWORD);
    const tomorrow = DateTime.fromISO(places.today, { zone: 'UTC' }).plus({ days: 1 }).toISODate()!;
    const floors = places.floorIds.flat();
    const pick = <T>(list: T[], i: number) => list[(i * 7_919) % list.length]!;
    const n = WARMUP + SAMPLES;
    const monthFrom = DateTime.fromISO(places.today).minus({ days: 30 }).toISODate()!;
    const figures: Record<string, unknown> = {
      seeded: `${places.spaces.toLocaleString('en')} spaces in ${places.locationIds.length} buildings, ${written.toLocaleString('en')} bookings, ${places.userIds.length.toLocaleString('en')} people`,
      'seed time, s (budget 1,800)': Math.round(seedMs / 1000),
      "of it: building the bookings tables' indexes after the load, s": Math.round(rebuildMs / 1000),
      'ANALYZE TABLE afterwards, s': Math.round(analyseMs / 1000),
      'disk used by the database, GB (budget 30)': Math.round((Number(sizes[0]!.bytes) / 1e9) * 10) / 10,
      'innodb_buffer_pool_size, MB': Math.round(Number(pool) / 1_048_576),
    };
    // Each step's figures end with the server's peak memory so far, so a step that needs much is seen.
    const p95 = async (label: string, paths: string[], token: string) =>
      (figures[`${label} (goal p95 ≤ 150 ms)`] = { ...(await timedGets(url, paths, token)), peakMb: memory!.peakMb() });
    await p95(
      'grid of one floor (100 spaces)',
      Array.from({ length: n }, (_, i) => `/api/bookings/grid?date=${tomorrow}&floorId=${pick(floors, i)}`),
      booker,
    );
    await p95(
      'room inquiry: a building, 8+ seats, a projector, 10:00–11:00',
      Array.from(
        { length: n },
        (_, i) =>
          `/api/bookings/available?date=${tomorrow}&startTime=10:00&endTime=11:00&type=0&capacity=8&deviceNames=Projector&locationId=${pick(places.locationIds, i)}`,
      ),
      booker,
    );
    await p95(
      'desk inquiry: a floor, 14:00–15:00',
      Array.from(
        { length: n },
        (_, i) =>
          `/api/bookings/available?date=${tomorrow}&startTime=14:00&endTime=15:00&type=1&floorId=${pick(floors, i)}`,
      ),
      booker,
    );
    await p95(
      'My Bookings of the heavy user, upcoming',
      Array.from({ length: n }, () => '/api/bookings?scope=upcoming&page=1&pageSize=20'),
      heavy,
    );
    await p95(
      'My Bookings of the heavy user, past, page 5',
      Array.from({ length: n }, () => '/api/bookings?scope=past&page=5&pageSize=20'),
      heavy,
    );
    for (const panel of ['utilisation', 'heatmap', 'noshow', 'top'])
      await p95(
        `dashboard ${panel}, a building (1,000 spaces), 30 days`,
        Array.from(
          { length: n },
          (_, i) =>
            `/api/room/dashboard/${panel}?from=${monthFrom}&to=${places.today}&locationId=${pick(places.locationIds, i)}`,
        ),
        admin,
      );
    const creations: LoadJob[] = Array.from({ length: n }, (_, i) => ({
      method: 'POST',
      path: '/api/bookings',
      token: booker,
      body: {
        resourceId: places.firstResourceId + ((i * 7_919) % places.spaces),
        meetingDate: DateTime.fromISO(tomorrow)
          .plus({ days: i % 7 })
          .toISODate(),
        startTime: '20:00',
        endTime: '21:00',
        subject: `Scale ${i}`,
        employeeId: 'A0001',
      },
    }));
    const created = await loadFromWorker(url, creations, 1);
    const samples = created.latencies.slice(WARMUP);
    figures['creation (goal p95 ≤ 150 ms)'] = created.failed
      ? { failed: created.failed, firstError: created.firstError }
      : { medianMs: median(samples), p95Ms: percentile(samples, 95) };
    figures[`peak resident memory of the server process (NODE_OPTIONS '${SERVER_NODE_OPTIONS}'), MB (goal < 300)`] =
      memory.peakMb();
    return figures;
  } finally {
    memory?.stop();
    if (server) {
      server.child.kill('SIGTERM');
      await server.ended;
    }
    if (poolBefore) await app.cradle.db.raw(`SET GLOBAL innodb_buffer_pool_size = ${Number(poolBefore)}`);
    await seedDb.destroy();
    await app.stop();
  }
}
