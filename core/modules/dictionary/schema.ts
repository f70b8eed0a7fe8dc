import { z } from 'zod';
import { PageQuery } from '../../db/paging.ts';

export const DictInput = z.strictObject({
  name: z.string().trim().min(1).max(100),
  code: z.string().trim().min(1).max(100).regex(/^[\w.:-]+$/, 'letters, digits, _ . : -').nullish(),
  description: z.string().max(300).nullish(),
  sort: z.coerce.number().int().positive().max(1_000_000).describe('positive integer'),
  parentId: z.coerce.number().int().positive().nullish(),
  protected: z.boolean().optional().describe('may be modified but never deleted; set at creation only'),
});
export type DictInput = z.infer<typeof DictInput>;

export const DictUpdate = DictInput.omit({ protected: true });
export type DictUpdate = z.infer<typeof DictUpdate>;

export const DictQuery = PageQuery.extend({
  parentId: z.coerce.number().int().min(0).optional().describe('children of this item; 0 for the top level'),
});
export type DictQuery = z.infer<typeof DictQuery>;

export const IdParam = z.object({ id: z.coerce.number().int().positive() });

export const DictItem = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  code: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  sort: z.number(),
  protected: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type DictItem = z.infer<typeof DictItem>;

export interface DictNode extends DictItem {
  children: DictNode[];
}
