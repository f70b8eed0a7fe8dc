/**
 * The SQL monitor: every statement knex runs is timed and counted by shape
 * (literals and placeholder lists removed), in memory, and the totals are
 * added to sql_stats every few seconds. The per-query cost is two map
 * lookups: shapes are cached by statement text, and nothing touches the
 * database on the query's path. Each process flushes its own totals with
 * additive updates, so several processes share one table correctly.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock.ts';
import { isUniqueViolation } from '../../db/errors.ts';

export const FLUSH_EVERY_MS = 5_000;
const MAX_SHAPE_CACHE = 2_000;
const MAX_CACHED_SQL = 2_000;
const MAX_SHAPED_SQL = 8_000;
const MAX_IN_FLIGHT = 10_000;

interface Totals {
  shape: string;
  count: number;
  totalMs: number;
  maxMs: number;
  slowCount: number;
  lastAt: number;
}

interface QueryData {
  __knexQueryUid?: string;
  sql?: string;
}

/** A statement's shape: string and number literals become ?, lists of ? collapse, spaces normalised. */
export function shapeOf(sql: string): string {
  return sql
    .replace(/'(?:[^'\\]|\\.|'')*'/g, '?')
    .replace(/"(?:[^"\\]|\\.)*"/g, (m) => (/^"[A-Za-z_][\w$]*"$/.test(m) ? m : '?'))
    .replace(/(?<![\w$`"])-?\d+(?:\.\d+)?(?:e[+-]?\d+)?(?![\w$`"])/gi, '?')
    .replace(/\s+/g, ' ')
    .replace(/\(\s*\?(?:\s*,\s*\?)+\s*\)/g, '(?, ...)')
    .replace(/(\((?:\?|\?, \.\.\.)\))(?:\s*,\s*\((?:\?|\?, \.\.\.)\))+/g, '$1, ...')
    .trim()
    .slice(0, 4_000);
}

export class SqlMonitor {
  private readonly inFlight = new Map<string, number>();
  private readonly shapes = new Map<string, { hash: string; shape: string } | null>();
  private pending = new Map<string, Totals>();
  private attached = false;
  private stopped = false;
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  /** Slow threshold in ms; refreshed from the sqlSlowMs parameter at each flush. */
  slowMs = 200;

  constructor(private readonly deps: { db: Knex; clock: Clock; logger: Logger }) {}

  /** Starts listening to the database's query events (once) and flushing on a timer. */
  attach(readSlowMs?: () => Promise<number>): void {
    if (this.attached) return;
    this.attached = true;
    this.readSlowMs = readSlowMs;
    const { db } = this.deps;
    db.on('query', (q: QueryData) => {
      if (!q.__knexQueryUid) return;
      if (this.inFlight.size > MAX_IN_FLIGHT) this.inFlight.clear();
      this.inFlight.set(q.__knexQueryUid, performance.now());
    });
    const done = (q: QueryData) => {
      const uid = q?.__knexQueryUid;
      const started = uid ? this.inFlight.get(uid) : undefined;
      if (started === undefined || !q.sql) return;
      this.inFlight.delete(uid!);
      this.record(q.sql, performance.now() - started);
    };
    db.on('query-response', (_res: unknown, q: QueryData) => done(q));
    db.on('query-error', (_err: unknown, q: QueryData) => done(q));
    // A slow database never queues up timer flushes: the next tick waits for the last one.
    let busy = false;
    this.timer = setInterval(() => {
      if (busy) return;
      busy = true;
      void this.flush().finally(() => (busy = false));
    }, FLUSH_EVERY_MS);
    this.timer.unref();
  }

  private readSlowMs?: () => Promise<number>;

  /**
   * At shutdown: no more database calls. The container closes the pool at the same
   * time, and a call that asked for a connection after the pool began closing would
   * wait out the acquire timeout (a minute) instead of failing.
   */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
  }

  /** Counts one statement run. */
  record(sql: string, ms: number): void {
    let entry = this.shapes.get(sql);
    if (entry === undefined) {
      // Bulk statements run to megabytes; their first part names the statement well enough.
      const shape = sql.length > MAX_SHAPED_SQL ? `${shapeOf(sql.slice(0, MAX_SHAPED_SQL))} …` : shapeOf(sql);
      // The monitor's own writes would otherwise count themselves forever.
      entry = /\bsql_stats\b/.test(shape) ? null : { shape, hash: createHash('sha256').update(shape).digest('hex') };
      // Long statements (bulk inserts) are shaped each time rather than kept as cache keys.
      if (sql.length <= MAX_CACHED_SQL) {
        if (this.shapes.size >= MAX_SHAPE_CACHE) this.shapes.clear();
        this.shapes.set(sql, entry);
      }
    }
    if (!entry) return;
    const t = this.pending.get(entry.hash) ?? {
      shape: entry.shape,
      count: 0,
      totalMs: 0,
      maxMs: 0,
      slowCount: 0,
      lastAt: 0,
    };
    t.count += 1;
    t.totalMs += ms;
    t.maxMs = Math.max(t.maxMs, ms);
    if (ms >= this.slowMs) t.slowCount += 1;
    t.lastAt = this.deps.clock.now();
    this.pending.set(entry.hash, t);
  }

  /**
   * Adds the totals gathered so far to sql_stats. Flushes run one after another: a
   * caller arriving during a flush waits for it and then gets its own, so everything
   * recorded before the call is in the table when the promise resolves.
   */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    try {
      for (const [hash, t] of batch) {
        if (this.stopped) return;
        await this.add(hash, t);
      }
      if (this.readSlowMs && !this.stopped) this.slowMs = await this.readSlowMs();
    } catch (err) {
      // A closing database or a lost connection costs a few seconds of statistics, never a request.
      this.deps.logger.debug({ err }, 'sql monitor flush failed');
    }
  }

  private async add(hash: string, t: Totals): Promise<void> {
    const { db } = this.deps;
    const update = () =>
      db('sql_stats')
        .where({ shape_hash: hash })
        .update({
          count: db.raw('?? + ?', ['count', t.count]),
          total_ms: db.raw('?? + ?', ['total_ms', t.totalMs]),
          max_ms: db.raw('case when ?? < ? then ? else ?? end', ['max_ms', t.maxMs, t.maxMs, 'max_ms']),
          slow_count: db.raw('?? + ?', ['slow_count', t.slowCount]),
          last_at: t.lastAt,
        });
    if ((await update()) > 0 || this.stopped) return;
    try {
      await db('sql_stats').insert({
        shape_hash: hash,
        shape: t.shape,
        count: t.count,
        total_ms: t.totalMs,
        max_ms: t.maxMs,
        slow_count: t.slowCount,
        last_at: t.lastAt,
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (!this.stopped) await update();
    }
  }
}
