/** Input and output of the menu calls (docs/product-rules.md R2.4). */
import { z } from 'zod';
import { PageQuery } from '../../db/paging.ts';

export const MenuBody = z.strictObject({
  parentId: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? null)
    .describe('a top-level item; empty for a section'),
  name: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[\w.-]+$/, 'letters, digits, _ . -'),
  path: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^\/[^\s]*$/, 'starts with /'),
  title: z.string().trim().min(1).max(100),
  titleEn: z.string().trim().min(1).max(100),
  titleJa: z.string().trim().min(1).max(100),
  icon: z
    .string()
    .trim()
    .max(50)
    .nullish()
    .transform((v) => (v ? v : null)),
  hidden: z.boolean().default(false),
  sort: z.number().int().min(0).max(1_000_000).default(0),
  meta: z
    .record(z.string(), z.unknown())
    .nullish()
    .transform((v) => v ?? null)
    .describe('free-form route meta for the console'),
});
export type MenuBody = z.infer<typeof MenuBody>;

export const MenuQuery = PageQuery.extend({
  parentId: z.coerce.number().int().min(0).optional().describe('children of this item; 0 for the sections'),
});
export type MenuQuery = z.infer<typeof MenuQuery>;

export { IdParam } from '../../http/validate.ts';

export const MenuView = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  name: z.string(),
  path: z.string(),
  title: z.string(),
  titleEn: z.string(),
  titleJa: z.string(),
  icon: z.string().nullable(),
  hidden: z.boolean(),
  sort: z.number(),
  meta: z.record(z.string(), z.unknown()).nullable(),
  permissionPrefix: z.string().nullable(),
  actions: z.array(z.string()),
  builtIn: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type MenuView = z.infer<typeof MenuView>;
export type MenuNode = MenuView & { children: MenuView[] };
