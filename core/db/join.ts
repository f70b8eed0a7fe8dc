/** The one shape of the owners' published joins (users' joinUser, resources' joinResource). */
import type { Knex } from 'knex';

export interface JoinOptions {
  /** The alias of the joined table in the query. */
  as: string;
  /** A left join (rows without a match stay, with nulls), else an inner join. */
  left: boolean;
}

/**
 * Joins `table` as `as` on `<as>.id = on` and selects `columns` as `<as>.<column>`
 * (`'name as resource_name'` keeps its alias).
 */
export function joinById(
  q: Knex.QueryBuilder,
  table: string,
  on: string,
  columns: readonly string[],
  { as, left }: JoinOptions,
): Knex.QueryBuilder {
  const aliased = `${table} as ${as}`;
  if (left) q.leftJoin(aliased, `${as}.id`, on);
  else q.join(aliased, `${as}.id`, on);
  if (columns.length) q.select(columns.map((c) => `${as}.${c}`));
  return q;
}
