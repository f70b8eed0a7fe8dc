/** Paging of any knex query: `{ items, total, page, pageSize }` as every list answers (docs/architecture.md A4.5). */
import type { Knex } from 'knex';
import type { Model, QueryBuilder } from 'objection';
import { z } from 'zod';

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
  q: z.string().trim().max(100).optional().describe('search text'),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** The page and its size without a search text, for lists that filter by fields of their own. */
export const Paging = PageQuery.pick({ page: true, pageSize: true });

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * Runs `query` for one page and counts the whole result (the count ignores ordering), side by side: on MariaDB the
 * two run on two connections at once.
 */
export async function paginate<T>(
  query: Knex.QueryBuilder,
  { page, pageSize }: { page: number; pageSize: number },
  map: (row: Record<string, unknown>) => T = (r) => r as T,
): Promise<Page<T>> {
  const [countRow, rows] = await Promise.all([
    query.clone().clearSelect().clearOrder().count({ n: '*' }).first(),
    query
      .clone()
      .offset((page - 1) * pageSize)
      .limit(pageSize) as Promise<Array<Record<string, unknown>>>,
  ]);
  return { items: rows.map(map), total: Number((countRow as { n?: number } | undefined)?.n ?? 0), page, pageSize };
}

/** Paging of an objection query (its `page()` counts the whole result, ignoring the order, and reads one page). */
export async function paginateModels<M extends Model, T>(
  query: QueryBuilder<M, M[]>,
  { page, pageSize }: { page: number; pageSize: number },
  map: (model: M) => T,
): Promise<Page<T>> {
  const { results, total } = await query.page(page - 1, pageSize);
  return { items: results.map(map), total: Number(total), page, pageSize };
}

/**
 * Escapes LIKE wildcards with a backslash so a search for `50%` finds "50%", not everything.
 * SQLite has no default escape character: use it through core/db/like.ts, which names it.
 */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
