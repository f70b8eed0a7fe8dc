/**
 * The booking engine under load (issue 4, Benchmark): grid latency for one floor
 * and for all 1,000 resources, creation throughput next to the database's raw
 * insert rate and a bare HTTP write (the ceiling of any route here), a 365-day series, and 50 requests
 * racing for one slot.
 * Printed only; the goals (grid p95 < 100 ms, creation ≥ half the raw rate) are read by people.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApiAnswer, TestApp } from '../test/helpers/app.ts';
import { createUser, STAFF_PASSWORD } from '../test/helpers/users.ts';
import { startBenchApp } from './app.ts';
import { loadFromWorker, type LoadJob, type LoadResult } from './load.ts';
import { dateAfter, seedBookings, seedPlaces, ZONE, type BenchPlaces } from './bookings-seed.ts';
import { median, percentile, timed } from './stats.ts';
import { profiled } from './profile.ts';

export const title = 'Bookings: grid, creation rate, series, contention';

const MISSING = 'n/a (endpoint missing)';
const CLIENTS = 16;
const CREATIONS = 2000;
/** Creations first run and not counted: the JIT and the caches warm up as in a server that has been running. */
const WARMUP = 300;
const RAW_INSERTS = 2000;
const GRID_SAMPLES = 20;
/** Creations by one client alone, for the latency one person feels. */
const SINGLE_CREATIONS = 500;

/** An answer from the router's fallback, not from a route: the engine has not shipped this call yet. */
const isMissing = (r: ApiAnswer) => (r.status === 404 && r.body.key === 'common.notFound') || r.status === 405;

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

async function gridFigures(
  app: TestApp,
  token: string,
  date: string,
  floorId?: number,
): Promise<Record<string, unknown> | string> {
  const path = `/api/bookings/grid?date=${date}${floorId ? `&floorId=${floorId}` : ''}`;
  const probe = await app.get(path, { token });
  if (isMissing(probe)) return MISSING;
  if (probe.status !== 200) return `error ${probe.status}: ${probe.body.msg}`;
  const resources = (probe.body.data as { resources?: unknown[] } | undefined)?.resources?.length ?? 0;
  await app.get(path, { token }); // warm caches and the query planner
  const queries = await countQueries(app, () => app.get(path, { token }));
  // Timed from the client process to the last byte, as a load tool does: parsing the megabytes is the client's work.
  const jobs: LoadJob[] = Array.from({ length: GRID_SAMPLES }, () => ({ method: 'GET', path, token }));
  const samples = (await profiled(`grid-${resources}`, () => loadFromWorker(app.url, jobs, 1))).latencies;
  return {
    resources,
    kB: Math.round(JSON.stringify(probe.body).length / 1024),
    medianMs: median(samples),
    p95Ms: percentile(samples, 95),
    queries,
  };
}

/**
 * The SQL statements (BEGIN and COMMIT included) the database saw while `fn` ran, event handlers' included;
 * not the SQL monitor's flush of its statistics, which runs every few seconds whatever the requests.
 */
async function countQueries(app: TestApp, fn: () => Promise<unknown>): Promise<number> {
  let n = 0;
  const count = (q: { sql?: string }) => {
    if (!q.sql?.includes('sql_stats')) n++;
  };
  app.cradle.db.on('query', count);
  try {
    await fn();
    await app.cradle.events.settle();
  } finally {
    app.cradle.db.removeListener('query', count);
  }
  return n;
}

/** Runs `total` jobs on `clients` concurrent workers (job i, worker w); returns the elapsed ms. */
async function pool(
  total: number,
  clients: number,
  job: (i: number, worker: number) => Promise<void>,
): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, worker) => {
      for (let i = next++; i < total; i = next++) await job(i, worker);
    }),
  );
  return performance.now() - started;
}

/**
 * The database's own rate, and the floor of any HTTP write on this machine: a bare node:http server
 * (no framework, no session, no checks) that parses the JSON body and runs the same INSERT in a
 * transaction, driven by the same client process as the creations. No route can be faster than this.
 */
async function rawInsertRates(
  app: TestApp,
  tokens: string[],
): Promise<{ raw: number; bareHttp: number; bareAlone: { medianMs: number; p95Ms: number } }> {
  const { db } = app.cradle;
  await db.schema.createTable('bench_raw', (t) => {
    t.bigIncrements('id');
    t.integer('resource_id').notNullable();
    t.bigInteger('at').notNullable();
    t.string('note', 100);
  });
  const insert = (resourceId: number, note: string) =>
    db.transaction(
      async (trx) => void (await trx('bench_raw').insert({ resource_id: resourceId, at: Date.now(), note })),
    );
  const server = http.createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      const body = JSON.parse(text) as { resourceId: number; subject: string };
      insert(body.resourceId, body.subject).then(
        () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":0}'),
        (err: Error) => res.writeHead(500).end(err.message),
      );
    });
  });
  try {
    const ms = await pool(RAW_INSERTS, CLIENTS, (i) => insert(i % 1000, `raw ${i}`));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const jobs: LoadJob[] = Array.from({ length: RAW_INSERTS }, (_, i) => ({
      method: 'POST',
      path: '/',
      body: { resourceId: i % 1000, subject: `bare ${i}` },
      token: tokens[i % tokens.length]!,
    }));
    await loadFromWorker(url, jobs.slice(0, WARMUP), CLIENTS);
    const bare = await loadFromWorker(url, jobs, CLIENTS);
    // The same write from one client alone: the floor of the latency one person can feel (a commit's flush included).
    const alone = (await loadFromWorker(url, jobs.slice(0, SINGLE_CREATIONS), 1)).latencies.slice(
      SINGLE_CREATIONS / 10,
    );
    return {
      raw: Math.round((RAW_INSERTS / ms) * 1000),
      bareHttp: Math.round((jobs.length / bare.ms) * 1000),
      bareAlone: { medianMs: median(alone), p95Ms: percentile(alone, 95) },
    };
  } finally {
    server.close();
    await db.schema.dropTable('bench_raw');
  }
}

/**
 * Bookings per second over HTTP, each on a free half hour (00:00–08:00 is never seeded), one person per client.
 * The clients run in their own process (bench/load.ts): real clients do not share the server's CPU.
 */
async function creationRate(
  app: TestApp,
  tokens: string[],
  places: BenchPlaces,
): Promise<{
  perSecond: number | string;
  ok: number;
  failed: number;
  firstError?: string;
  queries: number;
  serverCpuMs?: number;
  p95Ms?: number;
}> {
  const body = (i: number, date: string) => {
    const resourceId = places.resourceIds[i % places.resourceIds.length]!;
    const start = 30 * Math.floor(i / places.resourceIds.length);
    return {
      resourceId,
      meetingDate: date,
      startTime: hhmm(start),
      endTime: hhmm(start + 30),
      subject: `Bench ${i}`,
      employeeId: 'A0001',
    };
  };
  const jobs = (count: number, date: string, from = 0): LoadJob[] =>
    Array.from({ length: count }, (_, i) => ({
      method: 'POST',
      path: '/api/bookings',
      body: body(from + i, date),
      token: tokens[i % tokens.length]!,
    }));
  const date = dateAfter(places.firstDate, 1);
  const first = await app.post('/api/bookings', body(0, dateAfter(places.firstDate, 2)), { token: tokens[0] });
  if (isMissing(first)) return { perSecond: MISSING, ok: 0, failed: 0, queries: 0 };
  await loadFromWorker(app.url, jobs(WARMUP, dateAfter(places.firstDate, 2), 1), CLIENTS);
  const probe = await app.post('/api/bookings', body(0, date), { token: tokens[0] });
  // Counted over the whole run: settings kept for a second are read again now and then, and that belongs in the average.
  let load!: LoadResult;
  const queries =
    (await countQueries(app, () =>
      profiled('creation', async () => void (load = await loadFromWorker(app.url, jobs(CREATIONS, date, 1), CLIENTS))),
    )) / CREATIONS;
  const probed = probe.status === 200 || probe.status === 201;
  const ok = load.ok + (probed ? 1 : 0);
  return {
    perSecond: Math.round((CREATIONS / load.ms) * 1000),
    ok,
    failed: CREATIONS + 1 - ok,
    firstError: probed ? load.firstError : `${probe.status} ${probe.body.msg}`,
    queries,
    serverCpuMs: Math.round((load.serverCpuMs / CREATIONS) * 100) / 100,
    p95Ms: percentile(load.latencies, 95),
  };
}

/**
 * One person booking: creations one after another from a single client, each timed from sending to its last
 * byte (what the person waits for). Free half hours of a day of their own, so nothing conflicts.
 */
async function singleClientLatency(
  app: TestApp,
  token: string,
  places: BenchPlaces,
): Promise<{ medianMs: number; p95Ms: number } | string> {
  const date = dateAfter(places.firstDate, 3);
  const jobs: LoadJob[] = Array.from({ length: SINGLE_CREATIONS }, (_, i) => {
    const start = 30 * Math.floor(i / places.resourceIds.length);
    return {
      method: 'POST',
      path: '/api/bookings',
      body: {
        resourceId: places.resourceIds[i % places.resourceIds.length]!,
        meetingDate: date,
        startTime: hhmm(start),
        endTime: hhmm(start + 30),
        subject: `Alone ${i}`,
        employeeId: 'A0001',
      },
      token,
    };
  });
  const load = await profiled('creation-alone', () => loadFromWorker(app.url, jobs, 1));
  if (load.failed) return `${load.failed} failed (first: ${load.firstError})`;
  // The first tenth warms the JIT and the connection; the rest is what a person meets on a running server.
  const samples = load.latencies.slice(SINGLE_CREATIONS / 10);
  return { medianMs: median(samples), p95Ms: percentile(samples, 95) };
}

/** The rate of the cheapest signed-in call (session check, permissions, a user row): what any API request costs here, for scale. */
async function signedInFloor(app: TestApp, tokens: string[]): Promise<number> {
  const jobs: LoadJob[] = Array.from({ length: 3000 }, (_, i) => ({
    method: 'GET',
    path: '/api/sys/user/info',
    token: tokens[i % tokens.length]!,
  }));
  await loadFromWorker(app.url, jobs.slice(0, 300), CLIENTS);
  const load = await profiled('signed-in', () => loadFromWorker(app.url, jobs, CLIENTS));
  return Math.round((jobs.length / load.ms) * 1000);
}

async function seriesTime(app: TestApp, token: string, places: BenchPlaces): Promise<Record<string, unknown> | string> {
  const r = await timed(() =>
    app.post(
      '/api/bookings',
      {
        resourceId: places.resourceIds[1],
        meetingDate: places.firstDate,
        startTime: '19:00',
        endTime: '20:00',
        subject: 'Bench series',
        employeeId: 'A0001',
        recurrence: { freq: 'daily', interval: 1, count: 365 },
        conflictPolicy: 'fail',
      },
      { token },
    ),
  );
  if (isMissing(r.value)) return MISSING;
  const data = r.value.body.data as { bookings?: unknown[] } | undefined;
  return {
    ms: r.ms,
    status: r.value.status,
    occurrences: data?.bookings?.length ?? null,
    ...(r.value.status >= 300 ? { msg: r.value.body.msg } : {}),
  };
}

async function contention(app: TestApp, token: string, places: BenchPlaces): Promise<Record<string, unknown> | string> {
  const body = {
    resourceId: places.resourceIds[2],
    meetingDate: places.firstDate,
    startTime: '21:00',
    endTime: '22:00',
    subject: 'Contended',
    employeeId: 'A0001',
  };
  const answers = await Promise.all(Array.from({ length: 50 }, () => app.post('/api/bookings', body, { token })));
  if (answers.some(isMissing)) return MISSING;
  const count = (pred: (s: number) => boolean) => answers.filter((a) => pred(a.status)).length;
  return {
    attempts: answers.length,
    winners: count((s) => s === 200 || s === 201),
    conflicts409: count((s) => s === 409),
    other: count((s) => s !== 200 && s !== 201 && s !== 409),
  };
}

export async function run(): Promise<Record<string, unknown>> {
  const app = await startBenchApp();
  try {
    const { db } = app.cradle;
    const token = await app.adminToken();
    // Long series and far dates must not trip the "days ahead" rule; the bench measures the engine, not the settings.
    await app.put('/api/sys/params', { bookingDaysAhead: 0 }, { token });
    const now = app.clock.now();
    const adminId = Number((await db('users').where({ username: 'admin' }).first('id')).id);
    const seed = await timed(async () => {
      const places = await seedPlaces(db, now);
      await seedBookings(db, places, [adminId], now);
      return places;
    });
    const places = seed.value;
    const gridDate = places.firstDate;
    const figures: Record<string, unknown> = {
      database: app.dialect,
      seeded: `${places.resourceIds.length} resources, ${await db('bookings')
        .count({ n: '*' })
        .first()
        .then((r) => Number((r as { n: number }).n))} bookings, ${await db('booking_slots')
        .count({ n: '*' })
        .first()
        .then((r) => Number((r as { n: number }).n))} slot rows in ${Math.round(seed.ms)} ms (zone ${ZONE})`,
      'grid, one floor (200 resources)': await gridFigures(app, token, gridDate, places.floorIds[0]),
      'grid, all 1,000 resources': await gridFigures(app, token, gridDate),
    };
    const clients: string[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      await createUser(app, `bench${i}`);
      clients.push(await app.tokenFor(`bench${i}`, STAFF_PASSWORD));
    }
    const { raw, bareHttp, bareAlone } = await rawInsertRates(app, clients);
    const created = await creationRate(app, clients, places);
    figures[`raw INSERT in a transaction per s (${CLIENTS} clients)`] = raw;
    figures[`bare HTTP write per s: node:http, JSON, the same INSERT, no checks (${CLIENTS} clients)`] = bareHttp;
    figures['bare HTTP write / raw ratio: the best any route could reach'] = Math.round((bareHttp / raw) * 1000) / 1000;
    figures[`bookings created per s over HTTP (${CLIENTS} clients)`] = created.perSecond;
    figures['creation / bare HTTP write ratio (goal 0.5)'] =
      typeof created.perSecond === 'number' ? Math.round((created.perSecond / bareHttp) * 1000) / 1000 : MISSING;
    figures[`creation p95 at ${CLIENTS} clients, ms`] = created.p95Ms ?? MISSING;
    figures['one client alone: bare HTTP write median / p95, ms (the floor)'] = bareAlone;
    figures['one client alone: creation median / p95, ms (goal: median ≤ 3)'] = await singleClientLatency(
      app,
      clients[0]!,
      places,
    );
    figures['queries per creation (average over the run, event handlers included)'] =
      Math.round(created.queries * 100) / 100;
    figures['server CPU per creation, ms'] = created.serverCpuMs ?? MISSING;
    figures[`signed-in GET /api/sys/user/info per s (${CLIENTS} clients), for scale`] = await signedInFloor(
      app,
      clients,
    );
    figures['creation / raw ratio'] =
      typeof created.perSecond === 'number' ? Math.round((created.perSecond / raw) * 1000) / 1000 : MISSING;
    if (created.failed) figures['creation failures'] = `${created.failed} (first: ${created.firstError})`;
    figures['daily series of 365 occurrences'] = await seriesTime(app, token, places);
    figures['contention, 50 requests on one slot'] = await contention(app, token, places);
    return figures;
  } finally {
    await app.stop();
  }
}
