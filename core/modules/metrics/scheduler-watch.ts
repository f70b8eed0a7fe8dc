/**
 * Watches this process's scheduler (core/scheduler/scheduler.ts, which is made by core/server.ts outside the
 * container): counts and times its job runs, and lets the readiness check (core/modules/system) and the scheduler
 * gauges read its jobs, ticks and runs under way.
 */
import type { Scheduler, SchedulerObserver } from '../../scheduler/scheduler.ts';
import type { AtriumMetrics } from './registry.ts';

export class SchedulerWatch implements SchedulerObserver {
  /** This process's scheduler, once made (none in the CLI). */
  scheduler?: Scheduler;

  constructor(private readonly deps: { metrics: AtriumMetrics }) {}

  attach(scheduler: Scheduler): void {
    this.scheduler = scheduler;
  }

  ran(job: string, outcome: 'ok' | 'failed', seconds: number): void {
    this.deps.metrics.jobRuns.inc({ job, result: outcome });
    this.deps.metrics.jobDuration.observe({ job }, seconds);
  }
}
