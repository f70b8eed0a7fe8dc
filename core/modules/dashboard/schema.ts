import { z } from 'zod';

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

export const DashboardQuery = z.object({
  from: date,
  to: date,
  locationId: z.coerce.number().int().positive().optional(),
  floorId: z.coerce.number().int().positive().optional(),
  type: z.coerce.number().int().min(0).max(20).optional(),
  groupBy: z.enum(['location', 'floor', 'resource', 'type']).default('resource'),
  limit: z.coerce.number().int().min(1).max(100).default(10),
}).refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 <= 366, { message: 'at most one year', path: ['to'] });
export type DashboardQuery = z.infer<typeof DashboardQuery>;

export const UtilisationRow = z.object({ key: z.string(), name: z.string(), openMinutes: z.number(), bookedMinutes: z.number(), utilisation: z.number().describe('0..1') });

export const Panel = z.object({
  name: z.string().trim().min(1).max(100),
  locationId: z.number().int().positive().nullable().optional(),
  floorId: z.number().int().positive().nullable().optional(),
  logoUploadId: z.string().max(36).nullable().optional(),
  environmentSlideSeconds: z.number().int().min(3).max(3600).default(10),
  bookingSlideSeconds: z.number().int().min(3).max(3600).default(10),
}).refine((p) => p.locationId || p.floorId, { message: 'choose a location or a floor', path: ['locationId'] });
export type Panel = z.infer<typeof Panel>;

export const IdParam = z.object({ id: z.coerce.number().int().positive() });
