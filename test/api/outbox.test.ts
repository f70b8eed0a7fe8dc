import path from 'node:path';
import { fileURLToPath } from 'node:url';
import test from 'ava';
import type { Knex } from 'knex';
import { openDatabase, resolveDbTarget } from '../../core/db/connection.ts';
import { OutboxWorker } from '../../core/modules/integrations/index.ts';
import { Outbox, type OutboxRow } from '../../core/plugin-host/index.ts';
import type { PluginKind } from '../../core/plugin-sdk/index.ts';
import { perDialect, type TestApp } from '../helpers/app.ts';
import { runJob, saveNotify } from '../helpers/notify.ts';
import { notifyCounting } from '../fixtures/outbox-plugins/notify-counting/index.ts';
import { switchHeld } from '../fixtures/outbox-plugins/switch-held/index.ts';

const OUTBOX_PLUGINS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/outbox-plugins');
/** Deliveries at once per kind in these tests: small, so a burst shows whether the bound holds. */
const BOUND = 3;

/** Queues `count` mails, or switch calls (to device `device(i)`, with `i` as a third argument to see the order). */
async function enqueue(
  app: TestApp,
  count: number,
  kind: PluginKind = 'notify',
  device = (i: number) => `light-${i}`,
): Promise<number[]> {
  const { db, outbox } = app.cradle;
  const ids: number[] = [];
  await db.transaction(async (trx) => {
    for (let i = 0; i < count; i++)
      ids.push(
        await outbox.enqueue(
          trx,
          kind === 'notify'
            ? {
                kind,
                provider: 'notify-counting',
                topic: 'booking.reminder',
                payload: {
                  message: {
                    event: 'booking.reminder',
                    lang: 'en',
                    to: [],
                    cc: [],
                    subject: `m${i}`,
                    html: '',
                    text: '',
                  },
                },
              }
            : { kind, provider: 'switch-held', topic: 'setState', payload: { args: [device(i), true, i] } },
        ),
      );
  });
  return ids;
}

async function rowsOf(app: TestApp, ids: number[]) {
  const rows = await app.cradle.db('outbox').whereIn('id', ids).orderBy('id');
  return rows.map((r: { id: number; state: string; attempts: number; locked_by: string | null }) => ({
    id: Number(r.id),
    state: r.state,
    attempts: Number(r.attempts),
    lockedBy: r.locked_by,
  }));
}

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const sorted = (xs: Array<string | number>) => xs.map(String).sort();
const noRepeats = (xs: string[]) => new Set(xs).size === xs.length;

perDialect(
  test,
  (dialect, app) => {
    test.serial(
      `${dialect}: a burst runs at most the bound of calls at once per kind, and a stuck kind holds up no other`,
      async (t) => {
        const admin = await app().adminToken();
        await saveNotify(app(), admin, 'notify-counting', { delayMs: 15 });
        const saved = await app().put(
          '/api/inte/settings/switch',
          { provider: 'switch-held', settings: {} },
          {
            token: admin,
          },
        );
        t.is(saved.status, 200);
        switchHeld.reset();
        switchHeld.gate.close();
        const switches = await enqueue(app(), 5, 'switch');
        const mails = await enqueue(app(), 40);
        notifyCounting.reset();
        const pass = app().cradle.outboxWorker.drainDue();
        t.teardown(() => switchHeld.gate.open());
        await until('the 40 mails', () => notifyCounting.delivered.length === 40);
        t.deepEqual(sorted(notifyCounting.delivered), sorted(mails));
        t.is(notifyCounting.peak, BOUND, 'as many sends at once as the bound allows, never more');
        t.is(switchHeld.inFlight, BOUND, 'the stuck switch calls fill their own bound only');
        t.is(switchHeld.count(), 0);
        await until('the mails recorded done', async () =>
          (await rowsOf(app(), mails)).every((r) => r.state === 'done' && r.attempts === 1),
        );
        t.true((await rowsOf(app(), switches)).every((r) => r.state === 'pending' && r.lockedBy !== null));
        switchHeld.gate.open();
        await pass;
        t.is(switchHeld.count(), 5);
        t.is(switchHeld.peak, BOUND);
        t.true((await rowsOf(app(), switches)).every((r) => r.state === 'done'));
      },
    );

    test.serial(
      `${dialect}: calls about one target go one after another in the order queued, other targets side by side`,
      async (t) => {
        const admin = await app().adminToken();
        const saved = await app().put(
          '/api/inte/settings/switch',
          { provider: 'switch-held', settings: { delayMs: 5 } },
          { token: admin },
        );
        t.is(saved.status, 200);
        switchHeld.reset();
        // More than a batch, so the order also holds from one claimed batch to the next.
        const count = app().cradle.outbox.options.batch + 10;
        const devices = ['hall', 'desk', 'lamp'];
        // Four in a row about each device, then the next device: hall ×4, desk ×4, lamp ×4, hall ×4, ...
        const deviceOf = (i: number) => devices[Math.floor(i / 4) % 3]!;
        await enqueue(app(), count, 'switch', deviceOf);
        await app().cradle.outboxWorker.drainDue();
        for (const device of devices) {
          const queued = Array.from({ length: count }, (_, i) => i).filter((i) => deviceOf(i) === device);
          t.deepEqual(switchHeld.calls.get(device), queued, device);
        }
        t.is(switchHeld.peakPerDevice, 1, 'never two calls about one device at once');
        t.is(switchHeld.peak, BOUND, 'the three devices side by side');
      },
    );

    test.serial(
      `${dialect}: one run of the outbox job drains more than a batch; claims take no statement per row`,
      async (t) => {
        const { db, outbox } = app().cradle;
        await saveNotify(app(), await app().adminToken(), 'notify-counting', { delayMs: 0 });
        const ids = await enqueue(app(), outbox.options.batch * 2 + 7);
        notifyCounting.reset();
        let claims = 0;
        const count = (q: { sql: string }) => {
          // The claim's UPDATE: a new holder and lease (finishing a row sets the state first).
          if (/^update `outbox` set `locked_by` = \?, `locked_until` = \?/i.test(q.sql)) claims++;
        };
        db.on('query', count);
        try {
          await runJob(app(), 'integrations.outbox');
        } finally {
          db.removeListener('query', count);
        }
        t.deepEqual(sorted(notifyCounting.delivered), sorted(ids));
        t.true((await rowsOf(app(), ids)).every((r) => r.state === 'done' && r.attempts === 1 && r.lockedBy === null));
        t.is(claims, 3, 'one UPDATE per batch of 50, not one per row');
      },
    );

    test.serial(`${dialect}: wake() makes a resting worker deliver at once`, async (t) => {
      const worker = new OutboxWorker(app().cradle, { idleMs: 60_000 });
      worker.start();
      try {
        // The worker's first look finds nothing; it then rests for a minute unless woken.
        await new Promise((r) => setTimeout(r, 200));
        notifyCounting.reset();
        const ids = await enqueue(app(), 12);
        const woken = Date.now();
        app().cradle.outbox.wake();
        await until('the woken delivery', () => notifyCounting.delivered.length === 12, 10_000);
        t.true(Date.now() - woken < 10_000);
        t.deepEqual(sorted(notifyCounting.delivered), sorted(ids));
      } finally {
        await worker.stop();
      }
      t.false(worker.running);
    });

    test.serial(
      `${dialect}: a dead worker's rows, and a foreign holder's, are taken over once the 10 s lease has run out`,
      async (t) => {
        const { db, outbox, outboxWorker, clock } = { ...app().cradle, clock: app().clock };
        const ids = await enqueue(app(), 6);
        // A process that claimed five rows and died: its claim is never renewed, its rows never delivered.
        const dead = new Outbox(app().cradle);
        const claimed = await dead.claim('notify', 5);
        t.is(claimed.length, 5);
        // The sixth is held by a holder this process never knew.
        const foreign = ids.find((id) => !claimed.some((r) => r.id === id))!;
        await db('outbox')
          .where({ id: foreign })
          .update({ locked_by: 'gone-host:4242:deadbeef:1', locked_until: clock.now() + outbox.options.leaseMs });
        notifyCounting.reset();
        await outboxWorker.drainDue();
        clock.advance(9_000);
        await outboxWorker.drainDue();
        t.deepEqual(notifyCounting.delivered, [], 'nothing is taken while the lease lasts');
        clock.advance(1_500);
        await outboxWorker.drainDue();
        t.deepEqual(sorted(notifyCounting.delivered), sorted(ids), 'all six, each once, 10.5 s after the claim');
        t.true((await rowsOf(app(), ids)).every((r) => r.state === 'done' && r.attempts === 1));
        // The dead claim cannot write over the rows it lost.
        await dead.failed(claimed[0]!, new Error('too late'));
        t.is((await rowsOf(app(), [claimed[0]!.id]))[0]!.state, 'done');
      },
    );

    test.serial(`${dialect}: a slow worker that is alive keeps its rows past the lease: it renews them`, async (t) => {
      const slow = new OutboxWorker(app().cradle, { renewEveryMs: 50 });
      const ids = await enqueue(app(), 2);
      notifyCounting.reset();
      notifyCounting.gate.close();
      const pass = slow.drainDue();
      try {
        await until('both sends under way', () => notifyCounting.inFlight === 2);
        app().clock.advance(25_000);
        // A few renewals at 50 ms: the lease now reaches past the clock again.
        await new Promise((r) => setTimeout(r, 300));
        const held = await app().cradle.db('outbox').whereIn('id', ids);
        t.true(held.every((r: { locked_until: number }) => Number(r.locked_until) > app().clock.now()));
        await app().cradle.outboxWorker.drainDue();
        t.is(notifyCounting.inFlight, 2, 'no second worker took them');
      } finally {
        notifyCounting.gate.open();
        await pass;
      }
      t.deepEqual(sorted(notifyCounting.delivered), sorted(ids), 'each delivered once');
      t.true((await rowsOf(app(), ids)).every((r) => r.state === 'done' && r.attempts === 1));
    });

    test.serial(`${dialect}: four workers on two connections never deliver a row twice`, async (t) => {
      const { config, logger, clock, pluginHost } = app().cradle;
      const otherDb: Knex = openDatabase(resolveDbTarget(config.databaseUrl, config.dataDir));
      try {
        const claimedBy = new Map<string, number>();
        class CountedOutbox extends Outbox {
          override async claim(kind: PluginKind, limit?: number): Promise<OutboxRow[]> {
            const rows = await super.claim(kind, limit);
            claimedBy.set(this.holder, (claimedBy.get(this.holder) ?? 0) + rows.length);
            return rows;
          }
        }
        const workers = [app().cradle.db, otherDb, app().cradle.db, otherDb].map(
          (db) =>
            new OutboxWorker(
              { outbox: new CountedOutbox({ db, clock, logger }, { batch: 10 }), pluginHost, logger, config },
              { concurrency: 4 },
            ),
        );
        await saveNotify(app(), await app().adminToken(), 'notify-counting', { delayMs: 1 });
        const ids = await enqueue(app(), 300);
        notifyCounting.reset();
        await Promise.all(workers.flatMap((w) => [w.drainDue(), w.drainDue()]));
        await Promise.all(workers.map((w) => w.drainDue()));
        t.true(noRepeats(notifyCounting.delivered), 'no message twice');
        t.deepEqual(sorted(notifyCounting.delivered), sorted(ids));
        t.true((await rowsOf(app(), ids)).every((r) => r.state === 'done' && r.attempts === 1));
        t.is(
          [...claimedBy.values()].reduce((a, b) => a + b, 0),
          300,
          'each row claimed once',
        );
        t.true([...claimedBy.values()].filter((n) => n > 0).length >= 2, 'the workers shared the burst');
        await Promise.all(workers.map((w) => w.stop()));
      } finally {
        await otherDb.destroy();
      }
    });

    test.serial(
      `${dialect}: the server's stop waits for deliveries under way and gives back rows not yet started`,
      async (t) => {
        const worker = app().cradle.outboxWorker;
        worker.start();
        notifyCounting.reset();
        notifyCounting.gate.close();
        t.teardown(() => notifyCounting.gate.open());
        const ids = await enqueue(app(), 10);
        app().cradle.outbox.wake();
        await until('three sends under way', () => notifyCounting.inFlight === BOUND);
        let stopped = false;
        const stopping = app()
          .running.scheduler!.stop()
          .then(() => (stopped = true));
        await until('the rows not started given back', async () => {
          const rows = await rowsOf(app(), ids);
          return rows.filter((r) => r.state === 'pending' && r.lockedBy === null).length === ids.length - BOUND;
        });
        t.false(stopped, 'stop waits while sends are under way');
        notifyCounting.gate.open();
        await stopping;
        t.false(worker.running);
        const rows = await rowsOf(app(), ids);
        t.is(rows.filter((r) => r.state === 'done').length, BOUND);
        t.is(notifyCounting.delivered.length, BOUND);
        t.is(rows.filter((r) => r.state === 'pending' && r.lockedBy === null).length, ids.length - BOUND);
      },
    );
  },
  { config: { pluginPaths: OUTBOX_PLUGINS, outboxConcurrency: BOUND } },
);
