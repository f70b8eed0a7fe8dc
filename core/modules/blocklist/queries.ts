/**
 * The two admin lists (blocklist, violations): filters, search and row mapping.
 * Read-only, so they live apart from the rules in service.ts.
 */
import type { Knex } from 'knex';
import type { QueryBuilder } from 'objection';
import { paginateModels, type Page } from '../../db/paging.ts';
import { BlocklistModel, ViolationModel } from './model.ts';
import type { BlocklistEntry, BlocklistQuery, ViolationEntry, ViolationQuery } from './schema.ts';
import { joinBooking } from '../bookings/index.ts';
import { joinResource } from '../resources/index.ts';
import { joinUser } from '../users/index.ts';

/** The owners' joins build on knex's; an objection query takes the same calls. */
const asKnex = (q: QueryBuilder<BlocklistModel | ViolationModel, unknown>): Knex.QueryBuilder =>
  q as unknown as Knex.QueryBuilder;

/**
 * `col LIKE %text%` that treats % and _ in the text literally. We escape with `!`
 * rather than a backslash because a backslash literal is written differently in
 * SQLite and MySQL, and `ESCAPE` must be exactly one character in both.
 */
function whereContains(
  query: QueryBuilder<BlocklistModel | ViolationModel, unknown>,
  columns: string[],
  text: string,
): void {
  const pattern = `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;
  void query.where((w) => {
    for (const column of columns) void w.orWhereRaw(`?? like ? escape '!'`, [column, pattern]);
  });
}

export function toBlocklistEntry(b: BlocklistModel, now: number): BlocklistEntry {
  return {
    id: b.id,
    userId: b.userId,
    username: b.username ?? '',
    realName: b.realName ?? null,
    violationCount: b.violationCount,
    blockedAt: b.blockedAt,
    releaseAt: b.releaseAt,
    releasedAt: b.releasedAt,
    releasedBy: b.releasedBy,
    active: b.releasedAt === null && b.releaseAt > now,
  };
}

/** Blocklist entries with their user's name. */
export function blocklistBase(db: Knex | Knex.Transaction) {
  const q = BlocklistModel.query(db).alias('bl').select('bl.*');
  joinUser(asKnex(q), 'bl.user_id', ['username', 'real_name']);
  return q;
}

export async function listBlocklist(db: Knex, q: BlocklistQuery, now: number): Promise<Page<BlocklistEntry>> {
  const query = blocklistBase(db).orderBy([
    { column: 'bl.blocked_at', order: 'desc' },
    { column: 'bl.id', order: 'desc' },
  ]);
  // "Active" is what the console's blocklist shows: not released yet, whether or not the job has caught up.
  if (q.status === 'active') void query.whereNull('bl.released_at');
  if (q.userId) void query.where('bl.user_id', q.userId);
  if (q.q) whereContains(query, ['u.username', 'u.real_name', 'u.employee_no'], q.q);
  return paginateModels(query, q, (b) => toBlocklistEntry(b, now));
}

export async function listViolations(db: Knex, q: ViolationQuery): Promise<Page<ViolationEntry>> {
  const query = ViolationModel.query(db)
    .alias('v')
    .select('v.*')
    .orderBy([
      { column: 'v.occurred_at', order: 'desc' },
      { column: 'v.id', order: 'desc' },
    ]);
  joinUser(asKnex(query), 'v.user_id', ['username', 'real_name']);
  joinBooking(asKnex(query), 'v.booking_id', ['subject', 'meeting_date', 'start_time']);
  joinResource(asKnex(query), 'b.resource_id', ['name as resource_name']);
  if (q.userId) void query.where('v.user_id', q.userId);
  if (q.from !== undefined) void query.where('v.occurred_at', '>=', q.from);
  if (q.to !== undefined) void query.where('v.occurred_at', '<', q.to);
  if (q.q) whereContains(query, ['u.username', 'u.real_name', 'u.employee_no'], q.q);
  return paginateModels(query, q, (v) => ({
    id: v.id,
    userId: v.userId,
    username: v.username ?? '',
    realName: v.realName ?? null,
    bookingId: v.bookingId,
    kind: v.kind,
    occurredAt: v.occurredAt,
    subject: v.subject ?? null,
    meetingDate: v.meetingDate ?? null,
    startTime: v.startTime ?? null,
    resourceName: v.resourceName ?? null,
  }));
}
