/**
 * Roles and the permissions they carry. The built-in "system administrator"
 * always holds every permission of the catalogue (re-synced at each start, so
 * an upgrade's new screens reach it); "staff" holds the booking centre.
 */
import type { Knex } from 'knex';
import { isSystem, type Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import { allPermissions, staffPermissions } from '../menus/index.ts';
import { RoleModel, RolePermissionModel } from './model.ts';

export const ADMIN_ROLE = 'admin';
const CATALOGUE = allPermissions();
export const STAFF_ROLE = 'staff';

export class RolesService {
  constructor(private readonly deps: { db: Knex; clock: Clock }) {}

  async seed(): Promise<void> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const builtIns = [
      {
        code: ADMIN_ROLE,
        name: '系统管理员',
        description: 'System administrator: every permission',
        permissions: allPermissions(),
        resync: true,
      },
      {
        code: STAFF_ROLE,
        name: '员工',
        description: 'Staff: the booking centre',
        permissions: staffPermissions(),
        resync: false,
      },
    ];
    for (const r of builtIns) {
      const role = await RoleModel.query(db).findOne({ code: r.code }).select('id');
      if (!role) {
        const [id] = await db('roles').insert({
          code: r.code,
          name: r.name,
          description: r.description,
          created_at: now,
          updated_at: now,
        });
        await this.grant(db, Number(id), r.permissions);
      } else if (r.resync) {
        await this.grant(db, role.id, r.permissions);
      }
    }
  }

  private async grant(db: Knex, roleId: number, permissions: string[]): Promise<void> {
    const have = new Set(
      (await RolePermissionModel.query(db).where({ role_id: roleId }).select('permission')).map((p) => p.permission),
    );
    const missing = permissions.filter((p) => !have.has(p)).map((permission) => ({ role_id: roleId, permission }));
    for (let i = 0; i < missing.length; i += 200) await db('role_permissions').insert(missing.slice(i, i + 200));
  }

  async roleIdByCode(code: string, trx: Knex | Knex.Transaction = this.deps.db): Promise<number> {
    const role = await RoleModel.query(trx).findOne({ code }).select('id');
    if (!role) throw new Error(`Built-in role ${code} is missing: run the seed`);
    return role.id;
  }

  /** Every permission a user holds through their roles. */
  async permissionsOfUser(userId: number, trx: Knex | Knex.Transaction = this.deps.db): Promise<Set<string>> {
    const rows = (await this.permissionRows(trx, userId)) as Array<{ permission: string }>;
    return new Set(rows.map((r) => r.permission));
  }

  /**
   * The user's permissions as rows (`user_id`, `permission`), for a caller to join inside its own query:
   * the session check of every request reads them in the same round trip as the session (plain knex there,
   * as a model would cost time on every request).
   */
  permissionRows(trx: Knex | Knex.Transaction, userId: number): Knex.QueryBuilder {
    return trx('user_roles as ur')
      .join('role_permissions as rp', 'rp.role_id', 'ur.role_id')
      .where('ur.user_id', userId)
      .distinct('ur.user_id', 'rp.permission');
  }

  /** Whether the user holds the built-in system administrator role. */
  async holdsAdmin(userId: number, trx: Knex | Knex.Transaction = this.deps.db): Promise<boolean> {
    if (!userId) return false;
    const row = await trx('user_roles as ur')
      .join('roles as r', 'r.id', 'ur.role_id')
      .where({ 'ur.user_id': userId, 'r.code': ADMIN_ROLE })
      .first('ur.user_id');
    return Boolean(row);
  }

  /**
   * Whether the caller acts with the system administrator's whole authority: the system itself (CLI, jobs),
   * or a holder of the admin role whose permissions in this call cover the catalogue. An API key acts with
   * its scopes only, so an administrator's key scoped to a few permissions is not the administrator.
   */
  async isSystemAdmin(actor: Actor, trx: Knex | Knex.Transaction = this.deps.db): Promise<boolean> {
    if (isSystem(actor)) return true;
    return CATALOGUE.every((p) => actor.permissions.has(p)) && this.holdsAdmin(actor.userId, trx);
  }

  /**
   * Whether the caller's account holds the admin role (or is the system), whatever the scopes of the key it
   * calls with: decides whose roles it may act on, while what it may grant stays bounded by its permissions.
   */
  async accountIsAdmin(actor: Actor, trx: Knex | Knex.Transaction = this.deps.db): Promise<boolean> {
    return isSystem(actor) || this.holdsAdmin(actor.userId, trx);
  }
}
