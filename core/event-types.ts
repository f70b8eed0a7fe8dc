/**
 * The events on the bus (core/events.ts) and their payloads: the contract
 * between the booking engine, notifications, the plugin host and the logs.
 */

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
  state: string;
  checkStatus: number;
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
}

export type EventName = keyof EventMap;
