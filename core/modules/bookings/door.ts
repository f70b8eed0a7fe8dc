/**
 * What a door tablet shows of its room (docs/product-rules.md R19): the room's bookings holding time over a
 * window, each at the tablet's sight (a bystander's: the subject only where others' subjects are shown, no code).
 */
import type { Actor } from '../../actor.ts';
import { enabledUsersById } from '../users/index.ts';
import type { BookingDeps } from './deps.ts';
import { HOLDS_TIME } from './lifecycle.ts';
import { getBooking, toBookingRow, viewsOf } from './repo.ts';
import type { BookingView } from './schema.ts';

/** A room's booking at the caller's sight, with what a door shows whatever the sight: the organiser and the check-in. */
export type RoomBooking = BookingView & { organiserName: string; checkedInAt: number | null };

/**
 * The bookings of `resourceId` holding time that overlap [from, to), by start; with `ended`, also the meetings
 * ended early (their last slot stays taken until it is over).
 */
export async function roomBookings(
  deps: BookingDeps,
  actor: Actor,
  resourceId: number,
  from: number,
  to: number,
  ended = false,
): Promise<RoomBooking[]> {
  const rows = await deps
    .db('bookings')
    .where('resource_id', resourceId)
    .whereIn('state', ended ? [...HOLDS_TIME, 'ended'] : [...HOLDS_TIME])
    .where('end_at', '>', from)
    .where('start_at', '<', to)
    .orderBy([{ column: 'start_at' }, { column: 'id' }]);
  const bookings = rows.map(toBookingRow);
  const checkedInAt = new Map(bookings.map((b) => [b.id, b.checkedInAt]));
  const views = await viewsOf(deps, bookings, actor);
  const names = new Map(
    (await enabledUsersById(deps.db, [...new Set(views.map((v) => v.organiserId))])).map((u) => [
      u.id,
      u.realName || u.username,
    ]),
  );
  return views.map((v) => ({
    ...v,
    organiserName: names.get(v.organiserId) ?? '',
    checkedInAt: checkedInAt.get(v.id) ?? null,
  }));
}

/**
 * One booking at the caller's sight, without the grid permission a tablet does not hold: the tablets module asks
 * only about bookings it then checks are on its own room.
 */
export async function doorBooking(deps: BookingDeps, actor: Actor, id: number): Promise<BookingView> {
  return (await viewsOf(deps, [await getBooking(deps.db, id)], actor))[0]!;
}
