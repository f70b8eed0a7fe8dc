import { z } from 'zod';
import { PageQuery } from '../../db/paging.ts';

const epochMs = z.coerce.number().int().min(0).max(8_640_000_000_000_000);

export const BlocklistQuery = PageQuery.extend({
  status: z.enum(['active', 'all']).default('active').describe('active: not yet released; all: history too'),
  userId: z.coerce.number().int().positive().optional(),
});
export type BlocklistQuery = z.infer<typeof BlocklistQuery>;

export const BlocklistEntry = z.object({
  id: z.number(),
  userId: z.number(),
  username: z.string().describe('account'),
  realName: z.string().nullable(),
  violationCount: z.number(),
  blockedAt: z.number().describe('disable time, epoch ms'),
  releaseAt: z.number().describe('scheduled release time, epoch ms'),
  releasedAt: z.number().nullable().describe('when it was released (by the job or by hand)'),
  releasedBy: z.number().nullable().describe('user id of the admin who released by hand; null for the job'),
  active: z.boolean(),
});
export type BlocklistEntry = z.infer<typeof BlocklistEntry>;

export const ViolationQuery = PageQuery.extend({
  userId: z.coerce.number().int().positive().optional(),
  from: epochMs.optional().describe('occurred at or after, epoch ms'),
  to: epochMs.optional().describe('occurred before, epoch ms'),
}).refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
  message: 'from must not be after to',
  path: ['to'],
});
export type ViolationQuery = z.infer<typeof ViolationQuery>;

export const ViolationEntry = z.object({
  id: z.number(),
  userId: z.number(),
  username: z.string(),
  realName: z.string().nullable(),
  bookingId: z.number().nullable(),
  kind: z.string(),
  occurredAt: z.number(),
  subject: z.string().nullable(),
  meetingDate: z.string().nullable(),
  startTime: z.string().nullable(),
  resourceName: z.string().nullable(),
});
export type ViolationEntry = z.infer<typeof ViolationEntry>;

export { IdParam } from '../../http/validate.ts';
