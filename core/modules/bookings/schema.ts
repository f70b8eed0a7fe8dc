/** Input and output shapes of the booking API, under the field names the console and door tablets use. */
import { z } from 'zod';
import { CalendarDate, QueryBool } from '../../http/validate.ts';
import { BOOKING_STATES } from './lifecycle.ts';
import { PageQuery, Paging } from '../../db/paging.ts';

/** Wall-clock times on the 15-minute grid the slot table uses; 24:00 is the next day's midnight. */
const TIME = /^(([01]\d|2[0-3]):(00|15|30|45)|24:00)$/;

export const DateString = CalendarDate;
export const TimeString = z.string().regex(TIME, 'HH:mm on a 15-minute step (24:00 allowed)');

export { IdParam } from '../../http/validate.ts';

export const Recurrence = z
  .object({
    freq: z.enum(['daily', 'weekly', 'monthly']),
    interval: z.number().int().min(1).max(99).default(1),
    /** 0 Sunday .. 6 Saturday, like the resources' open hours. */
    byWeekday: z.array(z.number().int().min(0).max(6)).max(7).optional(),
    byMonthDay: z.array(z.number().int().min(1).max(31)).max(31).optional(),
    /** With monthly + one byWeekday: 1..4 the nth, -1 the last. */
    bySetPos: z
      .number()
      .int()
      .min(-1)
      .max(5)
      .refine((n) => n !== 0, 'not 0')
      .optional(),
    until: DateString.optional(),
    count: z.number().int().min(1).max(732).optional(),
  })
  .refine((r) => r.until !== undefined || r.count !== undefined, {
    message: 'until or count is required',
    path: ['until'],
  });
export type Recurrence = z.infer<typeof Recurrence>;

/** One line of text: no control characters or line separators (a guest's name goes into mail headers and invitations). */
const OneLine = /^[^\p{Cc}\p{Zl}\p{Zp}]*$/u;

export const OuterAttendee = z.object({
  name: z.string().trim().min(1).max(100).regex(OneLine),
  email: z.email().max(255),
});

const BookingFields = {
  resourceId: z.number().int().positive(),
  meetingDate: DateString,
  startTime: TimeString.optional(),
  endTime: TimeString.optional(),
  wholeDay: z.boolean().optional(),
  subject: z.string().trim().min(1).max(100),
  phone: z.string().trim().min(3).max(20).optional(),
  employeeId: z.string().trim().min(1).max(50).optional(),
  remarks: z.string().max(300).optional(),
  innerAttendees: z.array(z.number().int().positive()).max(200).default([]),
  outerAttendees: z.array(OuterAttendee).max(200).default([]),
  reminderMinutes: z.number().int().min(0).max(2880).default(0),
};

const timesGiven = (b: { wholeDay?: boolean; startTime?: string; endTime?: string }) =>
  b.wholeDay === true || (b.startTime !== undefined && b.endTime !== undefined);

export const CreateBooking = z
  .object({
    ...BookingFields,
    recurrence: Recurrence.optional(),
    conflictPolicy: z.enum(['skip', 'fail']).default('fail'),
  })
  .refine(timesGiven, { message: 'startTime and endTime, or wholeDay', path: ['startTime'] });
export type CreateBooking = z.infer<typeof CreateBooking>;

export const ModifyBooking = z.object({
  resourceId: z.number().int().positive().optional(),
  meetingDate: DateString.optional(),
  startTime: TimeString.optional(),
  endTime: TimeString.optional(),
  wholeDay: z.boolean().optional(),
  subject: z.string().trim().min(1).max(100).optional(),
  phone: z.string().trim().min(3).max(20).optional(),
  remarks: z.string().max(300).optional(),
  innerAttendees: z.array(z.number().int().positive()).max(200).optional(),
  outerAttendees: z.array(OuterAttendee).max(200).optional(),
  reminderMinutes: z.number().int().min(0).max(2880).optional(),
  /** For an occurrence: this one (detaches it), this and the following (splits the series), or the whole series. */
  scope: z.enum(['one', 'following', 'series']).default('one'),
});
export type ModifyBooking = z.infer<typeof ModifyBooking>;

/** Minutes added to the end, on the 15-minute grid. */
export const ExtendBooking = z.object({ minutes: z.number().int().min(15).max(1440).multipleOf(15) });
export type ExtendBooking = z.infer<typeof ExtendBooking>;

export const CancelBooking = z.object({
  reason: z.string().trim().min(1).max(300),
  scope: z.enum(['one', 'following', 'series']).default('one'),
});
export type CancelBooking = z.infer<typeof CancelBooking>;

export const CheckIn = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{1,10}$/),
});
export const Passcode = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,9}$/),
});

export const GridQuery = z.object({
  date: DateString,
  type: z.coerce.number().int().min(0).max(9).optional(),
  locationId: z.coerce.number().int().positive().optional(),
  floorId: z.coerce.number().int().positive().optional(),
  capacity: z.coerce.number().int().min(0).optional(),
});
export type GridQuery = z.infer<typeof GridQuery>;

/** A resource has up to 7 devices (R3.10): 10 names leave room for ids beside them and bound the query. */
const MAX_DEVICE_NAMES = 10;

export const AvailableQuery = GridQuery.extend({
  startTime: TimeString,
  endTime: TimeString,
  deviceIds: z
    .string()
    .regex(/^\d+(,\d+)*$/)
    .optional()
    .describe('comma-separated device ids the resource must have'),
  deviceNames: z
    .preprocess(
      (v) => (typeof v === 'string' ? [v] : v),
      z.array(z.string().trim().min(1).max(100)).min(1).max(MAX_DEVICE_NAMES),
    )
    .optional()
    .describe(
      `device names, the parameter repeated (up to ${MAX_DEVICE_NAMES}): for each name the resource has a device so named`,
    ),
  includeTaken: QueryBool.optional().describe(
    'also the resources that only bookings keep from the range, marked `taken: true` (to join their waitlist)',
  ),
});
export type AvailableQuery = z.infer<typeof AvailableQuery>;

/** Comma-separated ids, at most `max` of them. */
const IdList = (max: number, what: string) =>
  z
    .string()
    .regex(/^\d+(,\d+)*$/)
    .refine((s) => s.split(',').length <= max, `at most ${max}`)
    .optional()
    .describe(what);

/** "Find me a room" / "a desk near…" (docs/product-rules.md R12.7). */
export const SuggestQuery = z.object({
  type: z.enum(['room', 'desk']).default('room'),
  date: DateString,
  from: TimeString.describe('start of the window, in the resource zone'),
  to: TimeString.describe('end of the window, in the resource zone'),
  durationMinutes: z.coerce.number().int().min(15).max(1440).multipleOf(15),
  attendees: IdList(50, 'comma-separated user ids of the attendees besides the caller (rooms)'),
  deviceIds: IdList(20, 'comma-separated device ids the resource must have'),
  deviceNames: AvailableQuery.shape.deviceNames,
  near: IdList(20, 'comma-separated user ids of the colleagues to sit near (desks)'),
  nearTeam: z
    .enum(['mine'])
    .optional()
    .describe("desks near the caller's team: `mine`, the people of the caller's department (not with `near`)"),
  locationId: z.coerce.number().int().positive().optional(),
  floorId: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export type SuggestQuery = z.infer<typeof SuggestQuery>;

export const MyBookingsQuery = Paging.extend({
  scope: z.enum(['upcoming', 'past', 'all']).default('upcoming'),
  from: z.coerce.number().int().optional(),
  to: z.coerce.number().int().optional(),
  resourceId: z.coerce.number().int().positive().optional(),
});
export type MyBookingsQuery = z.infer<typeof MyBookingsQuery>;

export const ApprovalsQuery = Paging.extend({
  scope: z.enum(['pending', 'decided']).default('pending'),
});
export type ApprovalsQuery = z.infer<typeof ApprovalsQuery>;

export const Decision = z.object({ reason: z.string().trim().max(300).optional() });

export const Recharge = z.object({
  amount: z.number().int().min(1).max(100_000_000),
  note: z.string().trim().max(300).optional(),
});
export const LedgerQuery = Paging;
export const QuoteQuery = z.object({
  resourceId: z.coerce.number().int().positive(),
  meetingDate: DateString,
  startTime: TimeString.optional(),
  endTime: TimeString.optional(),
  wholeDay: QueryBool.optional(),
});
export type QuoteQuery = z.infer<typeof QuoteQuery>;
export const DeviceNamesQuery = PageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
  type: z.coerce.number().int().min(0).max(99).optional().describe('only devices mounted at resources of this type'),
});
export type DeviceNamesQuery = z.infer<typeof DeviceNamesQuery>;
export const FeedParam = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });
export const IcsQuery = z.object({ download: QueryBool.optional() });

export const BookingView = z.object({
  id: z.number(),
  resourceId: z.number(),
  resourceName: z.string(),
  organiserId: z.number(),
  mySelf: z.boolean(),
  meetingDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  wholeDay: z.boolean(),
  startAt: z.number(),
  endAt: z.number(),
  timeZone: z.string(),
  subject: z.string().nullable(),
  phone: z.string().nullable(),
  employeeId: z.string().nullable(),
  remarks: z.string().nullable(),
  checkInCode: z.string().nullable(),
  state: z.enum(BOOKING_STATES),
  checkStatus: z.number(),
  seriesId: z.number().nullable(),
  seriesDate: z.string().nullable(),
  detached: z.boolean(),
  reminderMinutes: z.number(),
  remindAt: z.number().nullable(),
  isAutoClose: z.boolean(),
  closeTime: z.number().nullable(),
  checkedInAt: z.number().nullable(),
  cancelledAt: z.number().nullable(),
  cancelReason: z.string().nullable(),
  priceCents: z.number(),
  sequence: z.number(),
  innerAttendees: z.array(z.number()),
  outerAttendees: z.array(z.object({ name: z.string(), email: z.string() })),
  /** The pending approval request of this booking, which its organiser may revoke (absent in a creation's answer). */
  approvalId: z.number().nullable().optional(),
});
export type BookingView = z.infer<typeof BookingView>;
