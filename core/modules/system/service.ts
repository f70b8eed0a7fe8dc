/**
 * Health of the running server (liveness, and readiness for load balancers: docs/monitoring.md), and the
 * console's error reports.
 */
import fs from 'node:fs';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock.ts';
import type { Dialect } from '../../db/connection.ts';
import { migrationsDir } from '../../db/migrations.ts';
import { latestLeases } from '../../scheduler/scheduler.ts';
import { ForbiddenError } from '../../errors.ts';
import { VERSION } from '../../version.ts';
import { scrub } from '../logs/index.ts';
import type { Cradle } from '../../cradle.ts';

/** A readiness check that has not answered within this long fails. */
export const READY_CHECK_TIMEOUT_MS = 3_000;
/** The scheduler of a process ticks every second: this long without a tick means it is stuck. */
export const TICK_STALE_MS = 30_000;
/** A job's run may hold its lease this long at least before it counts as hung (else three of its periods). */
export const RUN_LIMIT_MIN_MS = 15 * 60_000;

export const runLimitMs = (everySeconds: number) => Math.max(RUN_LIMIT_MIN_MS, 3 * everySeconds * 1000);

export interface DatabaseCheck {
  ok: boolean;
  latencyMs?: number;
  error?: string;
}
export interface MigrationsCheck {
  ok: boolean;
  /** Migrations of this version's migrations folder that the database has not run. */
  pending: string[];
  /** Migrations the database has run that this version does not know (a newer version migrated it). */
  unknown: string[];
  error?: string;
}
export interface SchedulerCheck {
  ok: boolean;
  /** This process runs the scheduled jobs (ATRIUM_SCHEDULER). */
  enabled: boolean;
  /** Seconds since its last tick (null where it does not run or has not ticked yet). */
  lastTickSecondsAgo: number | null;
  /** Runs of this process holding their lease past their limit: they fail the check. */
  hung: Array<{ job: string; dueAt: number; runningSeconds: number }>;
  /** Jobs whose latest lease, held by another process, is unfinished past its limit: reported, not failing. */
  stale: Array<{ job: string; dueAt: number; holder: string; startedAt: number }>;
  error?: string;
}
export interface Readiness {
  status: 'ok' | 'down';
  version: string;
  stopping: boolean;
  checks: { database: DatabaseCheck; migrations: MigrationsCheck; scheduler: SchedulerCheck };
}

function timeout<T>(work: () => Promise<T>, ms = READY_CHECK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
    Promise.resolve()
      .then(work)
      .then(resolve, reject)
      .finally(() => clearTimeout(timer));
  });
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 300);

export class SystemService {
  /** The migrations this version ships, read once: the code that runs is the code that was loaded. */
  private shipped?: string[];
  /** Set when the process starts stopping (core/server.ts). */
  private stopping = false;

  constructor(
    private readonly deps: {
      db: Knex;
      dialect: Dialect;
      clock: Clock;
      logger: Logger;
      paramsService: Cradle['paramsService'];
      schedulerWatch: Cradle['schedulerWatch'];
    },
  ) {}

  async health(): Promise<{
    status: 'ok' | 'down';
    version: string;
    database: { dialect: Dialect; reachable: boolean; latencyMs?: number };
  }> {
    const started = performance.now();
    try {
      await this.deps.db.raw('select 1');
      const latencyMs = Math.round((performance.now() - started) * 10) / 10;
      return { status: 'ok', version: VERSION, database: { dialect: this.deps.dialect, reachable: true, latencyMs } };
    } catch (err) {
      this.deps.logger.error({ err }, 'health check: database unreachable');
      return { status: 'down', version: VERSION, database: { dialect: this.deps.dialect, reachable: false } };
    }
  }

  /** The process answers: nothing else is looked at (liveness). */
  live(): { status: 'ok'; version: string; uptimeSeconds: number } {
    return { status: 'ok', version: VERSION, uptimeSeconds: Math.round(process.uptime()) };
  }

  /**
   * Whether this process should take traffic (readiness): the database answers, its migrations are exactly this
   * version's, and this process's scheduler, where it runs, ticks and has no run hung past its limit. What is
   * shared by every process (another process's stale lease) is reported but fails no one: it would take every
   * process out of the load balancer at once; alert on it from the metrics instead (docs/monitoring.md).
   */
  async ready(): Promise<Readiness> {
    const [database, migrations, scheduler] = await Promise.all([
      this.databaseCheck(),
      this.migrationsCheck(),
      this.schedulerCheck(),
    ]);
    const ok = database.ok && migrations.ok && scheduler.ok && !this.stopping;
    if (!ok && !this.stopping) this.deps.logger.warn({ database, migrations, scheduler }, 'readiness check failed');
    return {
      status: ok ? 'ok' : 'down',
      version: VERSION,
      stopping: this.stopping,
      checks: { database, migrations, scheduler },
    };
  }

  /** The process stops (SIGTERM): from now on it is not ready, so a load balancer that checks sends no more. */
  markStopping(): void {
    this.stopping = true;
  }

  private async databaseCheck(): Promise<DatabaseCheck> {
    const started = performance.now();
    try {
      await timeout(() => this.deps.db.raw('select 1'));
      return { ok: true, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
    } catch (err) {
      return { ok: false, error: message(err) };
    }
  }

  private async migrationsCheck(): Promise<MigrationsCheck> {
    try {
      // The folder as knex reads it (core/db/migrations.ts: .cjs files), against the table knex keeps.
      this.shipped ??= fs
        .readdirSync(migrationsDir)
        .filter((f) => f.endsWith('.cjs'))
        .sort();
      const done = new Set(
        ((await timeout(() => this.deps.db('knex_migrations').select('name'))) as Array<{ name: string }>).map(
          (r) => r.name,
        ),
      );
      const shipped = new Set(this.shipped);
      const pending = this.shipped.filter((m) => !done.has(m));
      const unknown = [...done].filter((m) => !shipped.has(m)).sort();
      return { ok: pending.length === 0 && unknown.length === 0, pending, unknown };
    } catch (err) {
      return { ok: false, pending: [], unknown: [], error: message(err) };
    }
  }

  private async schedulerCheck(): Promise<SchedulerCheck> {
    const scheduler = this.deps.schedulerWatch.scheduler;
    const wall = Date.now();
    const enabled = scheduler?.startedAt !== undefined;
    const lastTick = scheduler?.lastTickAt;
    const lastTickSecondsAgo = lastTick === undefined ? null : Math.round((wall - lastTick) / 100) / 10;
    // Ticks are every second; before the first one, the start counts as one.
    const ticking = !enabled || wall - (lastTick ?? scheduler!.startedAt!) <= TICK_STALE_MS;
    const period = new Map((scheduler?.list() ?? []).map((j) => [j.name, j.everySeconds]));
    const hung = (scheduler?.runsUnderWay() ?? [])
      .filter((r) => wall - r.since > runLimitMs(period.get(r.job) ?? 0))
      .map((r) => ({ job: r.job, dueAt: r.dueAt, runningSeconds: Math.round((wall - r.since) / 1000) }));
    const result: SchedulerCheck = { ok: ticking && hung.length === 0, enabled, lastTickSecondsAgo, hung, stale: [] };
    if (!scheduler || period.size === 0) return result;
    try {
      result.stale = await timeout(() => this.staleLeases(scheduler.holder, period));
    } catch (err) {
      // The database check reports the database; this part is only informative.
      result.error = message(err);
    }
    return result;
  }

  /** Per job, its latest lease when another holder has left it unfinished past its limit. */
  private async staleLeases(holder: string, period: ReadonlyMap<string, number>): Promise<SchedulerCheck['stale']> {
    const now = this.deps.clock.now();
    return (await latestLeases(this.deps.db, [...period.keys()]))
      .filter((l) => l.finishedAt === null && l.holder !== holder)
      .filter((l) => now - l.startedAt > runLimitMs(period.get(l.job) ?? 0))
      .map((l) => ({ job: l.job, dueAt: l.dueAt, holder: l.holder, startedAt: l.startedAt }));
  }

  /** Writes a console error report to the server log, only while that logging is switched on. */
  async clientLog(entry: Record<string, unknown>, meta: { ip: string; userId?: number }): Promise<void> {
    if (!(await this.deps.paramsService.get<boolean>('clientLogEnabled')))
      throw new ForbiddenError('common.clientLogOff');
    this.deps.logger.warn({ client: scrub(entry), ip: meta.ip, user: meta.userId }, 'client error report');
  }
}
