/**
 * Role administration (docs/product-rules.md R1.6, R1.9). A role's permissions come from the catalogue
 * and never exceed what the caller holds in this call ("role permissions beyond
 * your authority"): for an API key, its scopes within its owner's permissions.
 * A caller acts only on roles they created, unless their account holds the
 * admin role. Built-in roles are never deleted, and the
 * administrator role always keeps the whole catalogue (it is re-synced at
 * start anyway), so only its name and description change.
 */
import type { Knex } from 'knex';
import { holds, type Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import { whereAnyContains } from '../../db/like.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { paginateModels, type Page } from '../../db/paging.ts';
import { BusinessRuleError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { t } from '../../i18n/index.ts';
import { allPermissions } from '../menus/index.ts';
import { RoleModel, RolePermissionModel } from './model.ts';
import type { RoleBody, RoleQuery, RoleView } from './schema.ts';
import { ADMIN_ROLE, type RolesService } from './service.ts';
import type { Cradle } from '../../cradle.ts';
import type { Db } from '../../db/transaction.ts';

const CATALOGUE = new Set(allPermissions());

export class RoleAdminService {
  constructor(
    private readonly deps: { db: Knex; clock: Clock; operationLog: Cradle['operationLog']; rolesService: RolesService },
  ) {}

  async list(actor: Actor, query: RoleQuery): Promise<Page<RoleView>> {
    const { db } = this.deps;
    const q = RoleModel.query(db).orderBy('id');
    if (query.q) whereAnyContains(q, ['name', 'description'], query.q);
    if (query.assignable && !(await this.deps.rolesService.accountIsAdmin(actor)))
      q.where({ created_by: actor.userId });
    const page = await paginateModels(q, query, (r) => r);
    return { ...page, items: await this.views(db, page.items) };
  }

  async get(id: number, trx: Db = this.deps.db): Promise<RoleView> {
    return (await this.views(trx, [await this.row(trx, id)]))[0]!;
  }

  /** `GET /sys/role/pre/{id}` (docs/product-rules.md R1.9): may the caller change or delete this role (else 403). */
  async pre(actor: Actor, id: number): Promise<{ allowed: true }> {
    await this.assertMayAct(this.deps.db, actor, await this.row(this.deps.db, id));
    return { allowed: true };
  }

  /** Creates, changes and removes are logged as `sys.role.*` with the role's view before and after. */
  private get audit() {
    return this.deps.operationLog.audited('sys.role', (id, trx) => this.get(id, trx));
  }

  async create(actor: Actor, body: RoleBody): Promise<RoleView> {
    return this.audit.create(actor, async (trx) => {
      const permissions = await this.checkPermissions(trx, actor, body.permissions);
      await this.assertNameFree(trx, body.name, null);
      const now = this.deps.clock.now();
      let id: number;
      try {
        [id] = (
          await trx('roles').insert({
            name: body.name,
            description: body.description,
            created_by: actor.userId || null,
            created_at: now,
            updated_at: now,
          })
        ).map(Number) as [number];
      } catch (err) {
        if (isUniqueViolation(err)) throw new ConflictError('users.duplicateRoleName');
        throw err;
      }
      await this.setPermissions(trx, id, permissions);
      return id;
    });
  }

  async update(actor: Actor, id: number, body: RoleBody): Promise<RoleView> {
    return this.audit.update(actor, id, async (trx, before) => {
      await this.assertMayAct(trx, actor, before);
      const isAdminRole = before.code === ADMIN_ROLE;
      if (isAdminRole && !sameSet(body.permissions, before.permissions))
        throw new BusinessRuleError('users.adminRoleFixed');
      const permissions = isAdminRole ? before.permissions : await this.checkPermissions(trx, actor, body.permissions);
      if (body.name !== before.name) await this.assertNameFree(trx, body.name, id);
      await trx('roles')
        .where({ id })
        .update({ name: body.name, description: body.description, updated_at: this.deps.clock.now() });
      if (!isAdminRole) {
        await trx('role_permissions').where({ role_id: id }).del();
        await this.setPermissions(trx, id, permissions);
      }
    });
  }

  async remove(actor: Actor, id: number): Promise<void> {
    await this.audit.remove(actor, id, async (trx, before) => {
      await this.assertMayAct(trx, actor, before);
      if (before.code) throw new BusinessRuleError('users.builtInRole');
      // Users must keep at least one role, so a role still given to someone stays.
      if (before.userCount > 0) throw new BusinessRuleError('users.roleInUse', { count: before.userCount });
      await trx('roles').where({ id }).del();
    });
  }

  private async row(db: Db, id: number): Promise<RoleModel> {
    const role = await RoleModel.query(db).findById(id);
    if (!role) throw new NotFoundError('role', id);
    return role;
  }

  private async views(db: Db, roles: RoleModel[]): Promise<RoleView[]> {
    const ids = roles.map((r) => r.id);
    const perms = ids.length ? await RolePermissionModel.query(db).whereIn('role_id', ids) : [];
    const counts = ids.length
      ? ((await db('user_roles')
          .whereIn('role_id', ids)
          .groupBy('role_id')
          .select('role_id')
          .count({ n: '*' })) as Array<{ role_id: number; n: number | string }>)
      : [];
    const userCounts = new Map(counts.map((c) => [c.role_id, Number(c.n)]));
    const order = new Map(allPermissions().map((p, i) => [p, i]));
    return roles.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      code: r.code,
      builtIn: Boolean(r.code),
      permissions: perms
        .filter((p) => p.roleId === r.id)
        .map((p) => p.permission)
        .sort((a, b) => (order.get(a) ?? 1e9) - (order.get(b) ?? 1e9)),
      userCount: userCounts.get(r.id) ?? 0,
      createdBy: r.createdBy,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    }));
  }

  private async assertMayAct(db: Db, actor: Actor, role: { createdBy: number | null }): Promise<void> {
    if (await this.deps.rolesService.accountIsAdmin(actor, db)) return;
    if (role.createdBy === null || role.createdBy !== actor.userId) throw new ForbiddenError('users.roleNotAllowed');
  }

  /** Known codes only, none beyond what the caller holds in this call (a key: its effective scopes). */
  private async checkPermissions(db: Db, actor: Actor, requested: string[]): Promise<string[]> {
    const permissions = [...new Set(requested)];
    const unknown = permissions.find((p) => !CATALOGUE.has(p));
    if (unknown)
      throw new ValidationError(
        [{ field: 'permissions', message: t(actor.lang, 'users.unknownPermission', { permission: unknown }) }],
        'users.unknownPermission',
        { permission: unknown },
      );
    if (await this.deps.rolesService.isSystemAdmin(actor, db)) return permissions;
    if (permissions.some((p) => !holds(actor, p))) throw new ForbiddenError('users.rolesBeyondAuthority');
    return permissions;
  }

  private async setPermissions(db: Db, roleId: number, permissions: string[]): Promise<void> {
    for (let i = 0; i < permissions.length; i += 200) {
      await db('role_permissions').insert(
        permissions.slice(i, i + 200).map((permission) => ({ role_id: roleId, permission })),
      );
    }
  }

  private async assertNameFree(db: Db, name: string, selfId: number | null): Promise<void> {
    const q = db('roles').where({ name });
    if (selfId !== null) q.whereNot({ id: selfId });
    if (await q.first('id')) throw new ConflictError('users.duplicateRoleName');
  }
}

function sameSet(a: string[], b: string[]): boolean {
  const sa = new Set(a);
  return sa.size === new Set(b).size && b.every((x) => sa.has(x));
}
