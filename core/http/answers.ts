/** Schemas of answers many routes share, for their `response` declarations. */
import { z } from 'zod';

/** One page of a list: `{ items, total, page, pageSize }` (`core/db/paging.ts`). */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

/** Epoch milliseconds. */
export const EpochMs = z.number().int();
