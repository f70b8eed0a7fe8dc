/**
 * User administration (docs/product-rules.md R1.1, R1.6-R1.8): create, replace, delete, enable
 * or disable, reset a password. The rules of who may do what, where "the
 * caller's permissions" are those of this call (an API key: its scopes within
 * its owner's), so a narrowly scoped key of an administrator is no administrator:
 * - a new role on a user must have been created by the caller, unless the
 *   caller's account holds the admin role, and must not carry permissions
 *   beyond the caller's, unless the caller is a system administrator;
 * - only a system administrator may change a system administrator or a user
 *   with permissions beyond the caller's; holders of the admin role cannot be
 *   deleted (remove the role first);
 * - nobody deletes or disables themselves, and one active administrator remains.
 */
import type { Knex } from 'knex';
import { holds, type Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import { BusinessRuleError, ConflictError, ForbiddenError, ValidationError } from '../../errors.ts';
import { t } from '../../i18n/index.ts';
import {
  ADMIN_ROLE,
  assignRoles,
  holdersOf,
  permissionsOfRoles,
  rolesByIds,
  type RolesService,
} from '../roles/index.ts';
import { hashPassword } from './password.ts';
import { contacts, getRow, getView, listUsers } from './queries.ts';
import { loadUserSettings, passwordErrors, randomFor, throwIfAny, userFieldErrors } from './rules.ts';
import type {
  Contact,
  ContactQuery,
  CreateUserBody,
  ResetPasswordBody,
  UpdateUserBody,
  UserQuery,
  UserView,
} from './schema.ts';
import type { Cradle } from '../../cradle.ts';
import { runTx, type Db } from '../../db/transaction.ts';

export interface UserAdminDeps {
  db: Knex;
  clock: Clock;
  operationLog: Cradle['operationLog'];
  paramsService: Cradle['paramsService'];
  rolesService: RolesService;
  sessionService: Cradle['sessionService'];
  apiKeysService: Cradle['apiKeysService'];
  changeLog: Cradle['changeLog'];
}

/** The stored columns of the editable fields. */
export function userColumns(b: UpdateUserBody & { status: 0 | 1 }) {
  return {
    username: b.username,
    real_name: b.realName,
    employee_no: b.employeeNo,
    phone: b.phone,
    email: b.email,
    card_no: b.cardNo,
    department: b.department,
    workplace: b.workplace,
    position: b.position,
    corp_section: b.corpSection,
    cost_center: b.costCenter,
    ip_address: b.ipAddress,
    status: b.status,
    // Enabling an account made on the register page is its approval (docs/product-rules.md R14.10).
    ...(b.status === 1 ? { awaiting_approval: false } : {}),
    restricted: b.restricted,
    enable_at: b.enableAt ?? null,
    restrict_at: b.restrictAt ?? null,
  };
}

export class UserAdminService {
  constructor(private readonly deps: UserAdminDeps) {}

  /** Creates, changes and removes are logged as `sys.user.*` with the user's view before and after. */
  private get audit() {
    return this.deps.operationLog.audited('sys.user', (id, trx) => getView(trx, id));
  }

  list(query: UserQuery) {
    return listUsers(this.deps.db, query);
  }

  get(id: number): Promise<UserView> {
    return getView(this.deps.db, id);
  }

  contacts(query: ContactQuery): Promise<Contact[]> {
    return contacts(this.deps.db, query);
  }

  async create(actor: Actor, body: CreateUserBody): Promise<UserView & { initialPassword?: string }> {
    const settings = await loadUserSettings(this.deps.paramsService);
    const errors = userFieldErrors(body, settings, actor.lang);
    let password: string;
    let mustChange = true;
    let initialPassword: string | undefined;
    if (body.password) {
      errors.push(...passwordErrors(body.password, settings, actor.lang));
      password = body.password;
      mustChange = body.mustChangePassword ?? false;
    } else if (settings.usernoAsPass) {
      // The employee number is only a first key: it must be replaced at first sign-in, where the policy applies.
      password = body.employeeNo;
    } else {
      password = initialPassword = randomFor(settings);
    }
    throwIfAny(errors);
    const hash = await hashPassword(password);
    const view = await this.audit.create(actor, async (trx) => {
      await this.assertUsernameFree(trx, body.username, null);
      await this.checkRoles(trx, actor, body.roleIds, []);
      const now = this.deps.clock.now();
      let id: number;
      try {
        [id] = (
          await trx('users').insert({
            ...userColumns(body),
            password_hash: hash,
            must_change_password: mustChange,
            password_changed_at: now,
            created_by: actor.userId || null,
            created_at: now,
            updated_at: now,
          })
        ).map(Number) as [number];
      } catch (err) {
        if (isUniqueViolation(err)) throw new ConflictError('users.duplicateUsername');
        throw err;
      }
      await assignRoles(trx, id, body.roleIds);
      await this.deps.changeLog.record(trx, [{ name: 'user.created', payload: { userId: id } }]);
      return id;
    });
    return initialPassword ? { ...view, initialPassword } : view;
  }

  async update(actor: Actor, id: number, input: UpdateUserBody): Promise<UserView> {
    const settings = await loadUserSettings(this.deps.paramsService);
    throwIfAny(userFieldErrors(input, settings, actor.lang));
    return this.audit.update(actor, id, async (trx, before) => {
      const body = { ...input, status: input.status ?? (before.status === 0 ? 0 : 1) } as const;
      await this.guardTarget(trx, actor, id);
      if (id === actor.userId && body.status === 0) throw new BusinessRuleError('users.selfNotDisabled');
      if (body.username !== before.username) await this.assertUsernameFree(trx, body.username, id);
      await this.checkRoles(
        trx,
        actor,
        body.roleIds,
        before.roles.map((r) => r.id),
      );
      try {
        await trx('users')
          .where({ id })
          .update({ ...userColumns(body), updated_at: this.deps.clock.now() });
      } catch (err) {
        if (isUniqueViolation(err)) throw new ConflictError('users.duplicateUsername');
        throw err;
      }
      await assignRoles(trx, id, body.roleIds, { replace: true });
      await this.ensureAdminRemains(trx);
      if (before.status === 1 && body.status === 0) await this.ended(trx, id);
    });
  }

  /**
   * Enable (1) or disable (0); a disabled user's sessions end at once. Enabling an account that waits for approval
   * approves it (logged as `sys.user.approve`).
   */
  async setStatus(actor: Actor, id: number, status: 0 | 1): Promise<UserView> {
    return runTx(this.deps.db, async (trx) => {
      const before = await getView(trx, id);
      await this.guardTarget(trx, actor, id);
      if (id === actor.userId && status === 0) throw new BusinessRuleError('users.selfNotDisabled');
      await trx('users')
        .where({ id })
        .update({ status, ...(status === 1 ? { awaiting_approval: false } : {}), updated_at: this.deps.clock.now() });
      if (status === 0) {
        await this.ensureAdminRemains(trx);
        if (before.status === 1) await this.ended(trx, id);
      }
      const after = await getView(trx, id);
      await this.deps.operationLog.record(trx, actor, {
        action: before.awaitingApproval && status === 1 ? 'sys.user.approve' : 'sys.user.status',
        target: id,
        before: { status: before.status, awaitingApproval: before.awaitingApproval },
        after: { status, awaitingApproval: before.awaitingApproval && status === 0 },
      });
      return after;
    });
  }

  /**
   * A person the directory says has left: disabled, their sessions ended and their API keys revoked, in one
   * transaction (docs/product-rules.md R21.3). Answers false when the account was already disabled.
   */
  async disableLeaver(actor: Actor, id: number, source: string): Promise<boolean> {
    return runTx(this.deps.db, async (trx) => {
      const before = await getRow(trx, id);
      if (Number(before.status) === 0) return false;
      await trx('users').where({ id }).update({ status: 0, updated_at: this.deps.clock.now() });
      await this.ensureAdminRemains(trx);
      await this.ended(trx, id);
      const keyIds = await this.deps.apiKeysService.revokeAllOfUser(trx, id);
      await this.deps.operationLog.record(trx, actor, {
        action: 'sys.user.leaver',
        target: id,
        before: { status: 1 },
        after: { status: 0, source, revokedApiKeys: keyIds },
      });
      return true;
    });
  }

  /**
   * Sets a new password (given, or random and answered once); the user's sessions end, and unless asked not to,
   * their API keys are revoked in the same transaction: a reset usually means the account was in the wrong hands.
   */
  async resetPassword(
    actor: Actor,
    id: number,
    body: ResetPasswordBody,
  ): Promise<{ initialPassword?: string; mustChangePassword: boolean; revokedApiKeys: number }> {
    const settings = await loadUserSettings(this.deps.paramsService);
    if (body.password) throwIfAny(passwordErrors(body.password, settings, actor.lang));
    const password = body.password ?? randomFor(settings);
    const mustChange = body.password ? body.mustChangePassword : true;
    const hash = await hashPassword(password);
    const revoked = await this.deps.db.transaction(async (trx) => {
      await getRow(trx, id);
      await this.guardTarget(trx, actor, id);
      const now = this.deps.clock.now();
      await trx('users').where({ id }).update({
        password_hash: hash,
        password_changed_at: now,
        must_change_password: mustChange,
        failed_logins: 0,
        locked_until: null,
        feed_token_hash: null, // the calendar feed URL goes with the password, like the sessions
        updated_at: now,
      });
      await this.deps.sessionService.revokeAllOfUser(id, trx);
      const keyIds = body.revokeApiKeys ? await this.deps.apiKeysService.revokeAllOfUser(trx, id) : [];
      await this.deps.operationLog.record(trx, actor, {
        action: 'sys.user.resetPassword',
        target: id,
        after: { mustChangePassword: mustChange, revokedApiKeys: keyIds },
      });
      return keyIds.length;
    });
    const answer = { mustChangePassword: mustChange, revokedApiKeys: revoked };
    return body.password ? answer : { initialPassword: password, ...answer };
  }

  async remove(actor: Actor, id: number): Promise<void> {
    await this.audit.remove(actor, id, async (trx) => {
      if (id === actor.userId) throw new BusinessRuleError('users.selfNotDeletable');
      if (await this.deps.rolesService.holdsAdmin(id, trx)) throw new BusinessRuleError('users.adminNotDeletable');
      await this.guardTarget(trx, actor, id);
      try {
        await trx('users').where({ id }).del();
      } catch (err) {
        // Bookings keep their organiser: such an account is disabled, not deleted.
        if (isForeignKeyViolation(err)) throw new BusinessRuleError('users.hasRecords');
        throw err;
      }
      await this.deps.changeLog.record(trx, [{ name: 'user.deleted', payload: { userId: id } }]);
    });
  }

  /**
   * A disabled account: its sessions end in the same transaction, and the change record tells whatever keeps
   * data of the person (face images, door rights) to let go.
   */
  private async ended(trx: Knex.Transaction, id: number): Promise<void> {
    await this.deps.sessionService.revokeAllOfUser(id, trx);
    await this.deps.changeLog.record(trx, [{ name: 'user.disabled', payload: { userId: id } }]);
  }

  private async assertUsernameFree(trx: Db, username: string, selfId: number | null): Promise<void> {
    const q = trx('users').where({ username });
    if (selfId !== null) q.whereNot({ id: selfId });
    if (await q.first('id')) throw new ConflictError('users.duplicateUsername');
  }

  /**
   * Roles must exist; newly given ones must be the caller's own unless the caller's account is an administrator,
   * and within the caller's permissions unless the caller is a system administrator: a user made by a scoped
   * key, with a password the key chose, must not carry more than the key could do itself.
   */
  async checkRoles(trx: Db, actor: Actor, roleIds: number[], kept: number[]): Promise<void> {
    const ids = [...new Set(roleIds)];
    if (ids.length === 0)
      throw new ValidationError(
        [{ field: 'roleIds', message: t(actor.lang, 'users.roleRequired') }],
        'users.roleRequired',
      );
    const rows = await rolesByIds(trx, ids);
    const missing = ids.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length) {
      const role = missing.join(', ');
      throw new ValidationError(
        [{ field: 'roleIds', message: t(actor.lang, 'users.unknownRole', { role }) }],
        'users.unknownRole',
        { role },
      );
    }
    const { rolesService } = this.deps;
    if (await rolesService.isSystemAdmin(actor, trx)) return;
    const given = rows.filter((r) => !kept.includes(r.id));
    if (given.length === 0) return;
    if (!(await rolesService.accountIsAdmin(actor, trx)) && given.some((r) => (r.createdBy ?? 0) !== actor.userId))
      throw new BusinessRuleError('users.roleNotYours');
    const granted = await permissionsOfRoles(
      trx,
      given.map((r) => r.id),
    );
    if (granted.some((code) => !holds(actor, code))) throw new ForbiddenError('users.rolesBeyondAuthority');
  }

  /**
   * Who may change, reset or delete a user: a system administrator anyone; others
   * neither an administrator nor a user holding permissions they lack, so no one
   * takes over an account more powerful than their own.
   */
  private async guardTarget(trx: Db, actor: Actor, targetId: number): Promise<void> {
    const { rolesService } = this.deps;
    if (await rolesService.isSystemAdmin(actor, trx)) return;
    if (await rolesService.holdsAdmin(targetId, trx)) throw new BusinessRuleError('users.adminOnly');
    const held = await rolesService.permissionsOfUser(targetId, trx);
    if ([...held].some((p) => !holds(actor, p))) throw new BusinessRuleError('users.userBeyondAuthority');
  }

  /** Checked after a change inside its transaction: without an active administrator nobody could repair the system. */
  private async ensureAdminRemains(trx: Db): Promise<void> {
    const row = await trx('users')
      .whereIn('id', holdersOf(trx, { code: ADMIN_ROLE }))
      .where({ status: 1 })
      .first('id');
    if (!row) throw new BusinessRuleError('users.lastAdmin');
  }
}
