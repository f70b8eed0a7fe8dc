/**
 * SCIM Users over Atrium's accounts. Reads and writes go through the users module's services (so every change
 * is in the operation log as `sys.user.*`, and a disabled account's sessions end as they do from the console);
 * the externalId is the account's `user_identities` link of source `scim` (the sso module's). Accounts holding
 * the admin role are never matched, read or changed here (docs/product-rules.md R22.2, the rule of
 * core/modules/sso/provisioning.ts): a provisioner's userName "admin" must not become the administrator.
 */
import type { Knex } from 'knex';
import type { QueryBuilder } from 'objection';
import { systemActor, type Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import type { Cradle } from '../../cradle.ts';
import { likeContains } from '../../db/paging.ts';
import { ADMIN_ROLE, holdersOf, STAFF_ROLE } from '../roles/index.ts';
import { loadUserSettings, randomPassword, UserModel } from '../users/index.ts';
import { parseFilter, type AttrPath, type Filter, matches } from './filter.ts';
import { applyPatch } from './patch.ts';
import {
  ENTERPRISE_SCHEMA,
  iso,
  listResponse,
  SCIM_SOURCE,
  ScimError,
  USER_SCHEMA,
  type ListResponse,
  type ScimUser,
} from './schema.ts';

type Json = Record<string, unknown>;
type UserQuery = QueryBuilder<UserModel, UserModel[]>;
type CreateBody = Parameters<Cradle['userAdminService']['create']>[1];
type UpdateBody = Parameters<Cradle['userAdminService']['update']>[2];

/** The Atrium fields a SCIM user sets. */
interface Fields {
  username: string;
  realName: string;
  employeeNo: string | undefined;
  email: string | null;
  phone: string | null;
  department: string | null;
  position: string | null;
  status: 0 | 1;
  externalId: string | undefined;
}

/** Where a filter's attribute lives in `users`: a column and how to compare it. */
type Column = { column: string; type: 'text' | 'id' | 'active' | 'time' };

const COLUMNS: Record<string, Column> = {
  id: { column: 'id', type: 'id' },
  username: { column: 'username', type: 'text' },
  displayname: { column: 'real_name', type: 'text' },
  'name.formatted': { column: 'real_name', type: 'text' },
  emails: { column: 'email', type: 'text' },
  'emails.value': { column: 'email', type: 'text' },
  phonenumbers: { column: 'phone', type: 'text' },
  'phonenumbers.value': { column: 'phone', type: 'text' },
  title: { column: 'position', type: 'text' },
  active: { column: 'status', type: 'active' },
  'enterprise:employeenumber': { column: 'employee_no', type: 'text' },
  'enterprise:department': { column: 'department', type: 'text' },
  'meta.created': { column: 'created_at', type: 'time' },
  'meta.lastmodified': { column: 'updated_at', type: 'time' },
};

/** Up to this many accounts in a list answer, their externalIds are looked up one by one. */
const LOOKUPS_PER_LIST = 10;

/** The one e-mail and phone Atrium keeps are answered as the work (and primary) entry. */
const KEPT_ENTRY = { type: 'work', primary: true };

const text = (v: unknown, max: number): string | null => {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string' && typeof v !== 'number') throw new ScimError(400, 'scim.badValue', 'invalidValue');
  const s = String(v).trim();
  return s ? [...s].slice(0, max).join('') : null;
};

const isObject = (v: unknown): v is Json => Boolean(v) && typeof v === 'object' && !Array.isArray(v);

/** `active` as a boolean; Entra sends the strings "True" and "False". Absent: `fallback`. */
function activeOf(v: unknown, fallback = true): boolean {
  if (v === undefined || v === null) return fallback;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string' && /^(true|false)$/i.test(v.trim())) return v.trim().toLowerCase() === 'true';
  throw new ScimError(400, 'scim.badActive', 'invalidValue');
}

/** The entry of a multi-valued attribute Atrium keeps: the work one, else the primary one, else the first. */
function pickEntry(list: unknown, ...types: string[]): string | null {
  if (list === undefined || list === null) return null;
  const entries = (Array.isArray(list) ? list : [list]).filter(isObject);
  const byType = types.map((ty) => entries.find((e) => String(e.type ?? '').toLowerCase() === ty)).find(Boolean);
  const chosen = byType ?? entries.find((e) => e.primary === true || e.primary === 'True') ?? entries[0];
  return chosen ? text(chosen.value, 255) : null;
}

/** A key of `obj` whatever its case. */
const pick = (obj: unknown, name: string): unknown => {
  if (!isObject(obj)) return undefined;
  const key = Object.keys(obj).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : obj[key];
};

/** A SCIM user's fields in Atrium's terms; `current` fills what Atrium needs and SCIM may leave out. */
export function fieldsOf(rep: Json, current?: UserModel): Fields {
  const username = text(pick(rep, 'userName'), 100);
  if (!username || /\s/.test(username)) throw new ScimError(400, 'scim.badUserName', 'invalidValue');
  const name = pick(rep, 'name');
  const composed = [text(pick(name, 'givenName'), 100), text(pick(name, 'familyName'), 100)].filter(Boolean).join(' ');
  const realName =
    text(pick(rep, 'displayName'), 100) ?? text(pick(name, 'formatted'), 100) ?? (composed || null) ?? username;
  const ext = pick(rep, ENTERPRISE_SCHEMA);
  const externalId = text(pick(rep, 'externalId'), 255) ?? undefined;
  return {
    username,
    realName: [...realName].slice(0, 100).join(''),
    employeeNo: text(pick(ext, 'employeeNumber'), 50) ?? current?.employeeNo ?? undefined,
    email: pickEntry(pick(rep, 'emails'), 'work'),
    phone: text(pickEntry(pick(rep, 'phoneNumbers'), 'work', 'mobile'), 30),
    department: text(pick(ext, 'department'), 100),
    position: text(pick(rep, 'title'), 100),
    // A PUT without `active` keeps the account's state: a leaver is not enabled again by an update of their name.
    status: activeOf(pick(rep, 'active'), current ? current.status === 1 : true) ? 1 : 0,
    externalId,
  };
}

export class ScimUsersService {
  constructor(
    private readonly deps: {
      db: Knex;
      clock: Clock;
      operationLog: Cradle['operationLog'];
      usersService: Cradle['usersService'];
      userAdminService: Cradle['userAdminService'];
      rolesService: Cradle['rolesService'];
      apiKeysService: Cradle['apiKeysService'];
      paramsService: Cradle['paramsService'];
      ssoIdentitiesService: Cradle['ssoIdentitiesService'];
    },
  ) {}

  /** The account of a SCIM id; 404 when there is none, 403 for an administrator's. */
  private async account(id: string): Promise<UserModel> {
    const n = /^\d{1,12}$/.test(id) ? Number(id) : 0;
    const user = n ? await this.deps.usersService.findById(n) : undefined;
    if (!user) throw new ScimError(404, 'scim.userNotFound', undefined, { id });
    await this.refuseAdmin(user.id);
    return user;
  }

  private async refuseAdmin(userId: number): Promise<void> {
    if (await this.deps.rolesService.holdsAdmin(userId)) throw new ScimError(403, 'scim.adminAccount');
  }

  /** The externalId linked to the account (source `scim`), through the sso module's identity list. */
  private async externalIdOf(userId: number): Promise<string | undefined> {
    const page = await this.deps.ssoIdentitiesService.list(systemActor(), {
      userId,
      source: SCIM_SOURCE,
      page: 1,
      pageSize: 1,
    });
    return page.items[0]?.externalId;
  }

  /**
   * The externalIds of a page of accounts: one look-up each for a few (a filter's answer), else every link of the
   * source in one read, which costs less than a look-up per account.
   */
  private async externalIdsOf(userIds: number[]): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    if (userIds.length <= LOOKUPS_PER_LIST) {
      for (const id of userIds) {
        const ext = await this.externalIdOf(id);
        if (ext) out.set(id, ext);
      }
      return out;
    }
    const wanted = new Set(userIds);
    for (const [ext, userId] of await this.deps.ssoIdentitiesService.linksOf(SCIM_SOURCE))
      if (wanted.has(userId)) out.set(userId, ext);
    return out;
  }

  private async view(user: UserModel, base: string, known?: Map<number, string>): Promise<ScimUser> {
    const externalId = known ? known.get(user.id) : await this.externalIdOf(user.id);
    // Atrium keeps one name; given and family names are read back from it where it has a space.
    const space = user.realName.lastIndexOf(' ');
    const split =
      space > 0 ? { givenName: user.realName.slice(0, space), familyName: user.realName.slice(space + 1) } : {};
    return {
      schemas: [USER_SCHEMA, ENTERPRISE_SCHEMA],
      id: String(user.id),
      ...(externalId ? { externalId } : {}),
      userName: user.username,
      displayName: user.realName,
      name: { formatted: user.realName, ...split },
      ...(user.position ? { title: user.position } : {}),
      active: user.status === 1,
      emails: user.email ? [{ value: user.email, ...KEPT_ENTRY }] : [],
      phoneNumbers: user.phone ? [{ value: user.phone, ...KEPT_ENTRY }] : [],
      [ENTERPRISE_SCHEMA]: {
        employeeNumber: user.employeeNo,
        ...(user.department ? { department: user.department } : {}),
      },
      meta: {
        resourceType: 'User',
        created: iso(user.createdAt),
        lastModified: iso(user.updatedAt),
        location: `${base}/Users/${user.id}`,
      },
    };
  }

  async get(id: string, base: string): Promise<ScimUser> {
    return this.view(await this.account(id), base);
  }

  async list(
    filterText: string | undefined,
    startIndex: number,
    count: number,
    base: string,
  ): Promise<ListResponse<ScimUser>> {
    const { db } = this.deps;
    const q = UserModel.query(db).whereNotIn('id', holdersOf(db, { code: ADMIN_ROLE }) as never) as UserQuery;
    if (filterText !== undefined) {
      const filter = parseFilter(filterText);
      const linked = await this.linkedIds(filter);
      q.where((w) => void where(w as UserQuery, filter, linked));
    }
    const total = await q.clone().resultSize();
    const rows =
      count === 0
        ? []
        : await q
            .orderBy('id')
            .offset(startIndex - 1)
            .limit(count);
    const externalIds = await this.externalIdsOf(rows.map((u) => u.id));
    return listResponse(total, startIndex, await Promise.all(rows.map((u) => this.view(u, base, externalIds))));
  }

  /** The accounts each `externalId eq` of a filter names, looked up before the query is built. */
  private async linkedIds(filter: Filter): Promise<Map<string, number | undefined>> {
    const out = new Map<string, number | undefined>();
    const walk = async (f: Filter): Promise<void> => {
      if (f.kind === 'not') return walk(f.filter);
      if (f.kind !== 'compare' && f.kind !== 'present') return void (await Promise.all([walk(f.left), walk(f.right)]));
      if (f.path.attr !== 'externalid') return;
      if (f.kind !== 'compare' || f.op !== 'eq' || typeof f.value !== 'string')
        throw new ScimError(400, 'scim.unsupportedFilter', 'invalidFilter', { attr: 'externalId' });
      out.set(f.value, await this.deps.ssoIdentitiesService.userIdOf(SCIM_SOURCE, f.value));
    };
    await walk(filter);
    return out;
  }

  async create(actor: Actor, rep: Json, base: string): Promise<ScimUser> {
    const { usersService, userAdminService, rolesService, paramsService, ssoIdentitiesService } = this.deps;
    const f = fieldsOf(rep);
    const existing = await this.holderOf(f.username);
    if (existing) {
      await this.refuseAdmin(existing.id);
      throw new ScimError(409, 'scim.userNameTaken', 'uniqueness', { userName: f.username });
    }
    if (f.externalId && (await ssoIdentitiesService.userIdOf(SCIM_SOURCE, f.externalId)) !== undefined)
      throw new ScimError(409, 'scim.externalIdTaken', 'uniqueness', { externalId: f.externalId });
    const settings = await loadUserSettings(paramsService);
    const { passwordMinLength: min, passwordMaxLength: max } = settings.policy;
    const body: CreateBody = {
      username: f.username,
      realName: f.realName,
      employeeNo: f.employeeNo ?? [...f.username].slice(0, 50).join(''),
      email: f.email,
      phone: f.phone,
      department: f.department,
      position: f.position,
      cardNo: null,
      workplace: null,
      corpSection: null,
      costCenter: null,
      ipAddress: null,
      status: f.status,
      restricted: false,
      roleIds: [await rolesService.roleIdByCode(STAFF_ROLE)],
      // A password nobody knows (never the employee number): provisioned people sign in through their directory.
      password: randomPassword(Math.max(4, Math.min(Math.max(24, min), max))),
      mustChangePassword: true,
    };
    const created = await userAdminService.create(actor, body);
    if (f.externalId) await this.link(actor, created.id, created.username, f.externalId);
    return this.view((await usersService.findById(created.id))!, base);
  }

  /** The account holding a userName, compared without regard to case as SCIM's userName is (RFC 7643 §4.1.1). */
  private async holderOf(username: string, exceptId?: number): Promise<UserModel | undefined> {
    const q = UserModel.query(this.deps.db).whereRaw('lower(username) = ?', [username.toLowerCase()]);
    if (exceptId !== undefined) q.whereNot('id', exceptId);
    return (await q.limit(1))[0];
  }

  private async link(actor: Actor, userId: number, username: string, externalId: string): Promise<void> {
    const { db, operationLog, ssoIdentitiesService } = this.deps;
    await db.transaction(async (trx) => {
      await ssoIdentitiesService.insert(trx, userId, SCIM_SOURCE, externalId);
      await operationLog.record(trx, actor, { action: 'scim.user.link', target: username, after: { externalId } });
    });
  }

  /** PUT: the resource replaces the account's SCIM attributes; what it leaves out is cleared (not the employee no.). */
  async replace(actor: Actor, id: string, rep: Json, base: string): Promise<ScimUser> {
    const user = await this.account(id);
    return this.store(actor, user, fieldsOf(rep, user), base);
  }

  /** PATCH: the operations change the account's SCIM resource, which is then stored as a PUT would. */
  async patch(actor: Actor, id: string, message: unknown, base: string): Promise<ScimUser> {
    const user = await this.account(id);
    const { resource, touched } = applyPatch((await this.view(user, base)) as unknown as Json, message);
    // A new given or family name alone: the name is made of them again, not kept from the display name.
    if ((touched.has('name.givenname') || touched.has('name.familyname')) && !touched.has('name.formatted')) {
      if (!touched.has('displayname')) delete resource.displayName;
      if (isObject(resource.name)) delete resource.name.formatted;
    }
    return this.store(actor, user, fieldsOf(resource, user), base);
  }

  private async store(actor: Actor, user: UserModel, f: Fields, base: string): Promise<ScimUser> {
    const { userAdminService } = this.deps;
    const current = await userAdminService.get(user.id);
    const linked = await this.externalIdOf(user.id);
    if (f.externalId && linked && f.externalId !== linked)
      throw new ScimError(400, 'scim.externalIdFixed', 'mutability');
    if (
      f.externalId &&
      !linked &&
      (await this.deps.ssoIdentitiesService.userIdOf(SCIM_SOURCE, f.externalId)) !== undefined
    )
      throw new ScimError(409, 'scim.externalIdTaken', 'uniqueness', { externalId: f.externalId });
    if (f.username !== user.username && (await this.holderOf(f.username, user.id)))
      throw new ScimError(409, 'scim.userNameTaken', 'uniqueness', { userName: f.username });
    const body: UpdateBody = {
      username: f.username,
      realName: f.realName,
      employeeNo: f.employeeNo ?? current.employeeNo,
      phone: f.phone,
      email: f.email,
      cardNo: current.cardNo,
      department: f.department,
      workplace: current.workplace,
      position: f.position,
      corpSection: current.corpSection,
      costCenter: current.costCenter,
      ipAddress: current.ipAddress,
      status: f.status,
      restricted: current.restricted,
      enableAt: current.enableAt,
      restrictAt: current.restrictAt,
      roleIds: current.roles.map((r) => r.id),
    };
    const changed = (Object.keys(body) as Array<keyof UpdateBody>).some(
      (k) => k !== 'roleIds' && body[k] !== current[k as keyof typeof current],
    );
    if (changed) await userAdminService.update(actor, user.id, body);
    if (current.status === 1 && f.status === 0) await this.revokeKeys(actor, user.id, user.username);
    if (f.externalId && !linked) await this.link(actor, user.id, f.username, f.externalId);
    return this.view((await this.deps.usersService.findById(user.id))!, base);
  }

  /**
   * A leaver's API keys are revoked at once (the update already ended the sessions): a key of a disabled account
   * stops working anyway, but revoked it stays dead when the account is enabled again.
   */
  private async revokeKeys(actor: Actor, userId: number, username: string): Promise<void> {
    const { db, operationLog, apiKeysService } = this.deps;
    await db.transaction(async (trx) => {
      const keyIds = await apiKeysService.revokeAllOfUser(trx, userId);
      if (keyIds.length)
        await operationLog.record(trx, actor, { action: 'scim.user.revokeKeys', target: username, after: { keyIds } });
    });
  }

  /**
   * DELETE removes the account when nothing refers to it. An account with bookings (or any other record that
   * names it) is disabled instead, as the users module refuses to delete it: the bookings keep their organiser
   * for reports and the log, and the person can no longer sign in, which is what the provisioner wants. Entra
   * sends PATCH active=false for leavers and deletes only later, so this is mostly the soft-deleted's last step.
   */
  async remove(actor: Actor, id: string): Promise<void> {
    const user = await this.account(id);
    try {
      await this.deps.userAdminService.remove(actor, user.id);
    } catch (err) {
      if ((err as { key?: string }).key !== 'users.hasRecords') throw err;
      const rep = { ...((await this.view(user, '')) as unknown as Json), active: false };
      await this.store(actor, user, fieldsOf(rep, user), '');
    }
  }
}

/** Adds a filter to a users query; `linked` holds the accounts of the externalIds it names. */
function where(q: UserQuery, f: Filter, linked: Map<string, number | undefined>): UserQuery {
  switch (f.kind) {
    case 'and':
      return q
        .where((w) => void where(w as UserQuery, f.left, linked))
        .where((w) => void where(w as UserQuery, f.right, linked));
    case 'or':
      return q.where(
        (w) =>
          void (w as UserQuery)
            .where((a) => void where(a as UserQuery, f.left, linked))
            .orWhere((b) => void where(b as UserQuery, f.right, linked)),
      );
    case 'not':
      return q.whereNot((w) => void where(w as UserQuery, f.filter, linked));
    default:
      return leaf(q, f, linked);
  }
}

const NEVER = '1 = 0';
const ALWAYS = '1 = 1';

function leaf(
  q: UserQuery,
  f: Filter & { kind: 'compare' | 'present' },
  linked: Map<string, number | undefined>,
): UserQuery {
  const path: AttrPath = f.path;
  if (path.attr === 'externalid') {
    const id = linked.get(f.kind === 'compare' ? String(f.value) : '');
    return id === undefined ? q.whereRaw(NEVER) : q.where('id', id);
  }
  // `emails[type eq "work"]`: the entry Atrium keeps is the work and primary one; the value filter is judged on it.
  if (path.where && !matches(path.where, KEPT_ENTRY)) return q.whereRaw(NEVER);
  const name = path.sub && !(path.where && path.sub === 'value') ? `${path.attr}.${path.sub}` : path.attr;
  const col = COLUMNS[name] ?? (path.where ? COLUMNS[`${path.attr}.value`] : undefined);
  if (!col) throw new ScimError(400, 'scim.unsupportedFilter', 'invalidFilter', { attr: name });
  const c = col.column;
  if (f.kind === 'present') return col.type === 'text' ? q.whereNotNull(c).where(c, '<>', '') : q.whereRaw(ALWAYS);
  const { op, value } = f;
  if (col.type === 'active') {
    const active = typeof value === 'boolean' ? value : typeof value === 'string' ? activeOf(value) : undefined;
    if (active === undefined || (op !== 'eq' && op !== 'ne'))
      throw new ScimError(400, 'scim.unsupportedFilter', 'invalidFilter', { attr: name });
    return (op === 'eq') === active ? q.where(c, 1) : q.whereNot(c, 1);
  }
  if (col.type === 'id') {
    const n =
      typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : typeof value === 'number' ? value : NaN;
    if (op === 'eq') return Number.isInteger(n) ? q.where(c, n) : q.whereRaw(NEVER);
    if (op === 'ne') return Number.isInteger(n) ? q.whereNot(c, n) : q.whereRaw(ALWAYS);
    throw new ScimError(400, 'scim.unsupportedFilter', 'invalidFilter', { attr: name });
  }
  if (col.type === 'time') {
    const ms = typeof value === 'string' ? Date.parse(value) : NaN;
    const sql = { gt: '>', ge: '>=', lt: '<', le: '<=', eq: '=', ne: '<>' }[op as string];
    if (!sql || Number.isNaN(ms)) throw new ScimError(400, 'scim.unsupportedFilter', 'invalidFilter', { attr: name });
    return q.where(c, sql, ms);
  }
  if (value === null)
    return op === 'eq' ? q.where((w) => void w.whereNull(c).orWhere(c, '')) : q.whereNotNull(c).where(c, '<>', '');
  const v = String(value).toLowerCase();
  const like = (pattern: string) => q.whereRaw('lower(??) like ? escape ?', [c, pattern, '\\']);
  const inner = likeContains(v).slice(1, -1);
  switch (op) {
    case 'eq':
      return q.whereRaw('lower(??) = ?', [c, v]);
    case 'ne':
      return q.where((w) => void w.whereNull(c).orWhereRaw('lower(??) <> ?', [c, v]));
    case 'co':
      return like(`%${inner}%`);
    case 'sw':
      return like(`${inner}%`);
    case 'ew':
      return like(`%${inner}`);
    default:
      return q.whereRaw(`lower(??) ${{ gt: '>', ge: '>=', lt: '<', le: '<=' }[op]} ?`, [c, v]);
  }
}
