/**
 * What the rooms' occupancy sensors said over time (docs/product-rules.md R20.5), one `room_presence_log` row per
 * change: whether anybody was in a room since a moment (the no-show rule keeps a booking whose room was occupied),
 * and how much of a booking's time its room stood empty (the dashboard's booked-but-empty time, "ghost meetings").
 * An unknown state (no report, or the sensor said it cannot tell) is neither present nor empty.
 */
import type { Db } from '../../db/transaction.ts';
import { RoomPresenceLogModel } from './model.ts';

/** Changes older than this are swept; the dashboard looks back at most a year. */
export const PRESENCE_LOG_KEPT_MS = 400 * 86_400_000;
const BATCH = 500;

export interface TimeSpan {
  resourceId: number;
  startAt: number;
  endAt: number;
}

/** Booked and empty time of the meetings of rooms whose sensor knew, in ms. */
export interface EmptyTime {
  /** Booked time during which the room's sensor said somebody or nobody (not unknown). */
  sensedMs: number;
  /** Booked time during which it said nobody. */
  emptyMs: number;
}

type Change = { present: boolean | null; at: number };

export async function logPresence(db: Db, resourceId: number, present: boolean | null, at: number): Promise<void> {
  await RoomPresenceLogModel.query(db).insert({ resourceId, present, at });
}

/** Each room's changes from `from` to `to`, led by the state it was in at `from` (when one is known). */
async function changesOf(db: Db, resourceIds: number[], from: number, to: number): Promise<Map<number, Change[]>> {
  const out = new Map<number, Change[]>();
  for (let i = 0; i < resourceIds.length; i += BATCH) {
    const ids = resourceIds.slice(i, i + BATCH);
    const latestBefore = RoomPresenceLogModel.query(db)
      .whereIn('resource_id', ids)
      .where('at', '<', from)
      .groupBy('resource_id')
      .select('resource_id')
      .max('at as last_at');
    const [leading, during] = await Promise.all([
      RoomPresenceLogModel.query(db)
        .alias('l')
        .joinRaw('join (?) as x on x.resource_id = l.resource_id and x.last_at = l.at', [latestBefore.toKnexQuery()])
        .select('l.resource_id', 'l.present', 'l.at'),
      RoomPresenceLogModel.query(db)
        .whereIn('resource_id', ids)
        .where('at', '>=', from)
        .where('at', '<', to)
        .orderBy(['resource_id', 'at', 'id'])
        .select('resource_id', 'present', 'at'),
    ]);
    for (const row of [...leading, ...during]) {
      const list = out.get(row.resourceId) ?? [];
      list.push({ present: row.present, at: row.at });
      out.set(row.resourceId, list);
    }
  }
  for (const list of out.values()) list.sort((a, b) => a.at - b.at);
  return out;
}

/** Time within [startAt, endAt) spent in each known state, from a room's changes in time order. */
function split(changes: Change[], startAt: number, endAt: number): EmptyTime {
  let sensedMs = 0;
  let emptyMs = 0;
  for (let i = 0; i < changes.length; i++) {
    const from = Math.max(changes[i]!.at, startAt);
    const to = Math.min(changes[i + 1]?.at ?? endAt, endAt);
    if (to <= from || changes[i]!.present === null) continue;
    sensedMs += to - from;
    if (changes[i]!.present === false) emptyMs += to - from;
  }
  return { sensedMs, emptyMs };
}

/** Booked and empty time per room over these meetings (rooms whose sensor never reported are absent). */
export async function emptyTime(db: Db, meetings: readonly TimeSpan[]): Promise<Map<number, EmptyTime>> {
  const out = new Map<number, EmptyTime>();
  if (meetings.length === 0) return out;
  const from = Math.min(...meetings.map((m) => m.startAt));
  const to = Math.max(...meetings.map((m) => m.endAt));
  const changes = await changesOf(db, [...new Set(meetings.map((m) => m.resourceId))], from, to);
  for (const m of meetings) {
    const list = changes.get(m.resourceId);
    if (!list) continue;
    const part = split(list, m.startAt, m.endAt);
    const sum = out.get(m.resourceId) ?? { sensedMs: 0, emptyMs: 0 };
    out.set(m.resourceId, { sensedMs: sum.sensedMs + part.sensedMs, emptyMs: sum.emptyMs + part.emptyMs });
  }
  return out;
}

/** Whether a room's changes (in time order) say somebody at any moment of [since, now]. */
function occupied(changes: Change[], since: number, now: number): boolean {
  return changes.some((c, i) => c.present === true && c.at <= now && (changes[i + 1]?.at ?? now + 1) > since);
}

/** The ids of the bookings whose room's sensor said somebody at some moment from their `since` until `now`. */
export async function occupiedSince(
  db: Db,
  bookings: ReadonlyArray<{ id: number; resourceId: number; since: number }>,
  now: number,
): Promise<Set<number>> {
  const out = new Set<number>();
  if (bookings.length === 0) return out;
  const from = Math.min(...bookings.map((b) => b.since));
  const changes = await changesOf(db, [...new Set(bookings.map((b) => b.resourceId))], from, now + 1);
  for (const b of bookings) {
    const list = changes.get(b.resourceId);
    if (list && occupied(list, b.since, now)) out.add(b.id);
  }
  return out;
}

/** The rooms among `resourceIds` with any change kept. */
export async function sensedRooms(db: Db, resourceIds: readonly number[]): Promise<Set<number>> {
  const out = new Set<number>();
  for (let i = 0; i < resourceIds.length; i += BATCH) {
    const rows = await RoomPresenceLogModel.query(db)
      .whereIn('resource_id', resourceIds.slice(i, i + BATCH))
      .distinct('resource_id');
    for (const r of rows) out.add(r.resourceId);
  }
  return out;
}

/** Deletes changes past `PRESENCE_LOG_KEPT_MS`, a bounded batch at a time; answers how many. */
export async function sweepPresenceLog(db: Db, now: number): Promise<number> {
  const old = await RoomPresenceLogModel.query(db)
    .where('at', '<', now - PRESENCE_LOG_KEPT_MS)
    .orderBy('at')
    .limit(5_000)
    .select('id');
  if (old.length === 0) return 0;
  return RoomPresenceLogModel.query(db)
    .whereIn(
      'id',
      old.map((r) => r.id),
    )
    .delete();
}
