/** Schemas of this module's answers that only the OpenAPI document needs. */
import { z } from 'zod';

export const ReleaseAnswer = z.object({
  enabled: z.boolean(),
  current: z.string(),
  latest: z.string().nullable(),
  newer: z.boolean(),
  url: z.string().nullable(),
  notes: z.string().nullable(),
  checkedAt: z.number().nullable(),
  error: z.string().optional(),
});
