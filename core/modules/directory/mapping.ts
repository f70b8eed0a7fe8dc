/**
 * Group mapping (docs/product-rules.md R21.6): directory groups give roles and user groups. At every sign-in and
 * directory sync that tells a person's groups, the person gets what the mappings of their groups give and loses
 * what mappings of their source give through groups they are no longer in; roles and user groups no mapping names
 * stay as an administrator set them. Administrators' accounts are never changed this way, and no mapping gives the
 * admin role.
 */
import type { Knex } from 'knex';
import type { Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import type { Cradle } from '../../cradle.ts';
import { whereAnyContains } from '../../db/like.ts';
import { paginateModels } from '../../db/paging.ts';
import type { Db } from '../../db/transaction.ts';
import { BusinessRuleError, NotFoundError } from '../../errors.ts';
import { changeMembership, groupChoices, groupIdsOf, groupNames } from '../groups/index.ts';
import { ADMIN_ROLE, giveRoles, roleIdsOf, rolesByIds, takeRoles } from '../roles/index.ts';
import { PATH_SEPARATOR } from '../users/index.ts';
import { GroupMapModel } from './model.ts';
import type { GroupMapBody, GroupMapChoices, GroupMapQuery, GroupMapView } from './schema.ts';

export interface GroupMappingDeps {
  db: Knex;
  clock: Clock;
  operationLog: Cradle['operationLog'];
  rolesService: Cradle['rolesService'];
}

/** How a mapping names a department: `dept:Acme / R&D` holds the people of R&D and every department below it. */
export const DEPARTMENT = 'dept:';

/** `dept:` names of a department path and every one above it. */
export function departmentsOf(path: string | null): string[] {
  if (!path) return [];
  const names = path.split(PATH_SEPARATOR);
  return names.map((_, i) => `${DEPARTMENT}${names.slice(0, i + 1).join(PATH_SEPARATOR)}`);
}

export class GroupMappingService {
  constructor(private readonly deps: GroupMappingDeps) {}

  async list(query: GroupMapQuery) {
    const q = GroupMapModel.query(this.deps.db).orderBy('id', 'desc');
    if (query.source) q.where('source', query.source);
    if (query.q) whereAnyContains(q, ['group_name'], query.q);
    const page = await paginateModels(q, query, (m) => m);
    return { ...page, items: await this.views(page.items) };
  }

  async create(actor: Actor, body: GroupMapBody): Promise<GroupMapView> {
    const { db, clock, operationLog, rolesService } = this.deps;
    if (body.roleId != null) {
      const [role] = await rolesByIds(db, [body.roleId]);
      if (!role) throw new NotFoundError('role', body.roleId);
      if (body.roleId === (await rolesService.roleIdByCode(ADMIN_ROLE)))
        throw new BusinessRuleError('directory.adminRole');
    }
    if (body.userGroupId != null && !(await groupNames(db, [body.userGroupId])).size)
      throw new NotFoundError('group', body.userGroupId);
    const id = await db.transaction(async (trx) => {
      const [inserted] = await trx('directory_group_maps').insert({
        source: body.source,
        group_name: body.group,
        role_id: body.roleId ?? null,
        user_group_id: body.userGroupId ?? null,
        created_by: actor.userId || null,
        created_at: clock.now(),
      });
      await operationLog.record(trx, actor, { action: 'directory.groupMap.add', target: body.group, after: body });
      return Number(inserted);
    });
    return (await this.views([(await GroupMapModel.query(db).findById(id))!]))[0]!;
  }

  async remove(actor: Actor, id: number): Promise<void> {
    await this.deps.db.transaction(async (trx) => {
      const before = await GroupMapModel.query(trx).findById(id);
      if (!before) throw new NotFoundError('groupMap', id);
      await trx('directory_group_maps').where({ id }).del();
      await this.deps.operationLog.record(trx, actor, {
        action: 'directory.groupMap.delete',
        target: before.groupName,
        before: { source: before.source, roleId: before.roleId, userGroupId: before.userGroupId },
      });
    });
  }

  /** What a mapping may give: every role but the admin role, and every user group. */
  async choices(): Promise<GroupMapChoices> {
    const admin = await this.deps.rolesService.roleIdByCode(ADMIN_ROLE);
    const roles = (await rolesByIds(this.deps.db)).filter((r) => r.id !== admin).map(({ id, name }) => ({ id, name }));
    return { roles, userGroups: await groupChoices(this.deps.db) };
  }

  /** Whether any mapping could apply to `source` (a sync skips the work when none does). */
  async any(source: string): Promise<boolean> {
    return Boolean(await GroupMapModel.query(this.deps.db).whereIn('source', [source, '*']).first());
  }

  /**
   * Applies the mappings of `source` to a person, in the caller's transaction: those of groups when `told.groups`
   * is given, those of departments (`dept:<path>`, the department and every one above it) when
   * `told.departmentPath` is. What was not told is left alone. Answers whether anything changed.
   */
  async apply(
    trx: Db,
    userId: number,
    source: string,
    told: { groups?: readonly string[]; departmentPath?: string | null },
  ): Promise<boolean> {
    const maps = (await GroupMapModel.query(trx).whereIn('source', [source, '*'])).filter((m) =>
      m.groupName.startsWith(DEPARTMENT) ? told.departmentPath !== undefined : told.groups !== undefined,
    );
    if (!maps.length) return false;
    const groups = [...(told.groups ?? []), ...departmentsOf(told.departmentPath ?? null)];
    const admin = await this.deps.rolesService.roleIdByCode(ADMIN_ROLE, trx);
    const held = await roleIdsOf(trx, userId);
    if (held.includes(admin)) return false;
    const theirs = new Set<string>(groups);
    const given = maps.filter((m) => theirs.has(m.groupName));
    const wantRoles = new Set(given.map((m) => m.roleId).filter((r): r is number => r !== null && r !== admin));
    const wantGroups = new Set(given.map((m) => m.userGroupId).filter((g): g is number => g !== null));
    const managedRoles = maps.map((m) => m.roleId).filter((r): r is number => r !== null && !wantRoles.has(r));
    const managedGroups = maps.map((m) => m.userGroupId).filter((g): g is number => g !== null && !wantGroups.has(g));
    const heldSet = new Set(held);
    const addRoles = [...wantRoles].filter((r) => !heldSet.has(r));
    const dropRoles = [...new Set(managedRoles)].filter((r) => heldSet.has(r));
    // A person left with no role at all could not even book: then one of the roles to drop stays.
    if (dropRoles.length && held.length - dropRoles.length + addRoles.length === 0) dropRoles.pop();
    const inGroups = new Set(await groupIdsOf(trx, userId));
    const addGroups = [...wantGroups].filter((g) => !inGroups.has(g));
    const dropGroups = [...new Set(managedGroups)].filter((g) => inGroups.has(g));
    if (!addRoles.length && !dropRoles.length && !addGroups.length && !dropGroups.length) return false;
    await takeRoles(trx, userId, dropRoles);
    await giveRoles(
      trx,
      addRoles.map((roleId) => ({ userId, roleId })),
    );
    await changeMembership(trx, userId, addGroups, dropGroups);
    return true;
  }

  private async views(maps: GroupMapModel[]): Promise<GroupMapView[]> {
    const roles = new Map(
      (
        await rolesByIds(
          this.deps.db,
          maps.map((m) => m.roleId).filter((r): r is number => r !== null),
        )
      ).map((r) => [r.id, r.name]),
    );
    const groups = await groupNames(
      this.deps.db,
      maps.map((m) => m.userGroupId).filter((g): g is number => g !== null),
    );
    return maps.map((m) => ({
      id: m.id,
      source: m.source as GroupMapView['source'],
      group: m.groupName,
      roleId: m.roleId ?? null,
      roleName: m.roleId === null ? null : (roles.get(m.roleId) ?? null),
      userGroupId: m.userGroupId ?? null,
      userGroupName: m.userGroupId === null ? null : (groups.get(m.userGroupId) ?? null),
      createdAt: m.createdAt,
    }));
  }
}
