/**
 * Where a grid and a creation spend their queries and time (not a bench: `npx tsx bench/bookings-probe.ts`,
 * MariaDB with ATRIUM_BENCH_MYSQL_URL). Prints the SQL of one request of each kind and phase timings.
 */
import { createUser, STAFF_PASSWORD } from '../test/helpers/users.ts';
import { startBenchApp } from './app.ts';
import { dateAfter, seedBookings, seedPlaces } from './bookings-seed.ts';
import { median } from './stats.ts';
import { Session } from 'node:inspector/promises';
import fs from 'node:fs';

const app = await startBenchApp();
try {
  const { db } = app.cradle;
  const token = await app.adminToken();
  await app.put('/api/sys/params', { bookingDaysAhead: 0 }, { token });
  const now = app.clock.now();
  const adminId = Number((await db('users').where({ username: 'admin' }).first('id')).id);
  const places = await seedPlaces(db, now);
  await seedBookings(db, places, [adminId], now);
  await createUser(app, 'probe');
  const staff = await app.tokenFor('probe', STAFF_PASSWORD);
  const sqls: string[] = [];
  const started = new Map<string, { sql: string; at: number }>();
  const took: Array<[number, string]> = [];
  db.on('query', (q: { sql: string; __knexQueryUid: string }) => {
    sqls.push(q.sql);
    started.set(q.__knexQueryUid, { sql: q.sql, at: performance.now() });
  });
  db.on('query-response', (_r: unknown, q: { __knexQueryUid: string }) => {
    const s = started.get(q.__knexQueryUid);
    if (s) took.push([performance.now() - s.at, s.sql]);
  });
  const path = `/api/bookings/grid?date=${places.firstDate}`;
  await app.get(path, { token: staff });
  sqls.length = 0;
  await app.get(path, { token: staff });
  took.length = 0;
  await app.get(path, { token: staff });
  console.log(took.map(([ms, sql]) => `${ms.toFixed(1)} ms ${sql.slice(0, 90)}`).join('\n'));
  console.log(`grid: ${sqls.length} queries`);
  for (const s of sqls) console.log('  ', s.slice(0, 160));
  sqls.length = 0;
  const r = await app.post(
    '/api/bookings',
    {
      resourceId: places.resourceIds[5],
      meetingDate: dateAfter(places.firstDate, 1),
      startTime: '01:00',
      endTime: '01:30',
      subject: 'Probe',
      employeeId: 'A0001',
    },
    { token: staff },
  );
  console.log(`create (${r.status}): ${sqls.length} queries`);
  for (const s of sqls) console.log('  ', s.slice(0, 160));
  // Phases of the grid: the service, serialising, the whole HTTP round trip with the client's parse.
  const staffId = Number((await db('users').where({ username: 'probe' }).first('id')).id);
  const actor = {
    userId: staffId,
    username: 'probe',
    permissions: new Set<string>(),
    lang: 'en' as const,
    ip: '127.0.0.1',
    via: 'session' as const,
  };
  const svc: number[] = [];
  const ser: number[] = [];
  const http: number[] = [];
  const fetchOnly: number[] = [];
  let size = 0;
  for (let i = 0; i < 12; i++) {
    let t = performance.now();
    const data = await app.cradle.bookingsService.grid(actor as never, { date: places.firstDate } as never);
    svc.push(performance.now() - t);
    t = performance.now();
    size = typeof data === 'string' ? data.length : JSON.stringify({ code: 0, msg: 'ok', data }).length;
    ser.push(performance.now() - t);
    t = performance.now();
    await app.get(path, { token: staff });
    http.push(performance.now() - t);
    t = performance.now();
    await app.get(path, { token: staff, headers: { 'accept-encoding': 'identity' } });
    fetchOnly.push(performance.now() - t);
  }
  if (process.env.PROBE_PROFILE) {
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        for (let i = next++; i < 400; i = next++)
          await app.post(
            '/api/bookings',
            {
              resourceId: places.resourceIds[i % 1000],
              meetingDate: dateAfter(places.firstDate, 2),
              startTime: '02:00',
              endTime: '02:30',
              subject: 'Probe',
              employeeId: 'A0001',
            },
            { token: staff },
          );
      }),
    );
    const { profile } = await session.post('Profiler.stop');
    fs.writeFileSync(process.env.PROBE_PROFILE, JSON.stringify(profile));
  }
  console.log(
    `grid all: service ${median(svc).toFixed(1)} ms, stringify ${median(ser).toFixed(1)} ms (${(size / 1e6).toFixed(2)} MB), http+parse ${median(http).toFixed(1)} ms, http+parse uncompressed ${median(fetchOnly).toFixed(1)} ms`,
  );
} finally {
  await app.stop();
}
process.exit(0);
