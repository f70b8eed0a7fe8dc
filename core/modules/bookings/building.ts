/**
 * What the building integrations ask of bookings on the clock (docs/product-rules.md R20.2): the meetings about
 * to start, whose rooms may be switched on ahead, and the checked-in meetings whose time ran out, whose rooms are
 * switched off; and for e-ink labels (R20.4) the meetings that ended and when a room is next free. Plain
 * functions on the caller's db; bounded by the (state, start_at) index.
 */
import type { Db } from '../../db/transaction.ts';
import { CONFIRMED } from './lifecycle.ts';
import { BookingModel } from './model.ts';

export interface BookingAtRoom {
  id: number;
  resourceId: number;
  startAt: number;
  endAt: number;
}

const atRoom = ({ id, resourceId, startAt, endAt }: BookingModel): BookingAtRoom => ({
  id,
  resourceId,
  startAt,
  endAt,
});

/** Confirmed or checked-in meetings starting in (`after`, `notAfter`], by start. */
export async function meetingsStartingBetween(db: Db, after: number, notAfter: number): Promise<BookingAtRoom[]> {
  const rows = await BookingModel.query(db)
    .whereIn('state', CONFIRMED as unknown as string[])
    .where('start_at', '>', after)
    .where('start_at', '<=', notAfter)
    .orderBy('start_at')
    .limit(1000)
    .select('id', 'resource_id', 'start_at', 'end_at');
  return rows.map(atRoom);
}

/**
 * Checked-in meetings whose end passed in (`after`, `notAfter`]: nobody checked them out, their time ran out.
 * Bounded by start (a meeting lasts at most a day here, longer ones are whole-day bookings that end at midnight).
 */
export function checkedInMeetingsEndedBetween(db: Db, after: number, notAfter: number): Promise<BookingAtRoom[]> {
  return endingBetween(db, ['checkedIn'], after, notAfter);
}

/**
 * Whether another meeting than `exceptId` uses the room now: checked in and not over, or, with `aheadMs`, confirmed
 * and under way or starting within that long (its room switched on ahead). A meeting ending must not switch off
 * the room the next one is using.
 */
export async function roomInUse(
  db: Db,
  resourceId: number,
  exceptId: number,
  now: number,
  aheadMs: number,
): Promise<boolean> {
  const row = await BookingModel.query(db)
    .where('resource_id', resourceId)
    .whereNot('id', exceptId)
    .where('end_at', '>', now)
    .where((w) => {
      w.where('state', 'checkedIn');
      if (aheadMs > 0) w.orWhere((c) => c.where('state', 'confirmed').where('start_at', '<=', now + aheadMs));
    })
    .select('id')
    .first();
  return row !== undefined;
}

/**
 * Confirmed or checked-in meetings whose end passed in (`after`, `notAfter`]: a door label stops showing them then
 * (R20.4). Bounded by start, as above.
 */
export function meetingsEndingBetween(db: Db, after: number, notAfter: number): Promise<BookingAtRoom[]> {
  return endingBetween(db, CONFIRMED, after, notAfter);
}

/** Meetings in these states whose end falls in (`after`, `notAfter`], by end; bounded by start (a week back). */
async function endingBetween(
  db: Db,
  states: readonly string[],
  after: number,
  notAfter: number,
): Promise<BookingAtRoom[]> {
  const rows = await BookingModel.query(db)
    .whereIn('state', [...states])
    .where('start_at', '>', after - 7 * 86_400_000)
    .where('start_at', '<=', notAfter)
    .where('end_at', '>', after)
    .where('end_at', '<=', notAfter)
    .orderBy('end_at')
    .limit(1000)
    .select('id', 'resource_id', 'start_at', 'end_at');
  return rows.map(atRoom);
}

/**
 * When the room is next free at or after `from`, looking no further than `until`: `from` when no confirmed or
 * checked-in meeting holds it then, else the end of the run of meetings that follow each other without a gap;
 * null when that run reaches `until` (not free again before then). An e-ink label shows it (R20.4).
 */
export async function roomFreeFrom(db: Db, resourceId: number, from: number, until: number): Promise<number | null> {
  const rows = await BookingModel.query(db)
    .where('resource_id', resourceId)
    .whereIn('state', CONFIRMED as unknown as string[])
    .where('end_at', '>', from)
    .where('start_at', '<', until)
    .orderBy('start_at')
    .limit(200)
    .select('start_at', 'end_at');
  let free = from;
  for (const b of rows) {
    if (b.startAt > free) break;
    free = Math.max(free, b.endAt);
  }
  return free >= until ? null : free;
}
