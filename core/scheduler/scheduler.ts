/**
 * Runs the modules' jobs. Each due run is claimed by inserting (job, due time)
 * into job_leases: the primary key lets exactly one process win, however many
 * processes share the database, and a crashed run is never retried twice.
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import cron, { type ScheduledTask } from 'node-cron';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { JobDef } from './job.ts';

/**
 * Deletes the leases of runs that finished and were due before `before` (the log retention's sweep). Due times
 * only move forward, so dropping old claims never lets a run happen twice. Answers how many went.
 */
export async function dropFinishedRuns(db: Knex, before: number): Promise<number> {
  return db('job_leases').whereNotNull('finished_at').where('due_at', '<', before).del();
}

/**
 * Whoever watches a scheduler: told of the scheduler when it is made and of every run's end (the metrics module
 * counts runs and reads the ticks for the readiness check, core/modules/metrics, docs/monitoring.md).
 */
export interface SchedulerObserver {
  attach(scheduler: Scheduler): void;
  ran(job: string, outcome: 'ok' | 'failed', seconds: number): void;
}

/** The newest lease of a job: its latest claimed due time, who claimed it, and how that run went. */
export interface LatestLease {
  job: string;
  dueAt: number;
  holder: string;
  startedAt: number;
  finishedAt: number | null;
  error: string | null;
}

/**
 * The newest lease of each of `jobs` (those never claimed are absent), in two statements whatever the table
 * holds: the newest due time of each job through the primary key, then those rows by primary key. Read by the
 * metrics and the readiness check (core/modules/metrics, core/modules/system).
 */
export async function latestLeases(db: Knex, jobs: readonly string[]): Promise<LatestLease[]> {
  if (jobs.length === 0) return [];
  const [first, ...rest] = jobs.map((job) =>
    db('job_leases')
      .where('job', job)
      .select(db.raw('? as job', [job]))
      .max({ due_at: 'due_at' }),
  );
  const newest = (
    (await (rest.length ? first!.unionAll(rest) : first!)) as Array<{
      job: string;
      due_at: number | string | null;
    }>
  ).filter((r) => r.due_at !== null);
  if (newest.length === 0) return [];
  const rows = (await db('job_leases')
    .whereIn(
      ['job', 'due_at'],
      newest.map((r) => [r.job, Number(r.due_at)]),
    )
    .select('job', 'due_at', 'holder', 'started_at', 'finished_at', 'error')) as Array<{
    job: string;
    due_at: number | string;
    holder: string;
    started_at: number | string;
    finished_at: number | string | null;
    error: string | null;
  }>;
  return rows.map((r) => ({
    job: r.job,
    dueAt: Number(r.due_at),
    holder: r.holder,
    startedAt: Number(r.started_at),
    finishedAt: r.finished_at === null ? null : Number(r.finished_at),
    error: r.error,
  }));
}

export interface SchedulerDeps {
  db: Knex;
  clock: Clock;
  logger: Logger;
  schedulerWatch?: SchedulerObserver;
}

/** A run of this process under way: its job, due time and when it started (wall clock, ms). */
export interface RunUnderWay {
  job: string;
  dueAt: number;
  since: number;
}

export class Scheduler {
  readonly holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly jobs = new Map<string, JobDef>();
  private task?: ScheduledTask;
  private running = new Set<Promise<unknown>>();
  private readonly underWay = new Map<string, RunUnderWay>();
  /** Wall-clock time (ms) this scheduler started ticking, and of its last tick; unset where it does not run. */
  startedAt?: number;
  lastTickAt?: number;

  constructor(private readonly deps: SchedulerDeps) {
    deps.schedulerWatch?.attach(this);
  }

  add(job: JobDef): void {
    if (this.jobs.has(job.name)) throw new Error(`Job ${job.name} is registered twice`);
    this.jobs.set(job.name, job);
  }

  list(): JobDef[] {
    return [...this.jobs.values()];
  }

  /** Ticks every second of the wall clock; each tick runs the jobs whose due time changed. Starts the jobs' workers. */
  start(): void {
    for (const job of this.jobs.values()) job.worker?.start();
    this.startedAt = Date.now();
    this.task = cron.schedule('* * * * * *', () => {
      this.lastTickAt = Date.now();
      for (const job of this.jobs.values()) {
        const run = this.runIfDue(job.name).catch((err: unknown) =>
          this.deps.logger.error({ err, job: job.name }, 'job failed'),
        );
        this.running.add(run);
        void run.finally(() => this.running.delete(run));
      }
    });
  }

  /** Stops ticking, then waits for the runs under way and the jobs' workers to end. */
  async stop(): Promise<void> {
    await this.task?.stop();
    await Promise.all([...this.running, ...[...this.jobs.values()].map((job) => job.worker?.stop())]);
  }

  /**
   * Claims and runs `name` for its current due time. Returns false when another run
   * (in this or another process) already claimed that due time.
   */
  async runIfDue(name: string): Promise<boolean> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`Unknown job ${name}`);
    const now = this.deps.clock.now();
    const period = job.everySeconds * 1000;
    const dueAt = Math.floor(now / period) * period;
    const claimed = await this.claim(name, dueAt, now);
    if (!claimed) return false;
    const key = `${name} ${dueAt}`;
    this.underWay.set(key, { job: name, dueAt, since: Date.now() });
    const started = performance.now();
    let outcome: 'ok' | 'failed' = 'failed';
    try {
      await job.run({ now, clock: this.deps.clock });
      outcome = 'ok';
      await this.deps
        .db('job_leases')
        .where({ job: name, due_at: dueAt })
        .update({ finished_at: this.deps.clock.now() });
    } catch (err) {
      await this.deps
        .db('job_leases')
        .where({ job: name, due_at: dueAt })
        .update({ finished_at: this.deps.clock.now(), error: String((err as Error).message).slice(0, 500) });
      throw err;
    } finally {
      this.underWay.delete(key);
      this.deps.schedulerWatch?.ran(name, outcome, (performance.now() - started) / 1000);
    }
    return true;
  }

  /** The runs this process has claimed and not finished yet. */
  runsUnderWay(): RunUnderWay[] {
    return [...this.underWay.values()];
  }

  private async claim(job: string, dueAt: number, now: number): Promise<boolean> {
    try {
      await this.deps.db('job_leases').insert({ job, due_at: dueAt, holder: this.holder, started_at: now });
      return true;
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }
}
