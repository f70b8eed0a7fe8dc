/** Input and output of the role calls (docs/product-rules.md R1.9). */
import { z } from 'zod';
import { PageQuery } from '../../db/paging.ts';
import { QueryBool } from '../../http/validate.ts';

export const RoleBody = z.strictObject({
  name: z.string().trim().min(1).max(100),
  description: z
    .string()
    .trim()
    .max(300)
    .nullish()
    .transform((v) => (v ? v : null)),
  permissions: z
    .array(z.string().trim().min(1).max(100))
    .max(1000)
    .describe('codes `<section>:<screen>:<action>` from GET /api/sys/permissions'),
});
export type RoleBody = z.infer<typeof RoleBody>;

export const RoleQuery = PageQuery.extend({
  assignable: QueryBool.optional().describe('only the roles you may give to users'),
});
export type RoleQuery = z.infer<typeof RoleQuery>;

export { IdParam } from '../../http/validate.ts';

export const RoleView = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  code: z.string().nullable().describe('built-in roles: admin, staff'),
  builtIn: z.boolean(),
  permissions: z.array(z.string()),
  userCount: z.number(),
  createdBy: z.number().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type RoleView = z.infer<typeof RoleView>;

const Titled = { title: z.string(), titleEn: z.string(), titleJa: z.string() };
export const PermissionTree = z.array(
  z.object({
    name: z.string(),
    ...Titled,
    children: z.array(
      z.object({
        name: z.string(),
        ...Titled,
        actions: z.array(z.object({ code: z.string(), action: z.string(), ...Titled })),
      }),
    ),
  }),
);
export type PermissionTree = z.infer<typeof PermissionTree>;
