/** Reading users for the administration screens: rows to views, with their roles, and the searches. */
import type { Knex } from 'knex';
import { paginate, type Page } from '../../db/paging.ts';
import { NotFoundError } from '../../errors.ts';
import type { UserRow } from './model.ts';
import type { Contact, ExportQuery, UserQuery, UserView } from './schema.ts';
import type { Db } from '../../db/transaction.ts';
import { holdersOf, rolesOfUsers, type RoleRef } from '../roles/index.ts';

const num = (v: unknown): number | null => (v == null ? null : Number(v));

export function toView(r: UserRow, roles: RoleRef[]): UserView {
  return {
    id: Number(r.id),
    username: r.username,
    realName: r.real_name,
    employeeNo: r.employee_no,
    phone: r.phone,
    email: r.email,
    cardNo: r.card_no,
    department: r.department,
    workplace: r.workplace,
    position: r.position,
    corpSection: r.corp_section,
    costCenter: r.cost_center,
    ipAddress: r.ip_address,
    status: Number(r.status),
    awaitingApproval: Boolean(Number(r.awaiting_approval ?? 0)),
    restricted: Boolean(r.restricted),
    enableAt: num(r.enable_at),
    restrictAt: num(r.restrict_at),
    creditBalance: Number(r.credit_balance),
    source: r.source,
    roles,
    createdBy: num(r.created_by),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
    lastLoginAt: num(r.last_login_at),
  };
}

/** LIKE with an explicit escape character, so `50%` or `a_b` are searched literally on SQLite and MySQL alike. */
export function whereLikeAny(q: Knex.QueryBuilder, columns: string[], text: string): void {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  q.where((w) => {
    for (const c of columns) w.orWhereRaw('?? like ? escape ?', [c, pattern, '\\']);
  });
}

export async function getRow(db: Db, id: number): Promise<UserRow> {
  const row = (await db('users').where({ id }).first()) as UserRow | undefined;
  if (!row) throw new NotFoundError('user', id);
  return row;
}

export async function getView(db: Db, id: number): Promise<UserView> {
  const row = await getRow(db, id);
  return toView(row, (await rolesOfUsers(db, [row.id])).get(Number(row.id)) ?? []);
}

/** The filters of the list and the export. */
export function filtered(db: Db, f: ExportQuery): Knex.QueryBuilder {
  const q = db('users');
  if (f.q) whereLikeAny(q, ['username', 'real_name', 'employee_no', 'email', 'phone'], f.q);
  if (f.status !== undefined) q.where({ status: f.status });
  if (f.awaitingApproval !== undefined) q.where({ awaiting_approval: f.awaitingApproval });
  if (f.department) whereLikeAny(q, ['department'], f.department);
  const roleId = f.roleId ?? f.role;
  if (roleId) q.whereIn('id', holdersOf(db, { id: roleId }));
  return q;
}

export async function listUsers(db: Db, query: UserQuery): Promise<Page<UserView>> {
  const page = await paginate<UserRow>(
    filtered(db, query).select('*').orderBy('id'),
    query,
    (r) => r as unknown as UserRow,
  );
  const roles = await rolesOfUsers(
    db,
    page.items.map((u) => Number(u.id)),
  );
  return { ...page, items: page.items.map((u) => toView(u, roles.get(Number(u.id)) ?? [])) };
}

/** Active users for picking attendees and recipients: only what a colleague may see. */
export async function contacts(db: Db, query: { q?: string; limit: number }): Promise<Contact[]> {
  const q = db('users').where({ status: 1 });
  if (query.q) whereLikeAny(q, ['username', 'real_name', 'email'], query.q);
  const rows = (await q
    .orderBy([{ column: 'real_name' }, { column: 'id' }])
    .limit(query.limit)
    .select('id', 'username', 'real_name', 'email')) as Array<Pick<UserRow, 'id' | 'username' | 'real_name' | 'email'>>;
  return rows.map((r) => ({ id: Number(r.id), name: r.username, realName: r.real_name, email: r.email }));
}
