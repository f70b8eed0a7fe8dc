/**
 * User groups: a name, a description and members. Resources may be restricted
 * to groups (docs/product-rules.md R3.8, R1.10); deleting a group
 * removes that restriction with it.
 */
import type { Knex } from 'knex';
import type { Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import { whereAnyContains } from '../../db/like.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { paginateModels, type Page } from '../../db/paging.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import { t } from '../../i18n/index.ts';
import { GroupMemberModel, GroupModel } from './model.ts';
import type { GroupBody, GroupQuery, GroupSummary, GroupView } from './schema.ts';
import type { Cradle } from '../../cradle.ts';
import type { Db } from '../../db/transaction.ts';
import { existingUserIds, joinUser } from '../users/index.ts';

export class GroupsService {
  constructor(private readonly deps: { db: Knex; clock: Clock; operationLog: Cradle['operationLog'] }) {}

  async list(query: GroupQuery): Promise<Page<GroupSummary>> {
    const { db } = this.deps;
    const q = GroupModel.query(db).orderBy('id');
    if (query.q) whereAnyContains(q, ['name', 'description'], query.q);
    if (query.userId) q.whereIn('id', GroupMemberModel.query(db).select('group_id').where({ user_id: query.userId }));
    const page = await paginateModels(q, query, (g) => g);
    const ids = page.items.map((g) => g.id);
    const counts = ids.length
      ? ((await db('user_group_members')
          .whereIn('group_id', ids)
          .groupBy('group_id')
          .select('group_id')
          .count({ n: '*' })) as Array<{ group_id: number; n: number | string }>)
      : [];
    const memberCounts = new Map(counts.map((c) => [c.group_id, Number(c.n)]));
    return { ...page, items: page.items.map((g) => summary(g, memberCounts.get(g.id) ?? 0)) };
  }

  async get(id: number, db: Db = this.deps.db): Promise<GroupView> {
    const group = await GroupModel.query(db).findById(id);
    if (!group) throw new NotFoundError('user group', id);
    const members = (await joinUser(db('user_group_members as m'), 'm.user_id', ['id', 'username', 'real_name'])
      .where('m.group_id', id)
      .orderBy('u.id')) as Array<{ id: number; username: string; real_name: string }>;
    return {
      ...summary(group, members.length),
      members: members.map((m) => ({ id: m.id, username: m.username, realName: m.real_name })),
    };
  }

  async create(actor: Actor, body: GroupBody): Promise<GroupView> {
    return this.deps.db.transaction(async (trx) => {
      await this.assertNameFree(trx, body.name, null);
      const members = await this.checkMembers(trx, actor, body.memberIds);
      const now = this.deps.clock.now();
      let id: number;
      try {
        [id] = (
          await trx('user_groups').insert({
            name: body.name,
            description: body.description,
            created_at: now,
            updated_at: now,
          })
        ).map(Number) as [number];
      } catch (err) {
        if (isUniqueViolation(err)) throw new ConflictError('users.duplicateGroupName');
        throw err;
      }
      await this.setMembers(trx, id, members);
      const after = await this.get(id, trx);
      await this.deps.operationLog.record(trx, actor, { action: 'sys.group.create', target: id, after: brief(after) });
      return after;
    });
  }

  async update(actor: Actor, id: number, body: GroupBody): Promise<GroupView> {
    return this.deps.db.transaction(async (trx) => {
      const before = await this.get(id, trx);
      if (body.name !== before.name) await this.assertNameFree(trx, body.name, id);
      const members = await this.checkMembers(trx, actor, body.memberIds);
      try {
        await trx('user_groups')
          .where({ id })
          .update({ name: body.name, description: body.description, updated_at: this.deps.clock.now() });
      } catch (err) {
        if (isUniqueViolation(err)) throw new ConflictError('users.duplicateGroupName');
        throw err;
      }
      await trx('user_group_members').where({ group_id: id }).del();
      await this.setMembers(trx, id, members);
      const after = await this.get(id, trx);
      await this.deps.operationLog.record(trx, actor, {
        action: 'sys.group.update',
        target: id,
        before: brief(before),
        after: brief(after),
      });
      return after;
    });
  }

  async remove(actor: Actor, id: number): Promise<void> {
    await this.deps.db.transaction(async (trx) => {
      const before = await this.get(id, trx);
      await trx('user_groups').where({ id }).del();
      await this.deps.operationLog.record(trx, actor, {
        action: 'sys.group.delete',
        target: id,
        before: brief(before),
      });
    });
  }

  /** Every member must be an existing user; unknown ids are listed in the error. */
  private async checkMembers(db: Db, actor: Actor, memberIds: number[]): Promise<number[]> {
    const ids = [...new Set(memberIds)];
    const found = await existingUserIds(db, ids);
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) {
      const list = missing.slice(0, 20).join(', ');
      throw new ValidationError(
        [{ field: 'memberIds', message: t(actor.lang, 'users.unknownUsers', { ids: list }) }],
        'users.unknownUsers',
        { ids: list },
      );
    }
    return ids;
  }

  private async setMembers(db: Db, groupId: number, userIds: number[]): Promise<void> {
    for (let i = 0; i < userIds.length; i += 500) {
      await db('user_group_members').insert(
        userIds.slice(i, i + 500).map((user_id) => ({ group_id: groupId, user_id })),
      );
    }
  }

  private async assertNameFree(db: Db, name: string, selfId: number | null): Promise<void> {
    const q = db('user_groups').where({ name });
    if (selfId !== null) q.whereNot({ id: selfId });
    if (await q.first('id')) throw new ConflictError('users.duplicateGroupName');
  }
}

function summary(g: GroupModel, memberCount: number): GroupSummary {
  return {
    id: g.id,
    name: g.name,
    description: g.description,
    memberCount,
    createdAt: g.createdAt,
    updatedAt: g.updatedAt,
  };
}

/** The log keeps member ids, not the whole member list with names. */
function brief(g: GroupView) {
  return { name: g.name, description: g.description, memberIds: g.members.map((m) => m.id) };
}
