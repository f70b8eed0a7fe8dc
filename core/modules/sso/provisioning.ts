/**
 * Finds the Atrium user behind a directory identity, or creates one on first
 * sign-in when the method's settings allow it (role staff, fields from the
 * userMap). The identity's link (user_identities) decides; without one, and
 * only when the method allows it, the account of the same username is linked
 * once, so accounts made by hand or by an import keep working when a directory
 * is switched on. An administrator's account is never linked that way: a
 * directory entry or provider claim named "admin" would otherwise be the
 * administrator. WeCom and DingTalk sign-ins may match that first account by
 * employee number or e-mail instead (`matchBy`), under the same rule.
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { systemActor } from '../../actor.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { runTx } from '../../db/transaction.ts';
import { ConflictError, ForbiddenError, UnauthorizedError } from '../../errors.ts';
import { STAFF_ROLE, type RolesService } from '../roles/index.ts';
import { randomPassword, usersMatching, type UserRow, type UsersService } from '../users/index.ts';
import type { IdentitiesService } from './identities.ts';
import { USER_FIELDS, type UserField, type UserMap } from './schema.ts';
import type { Cradle } from '../../cradle.ts';

export type SsoSource = 'ldap' | 'oidc' | 'saml' | 'wecom' | 'dingtalk';

export interface DirectoryIdentity {
  source: SsoSource;
  /** Stable id at the provider (entryUUID, sub, NameID). */
  externalId: string;
  /** Raw attributes or claims; values may be lists (the first one counts). */
  attributes: Record<string, unknown>;
  /** Username to use when the userMap yields none (LDAP: the name typed at login). */
  fallbackUsername?: string;
  /**
   * The same person under another source's link (Entra's object id `oid` for an OIDC sign-in through Entra, whose
   * `sub` differs per application): an account the directory sync linked there is this identity's account.
   */
  alias?: { source: string; externalId: string };
}

export interface ProvisioningPolicy {
  autoCreate: boolean;
  matchByUsername: boolean;
  userMap: UserMap;
  /** Which field finds the existing account of an identity not linked yet (default username); one account or none. */
  matchBy?: 'username' | 'employeeNo' | 'email';
}

export type MappedUser = Partial<Record<UserField, string>>;

/** First usable text of an attribute value (LDAP and SAML send lists, buffers). */
function firstText(value: unknown): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (typeof v === 'string') return v.trim() || undefined;
  if (typeof v === 'number') return String(v);
  if (Buffer.isBuffer(v)) return v.toString('utf8').trim() || undefined;
  return undefined;
}

/** Applies the userMap; values cut to their column's length, an e-mail kept only if it looks like one. */
export function mapAttributes(attributes: Record<string, unknown>, userMap: UserMap): MappedUser {
  const out: MappedUser = {};
  for (const field of Object.keys(USER_FIELDS) as UserField[]) {
    const attr = userMap[field];
    if (!attr) continue;
    // Attribute names are case-insensitive in LDAP; claims and SAML names are matched exactly first.
    const key = attr in attributes ? attr : Object.keys(attributes).find((k) => k.toLowerCase() === attr.toLowerCase());
    const text = key === undefined ? undefined : firstText(attributes[key]);
    if (text) out[field] = [...text].slice(0, USER_FIELDS[field]).join('');
  }
  if (out.email && !/^[^\s@]+@[^\s@]+$/.test(out.email)) delete out.email;
  return out;
}

/** Enterprise chats whose messages are addressed by their user id (users.external_id, read by notify-wecom/dingtalk). */
const ADDRESSED_BY_ID: ReadonlySet<string> = new Set(['wecom', 'dingtalk']);

/** Where identities carry their groups: the chat providers' `groups`, OIDC's `groups` claim, LDAP's `memberOf`, SAML. */
const GROUP_ATTRIBUTES = ['groups', 'memberOf', 'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups'];

/** The identity's groups as texts, or undefined when it tells none (nothing is then changed). */
export function groupsOf(attributes: Record<string, unknown>): string[] | undefined {
  const lower = new Map(Object.keys(attributes).map((k) => [k.toLowerCase(), k]));
  for (const name of GROUP_ATTRIBUTES) {
    const key = lower.get(name.toLowerCase());
    if (key === undefined) continue;
    const value = attributes[key];
    const list = Array.isArray(value) ? value : [value];
    return list
      .map((v) =>
        Buffer.isBuffer(v) ? v.toString('utf8') : typeof v === 'string' || typeof v === 'number' ? String(v) : '',
      )
      .filter((v) => v.length > 0 && v.length <= 500);
  }
  return undefined;
}

export class ProvisioningService {
  constructor(
    private readonly deps: {
      db: Knex;
      logger: Logger;
      usersService: UsersService;
      rolesService: RolesService;
      operationLog: Cradle['operationLog'];
      ssoIdentitiesService: IdentitiesService;
      directoryGroupMaps: Cradle['directoryGroupMaps'];
    },
  ) {}

  /**
   * The account of the identity (found, linked or created), with the directory's group mapping applied when the
   * identity tells its groups (docs/product-rules.md R21.6).
   */
  async resolve(identity: DirectoryIdentity, policy: ProvisioningPolicy): Promise<UserRow> {
    const user = await this.account(identity, policy);
    const groups = groupsOf(identity.attributes);
    if (groups && user.status === 1) {
      const { db, directoryGroupMaps } = this.deps;
      await runTx(db, (trx) => directoryGroupMaps.apply(trx, user.id, identity.source, { groups }));
    }
    return user;
  }

  private async account(identity: DirectoryIdentity, policy: ProvisioningPolicy): Promise<UserRow> {
    const mapped = mapAttributes(identity.attributes, policy.userMap);
    if (!mapped.username && identity.fallbackUsername)
      mapped.username = identity.fallbackUsername.slice(0, USER_FIELDS.username);
    const externalId = identity.externalId.slice(0, 255);
    const linked = await this.linkedUser(identity.source, externalId);
    if (linked) return linked;
    const aliased = identity.alias && (await this.viaAlias(identity.source, externalId, identity.alias));
    if (aliased) return aliased;
    if (!mapped.username) throw new UnauthorizedError('sso.noUsername');
    const matchBy = policy.matchBy ?? 'username';
    const existing = await this.existing(mapped, matchBy);
    if (existing) return this.matchByUsername(identity.source, externalId, existing, policy, matchBy);
    // Matched by another field and found none: the username may still be someone else's.
    if (matchBy !== 'username' && (await this.deps.usersService.findByUsername(mapped.username)))
      throw new ConflictError('sso.usernameTaken', { username: mapped.username });
    if (!policy.autoCreate) {
      this.deps.logger.info(
        { source: identity.source, username: mapped.username },
        'sign-in refused: unknown user and auto-create is off',
      );
      throw new ForbiddenError('sso.userNotProvisioned', { username: mapped.username });
    }
    try {
      return await this.create(identity.source, externalId, mapped as MappedUser & { username: string });
    } catch (err) {
      // Two first sign-ins of the same identity at once: the other one made the user and its link; use it.
      const again = await this.linkedUser(identity.source, externalId);
      if (again) return again;
      throw err;
    }
  }

  /** The account linked under the alias, now also linked under the identity itself (once). */
  private async viaAlias(
    source: SsoSource,
    externalId: string,
    alias: { source: string; externalId: string },
  ): Promise<UserRow | undefined> {
    const { db, usersService, operationLog, ssoIdentitiesService } = this.deps;
    const userId = await ssoIdentitiesService.userIdOf(alias.source, alias.externalId.slice(0, 255));
    if (userId === undefined) return undefined;
    try {
      await db.transaction(async (trx) => {
        await ssoIdentitiesService.insert(trx, userId, source, externalId);
        await operationLog.record(trx, systemActor(), {
          action: `sso.${source}.link`,
          target: userId,
          after: { source, externalId, by: alias.source },
        });
      });
    } catch (err) {
      // The same first sign-in twice at once: the link exists either way.
      if (!isUniqueViolation(err)) throw err;
    }
    return usersService.findById(userId);
  }

  private async linkedUser(source: SsoSource, externalId: string): Promise<UserRow | undefined> {
    const userId = await this.deps.ssoIdentitiesService.userIdOf(source, externalId);
    return userId === undefined ? undefined : this.deps.usersService.findById(userId);
  }

  /** The one account the identity's `matchBy` field names (none when two share an employee number or e-mail). */
  private async existing(
    mapped: MappedUser,
    matchBy: 'username' | 'employeeNo' | 'email',
  ): Promise<UserRow | undefined> {
    if (matchBy === 'username') return this.deps.usersService.findByUsername(mapped.username!);
    const value = mapped[matchBy];
    if (!value) return undefined;
    const found = await usersMatching(this.deps.db, matchBy, value);
    return found.length === 1 ? found[0] : undefined;
  }

  /** An existing account of the identity's username: linked once when the method allows it, never an administrator. */
  private async matchByUsername(
    source: SsoSource,
    externalId: string,
    user: UserRow,
    policy: ProvisioningPolicy,
    by: 'username' | 'employeeNo' | 'email' = 'username',
  ): Promise<UserRow> {
    const { db, logger, rolesService, operationLog, ssoIdentitiesService, usersService } = this.deps;
    const log = { source, username: user.username };
    if (!policy.matchByUsername) {
      logger.warn(log, 'sign-in refused: the username belongs to an account not linked to this identity');
      throw new ConflictError('sso.usernameTaken', { username: user.username });
    }
    if (await rolesService.holdsAdmin(user.id)) {
      logger.warn(log, 'sign-in refused: an administrator account is linked to an identity only by an administrator');
      throw new ConflictError('sso.usernameTaken', { username: user.username });
    }
    try {
      await db.transaction(async (trx) => {
        await ssoIdentitiesService.insert(trx, user.id, source, externalId);
        if (ADDRESSED_BY_ID.has(source)) await usersService.updateDirectoryFields(trx, user.id, { externalId });
        await operationLog.record(trx, systemActor(), {
          action: `sso.${source}.link`,
          target: user.username,
          after: { source, externalId, by },
        });
      });
    } catch (err) {
      // The same identity's first sign-in in two places at once: the link exists either way.
      if (!isUniqueViolation(err)) throw err;
      const linked = await this.linkedUser(source, externalId);
      if (linked) return linked;
      throw err;
    }
    logger.info({ ...log, userId: user.id, by }, 'identity linked to the account of the same username');
    return user;
  }

  private async create(source: SsoSource, externalId: string, m: MappedUser & { username: string }): Promise<UserRow> {
    const { db, usersService, rolesService, operationLog, ssoIdentitiesService } = this.deps;
    const id = await runTx(db, async (trx) => {
      const roleId = await rolesService.roleIdByCode(STAFF_ROLE, trx);
      // A random password nobody knows: such users sign in through their directory only.
      const userId = await usersService.insert(trx, {
        username: m.username,
        realName: m.realName ?? m.username,
        employeeNo: m.employeeNo ?? m.username,
        password: randomPassword(24),
        email: m.email ?? null,
        phone: m.phone ?? null,
        department: m.department ?? null,
        roleIds: [roleId],
        // users.source says where the account came from (local ones get password-expiry notices); the link is separate.
        source,
        ...(ADDRESSED_BY_ID.has(source) ? { externalId } : {}),
      });
      await ssoIdentitiesService.insert(trx, userId, source, externalId);
      await operationLog.record(trx, systemActor(), {
        action: `sso.${source}.provision`,
        target: m.username,
        after: { ...m, source, externalId },
      });
      return userId;
    });
    this.deps.logger.info({ source, username: m.username, userId: id }, 'user created at first single sign-on');
    return (await usersService.findById(id))!;
  }
}
