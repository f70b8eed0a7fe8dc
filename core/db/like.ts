/**
 * `LIKE` searches that find `_` and `%` literally on both databases.
 * likeContains() escapes them with a backslash, which MySQL takes as the escape
 * character by default but SQLite does not (it has no default escape), so the
 * escape character is named explicitly, as a bound value both engines accept.
 */
import type { Knex } from 'knex';
import type { Model, QueryBuilder } from 'objection';
import { likeContains } from './paging.ts';

const LIKE = '?? like ? escape ?';

/** Rows where any of `columns` contains `text`: a knex query, or an objection query of a model. */
export function whereAnyContains<Q extends Knex.QueryBuilder | QueryBuilder<Model, unknown>>(
  q: Q,
  columns: readonly string[],
  text: string,
): Q {
  (q as Knex.QueryBuilder).where((w) => {
    for (const c of columns) w.orWhereRaw(LIKE, [c, likeContains(text), '\\']);
  });
  return q;
}

/** Rows where `column` starts with `text`. */
export function whereStartsWith(q: Knex.QueryBuilder, column: string, text: string): Knex.QueryBuilder {
  return q.whereRaw(LIKE, [column, `${likeContains(text).slice(1, -1)}%`, '\\']);
}
