/**
 * Who holds which role (user_roles, the roles module's table: docs/conventions.md, "Table ownership"), as the
 * users module and the notifications reach it: the roles a user is given, the roles of many users at once, the
 * users holding a role or a permission, and what some roles carry.
 */
import type { Knex } from 'knex';
import type { Db } from '../../db/transaction.ts';
import { RoleModel, RolePermissionModel, UserRoleModel } from './model.ts';

export type RoleRef = { id: number; name: string };

/** Gives a user these roles; `replace` takes away the ones they held before (the caller's transaction). */
export async function assignRoles(
  trx: Db,
  userId: number,
  roleIds: readonly number[],
  { replace = false }: { replace?: boolean } = {},
): Promise<void> {
  if (replace) await trx('user_roles').where({ user_id: userId }).del();
  await giveRoles(
    trx,
    [...new Set(roleIds)].map((roleId) => ({ userId, roleId })),
  );
}

/** Inserts many (user, role) pairs at once (the import's batches). */
export async function giveRoles(trx: Db, pairs: ReadonlyArray<{ userId: number; roleId: number }>): Promise<void> {
  if (pairs.length) await trx('user_roles').insert(pairs.map((p) => ({ user_id: p.userId, role_id: p.roleId })));
}

/** Takes roles from a user (the directory's group mapping, docs/product-rules.md R21.6). */
export async function takeRoles(trx: Db, userId: number, roleIds: readonly number[]): Promise<void> {
  if (roleIds.length) await trx('user_roles').where({ user_id: userId }).whereIn('role_id', roleIds).del();
}

/** The role ids a user holds. */
export async function roleIdsOf(db: Db, userId: number): Promise<number[]> {
  return ((await db('user_roles').where({ user_id: userId }).pluck('role_id')) as Array<number | string>).map(Number);
}

/** The roles of many users in one query (chunked), each user's by role id. */
export async function rolesOfUsers(db: Db, userIds: readonly number[]): Promise<Map<number, RoleRef[]>> {
  const out = new Map<number, RoleRef[]>(userIds.map((id) => [id, []]));
  for (let i = 0; i < userIds.length; i += 500) {
    const rows = (await db('user_roles as ur')
      .join('roles as r', 'r.id', 'ur.role_id')
      .whereIn('ur.user_id', userIds.slice(i, i + 500))
      .orderBy('r.id')
      .select('ur.user_id', 'r.id', 'r.name')) as Array<{ user_id: number; id: number; name: string }>;
    for (const r of rows) out.get(r.user_id)?.push({ id: r.id, name: r.name });
  }
  return out;
}

/** The ids of the users holding a role, given by id or by its built-in code, as a subquery (`whereIn('id', …)`). */
export function holdersOf(db: Db, role: { id: number } | { code: string }): Knex.QueryBuilder {
  return 'id' in role
    ? db('user_roles').where({ role_id: role.id }).select('user_id')
    : db('user_roles as ur').join('roles as r', 'r.id', 'ur.role_id').where('r.code', role.code).select('ur.user_id');
}

/** The ids of the users holding any of these permission codes through a role. */
export async function holdersOfPermissions(db: Db, codes: readonly string[]): Promise<number[]> {
  const rows = await UserRoleModel.query(db)
    .alias('ur')
    .join('role_permissions as rp', 'rp.role_id', 'ur.role_id')
    .whereIn('rp.permission', codes)
    .distinct('ur.user_id');
  return rows.map((r) => r.userId);
}

/** These roles (those that exist) with their name and maker; every role when no ids are given. */
export async function rolesByIds(
  db: Db,
  ids?: readonly number[],
): Promise<Array<{ id: number; name: string; createdBy: number | null }>> {
  const q = RoleModel.query(db).select('id', 'name', 'created_by');
  if (ids) q.whereIn('id', ids);
  return (await q).map((r) => ({ id: r.id, name: r.name, createdBy: r.createdBy }));
}

/** Every permission code these roles carry, once each. */
export async function permissionsOfRoles(db: Db, roleIds: readonly number[]): Promise<string[]> {
  return (await RolePermissionModel.query(db).whereIn('role_id', roleIds).distinct('permission')).map(
    (r) => r.permission,
  );
}
