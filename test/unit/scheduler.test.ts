import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import pino from 'pino';
import { ManualClock } from '../../core/clock.ts';
import { openDatabase, resolveDbTarget } from '../../core/db/connection.ts';
import { migrateLatest } from '../../core/db/migrations.ts';
import { Scheduler } from '../../core/scheduler/scheduler.ts';

test('a due run is claimed once, even by two schedulers on one database', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-sched-'));
  const db = openDatabase(resolveDbTarget(`sqlite:${path.join(dir, 's.db')}`, dir));
  try {
    await migrateLatest(db);
    const clock = new ManualClock(Date.UTC(2026, 10, 22, 9, 0, 30));
    const logger = pino({ level: 'silent' });
    const runs: number[] = [];
    const job = { name: 'count', everySeconds: 60, run: async ({ now }: { now: number }) => void runs.push(now) };
    const a = new Scheduler({ db, clock, logger });
    const b = new Scheduler({ db, clock, logger });
    a.add(job);
    b.add(job);
    const first = await Promise.all([a.runIfDue('count'), b.runIfDue('count')]);
    t.deepEqual(first.sort(), [false, true]);
    t.false(await a.runIfDue('count'), 'the same minute again');
    clock.advance(60_000);
    t.true(await b.runIfDue('count'), 'the next minute');
    t.is(runs.length, 2);
    const leases = await db('job_leases').where({ job: 'count' }).orderBy('due_at');
    t.deepEqual(
      leases.map((l: { due_at: number }) => Number(l.due_at)),
      [Date.UTC(2026, 10, 22, 9, 0), Date.UTC(2026, 10, 22, 9, 1)],
    );
    t.true(leases.every((l: { finished_at: number | null }) => l.finished_at !== null));
  } finally {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a failing job records its error and does not run again for that due time', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-sched-'));
  const db = openDatabase(resolveDbTarget(`sqlite:${path.join(dir, 's.db')}`, dir));
  try {
    await migrateLatest(db);
    const clock = new ManualClock(Date.UTC(2026, 10, 22, 9, 0, 0));
    const s = new Scheduler({ db, clock, logger: pino({ level: 'silent' }) });
    s.add({
      name: 'boom',
      everySeconds: 60,
      run: async () => {
        throw new Error('exploded');
      },
    });
    await t.throwsAsync(s.runIfDue('boom'), { message: 'exploded' });
    t.false(await s.runIfDue('boom'));
    t.is((await db('job_leases').where({ job: 'boom' }).first()).error, 'exploded');
    t.throws(() => s.add({ name: 'boom', everySeconds: 1, run: async () => {} }), { message: /twice/ });
  } finally {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
