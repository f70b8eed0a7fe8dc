import { IANAZone } from 'luxon';
import { z } from 'zod';
import { PageQuery } from '../../db/paging.ts';

export const TimeZone = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine((v) => IANAZone.isValidZone(v), { message: 'not an IANA time zone (e.g. Asia/Shanghai)' });
export { IdParam } from '../../http/validate.ts';
const optionalId = z.coerce.number().int().positive().optional();
const uploadRef = z.string().uuid().nullable().optional();

export const LocationInput = z.object({
  name: z.string().trim().min(1).max(100),
  timeZone: TimeZone,
  address: z.string().trim().max(300).nullable().optional(),
  sort: z.number().int().min(0).max(1_000_000).default(0),
});
export type LocationInput = z.infer<typeof LocationInput>;

export const LocationView = z.object({
  id: z.number(),
  name: z.string(),
  timeZone: z.string(),
  address: z.string().nullable(),
  sort: z.number(),
  floorCount: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type LocationView = z.infer<typeof LocationView>;

export const FloorInput = z.object({
  locationId: z.number().int().positive(),
  name: z.string().trim().min(1).max(100),
  displayName: z.string().trim().min(1).max(100).optional().describe('defaults to name'),
  sort: z.number().int().min(0).max(1_000_000).default(0),
  planUploadId: uploadRef.describe('floor plan picture (upload type floorPlan)'),
  padIconUploadId: uploadRef,
  gridIconUploadId: uploadRef,
});
export type FloorInput = z.infer<typeof FloorInput>;

export const FloorView = z.object({
  id: z.number(),
  locationId: z.number(),
  name: z.string(),
  displayName: z.string(),
  sort: z.number(),
  planUploadId: z.string().nullable(),
  padIconUploadId: z.string().nullable(),
  gridIconUploadId: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type FloorView = z.infer<typeof FloorView>;

export const FloorList = PageQuery.extend({ locationId: optionalId });
export type FloorList = z.infer<typeof FloorList>;

export const FloorIconQuery = z.object({ kind: z.enum(['pad', 'grid']).default('pad') });
export type FloorIconQuery = z.infer<typeof FloorIconQuery>;
