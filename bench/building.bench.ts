/**
 * Door access under a burst (docs/product-rules.md R20.1): 1,000 bookings created at once over HTTP by 16 clients,
 * across 50 rooms with a lock each, 16 organisers each carrying a card; each booking's change is recorded in its own
 * transaction, the dispatcher turns it into a grant in the outbox, and the bundled webhook provider
 * (plugins/webhook-access) posts each grant, signed, to a receiver on this machine. Prints how long until every grant
 * reached the receiver (goal: within 30 s of the last booking), and whether each booking's change was recorded with
 * it. Runs on SQLite, or on MariaDB with ATRIUM_BENCH_MYSQL_URL. Printed only, never asserted.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPlace, createResource } from '../test/helpers/places-fixture.ts';
import { staff } from '../test/helpers/bookings.ts';
import { startBenchApp } from './app.ts';
import { loadFromWorker, type LoadJob } from './load.ts';

export const title = 'Building: 1,000 bookings in a burst, each door grant delivered to a webhook';

const ROOMS = 50;
const SLOTS = 20;
/** Signed in one by one (the sign-in throttle counts them): one per client. */
const PEOPLE = 16;
const CLIENTS = 16;
const LIMIT_MS = 120_000;

/** Counts the grants a door controller receives (the signature is the provider's test's concern). */
async function receiver() {
  const bookings = new Set<number>();
  let posts = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      posts++;
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { type: string; data: { bookingId?: number } };
      if (body.type === 'access.grant' && body.data.bookingId) bookings.add(body.data.bookingId);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/doors`,
    bookings,
    posts: () => posts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function run(): Promise<Record<string, unknown>> {
  const doors = await receiver();
  const app = await startBenchApp();
  try {
    const admin = await app.adminToken();
    const place = await createPlace(app);
    const rooms: number[] = [];
    for (let i = 0; i < ROOMS; i++) {
      const id = await createResource(app, place, { name: `Door room ${i + 1}` });
      rooms.push(id);
      const res = await app.post(
        '/api/room/devices',
        { name: `Lock ${i + 1}`, deviceNo: `LOCK-${i + 1}`, kind: 'lock', identifier: `lock-${i + 1}`, resourceId: id },
        { token: admin },
      );
      if (res.status !== 200) throw new Error(`device: ${JSON.stringify(res.body)}`);
    }
    const people = [];
    for (let i = 0; i < PEOPLE; i++) {
      const who = await staff(app, `door_${i}`);
      await app.cradle
        .db('users')
        .where({ id: who.id })
        .update({ card_no: `CARD-${i}` });
      people.push(who);
    }
    const chosen = await app.put(
      '/api/inte/settings/access',
      { provider: 'webhook-access', settings: { url: doors.url, secret: 'a-bench-secret-of-32-characters!' } },
      { token: admin },
    );
    if (chosen.status !== 200) throw new Error(`access settings: ${JSON.stringify(chosen.body)}`);
    // As in a server: the dispatcher hands changes on as they commit, the outbox worker delivers.
    app.cradle.changeDispatcher.start();
    app.cradle.outboxWorker.start();

    const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const jobs: LoadJob[] = [];
    for (let slot = 0; slot < SLOTS; slot++)
      for (let r = 0; r < ROOMS; r++) {
        const start = 8 * 60 + slot * 30;
        const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
        jobs.push({
          method: 'POST',
          path: '/api/bookings',
          token: people[(slot * ROOMS + r) % PEOPLE]!.token,
          body: {
            resourceId: rooms[r],
            meetingDate: day,
            startTime: hhmm(start),
            endTime: hhmm(start + 30),
            subject: 'Burst',
          },
        });
      }
    const t0 = performance.now();
    const load = await loadFromWorker(app.url, jobs, CLIENTS);
    const createdMs = performance.now() - t0;
    if (load.failed) throw new Error(`${load.failed} bookings refused: ${load.firstError}`);
    const lastBooking = performance.now();
    while (doors.bookings.size < jobs.length && performance.now() - lastBooking < LIMIT_MS)
      await new Promise((r) => setTimeout(r, 20));
    const deliveredMs = performance.now() - lastBooking;
    const { db } = app.cradle;
    const ids = (await db('bookings').where({ meeting_date: day }).select('id')).map((r) => Number(r.id));
    const recorded = new Set(
      (await db('domain_events').where({ type: 'booking.created' }).select('booking_id')).map((r) =>
        Number(r.booking_id),
      ),
    );
    const parked = Number(
      ((await db('outbox').where({ kind: 'access', state: 'parked' }).count({ n: '*' }).first()) as { n: number }).n,
    );
    const seconds = (ms: number) => Math.round(ms / 10) / 100;
    return {
      database: app.dialect,
      bookings: jobs.length,
      'created over HTTP, s': seconds(createdMs),
      'creations per second': Math.round((jobs.length / createdMs) * 1000),
      'bookings whose change was recorded with them': `${ids.filter((id) => recorded.has(id)).length} of ${ids.length}`,
      'grants received by the door controller': `${doors.bookings.size} of ${jobs.length}`,
      'all grants delivered, s after the last booking (goal: ≤ 30)':
        doors.bookings.size === jobs.length ? seconds(deliveredMs) : `not within ${LIMIT_MS / 1000}`,
      'webhook posts': doors.posts(),
      'grants parked': parked,
    };
  } finally {
    await app.stop();
    await doors.close();
  }
}
