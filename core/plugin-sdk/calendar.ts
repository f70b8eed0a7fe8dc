/** Booking synchronisation with a calendar service (Exchange/Microsoft 365, CalDAV, ...). */
import type { BookingSnapshot } from '../event-types.ts';
import type { ProviderBase } from './context.ts';

export interface CalendarSyncResult {
  /** The calendar's id of the event, kept by the host for later updates and cancellations (plugin kv). */
  externalId: string;
}

/** 1.4: a room of Atrium and the calendar that mirrors it at the provider. */
export interface CalendarRoom {
  resourceId: number;
  /** The room's calendar at the provider, as configured for the room (a CalDAV collection URL, a mailbox address). */
  ref: string;
}

/** 1.4: an event written into a room's calendar outside Atrium (a calendar client booking the room there). */
export interface ExternalEvent {
  resourceId: number;
  /** The event's iCalendar UID: the same event keeps it across changes. */
  uid: string;
  /** Grows with each change the organiser makes (SEQUENCE); absent when the provider has none. */
  sequence?: number;
  startAt: number;
  endAt: number;
  subject: string;
  organiser: { name?: string | null; email?: string | null };
  /** `cancelled`: the organiser cancelled it, or it was deleted from the calendar. */
  status: 'confirmed' | 'cancelled';
  /** A recurring event: its RRULE as written (the core books the occurrences it can, declines the others). */
  rrule?: string | null;
}

/** 1.4: what changed in the rooms' calendars since the last call. */
export interface CalendarChanges {
  events: ExternalEvent[];
  /** Pass back on the next call (sync tokens per room, RFC 6578; a delta link): only what changed since then. */
  state?: string;
}

export interface CalendarProvider extends ProviderBase {
  /**
   * Creates or replaces the event of a booking in the resource's calendar.
   * Called by the outbox worker after booking.created, booking.updated and
   * booking.approved, once per change; `booking.sequence` grows with each change.
   * Throw to be retried with backoff. `room` (1.5): the room's mirrored calendar, when the room is mirrored (the
   * calendar its outside meetings are read from); absent otherwise.
   */
  upsertEvent(
    booking: BookingSnapshot,
    previous?: CalendarSyncResult,
    room?: CalendarRoom,
  ): Promise<CalendarSyncResult>;
  /** Removes (or marks cancelled) the event after a cancellation, denial or expiry. Throw to be retried. */
  cancelEvent(booking: BookingSnapshot, previous?: CalendarSyncResult, room?: CalendarRoom): Promise<void>;
  /**
   * Optional: the times a room's calendar is busy between two instants (Atrium's own events included: the core takes
   * out what its bookings hold). Called for mirrored rooms whose provider is the source of truth, when a booking of
   * them is checked and when the grid is drawn (at most once a minute per room). `room` (1.7): the room's mirrored
   * calendar, whose `ref` is `resourceRef`.
   */
  busyTimes?(
    resourceRef: string,
    from: number,
    to: number,
    room?: CalendarRoom,
  ): Promise<Array<{ startAt: number; endAt: number }>>;
  /**
   * 1.4, optional: the events written into the rooms' calendars at the provider since `state` (all of them when
   * absent), without the events Atrium itself wrote there (their UIDs are the ones `upsertEvent` answered). Called
   * by the calendar job every polling interval; throw to be called again next time. Rooms no longer in `rooms` are
   * no longer mirrored: let go of what is kept for them (subscriptions); once the last one goes, `changes` is called
   * once with none.
   */
  changes?(rooms: CalendarRoom[], state?: string): Promise<CalendarChanges>;
  /**
   * 1.4, optional: tells the organiser of an external event that the room declined it (the provider's decline, or an
   * iCalendar REPLY with PARTSTAT=DECLINED sent by e-mail), with the reason in the organiser's terms. Called through
   * the outbox; throw to be retried.
   */
  decline?(event: ExternalEvent, room: CalendarRoom, reason: string): Promise<void>;
  /**
   * 1.6, optional: the rooms the calendar service knows (Microsoft 365's Places API), to choose a room's calendar
   * from when mirroring it: `ref` is what `CalendarRoom.ref` takes. Called from the console, on the request path.
   */
  listRooms?(): Promise<Array<{ ref: string; name: string; capacity?: number | null }>>;
  /**
   * 1.4, optional: true when `decline` itself tells the organiser (a server with scheduling, Microsoft 365); otherwise
   * the core also e-mails the organiser an iCalendar REPLY through the notify provider.
   */
  readonly tellsOrganisers?: boolean;
}
