/**
 * The outbox: work for providers written to the database first, then delivered
 * by the outbox worker. A claimed row carries locked_by (a token naming the claim)
 * and locked_until (a short lease the worker renews while it delivers), so two
 * workers never deliver it at once and a dead worker's rows are free again within
 * `leaseMs`. A failure is retried with exponential backoff, and parked after
 * `maxAttempts` with its last error, where an administrator sees it and may retry
 * it. Nothing is ever deleted here.
 */
import { hostname } from 'node:os';
import { createHash, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { PluginKind } from '../plugin-sdk/index.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { errorMessage } from './isolate.ts';
import { OutboxModel } from './model.ts';

/**
 * The kinds of work the core delivers itself (`Outbox.deliverWith`), beside the plugin kinds whose providers
 * deliver theirs: the webhook subscriptions (core/modules/webhooks) and the waitlist's lines (core/modules/waitlist).
 */
export const CORE_OUTBOX_KINDS = ['webhook', 'waitlist'] as const;
export type CoreOutboxKind = (typeof CORE_OUTBOX_KINDS)[number];
/** What an outbox row is for: a plugin kind, delivered by its provider, or one of the core's own. */
export type OutboxKind = PluginKind | CoreOutboxKind;

export interface OutboxItem {
  kind: OutboxKind;
  provider: string | null;
  topic: string;
  payload: unknown;
  /** When it may be delivered (epoch ms); now when absent. */
  dueAt?: number;
  /**
   * The idempotency key to queue it under instead of the caller's own (the change dispatcher's names the change):
   * coalesced work (`Outbox.coalesced`) names its subject and turn, so work of several changes joins one row.
   */
  key?: string;
}

export interface OutboxRow extends OutboxItem {
  id: number;
  attempts: number;
  /** The claim this row is held under: every write about it counts only while the claim still holds it. */
  claim: string;
}

export interface OutboxOptions {
  maxAttempts: number;
  /** First retry delay; each next one doubles, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** How long a claim lasts unless its worker renews it: how soon a dead worker's rows are taken over. */
  leaseMs: number;
  /** Rows claimed at once. */
  batch: number;
}

export const OUTBOX_DEFAULTS: OutboxOptions = {
  maxAttempts: 6,
  baseDelayMs: 30_000,
  maxDelayMs: 3_600_000,
  leaseMs: 10_000,
  batch: 50,
};

/** Delay before attempt `attempts + 1`, after `attempts` failures: 30 s, 1 min, 2 min, 4 min, ... */
export function backoffMs(
  attempts: number,
  o: Pick<OutboxOptions, 'baseDelayMs' | 'maxDelayMs'> = OUTBOX_DEFAULTS,
): number {
  return Math.min(o.maxDelayMs, o.baseDelayMs * 2 ** Math.max(0, attempts - 1));
}

/** How a delivery ended: delivered, failed and tried again later, or failed for the last time (parked). */
export type OutboxOutcome = 'done' | 'retry' | 'parked';
/** Hears of deliveries as their outcome is written (the metrics module counts them, core/modules/metrics). */
export type OutboxOutcomeListener = (kind: string, outcome: OutboxOutcome, count: number) => void;

/**
 * Delivers rows of a kind that is no provider's (the core's webhook subscriptions, core/modules/webhooks): answers a
 * note like `deliver()`, throws to have the row retried with backoff.
 */
export type OutboxDeliverer = (row: OutboxRow) => Promise<string | void>;

/** A claim that lost every race this many times in a row gives up until the worker looks again. */
const CLAIM_TRIES = 5;

export class Outbox {
  /** Names this process in claims (locked_by holds 100 characters: the host name is cut short). */
  readonly holder = `${hostname().slice(0, 50)}:${process.pid}:${randomUUID().slice(0, 8)}`;
  readonly options: OutboxOptions;
  private claims = 0;
  private readonly wakeListeners = new Set<() => void>();
  private readonly outcomeListeners = new Set<OutboxOutcomeListener>();
  private readonly deliverers = new Map<string, OutboxDeliverer>();

  constructor(
    private readonly deps: { db: Knex; clock: Clock; logger: Logger },
    options: Partial<OutboxOptions> = {},
  ) {
    this.options = { ...OUTBOX_DEFAULTS, ...options };
  }

  /**
   * Queues work; pass the caller's transaction so the work exists exactly when the change does. With an
   * `idempotencyKey` (the change dispatcher's: change id, target, position) work queued under that key before
   * is not queued again: the answer is the existing row's id.
   */
  async enqueue(trx: Knex | Knex.Transaction, item: OutboxItem, idempotencyKey?: string): Promise<number> {
    const now = this.deps.clock.now();
    try {
      const [id] = await trx('outbox').insert({
        kind: item.kind,
        provider: item.provider,
        topic: item.topic,
        payload: JSON.stringify(item.payload),
        state: 'pending',
        attempts: 0,
        next_attempt_at: item.dueAt ?? now,
        idempotency_key: idempotencyKey ?? null,
        created_at: now,
        updated_at: now,
      });
      return Number(id);
    } catch (err) {
      // Only this statement failed (SQLite and MariaDB both keep the transaction going).
      if (!idempotencyKey || !isUniqueViolation(err)) throw err;
      const row = (await trx('outbox').where({ idempotency_key: idempotencyKey }).first('id')) as {
        id: number | string;
      };
      return Number(row.id);
    }
  }

  /**
   * Where to queue coalesced work about one subject (an e-ink label, docs/product-rules.md R20.4): the subject has
   * at most one row waiting, and a new one is due no sooner than `spacingMs` after the last went out. The answer is
   * the key and due time to enqueue under now:
   * - a row of the subject that waits unclaimed: its own key (queuing under it adds nothing). Its call is to be
   *   built from the state of things when it is delivered, and what the caller asks about is committed already,
   *   so that row carries it too;
   * - else the subject's next key, due `spacingMs` after the last row was delivered or given up (or now, when it
   *   is under way: it may have read the state before the caller's change), or now when there was none.
   * The subject's rows are numbered in their keys (a hash of the subject, so any id fits and keys of different
   * subjects never share a prefix, whatever the collation), and the newest is found through the unique index.
   * Two callers asking at once get the same key: the unique index keeps one row. Crash-safe as it keeps nothing
   * but the rows, and any number of processes may ask.
   */
  async coalesced(
    subject: string,
    spacingMs: number,
    db: Knex | Knex.Transaction = this.deps.db,
  ): Promise<{ key: string; dueAt: number; queuedAt: number | null }> {
    const now = this.deps.clock.now();
    const prefix = `coalesce:${createHash('sha1').update(subject).digest('hex')}:`;
    const keyOf = (turn: number) => `${prefix}${String(turn).padStart(10, '0')}`;
    const last = (await db('outbox')
      .where('idempotency_key', '>=', keyOf(0))
      .where('idempotency_key', '<=', keyOf(9_999_999_999))
      .orderBy('idempotency_key', 'desc')
      .first('idempotency_key', 'state', 'locked_until', 'updated_at', 'created_at')) as
      | {
          idempotency_key: string;
          state: string;
          locked_until: number | string | null;
          updated_at: number | string;
          created_at: number | string;
        }
      | undefined;
    if (!last) return { key: keyOf(1), dueAt: now, queuedAt: null };
    const queuedAt = Number(last.created_at);
    const claimed = last.locked_until !== null && Number(last.locked_until) >= now;
    if (last.state === 'pending' && !claimed) return { key: last.idempotency_key, dueAt: now, queuedAt };
    const turn = Number(last.idempotency_key.slice(prefix.length)) + 1;
    const wentOut = last.state === 'pending' ? now : Number(last.updated_at);
    return { key: keyOf(turn), dueAt: Math.max(now, wentOut + spacingMs), queuedAt };
  }

  /** Rows that may be claimed now: pending, due, and held by nobody (or by a claim whose lease ran out). */
  private free(q: Knex.QueryBuilder, now: number): Knex.QueryBuilder {
    return q
      .where('state', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((w) => w.whereNull('locked_until').orWhere('locked_until', '<', now));
  }

  /** The kinds that have rows to claim now: a worker claims for each kind on its own. */
  async dueKinds(): Promise<OutboxKind[]> {
    const rows = (await this.free(this.deps.db('outbox'), this.deps.clock.now()).distinct('kind')) as Array<{
      kind: OutboxKind;
    }>;
    return rows.map((r) => r.kind);
  }

  /**
   * Claims up to `limit` due rows of `kind` in three statements, whatever their number: the candidates, one
   * UPDATE that takes those still free under a new claim token, and the rows read back by that token. The
   * UPDATE repeats the conditions, so of two workers racing (in any process, on SQLite or MariaDB) only one
   * takes a row; the one that lost everything looks again.
   */
  async claim(kind: OutboxKind, limit = this.options.batch): Promise<OutboxRow[]> {
    const { db, clock } = this.deps;
    for (let tries = 0; tries < CLAIM_TRIES; tries++) {
      const now = clock.now();
      const ids = (
        (await this.free(db('outbox'), now)
          .where('kind', kind)
          .orderBy([{ column: 'next_attempt_at' }, { column: 'id' }])
          .limit(limit)
          .pluck('id')) as Array<number | string>
      ).map(Number);
      if (ids.length === 0) return [];
      const claim = `${this.holder}:${(++this.claims).toString(36)}`;
      const taken = await this.free(db('outbox').whereIn('id', ids), now).update({
        locked_by: claim,
        locked_until: now + this.options.leaseMs,
      });
      if (taken === 0) continue;
      const rows = await OutboxModel.query(db)
        .whereIn('id', ids)
        .where('locked_by', claim)
        .orderBy([{ column: 'next_attempt_at' }, { column: 'id' }])
        .select('id', 'kind', 'provider', 'topic', 'payload', 'attempts');
      return rows.map((r) => ({
        id: r.id,
        kind: r.kind as OutboxKind,
        provider: r.provider,
        topic: r.topic,
        payload: JSON.parse(r.payload) as unknown,
        attempts: r.attempts,
        claim,
      }));
    }
    return [];
  }

  /** Extends the lease of `rows` that their claims still hold: the worker's heartbeat while it delivers. */
  async renew(rows: readonly OutboxRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.held(rows).update({ locked_until: this.deps.clock.now() + this.options.leaseMs });
  }

  /** Gives back rows claimed but not delivered (the worker stops): free for any worker at once. */
  async release(rows: readonly OutboxRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.held(rows).update({ locked_by: null, locked_until: null });
  }

  /** `rows` still pending under the claims they were taken with, found by primary key (no scan of the history). */
  private held(rows: readonly OutboxRow[]): Knex.QueryBuilder {
    return this.deps
      .db('outbox')
      .whereIn(
        'id',
        rows.map((r) => r.id),
      )
      .whereIn('locked_by', [...new Set(rows.map((r) => r.claim))])
      .where('state', 'pending');
  }

  /** Marks delivered rows done, in one statement per claim and note (a note is rare: recipients skipped). */
  async succeeded(delivered: ReadonlyArray<{ row: OutboxRow; note?: string }>): Promise<void> {
    const groups = new Map<string, { claim: string; note: string | null; ids: number[] }>();
    for (const { row, note } of delivered) {
      const text = note ? note.slice(0, 1000) : null;
      const key = JSON.stringify([row.claim, text]);
      const group = groups.get(key) ?? { claim: row.claim, note: text, ids: [] };
      group.ids.push(row.id);
      groups.set(key, group);
    }
    const { db, clock } = this.deps;
    for (const g of groups.values()) {
      await db('outbox')
        .whereIn('id', g.ids)
        .where('locked_by', g.claim)
        .update({
          state: 'done',
          attempts: db.raw('attempts + 1'),
          locked_by: null,
          locked_until: null,
          last_error: g.note,
          updated_at: clock.now(),
        });
    }
    const kinds = new Map<string, number>();
    for (const { row } of delivered) kinds.set(row.kind, (kinds.get(row.kind) ?? 0) + 1);
    for (const [kind, count] of kinds) this.tell(kind, 'done', count);
  }

  /** Records a failure: retried later with backoff, or parked after the last attempt. */
  async failed(row: OutboxRow, err: unknown): Promise<'retry' | 'parked'> {
    const now = this.deps.clock.now();
    const attempts = row.attempts + 1;
    const parked = attempts >= this.options.maxAttempts;
    await this.deps
      .db('outbox')
      .where({ id: row.id, locked_by: row.claim })
      .update({
        state: parked ? 'parked' : 'pending',
        attempts,
        next_attempt_at: parked ? now : now + backoffMs(attempts, this.options),
        locked_by: null,
        locked_until: null,
        last_error: errorMessage(err).slice(0, 1000),
        updated_at: now,
      });
    this.tell(row.kind, parked ? 'parked' : 'retry', 1);
    return parked ? 'parked' : 'retry';
  }

  /**
   * Rows in `state` by kind, counting at most `cap` rows in all (a backlog that large reads as "at least"), so the
   * count stays cheap however long the queue: the metrics' gauges (core/modules/metrics).
   */
  async countByKind(state: 'pending' | 'parked', cap: number): Promise<Map<string, number>> {
    const { db } = this.deps;
    const rows = (await db
      .from(db('outbox').where('state', state).select('kind').limit(cap).as('capped'))
      .select('kind')
      .count({ n: '*' })
      .groupBy('kind')) as Array<{ kind: string; n: number | string }>;
    return new Map(rows.map((r) => [r.kind, Number(r.n)]));
  }

  /** When the oldest pending row that is due now became due (through the state index), or null when none is. */
  async oldestDueAt(now = this.deps.clock.now()): Promise<number | null> {
    const row = (await this.deps
      .db('outbox')
      .where('state', 'pending')
      .where('next_attempt_at', '<=', now)
      .min({ at: 'next_attempt_at' })
      .first()) as { at: number | string | null } | undefined;
    return row?.at === null || row?.at === undefined ? null : Number(row.at);
  }

  /** The rows of these kinds (and state), newest first, as a query the caller pages (the integrations screen). */
  list(kinds: readonly string[], state?: string) {
    const q = OutboxModel.query(this.deps.db)
      .whereIn('kind', [...kinds])
      .orderBy('id', 'desc')
      .select(
        'id',
        'kind',
        'provider',
        'topic',
        'state',
        'attempts',
        'next_attempt_at',
        'last_error',
        'payload',
        'created_at',
        'updated_at',
      );
    return state ? q.where('state', state) : q;
  }

  /** A row's kind and state, or undefined. */
  async find(id: number): Promise<{ kind: string; state: string } | undefined> {
    const row = await OutboxModel.query(this.deps.db).findById(id).select('kind', 'state');
    return row && { kind: row.kind, state: row.state };
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
   * Tells this process's worker that rows were just committed, so it claims now instead of at its next look
   * (about a second later; workers of other processes find them then).
   */
  wake(): void {
    for (const listener of this.wakeListeners) listener();
  }

  /** Calls `listener` on every `wake()`; answers the function that stops it. */
  onWake(listener: () => void): () => void {
    this.wakeListeners.add(listener);
    return () => void this.wakeListeners.delete(listener);
  }

  /** Has the worker deliver rows of `kind` with `deliverer` instead of through a provider. */
  deliverWith(kind: OutboxKind, deliverer: OutboxDeliverer): void {
    this.deliverers.set(kind, deliverer);
  }

  /** The deliverer of a kind that is no provider's, if one was set. */
  delivererOf(kind: string): OutboxDeliverer | undefined {
    return this.deliverers.get(kind);
  }

  /** Calls `listener` with each delivery outcome this process writes; answers the function that stops it. */
  onOutcome(listener: OutboxOutcomeListener): () => void {
    this.outcomeListeners.add(listener);
    return () => void this.outcomeListeners.delete(listener);
  }

  private tell(kind: string, outcome: OutboxOutcome, count: number): void {
    for (const listener of this.outcomeListeners) {
      try {
        listener(kind, outcome, count);
      } catch (err) {
        this.deps.logger.error({ err }, 'outbox outcome listener failed');
      }
    }
  }
}
