/**
 * The events and their payloads: the contract between the booking engine, the
 * change record (core/modules/changes), notifications, the plugin host and the
 * in-process bus (core/events.ts).
 */

import type { BookingState, CheckStatus } from './modules/bookings/lifecycle.ts';

/** When a booking is: its date and times in the resource's zone, and the instants they mean. */
export interface BookingTimes {
  meetingDate: string;
  startTime: string;
  endTime: string;
  wholeDay: boolean;
  startAt: number;
  endAt: number;
}

/** What subscribers learn about a booking; enough to notify people or sync a calendar. */
export interface BookingSnapshot extends BookingTimes {
  id: number;
  resourceId: number;
  resourceName: string;
  resourceType: number;
  locationName: string | null;
  floorName: string | null;
  organiserId: number;
  subject: string;
  timeZone: string;
  state: BookingState;
  checkStatus: CheckStatus;
  checkInCode: string;
  seriesId: number | null;
  reminderMinutes: number;
  remarks: string | null;
  /** iCalendar SEQUENCE: grows with every change, so calendar clients replace the old copy. */
  sequence: number;
  innerAttendeeIds: number[];
  outerAttendees: Array<{ name: string; email: string }>;
}

export interface BookingEvent {
  booking: BookingSnapshot;
  /** Who made the change (0 for the system: scheduler, door tablet). */
  actorId: number;
  reason?: string | null;
}

/** A door tablet or wall screen that stopped calling (the offline alert): a change of its own, for webhooks. */
export interface TabletEvent {
  tabletId: number;
  name: string;
  resourceId: number | null;
  lastSeenAt: number;
}

export interface UserEvent {
  userId: number;
  violationCount?: number;
  releaseAt?: number;
  bookingId?: number;
}

export interface EventMap {
  'booking.created': BookingEvent;
  'booking.updated': BookingEvent;
  'booking.cancelled': BookingEvent;
  'booking.approvalRequested': BookingEvent;
  'booking.approved': BookingEvent;
  'booking.denied': BookingEvent;
  'booking.revoked': BookingEvent;
  'booking.expired': BookingEvent;
  'booking.checkedIn': BookingEvent;
  'booking.checkedOut': BookingEvent;
  'booking.autoCancelled': BookingEvent;
  'booking.reminder': BookingEvent;
  'user.violation': UserEvent;
  'user.blocklisted': UserEvent;
  'user.released': UserEvent;
  'user.passwordExpiring': UserEvent & { daysLeft: number };
  /** The account was disabled (by an administrator, SCIM or the directory sync): its sessions have ended. */
  'user.disabled': UserEvent;
  /** The account was deleted. */
  'user.deleted': UserEvent;
  /** An account was made (by an administrator, an import, SCIM, the directory, a sign-on, a registration). */
  'user.created': UserEvent;
  'tablet.offline': TabletEvent;
}

export type EventName = keyof EventMap;

/** Every event name, as a record so that an event added to the map without being named here fails to compile. */
const NAMED: Record<EventName, true> = {
  'booking.created': true,
  'booking.updated': true,
  'booking.cancelled': true,
  'booking.approvalRequested': true,
  'booking.approved': true,
  'booking.denied': true,
  'booking.revoked': true,
  'booking.expired': true,
  'booking.checkedIn': true,
  'booking.checkedOut': true,
  'booking.autoCancelled': true,
  'booking.reminder': true,
  'user.violation': true,
  'user.blocklisted': true,
  'user.released': true,
  'user.passwordExpiring': true,
  'user.disabled': true,
  'user.deleted': true,
  'user.created': true,
  'tablet.offline': true,
};

/** For a name that arrives as a string (a plugin's subscription). */
export function isEventName(name: string): name is EventName {
  return Object.hasOwn(NAMED, name);
}

/** The events about one booking. */
export type BookingEventName = { [K in EventName]: EventMap[K] extends BookingEvent ? K : never }[EventName];
/** The events about one person. */
export type UserEventName = Exclude<EventName, BookingEventName>;

/** One event with its payload, narrowed by `name`. */
export type AnyEvent = { [K in EventName]: { name: K; payload: EventMap[K] } }[EventName];
