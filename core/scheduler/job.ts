import type { Clock } from '../clock.ts';

/** Work that runs continuously rather than at due times (the outbox worker). */
export interface BackgroundWorker {
  start(): void;
  /** Resolves once the work under way has ended; nothing new starts after it is called. */
  stop(): Promise<void>;
}

/** A scheduled job: what to run and how often. The scheduler makes sure one process runs each due time. */
export interface JobDef {
  name: string;
  /** Seconds between runs; the due time is now rounded down to a multiple of this. */
  everySeconds: number;
  run(ctx: { now: number; clock: Clock }): Promise<void>;
  /**
   * Runs beside the job in every process whose scheduler runs, started and stopped with it (before the
   * container closes the providers it calls); the job's own runs remain a periodic sweep.
   */
  worker?: BackgroundWorker;
}
