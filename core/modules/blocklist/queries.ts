/**
 * The two admin lists (blocklist, violations): filters, search and row mapping.
 * Read-only, so they live apart from the rules in service.ts.
 */
import type { Knex } from 'knex';
import { paginate, type Page } from '../../db/paging.ts';
import type { BlocklistEntry, BlocklistQuery, ViolationEntry, ViolationQuery } from './schema.ts';
import { joinBooking } from '../bookings/index.ts';
import { joinResource } from '../resources/index.ts';
import { joinUser } from '../users/index.ts';

type Row = Record<string, unknown>;

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/**
 * `col LIKE %text%` that treats % and _ in the text literally. We escape with `!`
 * rather than a backslash because a backslash literal is written differently in
 * SQLite and MySQL, and `ESCAPE` must be exactly one character in both.
 */
function whereContains(query: Knex.QueryBuilder, columns: string[], text: string): void {
  const pattern = `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;
  void query.where((w) => {
    for (const column of columns) void w.orWhereRaw(`?? like ? escape '!'`, [column, pattern]);
  });
}

export function toBlocklistEntry(r: Row, now: number): BlocklistEntry {
  const releasedAt = num(r.released_at);
  return {
    id: Number(r.id),
    userId: Number(r.user_id),
    username: String(r.username),
    realName: str(r.real_name),
    violationCount: Number(r.violation_count),
    blockedAt: Number(r.blocked_at),
    releaseAt: Number(r.release_at),
    releasedAt,
    releasedBy: num(r.released_by),
    active: releasedAt === null && Number(r.release_at) > now,
  };
}

export function blocklistBase(db: Knex | Knex.Transaction): Knex.QueryBuilder {
  return joinUser(db('blocklist as bl').select('bl.*'), 'bl.user_id', ['username', 'real_name']);
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
  return paginate(query, q, (r) => toBlocklistEntry(r, now));
}

export async function listViolations(db: Knex, q: ViolationQuery): Promise<Page<ViolationEntry>> {
  const withUser = joinUser(db('violations as v').select('v.*'), 'v.user_id', ['username', 'real_name']);
  const withBooking = joinBooking(withUser, 'v.booking_id', ['subject', 'meeting_date', 'start_time']);
  const query = joinResource(withBooking, 'b.resource_id', ['name as resource_name']).orderBy([
    { column: 'v.occurred_at', order: 'desc' },
    { column: 'v.id', order: 'desc' },
  ]);
  if (q.userId) void query.where('v.user_id', q.userId);
  if (q.from !== undefined) void query.where('v.occurred_at', '>=', q.from);
  if (q.to !== undefined) void query.where('v.occurred_at', '<', q.to);
  if (q.q) whereContains(query, ['u.username', 'u.real_name', 'u.employee_no'], q.q);
  return paginate(query, q, (r) => ({
    id: Number(r.id),
    userId: Number(r.user_id),
    username: String(r.username),
    realName: str(r.real_name),
    bookingId: num(r.booking_id),
    kind: String(r.kind),
    occurredAt: Number(r.occurred_at),
    subject: str(r.subject),
    meetingDate: str(r.meeting_date),
    startTime: str(r.start_time),
    resourceName: str(r.resource_name),
  }));
}
