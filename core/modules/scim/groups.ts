/**
 * SCIM Groups over Atrium's user groups (core/modules/groups), changed through the groups service so each change
 * is in the operation log as `sys.group.*`. Administrators are never members as SCIM sees a group: they are left
 * out of its members, a provisioner may not add one (403), and replacing or removing members keeps them
 * (docs/product-rules.md R22.2).
 */
import type { Knex } from 'knex';
import type { Actor } from '../../actor.ts';
import type { Cradle } from '../../cradle.ts';
import { ADMIN_ROLE, holdersOf } from '../roles/index.ts';
import type { GroupView } from '../groups/index.ts';
import { matches, parseFilter } from './filter.ts';
import { applyPatch } from './patch.ts';
import { GROUP_SCHEMA, iso, listResponse, ScimError, type ListResponse, type ScimGroup } from './schema.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => Boolean(v) && typeof v === 'object' && !Array.isArray(v);
/** Groups are read for a list a page of this size at a time. */
const READ_PAGE = 500;

export class ScimGroupsService {
  constructor(
    private readonly deps: {
      db: Knex;
      groupsService: Cradle['groupsService'];
    },
  ) {}

  private async adminIds(): Promise<Set<number>> {
    const rows = (await holdersOf(this.deps.db, { code: ADMIN_ROLE })) as Array<{ user_id: number }>;
    return new Set(rows.map((r) => Number(r.user_id)));
  }

  private async group(id: string): Promise<GroupView> {
    const n = /^\d{1,12}$/.test(id) ? Number(id) : 0;
    try {
      if (n) return await this.deps.groupsService.get(n);
    } catch (err) {
      if ((err as { status?: number }).status !== 404) throw err;
    }
    throw new ScimError(404, 'scim.groupNotFound', undefined, { id });
  }

  private view(g: GroupView, admins: Set<number>, base: string, withMembers = true): ScimGroup {
    return {
      schemas: [GROUP_SCHEMA],
      id: String(g.id),
      displayName: g.name,
      members: withMembers
        ? g.members
            .filter((m) => !admins.has(m.id))
            .map((m) => ({ value: String(m.id), display: m.username, $ref: `${base}/Users/${m.id}` }))
        : [],
      meta: {
        resourceType: 'Group',
        created: iso(g.createdAt),
        lastModified: iso(g.updatedAt),
        location: `${base}/Groups/${g.id}`,
      },
    };
  }

  async get(id: string, base: string): Promise<ScimGroup> {
    return this.view(await this.group(id), await this.adminIds(), base);
  }

  /** Groups are few: they are read whole and filtered here; only a filter on members reads each group's members. */
  async list(
    filterText: string | undefined,
    startIndex: number,
    count: number,
    base: string,
    excludeMembers: boolean,
  ): Promise<ListResponse<ScimGroup>> {
    const filter = filterText === undefined ? undefined : parseFilter(filterText);
    const needMembers = filter !== undefined && JSON.stringify(filter).includes('"attr":"members"');
    const admins = await this.adminIds();
    const all: GroupView[] = [];
    for (let page = 1; ; page++) {
      const chunk = await this.deps.groupsService.list({ page, pageSize: READ_PAGE });
      all.push(...chunk.items.map((g) => ({ ...g, members: [] })));
      if (chunk.items.length < READ_PAGE) break;
    }
    let views = all;
    if (needMembers) views = await Promise.all(all.map((g) => this.deps.groupsService.get(g.id)));
    const matching = filter
      ? views.filter((g) => matches(filter, this.view(g, admins, base) as unknown as Json))
      : views;
    const pageOf = count === 0 ? [] : matching.slice(startIndex - 1, startIndex - 1 + count);
    const items = await Promise.all(
      pageOf.map(async (g) =>
        this.view(excludeMembers ? g : await this.deps.groupsService.get(g.id), admins, base, !excludeMembers),
      ),
    );
    return listResponse(matching.length, startIndex, items);
  }

  /** The member ids of a SCIM group; an administrator is refused. */
  private async memberIds(rep: Json, admins: Set<number>): Promise<number[]> {
    const members = rep.members ?? rep.Members;
    if (members === undefined || members === null) return [];
    if (!Array.isArray(members)) throw new ScimError(400, 'scim.badMembers', 'invalidValue');
    const ids = members.map((m) => {
      const value = isObject(m) ? m.value : m;
      const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
      if (!/^\d{1,12}$/.test(text)) throw new ScimError(400, 'scim.badMembers', 'invalidValue');
      return Number(text);
    });
    if (ids.some((id) => admins.has(id))) throw new ScimError(403, 'scim.adminAccount');
    return [...new Set(ids)];
  }

  private nameOf(rep: Json): string {
    const name = rep.displayName;
    if (typeof name !== 'string' || !name.trim() || name.trim().length > 100)
      throw new ScimError(400, 'scim.badDisplayName', 'invalidValue');
    return name.trim();
  }

  async create(actor: Actor, rep: Json, base: string): Promise<ScimGroup> {
    const admins = await this.adminIds();
    const name = this.nameOf(rep);
    const memberIds = await this.memberIds(rep, admins);
    const created = await this.deps.groupsService.create(actor, { name, description: null, memberIds });
    return this.view(created, admins, base);
  }

  async replace(actor: Actor, id: string, rep: Json, base: string): Promise<ScimGroup> {
    return this.store(actor, await this.group(id), rep, base);
  }

  async patch(actor: Actor, id: string, message: unknown, base: string): Promise<ScimGroup> {
    const group = await this.group(id);
    const admins = await this.adminIds();
    const { resource } = applyPatch(this.view(group, admins, base) as unknown as Json, message);
    return this.store(actor, group, resource, base);
  }

  private async store(actor: Actor, group: GroupView, rep: Json, base: string): Promise<ScimGroup> {
    const admins = await this.adminIds();
    const name = this.nameOf(rep);
    const ids = await this.memberIds(rep, admins);
    // The administrators a group has (added in the console) stay: SCIM neither sees nor removes them.
    const kept = group.members.filter((m) => admins.has(m.id)).map((m) => m.id);
    const memberIds = [...new Set([...ids, ...kept])];
    const before = group.members.map((m) => m.id).sort((a, b) => a - b);
    const unchanged =
      name === group.name &&
      before.length === memberIds.length &&
      [...memberIds].sort((a, b) => a - b).every((id, i) => id === before[i]);
    const after = unchanged
      ? group
      : await this.deps.groupsService.update(actor, group.id, { name, description: group.description, memberIds });
    return this.view(after, admins, base);
  }

  async remove(actor: Actor, id: string): Promise<void> {
    const group = await this.group(id);
    await this.deps.groupsService.remove(actor, group.id);
  }
}
