/** Input and output shapes of the waitlist API (docs/product-rules.md R25). */
import { z } from 'zod';
import { PageQuery } from '../../db/paging.ts';
import { CalendarDate } from '../../http/validate.ts';

export { IdParam } from '../../http/validate.ts';

/** Wall-clock times on the booking grid's 15-minute step; 24:00 is the next day's midnight. */
const Time = z.string().regex(/^(([01]\d|2[0-3]):(00|15|30|45)|24:00)$/, 'HH:mm on a 15-minute step (24:00 allowed)');

export const WAITLIST_STATES = ['waiting', 'offered', 'booked', 'failed', 'expired', 'left'] as const;
export type WaitlistState = (typeof WAITLIST_STATES)[number];

export const JoinInput = z
  .strictObject({
    resourceId: z.number().int().positive(),
    meetingDate: CalendarDate,
    startTime: Time.optional(),
    endTime: Time.optional(),
    wholeDay: z.boolean().optional(),
    subject: z.string().trim().min(1).max(100).describe('the subject of the booking made when it frees'),
    autoBook: z.boolean().default(false).describe('book it for the person as soon as the whole range is free'),
  })
  .refine((b) => b.wholeDay === true || (b.startTime !== undefined && b.endTime !== undefined), {
    message: 'startTime and endTime, or wholeDay',
    path: ['startTime'],
  });
export type JoinInput = z.infer<typeof JoinInput>;

export const WaitlistQuery = PageQuery.extend({
  scope: z
    .enum(['active', 'all'])
    .default('all')
    .describe('active: still waiting or just offered; all: every entry, newest first'),
});
export type WaitlistQuery = z.infer<typeof WaitlistQuery>;

export const EntryView = z.object({
  id: z.number(),
  resourceId: z.number(),
  resourceName: z.string().nullable(),
  meetingDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  wholeDay: z.boolean(),
  startAt: z.number(),
  endAt: z.number(),
  subject: z.string(),
  autoBook: z.boolean(),
  state: z.enum(WAITLIST_STATES),
  /** Why the automatic booking was refused (failed): the refusal in the caller's language. */
  reason: z.string().nullable(),
  bookingId: z.number().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type EntryView = z.infer<typeof EntryView>;
