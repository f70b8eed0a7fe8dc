/**
 * The outbox under a burst (issue 15): 2,000 e-mails queued at once and delivered by the outbox worker through
 * the e-mail plugin to a real SMTP server on this machine. Runs on SQLite, or on MariaDB with
 * ATRIUM_BENCH_MYSQL_URL. Printed only; the goals (at least 200 e-mails a second, the burst drained within
 * 15 s) are read by people.
 */
import type { TestApp } from '../test/helpers/app.ts';
import { startMailSink, type MailSink } from '../test/helpers/mail.ts';
import { startBenchApp } from './app.ts';

export const title = 'Outbox: a burst of 2,000 e-mails to a local SMTP server';

const BURST = 2000;
/** Delivered first and not counted: connections opened, JIT and statement caches warm, as in a running server. */
const WARMUP = 100;
const LIMIT_MS = 120_000;

async function enqueueMails(app: TestApp, count: number, tag: string): Promise<void> {
  const { db, outbox } = app.cradle;
  await db.transaction(async (trx) => {
    for (let i = 0; i < count; i++)
      await outbox.enqueue(trx, {
        kind: 'notify',
        provider: 'notify-email',
        topic: 'booking.reminder',
        payload: {
          message: {
            event: 'booking.reminder',
            lang: 'en',
            to: [{ name: `Person ${i}`, email: `person${i}@bench.example` }],
            cc: [],
            subject: `Reminder ${tag} ${i}: Planning at 10:00 in Sakura`,
            html: `<p>Your meeting <b>Planning</b> starts at 10:00 in Sakura (${tag} ${i}).</p>`,
            text: `Your meeting Planning starts at 10:00 in Sakura (${tag} ${i}).`,
          },
        },
      });
  });
}

async function pendingRows(app: TestApp): Promise<number> {
  const row = await app.cradle.db('outbox').where('state', 'pending').count({ n: '*' }).first();
  return Number((row as { n: number | string }).n);
}

/** Waits until the sink holds `mails` messages and no row is pending; answers when each happened (ms after `t0`). */
async function drained(app: TestApp, sink: MailSink, mails: number, t0: number) {
  let lastMailMs: number | undefined;
  let firstMailMs: number | undefined;
  const before = sink.mails.length;
  for (;;) {
    const now = performance.now();
    if (firstMailMs === undefined && sink.mails.length > before) firstMailMs = now - t0;
    if (lastMailMs === undefined && sink.mails.length >= mails) lastMailMs = now - t0;
    if (lastMailMs !== undefined && (await pendingRows(app)) === 0)
      return { firstMailMs, lastMailMs, doneMs: now - t0 };
    if (now - t0 > LIMIT_MS) throw new Error(`not drained after ${LIMIT_MS} ms: ${sink.mails.length}/${mails} mails`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export async function run(): Promise<Record<string, unknown>> {
  const sink = await startMailSink();
  const app = await startBenchApp();
  try {
    const token = await app.adminToken();
    const saved = await app.put(
      '/api/inte/settings/notify',
      {
        provider: 'notify-email',
        settings: { host: '127.0.0.1', port: sink.port, security: 'none', account: 'atrium@bench.example' },
      },
      { token },
    );
    if (saved.status !== 200) throw new Error(`e-mail settings: ${saved.status} ${JSON.stringify(saved.body)}`);
    const worker = app.cradle.outboxWorker;
    // As in a server whose scheduler runs; the other jobs stay off so they do not weigh on the figures.
    worker.start();

    await enqueueMails(app, WARMUP, 'warm-up');
    app.cradle.outbox.wake();
    await drained(app, sink, WARMUP, performance.now());

    const queued = performance.now();
    await enqueueMails(app, BURST, 'burst');
    const enqueueMs = performance.now() - queued;
    let queries = 0;
    // Not the bench's own polling for the end (the COUNT of pending rows).
    const count = (q: { sql?: string }) => void (q.sql?.includes('count(') || queries++);
    app.cradle.db.on('query', count);
    const t0 = performance.now();
    app.cradle.outbox.wake();
    const burst = await drained(app, sink, WARMUP + BURST, t0);
    app.cradle.db.removeListener('query', count);
    const seconds = (ms: number) => Math.round(ms / 10) / 100;
    return {
      database: app.dialect,
      'deliveries at once per kind (setting)': worker.options.concurrency,
      [`${BURST} rows queued in one transaction, s`]: seconds(enqueueMs),
      'first e-mail at the SMTP server, ms': Math.round(burst.firstMailMs ?? 0),
      'e-mails per second (goal: ≥ 200)': Math.round((BURST / burst.lastMailMs) * 1000),
      'last e-mail at the SMTP server, s': seconds(burst.lastMailMs),
      'burst drained, all rows done, s (goal: ≤ 15)': seconds(burst.doneMs),
      'worker SQL statements per e-mail': Math.round((queries / BURST) * 100) / 100,
    };
  } finally {
    await app.stop();
    await sink.close();
  }
}
