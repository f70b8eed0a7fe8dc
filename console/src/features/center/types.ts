/** The booking API's shapes as the console reads them. */
import type { BookingState, CheckStatus } from '../../../../core/modules/bookings/lifecycle.ts';

export type { BookingState };
export type CellState =
  | 'free'
  | 'expired'
  | 'mine'
  | 'other'
  | 'disabled'
  | 'approvalMine'
  | 'approvalOther'
  | 'unavailable'
  | 'noReservation';

export interface GridCell {
  time: string;
  state: CellState;
  bookingId?: number;
}

export interface GridResource {
  id: number;
  name: string;
  type: number;
  capacity: number;
  locationId: number;
  floorId: number | null;
  timeZone: string;
  /** Where it stands on its floor plan, when placed. */
  position?: { x: number; y: number } | null;
  cells: GridCell[];
}

export interface GridBooking {
  id: number;
  resourceId: number;
  mySelf: boolean;
  subject: string | null;
  startTime: string;
  endTime: string;
  state: string;
}

export interface Grid {
  date: string;
  interval: number;
  resources: GridResource[];
  bookings: GridBooking[];
}

export interface Attendee {
  name: string;
  email: string;
}

export interface Booking {
  id: number;
  resourceId: number;
  resourceName: string;
  organiserId: number;
  mySelf: boolean;
  meetingDate: string;
  startTime: string;
  endTime: string;
  wholeDay: boolean;
  startAt: number;
  endAt: number;
  timeZone: string;
  subject: string | null;
  phone: string | null;
  employeeId: string | null;
  remarks: string | null;
  checkInCode: string | null;
  state: BookingState;
  checkStatus: CheckStatus;
  seriesId: number | null;
  reminderMinutes: number;
  cancelReason: string | null;
  innerAttendees: number[];
  outerAttendees: Attendee[];
  approvalId?: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface Recurrence {
  freq: 'daily' | 'weekly' | 'monthly';
  interval: number;
  byWeekday?: number[];
  byMonthDay?: number[];
  bySetPos?: number;
  until?: string;
  count?: number;
}

export interface BookingInput {
  resourceId: number;
  meetingDate: string;
  startTime?: string;
  endTime?: string;
  wholeDay?: boolean;
  subject: string;
  phone?: string;
  employeeId?: string;
  remarks?: string;
  innerAttendees: number[];
  outerAttendees: Attendee[];
  reminderMinutes: number;
  recurrence?: Recurrence;
  conflictPolicy?: 'skip' | 'fail';
}

export interface Occurrence {
  date: string;
  startAt: number;
  endAt: number;
  ok: boolean;
  failures: Array<{ key: string; msg: string }>;
  conflicts: Array<{ startAt: number; endAt: number }>;
}

export interface SeriesAnswer {
  series: { id: number };
  bookings: Booking[];
  skipped: Occurrence[];
}

export interface Approval {
  id: number;
  bookingId: number;
  state: string;
  reason: string | null;
  decidedAt: number | null;
  createdAt: number;
  booking: Booking;
}

export interface Place {
  id: number;
  name: string;
}

export interface Floor {
  id: number;
  locationId: number;
  name: string;
  displayName: string;
  planUploadId: string | null;
}

export interface Contact {
  id: number;
  name: string;
  realName: string;
  email: string | null;
}

export interface PlacedResource {
  id: number;
  position: { x: number; y: number } | null;
}

export type Scope = 'one' | 'following' | 'series';
