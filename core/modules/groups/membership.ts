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

/**
 * Puts `userId` into the groups `add` and takes them out of `remove` (the directory's group mapping, docs/product-rules.md
 * R21.6); a membership already there, or already gone, is left as it is.
 */
export async function changeMembership(
  trx: Db,
  userId: number,
  add: readonly number[],
  remove: readonly number[],
): Promise<void> {
  if (remove.length) await trx('user_group_members').where({ user_id: userId }).whereIn('group_id', remove).del();
  if (!add.length) return;
  const have = new Set(await groupIdsOf(trx, userId));
  const rows = [...new Set(add)].filter((g) => !have.has(g)).map((groupId) => ({ group_id: groupId, user_id: userId }));
  if (rows.length) await trx('user_group_members').insert(rows);
}

/** The names of these groups, by id (a group gone is absent). */
export async function groupNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = (await db('user_groups')
    .whereIn('id', [...new Set(ids)])
    .select('id', 'name')) as Array<{
    id: number;
    name: string;
  }>;
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

/** Every user group by name (at most 2,000), for pickers outside the groups screen (the directory's group mapping). */
export async function groupChoices(db: Db): Promise<Array<{ id: number; name: string }>> {
  const rows = (await db('user_groups').orderBy('name').limit(2000).select('id', 'name')) as Array<{
    id: number;
    name: string;
  }>;
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}
