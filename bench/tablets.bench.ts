/**
 * Door tablets on one process (docs/product-rules.md R19.8): 500 tablets paired to one room, each holding its room's
 * stream open (`GET /api/pad/stream` with its device credential, plain node:http in a child process), and ~20
 * bookings of that room made one after another through the API. For each booking, the time from the answer of the
 * request that created it (the commit) to the arrival of its change on each of the 500 streams: median, p95 and the
 * worst over all (booking, tablet) pairs, and per booking the time until the last tablet had it. Also the server
 * process's memory before and with the tablets connected. Printed only; the goal (p95 ≤ 2 s) is read by people.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { systemActor } from '../core/actor.ts';
import { createPlace, createResource } from '../test/helpers/places-fixture.ts';
import { createUser, STAFF_PASSWORD } from '../test/helpers/users.ts';
import { startBenchApp } from './app.ts';
import { median, percentile } from './stats.ts';

export const title = 'Door tablets: 500 room streams, commit to arrival';

const TABLETS = Number(process.env.ATRIUM_BENCH_TABLETS ?? 500);
const BOOKINGS = 20;
/** Between bookings: each one's arrival is measured on its own, as a room's changes come in a working day. */
const GAP_MS = 300;
/** Pairings in flight at once. */
const PAIRING_BATCH = 25;
/** How long the tablets may take to open every stream, and to report. */
const OPEN_TIMEOUT_MS = 60_000;
const REPORT_TIMEOUT_MS = 15_000;
/** After the last booking, how long to wait for its arrivals before asking for the report. */
const DRAIN_MS = 3_000;
const dir = path.dirname(fileURLToPath(import.meta.url));
const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;

/** Pairs `count` tablets to the room: codes made through the service (no throttle, no session), traded through the API. */
async function pairTablets(app: Awaited<ReturnType<typeof startBenchApp>>, resourceId: number, count: number) {
  const credentials: string[] = [];
  for (let i = 0; i < count; i += PAIRING_BATCH) {
    const batch = Array.from({ length: Math.min(PAIRING_BATCH, count - i) }, async (_, j) => {
      const { code } = await app.cradle.tabletsService.createPairingCode(systemActor(), {
        resourceId,
        name: `Bench door ${i + j + 1}`,
      });
      const res = await app.post<{ data: { credential: string } }>('/api/pad/pair', { code, appVersion: 'bench' });
      if (res.status !== 200) throw new Error(`pairing ${i + j}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data.credential;
    });
    credentials.push(...(await Promise.all(batch)));
  }
  return credentials;
}

export async function run(): Promise<Record<string, unknown>> {
  const app = await startBenchApp();
  let tablets: ChildProcess | undefined;
  try {
    app.clock.set(Date.UTC(2027, 2, 1, 8, 0));
    const room = await createResource(app, await createPlace(app), { name: 'Bench door', capacity: 8 });
    await createUser(app, 'tablets-bench');
    const token = await app.tokenFor('tablets-bench', STAFF_PASSWORD);
    const committed = new Map<number, number>();
    app.cradle.changeLog.onCommitted((changes) => {
      const at = Date.now();
      for (const c of changes) if (c.name === 'booking.created') committed.set(c.payload.booking.id, at);
    });

    const pairingStarted = performance.now();
    const credentials = await pairTablets(app, room, TABLETS);
    const pairingMs = Math.round(performance.now() - pairingStarted);

    global.gc?.();
    const before = process.memoryUsage();
    tablets = spawn(process.execPath, ['--import', 'tsx', path.join(dir, 'tablets-clients.ts'), app.url], {
      stdio: ['pipe', 'pipe', 'inherit'],
      cwd: path.resolve(dir, '..'),
    });
    const exited = new Promise<never>((_, reject) =>
      tablets!.once('exit', (code) => reject(new Error(`the tablets stopped (exit ${code})`))),
    );
    exited.catch(() => undefined);
    const lines = readline.createInterface({ input: tablets.stdout! });
    const nextLine = (timeoutMs: number, what: string) =>
      Promise.race([
        new Promise<string>((resolve) => lines.once('line', resolve)),
        exited,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`${what}: no answer in ${timeoutMs} ms`)), timeoutMs).unref(),
        ),
      ]);
    const openedAt = performance.now();
    tablets.stdin!.write(`${JSON.stringify(credentials)}\n`);
    if ((await nextLine(OPEN_TIMEOUT_MS, 'opening the streams')) !== 'ready')
      throw new Error('the streams did not open');
    const openMs = Math.round(performance.now() - openedAt);
    global.gc?.();
    const connected = process.memoryUsage();

    const answered = new Map<number, number>();
    for (let i = 0; i < BOOKINGS; i++) {
      const hour = 8 + (i % 10);
      const r = await app.post<{ data: { id: number } }>(
        '/api/bookings',
        {
          resourceId: room,
          meetingDate: `2027-03-${String(2 + Math.floor(i / 10)).padStart(2, '0')}`,
          startTime: `${String(hour).padStart(2, '0')}:00`,
          endTime: `${String(hour + 1).padStart(2, '0')}:00`,
          subject: `Tablets bench ${i}`,
        },
        { token },
      );
      if (r.status !== 200) throw new Error(`booking ${i}: ${r.status} ${JSON.stringify(r.body)}`);
      answered.set(r.body.data.id, Date.now());
      await new Promise((resolve) => setTimeout(resolve, GAP_MS));
    }
    await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
    tablets.stdin!.write('report\n');
    const report = JSON.parse(await nextLine(REPORT_TIMEOUT_MS, 'the report')) as {
      arrivals: Record<string, number[]>;
      endedEarly: number;
    };

    const pairs: number[] = [];
    const fromCommit: number[] = [];
    const lastTablet: number[] = [];
    let missing = 0;
    for (const [id, at] of answered) {
      const got = report.arrivals[id] ?? [];
      missing += TABLETS - got.length;
      const delays = got.map((t) => t - at);
      pairs.push(...delays);
      const commit = committed.get(id);
      if (commit !== undefined) fromCommit.push(...got.map((t) => t - commit));
      if (got.length) lastTablet.push(Math.max(...delays));
    }
    return {
      tablets: TABLETS,
      bookings: answered.size,
      'pairing all tablets, ms': pairingMs,
      'tablets started, all streams open, ms': openMs,
      'arrivals missing': missing,
      'streams ended early': report.endedEarly,
      'answer → arrival, median ms': median(pairs),
      'answer → arrival, p95 ms (goal ≤ 2000)': percentile(pairs, 95),
      'answer → arrival, max ms': pairs.length ? Math.max(...pairs) : NaN,
      'answer → last tablet, median ms': median(lastTablet),
      'answer → last tablet, p95 ms': percentile(lastTablet, 95),
      'commit (in the server) → arrival, p95 ms': percentile(fromCommit, 95),
      'server heap before / with tablets, MB': `${mb(before.heapUsed)} / ${mb(connected.heapUsed)}`,
      'server RSS before / with tablets, MB': `${mb(before.rss)} / ${mb(connected.rss)}`,
      'per tablet, KB (heap)': Math.round((connected.heapUsed - before.heapUsed) / TABLETS / 102.4) / 10,
    };
  } finally {
    tablets?.kill();
    await app.stop();
  }
}
