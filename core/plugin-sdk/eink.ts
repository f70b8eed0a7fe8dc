/** Electronic ink labels at room doors and desks (settings: url, store, username, password). */
import type { ProviderBase } from './context.ts';

/**
 * The label drawn by the server (SDK 1.2), at the label's size: PNG bytes, and the same pixels as raw RGBA (four
 * bytes a pixel, row by row) for vendors that want another format (JPEG, BMP, bit planes) without decoding PNG.
 */
export interface LabelImage {
  png: Uint8Array;
  rgba: Uint8Array;
  width: number;
  height: number;
}

export interface LabelContent {
  /** The label's id at the vendor, as bound to the resource. */
  labelId: string;
  resourceName: string;
  /** Now and next bookings of the day, in the resource's zone. */
  bookings: Array<{ subject: string; organiser: string; startTime: string; endTime: string }>;
  /** Free text set by an administrator (e.g. "out of service"). */
  notice?: string;
  /** SDK 1.2: the label as the server drew it (docs/product-rules.md R20.4); vendors that draw themselves ignore it. */
  image?: LabelImage;
  /** SDK 1.2: when the room is next free, HH:mm in its zone; null when not again today. */
  freeFrom?: string | null;
}

export interface EinkProvider extends ProviderBase {
  /**
   * Draws a label. Called by the outbox worker after each booking change on the
   * label's resource and at the start of each day; may be called often, so
   * vendors that rate-limit should coalesce (the core already sends at most one
   * call per label every 30 s). Throw to be retried.
   */
  update(content: LabelContent): Promise<void>;
  /**
   * Optional: the vendor's labels, for binding. Called when an administrator opens the screen, and (SDK 1.2) by
   * the core for the size to draw a label at: `width` and `height` in pixels, landscape, where the vendor knows it.
   */
  listLabels?(): Promise<Array<{ id: string; name: string; width?: number; height?: number }>>;
}
