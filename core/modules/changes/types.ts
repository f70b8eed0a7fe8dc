/** A recorded change, and what the dispatcher hands changes to. */
import type { AnyEvent } from '../../event-types.ts';
import type { OutboxItem } from '../../plugin-host/index.ts';

/** One row of `domain_events`: the event as committed, its place in the commit order (`id`) and when it happened. */
export type Change = AnyEvent & { id: number; at: number };

/**
 * Something that must hear of every change, at least once, in order: notifications, calendar sync, and what
 * later features add. It answers the outbox work one change means; the dispatcher queues that work and the
 * target's progress in one transaction.
 */
export interface ChangeTarget {
  /** Names the target's progress row and its outbox rows' idempotency keys: never rename one. */
  name: string;
  /**
   * The work for one change ([] when it means nothing here). It only reads: it may run again for the same
   * change after a crash or a failure. Throwing has the change retried for this target alone.
   */
  plan(change: Change): Promise<OutboxItem[]>;
}
