/**
 * The dispatcher: hands every recorded change, in id order, to every target
 * (notifications, calendar sync, ...), and queues the outbox work each answers
 * in one transaction with the target's progress (`domain_event_targets`), so a
 * crash either keeps both or neither. Each outbox row carries an idempotency key
 * (change id, target, position), and the progress update is guarded by the
 * number it started from: a second dispatcher that did the same work commits
 * nothing. Delivery is at least once, and nothing recorded is skipped.
 *
 * One process at a time works for a target: it holds the target's lease
 * (`held_by`, `held_until`) while it has changes to hand over, and gives it back
 * when it has caught up; a dead holder's lease runs out after `leaseMs`. A commit
 * in this process wakes the dispatcher; otherwise it looks about every second.
 *
 * A target that fails on a change is retried for that change after 1 s, 2 s, 4 s,
 * ... (at most a minute) while the other targets go on. After `maxAttempts` the
 * change is set aside for that target (a row in `domain_event_failures`, logged as
 * an error) and the target goes on with the next one: one change it cannot handle
 * (a template an administrator broke) must not silence it for good.
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { runTx } from '../../db/transaction.ts';
import { errorMessage, type Outbox, type OutboxItem } from '../../plugin-host/index.ts';
import type { BackgroundWorker } from '../../scheduler/job.ts';
import type { ChangeLog } from './change-log.ts';
import { Rest } from './rest.ts';
import type { Change, ChangeTarget } from './types.ts';

export interface ChangeDispatcherDeps {
  db: Knex;
  clock: Clock;
  logger: Logger;
  outbox: Outbox;
  changeLog: ChangeLog;
}

export interface ChangeDispatcherOptions {
  /** Changes read and queued per transaction. */
  batch: number;
  /** How long a target's lease lasts unless renewed: how soon another process takes over from a dead one. */
  leaseMs: number;
  /** How long the worker rests when there is nothing to do; a commit in this process ends the rest. */
  idleMs: number;
  /** Failures of one target on one change before the change is set aside for it. */
  maxAttempts: number;
  baseRetryMs: number;
  maxRetryMs: number;
}

export const DISPATCH_DEFAULTS: ChangeDispatcherOptions = {
  batch: 100,
  leaseMs: 10_000,
  idleMs: 1_000,
  maxAttempts: 8,
  baseRetryMs: 1_000,
  maxRetryMs: 60_000,
};

interface Progress {
  target: string;
  last_event_id: number | string;
  attempts: number | string;
  retry_at: number | string | null;
}

/** Another process moved the target on while we worked: what we planned is dropped, theirs stands. */
class LeaseLost extends Error {}

export class ChangeDispatcher implements BackgroundWorker {
  /** Names this process in leases (held_by holds 100 characters: the host name is cut short). */
  readonly holder = `${hostname().slice(0, 50)}:${process.pid}:${randomUUID().slice(0, 8)}`;
  readonly options: ChangeDispatcherOptions;
  private readonly known = new Set<string>();
  private queue: Promise<unknown> = Promise.resolve();
  private loop?: Promise<void>;
  private stopping = false;
  private readonly rest = new Rest();
  private stopListening?: () => void;

  constructor(
    private readonly deps: ChangeDispatcherDeps,
    private readonly targets: () => readonly ChangeTarget[],
    options: Partial<ChangeDispatcherOptions> = {},
  ) {
    this.options = { ...DISPATCH_DEFAULTS, ...options };
  }

  get running(): boolean {
    return this.loop !== undefined;
  }

  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.stopListening = this.deps.changeLog.onCommitted(() => this.wake());
    this.loop = this.run();
  }

  /** Starts nothing more and resolves once the work under way has ended (its lease is given back). */
  async stop(): Promise<void> {
    this.stopping = true;
    this.stopListening?.();
    this.stopListening = undefined;
    this.wake();
    await this.loop;
    this.loop = undefined;
  }

  /** Ends the worker's rest: a change was just committed in this process. */
  wake(): void {
    this.rest.wake();
  }

  /**
   * Hands every change recorded so far to every target that is not waiting to retry, and answers how many
   * (change, target) pairs it handed over. Calls in one process run one after another.
   */
  drain(): Promise<number> {
    const run = this.queue.then(() => this.drainAll());
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      try {
        await this.drain();
      } catch (err) {
        this.deps.logger.error({ err }, 'change dispatch failed');
      }
      if (!this.stopping) await this.rest.take(this.options.idleMs);
    }
  }

  private async drainAll(): Promise<number> {
    const targets = this.targets();
    await this.ensureProgress(targets);
    const [rows, last] = await Promise.all([
      // The dispatcher's loop (about every second and after every commit): plain knex rows instead of models.
      this.deps.db('domain_event_targets').whereIn(
        'target',
        targets.map((t) => t.name),
      ) as Promise<Progress[]>,
      this.deps.changeLog.lastId(),
    ]);
    const now = this.deps.clock.now();
    let handed = 0;
    for (const target of targets) {
      const row = rows.find((r) => r.target === target.name);
      if (!row || Number(row.last_event_id) >= last) continue;
      if (row.retry_at !== null && Number(row.retry_at) > now) continue;
      if (this.stopping) break;
      handed += await this.drainTarget(target);
    }
    return handed;
  }

  /** A target new to this database starts from the oldest change kept. */
  private async ensureProgress(targets: readonly ChangeTarget[]): Promise<void> {
    for (const t of targets) {
      if (this.known.has(t.name)) continue;
      const exists = await this.deps.db('domain_event_targets').where({ target: t.name }).first('target');
      if (!exists)
        await this.deps
          .db('domain_event_targets')
          .insert({ target: t.name, last_event_id: 0, attempts: 0, updated_at: this.deps.clock.now() })
          .catch((err: unknown) => {
            if (!isUniqueViolation(err)) throw err;
          });
      this.known.add(t.name);
    }
  }

  private async drainTarget(target: ChangeTarget): Promise<number> {
    if (!(await this.claim(target.name))) return 0;
    let handed = 0;
    try {
      while (!this.stopping) {
        const progress = (await this.deps
          .db('domain_event_targets')
          .where({ target: target.name })
          .first('last_event_id', 'attempts')) as Pick<Progress, 'last_event_id' | 'attempts'>;
        const from = Number(progress.last_event_id);
        const changes = await this.deps.changeLog.after(this.deps.db, from, this.options.batch);
        if (changes.length === 0) break;
        const planned: Array<{ change: Change; items: OutboxItem[] }> = [];
        let failure: { change: Change; err: unknown } | undefined;
        for (const change of changes) {
          try {
            planned.push({ change, items: await target.plan(change) });
          } catch (err) {
            failure = { change, err };
            break;
          }
        }
        if (planned.length) {
          await this.commit(target.name, from, planned);
          handed += planned.length;
        }
        if (failure) {
          // The count of earlier failures belongs to the change at the front, which is this one only if none went before it.
          const [at, attempts] = planned.length
            ? [planned[planned.length - 1]!.change.id, 0]
            : [from, Number(progress.attempts)];
          const retrying = await this.failed(target.name, at, attempts, failure.change, failure.err);
          if (retrying) break;
        }
      }
    } catch (err) {
      if (!(err instanceof LeaseLost)) throw err;
    } finally {
      await this.release(target.name);
    }
    return handed;
  }

  /** Queues the planned work and moves the target past it, together; nothing if another process moved it first. */
  private async commit(
    target: string,
    from: number,
    planned: ReadonlyArray<{ change: Change; items: OutboxItem[] }>,
  ): Promise<void> {
    const to = planned[planned.length - 1]!.change.id;
    let queued = 0;
    await runTx(this.deps.db, async (trx) => {
      queued = 0;
      await this.advance(trx, target, from, to);
      for (const { change, items } of planned) {
        for (const [i, item] of items.entries()) {
          // Coalesced work names its own key (several changes join one row, Outbox.coalesced).
          await this.deps.outbox.enqueue(trx, item, item.key ?? `${change.id}:${target}:${i}`);
          queued++;
        }
      }
    });
    if (queued) this.deps.outbox.wake();
  }

  private async advance(trx: Knex.Transaction, target: string, from: number, to: number): Promise<void> {
    const now = this.deps.clock.now();
    const n = await trx('domain_event_targets')
      .where({ target, last_event_id: from, held_by: this.holder })
      .update({
        last_event_id: to,
        held_until: now + this.options.leaseMs,
        attempts: 0,
        retry_at: null,
        last_error: null,
        updated_at: now,
      });
    if (n !== 1) throw new LeaseLost();
  }

  /** Records a target's failure on `change`; answers true while the change is to be retried, false once set aside. */
  private async failed(target: string, at: number, attempts: number, change: Change, err: unknown): Promise<boolean> {
    const now = this.deps.clock.now();
    const error = errorMessage(err).slice(0, 1000);
    const tries = attempts + 1;
    const log = { target, change: change.id, event: change.name, attempts: tries, error };
    if (tries < this.options.maxAttempts) {
      this.deps.logger.warn(log, 'change target failed; retrying');
      const delay = Math.min(this.options.maxRetryMs, this.options.baseRetryMs * 2 ** (tries - 1));
      await this.deps
        .db('domain_event_targets')
        .where({ target, last_event_id: at, held_by: this.holder })
        .update({ attempts: tries, retry_at: now + delay, last_error: error, updated_at: now });
      return true;
    }
    this.deps.logger.error(log, 'change target failed for good; the change is set aside for it');
    await runTx(this.deps.db, async (trx) => {
      await this.advance(trx, target, at, change.id);
      await trx('domain_event_failures').insert({
        target,
        event_id: change.id,
        type: change.name,
        attempts: tries,
        error,
        failed_at: now,
      });
    });
    return false;
  }

  private async claim(target: string): Promise<boolean> {
    const now = this.deps.clock.now();
    const n = await this.deps
      .db('domain_event_targets')
      .where({ target })
      .where((w) => w.whereNull('held_by').orWhere('held_by', this.holder).orWhere('held_until', '<', now))
      .update({ held_by: this.holder, held_until: now + this.options.leaseMs });
    return n === 1;
  }

  private async release(target: string): Promise<void> {
    await this.deps
      .db('domain_event_targets')
      .where({ target, held_by: this.holder })
      .update({ held_by: null, held_until: null });
  }
}
