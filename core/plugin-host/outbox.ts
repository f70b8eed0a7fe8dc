/**
 * The outbox: work for providers written to the database first, then delivered
 * by a worker job. A row is claimed with locked_by/locked_until (so two workers
 * never deliver it at once, and a crashed worker's claim lapses), retried with
 * exponential backoff, and parked after `maxAttempts` with its last error, where
 * an administrator sees it and may retry it. Nothing is ever deleted here.
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { PluginKind } from '../plugin-sdk/index.ts';
import { errorMessage } from './isolate.ts';

export interface OutboxItem {
  kind: PluginKind;
  provider: string | null;
  topic: string;
  payload: unknown;
}

export interface OutboxRow extends OutboxItem {
  id: number;
  attempts: number;
}

export interface OutboxOptions {
  maxAttempts: number;
  /** First retry delay; each next one doubles, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** How long a claim lasts: longer than any provider call may take. */
  leaseMs: number;
  batch: number;
}

export const OUTBOX_DEFAULTS: OutboxOptions = {
  maxAttempts: 6,
  baseDelayMs: 30_000,
  maxDelayMs: 3_600_000,
  leaseMs: 120_000,
  batch: 50,
};

/** Delay before attempt `attempts + 1`, after `attempts` failures: 30 s, 1 min, 2 min, 4 min, ... */
export function backoffMs(
  attempts: number,
  o: Pick<OutboxOptions, 'baseDelayMs' | 'maxDelayMs'> = OUTBOX_DEFAULTS,
): number {
  return Math.min(o.maxDelayMs, o.baseDelayMs * 2 ** Math.max(0, attempts - 1));
}

export class Outbox {
  readonly holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  readonly options: OutboxOptions;

  constructor(
    private readonly deps: { db: Knex; clock: Clock; logger: Logger },
    options: Partial<OutboxOptions> = {},
  ) {
    this.options = { ...OUTBOX_DEFAULTS, ...options };
  }

  /** Queues work; pass the caller's transaction so the work exists exactly when the change does. */
  async enqueue(trx: Knex | Knex.Transaction, item: OutboxItem): Promise<number> {
    const now = this.deps.clock.now();
    const [id] = await trx('outbox').insert({
      kind: item.kind,
      provider: item.provider,
      topic: item.topic,
      payload: JSON.stringify(item.payload),
      state: 'pending',
      attempts: 0,
      next_attempt_at: now,
      created_at: now,
      updated_at: now,
    });
    return Number(id);
  }

  /** Claims up to `batch` due rows for this worker. */
  async claim(): Promise<OutboxRow[]> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const free = (q: Knex.QueryBuilder) =>
      q
        .where('state', 'pending')
        .where('next_attempt_at', '<=', now)
        .where((w) => w.whereNull('locked_until').orWhere('locked_until', '<', now));
    const candidates = await free(db('outbox'))
      .orderBy([{ column: 'next_attempt_at' }, { column: 'id' }])
      .limit(this.options.batch)
      .select('id', 'kind', 'provider', 'topic', 'payload', 'attempts');
    const claimed: OutboxRow[] = [];
    for (const c of candidates) {
      // The same conditions again in the UPDATE: only one worker's update can match.
      const n = await free(db('outbox').where('id', c.id)).update({
        locked_by: this.holder,
        locked_until: now + this.options.leaseMs,
      });
      if (n === 1)
        claimed.push({
          id: Number(c.id),
          kind: c.kind,
          provider: c.provider,
          topic: c.topic,
          payload: JSON.parse(String(c.payload)),
          attempts: Number(c.attempts),
        });
    }
    return claimed;
  }

  async succeeded(row: OutboxRow, note?: string): Promise<void> {
    await this.deps
      .db('outbox')
      .where({ id: row.id, locked_by: this.holder })
      .update({
        state: 'done',
        attempts: row.attempts + 1,
        locked_by: null,
        locked_until: null,
        last_error: note ? note.slice(0, 1000) : null,
        updated_at: this.deps.clock.now(),
      });
  }

  /** Records a failure: retried later with backoff, or parked after the last attempt. */
  async failed(row: OutboxRow, err: unknown): Promise<'retry' | 'parked'> {
    const now = this.deps.clock.now();
    const attempts = row.attempts + 1;
    const parked = attempts >= this.options.maxAttempts;
    await this.deps
      .db('outbox')
      .where({ id: row.id, locked_by: this.holder })
      .update({
        state: parked ? 'parked' : 'pending',
        attempts,
        next_attempt_at: parked ? now : now + backoffMs(attempts, this.options),
        locked_by: null,
        locked_until: null,
        last_error: errorMessage(err).slice(0, 1000),
        updated_at: now,
      });
    return parked ? 'parked' : 'retry';
  }

  /** Puts a parked (or pending) row back in the queue for a fresh series of attempts. */
  async retry(id: number): Promise<boolean> {
    const now = this.deps.clock.now();
    const n = await this.deps.db('outbox').where({ id }).whereIn('state', ['parked', 'pending']).update({
      state: 'pending',
      attempts: 0,
      next_attempt_at: now,
      locked_by: null,
      locked_until: null,
      updated_at: now,
    });
    return n === 1;
  }

  /**
   * Claims due rows and runs `deliver` on each: one kind after another within a
   * kind, the kinds side by side, so a hanging calendar does not hold up mail.
   */
  async drain(
    deliver: (row: OutboxRow) => Promise<string | void>,
  ): Promise<{ done: number; retried: number; parked: number }> {
    const tally = { done: 0, retried: 0, parked: 0 };
    const byKind = new Map<string, OutboxRow[]>();
    for (const row of await this.claim()) byKind.set(row.kind, [...(byKind.get(row.kind) ?? []), row]);
    await Promise.all(
      [...byKind.values()].map(async (rows) => {
        for (const row of rows) {
          try {
            const note = await deliver(row);
            await this.succeeded(row, note || undefined);
            tally.done++;
          } catch (err) {
            const outcome = await this.failed(row, err);
            this.deps.logger.warn(
              {
                outbox: row.id,
                kind: row.kind,
                plugin: row.provider,
                topic: row.topic,
                attempt: row.attempts + 1,
                outcome,
                error: errorMessage(err),
              },
              'outbox delivery failed',
            );
            if (outcome === 'parked') tally.parked++;
            else tally.retried++;
          }
        }
      }),
    );
    return tally;
  }
}
