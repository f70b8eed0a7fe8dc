import { z } from 'zod';
import { PageQuery } from '../../db/paging.ts';

export const EXTERNAL_STATES = ['pending', 'booked', 'declined', 'cancelled'] as const;

export const RoomParam = z.object({ resourceId: z.coerce.number().int().positive() });

export const CalendarRoomBody = z.strictObject({
  ref: z
    .string()
    .trim()
    .max(500)
    .default('')
    .describe(
      "the room's calendar at the provider (a CalDAV collection URL, a mailbox); empty: the provider's default",
    ),
  sourceOfTruth: z
    .boolean()
    .default(false)
    .describe('the provider decides: its calendar is read before a booking of the room is made or moved'),
});
export type CalendarRoomBody = z.infer<typeof CalendarRoomBody>;

export const CalendarRoomView = z.object({
  resourceId: z.number(),
  resourceName: z.string().nullable(),
  ref: z.string(),
  sourceOfTruth: z.boolean(),
  createdAt: z.number(),
});
export type CalendarRoomView = z.infer<typeof CalendarRoomView>;

export const ExternalQuery = PageQuery.extend({
  state: z.enum(EXTERNAL_STATES).optional(),
  resourceId: z.coerce.number().int().positive().optional(),
});
export type ExternalQuery = z.infer<typeof ExternalQuery>;

export const ExternalView = z.object({
  id: z.number(),
  resourceId: z.number(),
  resourceName: z.string().nullable(),
  uid: z.string(),
  sequence: z.number(),
  state: z.enum(EXTERNAL_STATES),
  bookingId: z.number().nullable(),
  subject: z.string(),
  organiserName: z.string().nullable(),
  organiserEmail: z.string().nullable(),
  startAt: z.number(),
  endAt: z.number(),
  reason: z.string().nullable().describe('why the room declined it'),
  updatedAt: z.number(),
});
export type ExternalView = z.infer<typeof ExternalView>;

export const PullResult = z.object({
  read: z
    .enum(['read', 'noRooms', 'notSupported'])
    .describe(
      'read: the calendars were read; noRooms: no room is mirrored; notSupported: the provider cannot read back',
    ),
  events: z.number(),
  booked: z.number(),
  declined: z.number(),
  cancelled: z.number(),
  unchanged: z.number(),
});
export type PullResult = z.infer<typeof PullResult>;

export const ProviderRoomsQuery = z.object({
  q: z.string().trim().max(100).optional().describe('part of the name or the reference'),
});
export type ProviderRoomsQuery = z.infer<typeof ProviderRoomsQuery>;

export const ProviderRooms = z.object({
  provider: z.string(),
  rooms: z.array(z.object({ ref: z.string(), name: z.string(), capacity: z.number().nullable() })),
  error: z.string().nullable().describe('why the provider could not list its rooms'),
});
export type ProviderRooms = z.infer<typeof ProviderRooms>;
