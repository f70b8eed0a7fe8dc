import { z } from 'zod';
import { PageQuery } from '../../db/paging.ts';
import { QueryBool } from '../../http/validate.ts';

const instant = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$|^\d{1,16}$/, 'YYYY-MM-DD or epoch ms');

/** A date range: days (YYYY-MM-DD, inclusive, in `tz`) or instants (epoch ms, `to` exclusive). */
export const RangeQuery = PageQuery.extend({
  from: instant.optional(),
  to: instant.optional(),
  tz: z.string().max(64).optional().describe('IANA zone of from/to dates; UTC when absent'),
});

export const OperationLogQuery = RangeQuery.extend({
  username: z.string().trim().max(100).optional(),
  userId: z.coerce.number().int().positive().optional(),
  action: z.string().trim().max(100).optional().describe('exact action, or a prefix ending with * (sys.dict.*)'),
  target: z.string().trim().max(200).optional(),
});
export type OperationLogQuery = z.infer<typeof OperationLogQuery>;

export const ReservationLogQuery = RangeQuery.extend({
  bookingId: z.coerce.number().int().positive().optional(),
  resourceId: z.coerce.number().int().positive().optional(),
  userId: z.coerce.number().int().positive().optional(),
  action: z.string().trim().max(50).optional(),
});
export type ReservationLogQuery = z.infer<typeof ReservationLogQuery>;

export const SqlStatsQuery = PageQuery.extend({
  sort: z.enum(['total', 'count', 'mean', 'max', 'slow', 'last']).default('total'),
  slowOnly: QueryBool.optional(),
});
export type SqlStatsQuery = z.infer<typeof SqlStatsQuery>;

export const OperationLogItem = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  username: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  summary: z.unknown().describe('before/after, secrets removed'),
  ip: z.string().nullable(),
  createdAt: z.number(),
});
export const ReservationLogItem = z.object({
  id: z.number(),
  bookingId: z.number().nullable(),
  resourceId: z.number().nullable(),
  resourceName: z.string().nullable(),
  userId: z.number().nullable(),
  username: z.string().nullable(),
  action: z.string(),
  detail: z.unknown(),
  createdAt: z.number(),
});
export const SqlStatItem = z.object({
  shapeHash: z.string(),
  shape: z.string(),
  count: z.number(),
  meanMs: z.number(),
  maxMs: z.number(),
  totalMs: z.number(),
  slowCount: z.number(),
  lastAt: z.number(),
});
export type OperationLogItem = z.infer<typeof OperationLogItem>;
export type ReservationLogItem = z.infer<typeof ReservationLogItem>;
export type SqlStatItem = z.infer<typeof SqlStatItem>;
