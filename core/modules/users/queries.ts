/** Reading users for the administration screens: rows to views, with their roles, and the searches. */
import type { QueryBuilder } from 'objection';
import { whereAnyContains } from '../../db/like.ts';
import { paginateModels, type Page } from '../../db/paging.ts';
import { NotFoundError } from '../../errors.ts';
import { UserModel } from './model.ts';
import type { Contact, ExportQuery, UserQuery, UserView } from './schema.ts';
import type { Db } from '../../db/transaction.ts';
import { holdersOf, rolesOfUsers, type RoleRef } from '../roles/index.ts';

export function toView(u: UserModel, roles: RoleRef[]): UserView {
  return {
    id: u.id,
    username: u.username,
    realName: u.realName,
    employeeNo: u.employeeNo,
    phone: u.phone,
    email: u.email,
    cardNo: u.cardNo,
    department: u.department,
    workplace: u.workplace,
    position: u.position,
    corpSection: u.corpSection,
    costCenter: u.costCenter,
    ipAddress: u.ipAddress,
    status: u.status,
    awaitingApproval: u.awaitingApproval,
    restricted: u.restricted,
    enableAt: u.enableAt,
    restrictAt: u.restrictAt,
    creditBalance: u.creditBalance,
    source: u.source,
    roles,
    createdBy: u.createdBy,
    createdAt: u.createdAt,
    updatedAt: u.updatedAt,
    lastLoginAt: u.lastLoginAt,
  };
}

export async function getRow(db: Db, id: number): Promise<UserModel> {
  const user = await UserModel.query(db).findById(id);
  if (!user) throw new NotFoundError('user', id);
  return user;
}

export async function getView(db: Db, id: number): Promise<UserView> {
  const user = await getRow(db, id);
  return toView(user, (await rolesOfUsers(db, [user.id])).get(user.id) ?? []);
}

/** The filters of the list and the export. */
export function filtered(db: Db, f: ExportQuery): QueryBuilder<UserModel> {
  const q = UserModel.query(db);
  if (f.q) whereAnyContains(q, ['username', 'real_name', 'employee_no', 'email', 'phone'], f.q);
  if (f.status !== undefined) q.where({ status: f.status });
  if (f.awaitingApproval !== undefined) q.where({ awaiting_approval: f.awaitingApproval });
  if (f.department) whereAnyContains(q, ['department'], f.department);
  const roleId = f.roleId ?? f.role;
  if (roleId) q.whereIn('id', holdersOf(db, { id: roleId }));
  return q;
}

export async function listUsers(db: Db, query: UserQuery): Promise<Page<UserView>> {
  const page = await paginateModels(filtered(db, query).orderBy('id'), query, (u) => u);
  const roles = await rolesOfUsers(
    db,
    page.items.map((u) => u.id),
  );
  return { ...page, items: page.items.map((u) => toView(u, roles.get(u.id) ?? [])) };
}

/** Active users for picking attendees and recipients: only what a colleague may see. */
export async function contacts(db: Db, query: { q?: string; limit: number }): Promise<Contact[]> {
  const q = UserModel.query(db).where({ status: 1 });
  if (query.q) whereAnyContains(q, ['username', 'real_name', 'email'], query.q);
  const users = await q
    .orderBy([{ column: 'real_name' }, { column: 'id' }])
    .limit(query.limit)
    .select('id', 'username', 'real_name', 'email');
  return users.map((u) => ({ id: u.id, name: u.username, realName: u.realName, email: u.email }));
}
