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

export interface SchedulerDeps {
  db: Knex;
  clock: Clock;
  logger: Logger;
}

export class Scheduler {
  readonly holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly jobs = new Map<string, JobDef>();
  private task?: ScheduledTask;
  private running = new Set<Promise<unknown>>();

  constructor(private readonly deps: SchedulerDeps) {}

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
    this.task = cron.schedule('* * * * * *', () => {
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
    try {
      await job.run({ now, clock: this.deps.clock });
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
    }
    return true;
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
