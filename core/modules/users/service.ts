/**
 * Users: lookup for sign-in, the first administrator, and password changes.
 * (Administration of users — CRUD, import, export — builds on this.)
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from '../../../config/default.ts';
import type { Clock } from '../../clock.ts';
import type { Cradle } from '../../cradle.ts';
import { runTx } from '../../db/transaction.ts';
import { ADMIN_ROLE, giveRoles, type RolesService } from '../roles/index.ts';
import { UserModel } from './model.ts';
import { hashPassword, randomPassword } from './password.ts';

export interface UsersDeps {
  db: Knex;
  clock: Clock;
  config: Config;
  logger: Logger;
  rolesService: RolesService;
  changeLog: Cradle['changeLog'];
}

export interface NewUser {
  username: string;
  realName: string;
  employeeNo: string;
  /** null: no local password (an account of the directory, which signs in through it only). */
  password: string | null;
  email?: string | null;
  phone?: string | null;
  department?: string | null;
  cardNo?: string | null;
  /** The enterprise chat's id of the person (users.external_id). */
  externalId?: string | null;
  departmentPath?: string | null;
  roleIds: number[];
  mustChangePassword?: boolean;
  createdBy?: number | null;
  /** Made on the register page, to be approved by an administrator: kept disabled (status 0) until then. */
  awaitingApproval?: boolean;
  /** Where the account comes from (`local` unless told): a sign-in method that made it (ldap, oidc, saml). */
  source?: string;
}

/** The stored hash of an account without a local password: no password verifies against it. */
const NO_PASSWORD = '!none';

/** The fields a directory keeps up to date. */
export interface DirectoryFields {
  realName?: string;
  email?: string | null;
  phone?: string | null;
  department?: string | null;
  cardNo?: string | null;
  employeeNo?: string;
  /** The id the enterprise chat knows the person by (WeCom / DingTalk user id): where its messages go. */
  externalId?: string | null;
  /** The department path, names joined by " / " (departments.ts). */
  departmentPath?: string | null;
}

export class UsersService {
  constructor(private readonly deps: UsersDeps) {}

  async findByUsername(username: string, trx: Knex | Knex.Transaction = this.deps.db): Promise<UserModel | undefined> {
    return UserModel.query(trx).findOne({ username });
  }

  async findById(id: number, trx: Knex | Knex.Transaction = this.deps.db): Promise<UserModel | undefined> {
    return UserModel.query(trx).findById(id);
  }

  /** Inserts a user with its roles; the caller has validated the input and owns the transaction. */
  /** `trx` is run by runTx: the account's `user.created` change is recorded with it. */
  async insert(trx: Knex.Transaction, u: NewUser): Promise<number> {
    const now = this.deps.clock.now();
    const [id] = await trx('users').insert({
      username: u.username,
      real_name: u.realName,
      employee_no: u.employeeNo,
      password_hash: u.password === null ? NO_PASSWORD : await hashPassword(u.password),
      email: u.email ?? null,
      phone: u.phone ?? null,
      department: u.department ?? null,
      card_no: u.cardNo ?? null,
      external_id: u.externalId ?? null,
      department_path: u.departmentPath ?? null,
      must_change_password: u.mustChangePassword ?? false,
      password_changed_at: now,
      created_by: u.createdBy ?? null,
      created_at: now,
      updated_at: now,
      ...(u.awaitingApproval ? { status: 0, awaiting_approval: true } : {}),
      ...(u.source ? { source: u.source } : {}),
    });
    const userId = Number(id);
    await giveRoles(
      trx,
      u.roleIds.map((roleId) => ({ userId, roleId })),
    );
    await this.deps.changeLog.record(trx, [{ name: 'user.created', payload: { userId } }]);
    return userId;
  }

  /** Writes the fields a directory sync found changed; the caller owns the transaction and the log. */
  async updateDirectoryFields(trx: Knex | Knex.Transaction, id: number, f: DirectoryFields): Promise<void> {
    const columns = {
      real_name: f.realName,
      email: f.email,
      phone: f.phone,
      department: f.department,
      card_no: f.cardNo,
      employee_no: f.employeeNo,
      external_id: f.externalId,
      department_path: f.departmentPath,
    };
    const set = Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
    if (Object.keys(set).length)
      await trx('users')
        .where({ id })
        .update({ ...set, updated_at: this.deps.clock.now() });
  }

  /**
   * Creates `admin` on first start. Its password comes from configuration or is
   * random; either way it must be changed at first sign-in. Returns the
   * password only when this call made the account (so it is printed once).
   */
  async ensureAdmin(): Promise<{ created: boolean; password?: string }> {
    const existing = await this.findByUsername('admin');
    if (existing) return { created: false };
    const password = this.deps.config.adminPassword || randomPassword(16);
    const roleId = await this.deps.rolesService.roleIdByCode(ADMIN_ROLE);
    await runTx(this.deps.db, (trx) =>
      this.insert(trx, {
        username: 'admin',
        realName: 'Administrator',
        employeeNo: 'A0001',
        password,
        roleIds: [roleId],
        mustChangePassword: true,
      }),
    );
    return { created: true, password };
  }

  /** Notes a successful sign-in (the users list shows it). */
  async recordSignIn(userId: number, at: number): Promise<void> {
    await this.deps.db('users').where({ id: userId }).update({ last_login_at: at });
  }

  /** A new password also retires the private calendar feed URL: whoever learnt the old password may have copied it. */
  async setPassword(trx: Knex | Knex.Transaction, userId: number, password: string): Promise<void> {
    const now = this.deps.clock.now();
    await trx('users')
      .where({ id: userId })
      .update({
        password_hash: await hashPassword(password),
        password_changed_at: now,
        must_change_password: false,
        failed_logins: 0,
        locked_until: null,
        feed_token_hash: null,
        updated_at: now,
      });
  }
}
