/**
 * The users table as other modules reach it (docs/conventions.md, "Table ownership"): a join that adds a
 * user's columns to their query in the same round trip (the session check runs on every request), which of
 * some ids are users, and the per-user lock that serialises a decision about one user across processes.
 */
import type { Knex } from 'knex';
import type { Model, QueryBuilder } from 'objection';
import { joinById } from '../../db/join.ts';
import type { Db } from '../../db/transaction.ts';
import { UserModel } from './model.ts';

export interface JoinUser {
  /** The alias of the users table in the query; `u` unless told. */
  as?: string;
  /** A left join (rows without a user stay, with nulls); an inner join unless told. */
  left?: boolean;
}

/**
 * Joins the user whose id is in `on` (`'k.user_id'`) and selects `columns` of theirs as `<as>.<column>`
 * (`'real_name as organiser_name'` keeps its alias). Filters and orders may then name `<as>.<column>`.
 * `q` is a knex query or an objection query of the caller's model.
 */
export function joinUser<Q extends Knex.QueryBuilder | QueryBuilder<Model, unknown>>(
  q: Q,
  on: string,
  columns: readonly string[] = [],
  { as = 'u', left = false }: JoinUser = {},
): Q {
  // An objection query joins and selects as knex's does; its rows then carry the joined columns too.
  joinById(q as Knex.QueryBuilder, 'users', on, columns, { as, left });
  return q;
}

/** Which of `ids` are users (in chunks, so a long list stays under the database's parameter limit). */
export async function existingUserIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for (let i = 0; i < ids.length; i += 500) {
    const users = await UserModel.query(db)
      .whereIn('id', ids.slice(i, i + 500))
      .select('id');
    for (const u of users) found.add(u.id);
  }
  return found;
}

/**
 * Locks the user's row until `trx` ends, so two transactions deciding something about the same user (a quota,
 * a violation count) take turns, across processes too; false when there is no such user. SQLite has one writer
 * anyway.
 */
export async function lockUser(trx: Knex.Transaction, userId: number): Promise<boolean> {
  return Boolean(await trx('users').where({ id: userId }).forUpdate().first('id'));
}
