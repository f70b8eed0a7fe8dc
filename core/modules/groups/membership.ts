/**
 * Group membership as other modules reach it (docs/conventions.md, "Table ownership"): the groups of a user,
 * and a join that adds them to the caller's query in the same round trip (the booking rules' facts).
 */
import type { Knex } from 'knex';
import type { Db } from '../../db/transaction.ts';

/** The ids of the groups `userId` belongs to. */
export async function groupIdsOf(db: Db, userId: number): Promise<number[]> {
  const ids = (await db('user_group_members').where({ user_id: userId }).pluck('group_id')) as Array<number | string>;
  return ids.map(Number);
}

/**
 * Left-joins the memberships of `userId` as `as` (`g` unless told): one row per group of theirs, or one row
 * with a null `<as>.group_id` when they are in none. Select `<as>.group_id`.
 */
export function joinGroupsOf(q: Knex.QueryBuilder, userId: number, as = 'g'): Knex.QueryBuilder {
  return q.leftJoin(`user_group_members as ${as}`, (j) => {
    j.onVal(`${as}.user_id`, '=', userId);
  });
}
