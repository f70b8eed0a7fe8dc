/** Electronic ink labels at room doors and desks (settings: url, store, username, password). */
import type { ProviderBase } from './context.ts';

export interface LabelContent {
  /** The label's id at the vendor, as bound to the resource. */
  labelId: string;
  resourceName: string;
  /** Now and next bookings of the day, in the resource's zone. */
  bookings: Array<{ subject: string; organiser: string; startTime: string; endTime: string }>;
  /** Free text set by an administrator (e.g. "out of service"). */
  notice?: string;
}

export interface EinkProvider extends ProviderBase {
  /**
   * Draws a label. Called by the outbox worker after each booking change on the
   * label's resource and at the start of each day; may be called often, so
   * vendors that rate-limit should coalesce. Throw to be retried.
   */
  update(content: LabelContent): Promise<void>;
  /** Optional: the vendor's labels, for binding. Called when an administrator opens the screen. */
  listLabels?(): Promise<Array<{ id: string; name: string }>>;
}
