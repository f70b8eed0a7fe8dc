import type { Clock } from '../clock.ts';

/** A scheduled job: what to run and how often. The scheduler makes sure one process runs each due time. */
export interface JobDef {
  name: string;
  /** Seconds between runs; the due time is now rounded down to a multiple of this. */
  everySeconds: number;
  run(ctx: { now: number; clock: Clock }): Promise<void>;
}
