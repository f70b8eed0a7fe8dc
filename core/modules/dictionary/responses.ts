/** Schemas of this module's answers that only the OpenAPI document needs. */
import { z } from 'zod';
import { DictItem, DictListItem } from './schema.ts';

/** An item with its children, to any depth. */
export const DictNodeView = DictItem.extend({
  get children(): z.ZodArray<typeof DictNodeView> {
    return z.array(DictNodeView);
  },
}).meta({ id: 'DictNode' });

/** A branch of a search: a match or an ancestor of one, with only the branches that lead to matches. */
export const DictBranchView = DictListItem.extend({
  match: z.boolean(),
  get children(): z.ZodArray<typeof DictBranchView> {
    return z.array(DictBranchView);
  },
}).meta({ id: 'DictBranch' });

export const DictSearchAnswer = z.object({
  items: z.array(DictBranchView),
  total: z.number().describe('how many items match in all'),
  shown: z.number().describe('how many of them the branches hold'),
});
