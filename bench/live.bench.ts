/**
 * The live stream (issue 18, "Live"; docs/architecture.md A8.6): 500 clients on the booking stream of one process
 * (as 500 door tablets), bookings made one after another through the API, and the time from each booking's commit
 * (heard in the server process) to its arrival on every client: median, p95 and the worst over all (booking,
 * client) pairs, and per booking the time until the last client had it. Also the server process's memory before
 * and with the clients connected. The clients run in a child process. Printed only; the goal (p95 ≤ 2 s) is read
 * by people.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createPlace, createResource } from '../test/helpers/places-fixture.ts';
import { createUser, STAFF_PASSWORD } from '../test/helpers/users.ts';
import { startBenchApp } from './app.ts';
import { median, percentile } from './stats.ts';

export const title = 'Live stream: 500 clients, commit to arrival';

const CLIENTS = Number(process.env.ATRIUM_BENCH_LIVE_CLIENTS ?? 500);
const BOOKINGS = 30;
/** Between bookings: each one's arrival is measured on its own, as tablets see changes in a working day. */
const GAP_MS = 200;
const dir = path.dirname(fileURLToPath(import.meta.url));
const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;

export async function run(): Promise<Record<string, unknown>> {
  const app = await startBenchApp();
  let clients: ChildProcess | undefined;
  try {
    app.clock.set(Date.UTC(2027, 2, 1, 8, 0));
    const place = await createPlace(app);
    const rooms = [await createResource(app, place, { name: 'Live A' }), await createResource(app, place)];
    await createUser(app, 'live-bench');
    const token = await app.tokenFor('live-bench', STAFF_PASSWORD);
    const committed = new Map<number, number>();
    app.cradle.changeLog.onCommitted((changes) => {
      const at = Date.now();
      for (const c of changes) if (c.name === 'booking.created') committed.set(c.payload.booking.id, at);
    });

    global.gc?.();
    const before = process.memoryUsage();
    clients = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(dir, 'live-clients.ts'), app.url, token, rooms.join(','), String(CLIENTS)],
      { stdio: ['pipe', 'pipe', 'inherit'], cwd: path.resolve(dir, '..') },
    );
    const lines = readline.createInterface({ input: clients.stdout! });
    const nextLine = () => new Promise<string>((resolve) => lines.once('line', resolve));
    const openedAt = performance.now();
    if ((await nextLine()) !== 'ready') throw new Error('the clients did not open');
    const openMs = Math.round(performance.now() - openedAt);
    global.gc?.();
    const connected = process.memoryUsage();

    for (let i = 0; i < BOOKINGS; i++) {
      const hour = 8 + (i % 10);
      const r = await app.post(
        '/api/bookings',
        {
          resourceId: rooms[i % 2],
          meetingDate: `2027-03-${String(2 + Math.floor(i / 10)).padStart(2, '0')}`,
          startTime: `${String(hour).padStart(2, '0')}:00`,
          endTime: `${String(hour + 1).padStart(2, '0')}:00`,
          subject: `Bench ${i}`,
        },
        { token },
      );
      if (r.status !== 200) throw new Error(`booking ${i}: ${r.status} ${JSON.stringify(r.body)}`);
      await new Promise((resolve) => setTimeout(resolve, GAP_MS));
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    clients.stdin!.write('report\n');
    const arrivals = JSON.parse(await nextLine()) as Record<string, number[]>;
    clients.kill();

    const pairs: number[] = [];
    const lastClient: number[] = [];
    let missing = 0;
    for (const [id, at] of committed) {
      const got = arrivals[id] ?? [];
      missing += CLIENTS - got.length;
      const delays = got.map((t) => t - at);
      pairs.push(...delays);
      if (got.length) lastClient.push(Math.max(...delays));
    }
    return {
      clients: CLIENTS,
      bookings: committed.size,
      'clients started, all streams open, ms': openMs,
      'arrivals missing': missing,
      'commit → arrival, median ms': median(pairs),
      'commit → arrival, p95 ms': percentile(pairs, 95),
      'commit → arrival, max ms': Math.max(...pairs),
      'commit → last client, median ms': median(lastClient),
      'commit → last client, p95 ms': percentile(lastClient, 95),
      'server heap before / with clients, MB': `${mb(before.heapUsed)} / ${mb(connected.heapUsed)}`,
      'server RSS before / with clients, MB': `${mb(before.rss)} / ${mb(connected.rss)}`,
      'per client, KB (heap)': Math.round((connected.heapUsed - before.heapUsed) / CLIENTS / 102.4) / 10,
    };
  } finally {
    clients?.kill();
    await app.stop();
  }
}
