import { z } from 'zod';
import { PageQuery } from '../../db/paging.ts';

export const DictInput = z.strictObject({
  name: z.string().trim().min(1).max(100),
  code: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[\w.:-]+$/, 'letters, digits, _ . : -')
    .nullish(),
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

export const DictSearchQuery = z.object({
  q: z.string().trim().min(1).max(100).describe('search text (name, code or description)'),
  limit: z.coerce.number().int().min(1).max(500).default(200).describe('at most this many matching items'),
});
export type DictSearchQuery = z.infer<typeof DictSearchQuery>;

export { IdParam } from '../../http/validate.ts';

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

/** A list item with the number of its children, so a tree knows which items expand. */
export const DictListItem = DictItem.extend({ childCount: z.number() });
export type DictListItem = z.infer<typeof DictListItem>;

/**
 * A branch of a search answer: a matching item (match) or an ancestor of one.
 * `children` holds only the branches that lead to matches; `childCount` counts all.
 */
export interface DictBranch extends DictListItem {
  match: boolean;
  children: DictBranch[];
}

export interface DictSearchResult {
  /** The top-level branches, siblings by sort value. */
  items: DictBranch[];
  /** How many items match in all. */
  total: number;
  /** How many of them the branches hold (at most the limit asked for). */
  shown: number;
}
