/** Booking synchronisation with a calendar service (Exchange/Microsoft 365, CalDAV, ...). */
import type { BookingSnapshot } from '../event-types.ts';
import type { ProviderBase } from './context.ts';

export interface CalendarSyncResult {
  /** The calendar's id of the event, kept by the host for later updates and cancellations (plugin kv). */
  externalId: string;
}

export interface CalendarProvider extends ProviderBase {
  /**
   * Creates or replaces the event of a booking in the resource's calendar.
   * Called by the outbox worker after booking.created, booking.updated and
   * booking.approved, once per change; `booking.sequence` grows with each change.
   * Throw to be retried with backoff.
   */
  upsertEvent(booking: BookingSnapshot, previous?: CalendarSyncResult): Promise<CalendarSyncResult>;
  /** Removes (or marks cancelled) the event after a cancellation, denial or expiry. Throw to be retried. */
  cancelEvent(booking: BookingSnapshot, previous?: CalendarSyncResult): Promise<void>;
  /**
   * Optional: busy times booked outside Atrium for a resource mailbox, between
   * two instants. Called when the grid is drawn (at most once a minute per resource).
   */
  busyTimes?(resourceRef: string, from: number, to: number): Promise<Array<{ startAt: number; endAt: number }>>;
}
