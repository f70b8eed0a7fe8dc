import { z } from 'zod';
import { PageQuery } from '../../db/paging.ts';
import { CalendarDate } from '../../http/validate.ts';

const date = CalendarDate;

export const ReportTypes = ['bookings', 'utilisation', 'noShows', 'charges'] as const;

export const ReportRequest = z
  .object({
    type: z.enum(ReportTypes),
    locationId: z.number().int().positive().nullable().optional(),
    department: z
      .string()
      .trim()
      .max(500)
      .nullish()
      .describe('a department path from GET /sys/departments: only its people and those below (not for utilisation)'),
    from: date,
    to: date,
  })
  .refine((r) => r.from <= r.to, { message: 'from must not be after to', path: ['to'] })
  .refine((r) => (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 <= 366, {
    message: 'at most one year',
    path: ['to'],
  });
export type ReportRequest = z.infer<typeof ReportRequest>;

export const ReportList = PageQuery.extend({
  status: z.string().max(20).optional(),
  type: z.enum(ReportTypes).optional(),
});
export type ReportList = z.infer<typeof ReportList>;

export const ReportView = z.object({
  id: z.number(),
  type: z.string(),
  creatorId: z.number(),
  creator: z.string().nullable(),
  locationId: z.number().nullable(),
  department: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  status: z.enum(['pending', 'running', 'done', 'empty', 'tooLarge', 'failed']),
  rowCount: z.number().nullable(),
  error: z.string().nullable(),
  createdAt: z.number(),
  finishedAt: z.number().nullable(),
  downloadUrl: z.string().nullable(),
});
export type ReportView = z.infer<typeof ReportView>;

export { IdParam } from '../../http/validate.ts';
