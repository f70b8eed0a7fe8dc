/**
 * The gauges computed when Prometheus scrapes (docs/monitoring.md): the outbox's backlog, the database pool, the
 * live streams, the scheduler and the jobs' last runs. Each query is bounded so a scrape stays cheap whatever the
 * tables hold, through the owners' functions: counts stop at OUTBOX_COUNT_CAP rows, the oldest due row and each
 * job's last run are read through an index (outbox (state, next_attempt_at); job_leases' primary key). A query
 * that fails or takes longer than COLLECT_TIMEOUT_MS leaves its gauge out of that scrape (NaN for a gauge without
 * labels) and counts in atrium_metrics_collect_errors_total.
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { Gauge } from 'prom-client';
import type { Clock } from '../../clock.ts';
import type { Outbox } from '../../plugin-host/index.ts';
import { PLUGIN_KINDS } from '../../plugin-sdk/kinds.ts';
import { latestLeases } from '../../scheduler/scheduler.ts';
import type { AtriumMetrics } from './registry.ts';
import type { SchedulerWatch } from './scheduler-watch.ts';

/** Outbox rows counted at most per gauge and scrape: a backlog this large reads as "at least". */
export const OUTBOX_COUNT_CAP = 10_000;
/** A scrape-time query slower than this is given up for that scrape. */
export const COLLECT_TIMEOUT_MS = 2_000;

export interface CollectorDeps {
  db: Knex;
  clock: Clock;
  logger: Logger;
  outbox: Outbox;
  liveStream: { readonly size: number };
  schedulerWatch: SchedulerWatch;
}

/** knex's pool (tarn), on SQLite as on MariaDB; absent once the pool is destroyed. */
interface Pool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  numPendingCreates(): number;
  max: number;
}

function timeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** Registers the scrape-time gauges on `metrics`' registry; `deps` is read at each scrape. */
export function registerCollectors(metrics: AtriumMetrics, deps: CollectorDeps): void {
  const registers = [metrics.registry];
  /** Runs a gauge's query; on failure the gauge is left out of this scrape and the failure counted. */
  const guarded = <T extends string>(collector: string, labelled: boolean, work: (gauge: Gauge<T>) => Promise<void>) =>
    async function collect(this: Gauge<T>): Promise<void> {
      try {
        await timeout(work(this), COLLECT_TIMEOUT_MS);
      } catch (err) {
        this.reset();
        // A gauge without labels cannot be left out: NaN, never a reassuring 0.
        if (!labelled) this.set(NaN);
        metrics.collectErrors.inc({ collector });
        deps.logger.warn({ err, collector }, 'metrics: a gauge could not be computed');
      }
    };
  /** Capped count of outbox rows in `state`, by kind; kinds without rows read 0. */
  const countByKind = async (gauge: Gauge<'kind'>, state: 'pending' | 'parked') => {
    const counts = new Map<string, number>(PLUGIN_KINDS.map((k) => [k, 0]));
    for (const [kind, n] of await deps.outbox.countByKind(state, OUTBOX_COUNT_CAP)) counts.set(kind, n);
    gauge.reset();
    for (const [kind, n] of counts) gauge.set({ kind }, n);
  };

  new Gauge({
    name: 'atrium_outbox_depth',
    help: `Outbox rows waiting to be delivered (pending, due or not), by provider kind; at most ${OUTBOX_COUNT_CAP} counted`,
    labelNames: ['kind'] as const,
    registers,
    collect: guarded('outbox_depth', true, (gauge) => countByKind(gauge, 'pending')),
  });
  new Gauge({
    name: 'atrium_outbox_parked',
    help: `Outbox rows given up after their last attempt (parked, waiting for an administrator), by provider kind; at most ${OUTBOX_COUNT_CAP} counted`,
    labelNames: ['kind'] as const,
    registers,
    collect: guarded('outbox_parked', true, (gauge) => countByKind(gauge, 'parked')),
  });
  new Gauge({
    name: 'atrium_outbox_oldest_due_age_seconds',
    help: 'How long the oldest outbox row that is due has been waiting (0 when none is due)',
    registers,
    collect: guarded('outbox_oldest_due', false, async (gauge) => {
      const now = deps.clock.now();
      const at = await deps.outbox.oldestDueAt(now);
      gauge.set(at === null ? 0 : Math.max(0, (now - at) / 1000));
    }),
  });

  const pool = () => (deps.db.client as { pool?: Pool }).pool;
  new Gauge({
    name: 'atrium_db_pool_connections',
    help: 'Database pool connections by state: used, free, pending_acquires (requests waiting for one), pending_creates',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const p = pool();
      this.reset();
      if (!p) return;
      this.set({ state: 'used' }, p.numUsed());
      this.set({ state: 'free' }, p.numFree());
      this.set({ state: 'pending_acquires' }, p.numPendingAcquires());
      this.set({ state: 'pending_creates' }, p.numPendingCreates());
    },
  });
  new Gauge({
    name: 'atrium_db_pool_max',
    help: 'Most connections the database pool opens (1 on SQLite)',
    registers,
    collect() {
      const p = pool();
      this.reset();
      if (p) this.set(p.max);
    },
  });

  new Gauge({
    name: 'atrium_live_stream_clients',
    help: 'Clients connected to the live booking stream of this process',
    registers,
    collect() {
      this.set(deps.liveStream.size);
    },
  });

  new Gauge({
    name: 'atrium_scheduler_running',
    help: 'Whether this process runs the scheduled jobs (1) or not (0, ATRIUM_SCHEDULER=false)',
    registers,
    collect() {
      this.set(deps.schedulerWatch.scheduler?.startedAt === undefined ? 0 : 1);
    },
  });
  new Gauge({
    name: 'atrium_scheduler_last_tick_timestamp_seconds',
    help: 'When the scheduler of this process last ticked (it ticks every second); 0 where it does not run',
    registers,
    collect() {
      const at = deps.schedulerWatch.scheduler?.lastTickAt;
      this.reset();
      if (at !== undefined) this.set(at / 1000);
    },
  });
  new Gauge({
    name: 'atrium_job_period_seconds',
    help: 'How often each scheduled job is due',
    labelNames: ['job'] as const,
    registers,
    collect() {
      this.reset();
      for (const job of deps.schedulerWatch.scheduler?.list() ?? []) this.set({ job: job.name }, job.everySeconds);
    },
  });
  new Gauge({
    name: 'atrium_job_last_run_timestamp_seconds',
    help: 'Due time of the latest run of each job claimed by any process (from the job leases; absent before the first)',
    labelNames: ['job'] as const,
    registers,
    collect: guarded('job_last_run', true, async (gauge) => {
      const jobs = (deps.schedulerWatch.scheduler?.list() ?? []).map((j) => j.name);
      const leases = await latestLeases(deps.db, jobs);
      gauge.reset();
      for (const lease of leases) gauge.set({ job: lease.job }, lease.dueAt / 1000);
    }),
  });
}
