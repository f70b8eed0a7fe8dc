/** Input and output of the user-group calls (docs/product-rules.md R1.10). */
import { z } from 'zod';
import { PageQuery } from '../../db/paging.ts';

export const GroupBody = z.strictObject({
  name: z.string().trim().min(1).max(100),
  description: z
    .string()
    .trim()
    .max(300)
    .nullish()
    .transform((v) => (v ? v : null)),
  memberIds: z.array(z.number().int().positive()).max(10_000).default([]).describe('user ids'),
});
export type GroupBody = z.infer<typeof GroupBody>;

export const GroupQuery = PageQuery.extend({
  userId: z.coerce.number().int().positive().optional().describe('only the groups this user belongs to'),
});
export type GroupQuery = z.infer<typeof GroupQuery>;

export { IdParam } from '../../http/validate.ts';

export const GroupSummary = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  memberCount: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type GroupSummary = z.infer<typeof GroupSummary>;

export const GroupView = GroupSummary.extend({
  members: z.array(z.object({ id: z.number(), username: z.string(), realName: z.string() })),
});
export type GroupView = z.infer<typeof GroupView>;
