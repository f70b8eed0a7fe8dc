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

export type RoomBooking = BookingView & { organiserName: string };

/** The bookings of `resourceId` holding time that overlap [from, to), by start. */
export async function roomBookings(
  deps: BookingDeps,
  actor: Actor,
  resourceId: number,
  from: number,
  to: number,
): Promise<RoomBooking[]> {
  const rows = await deps
    .db('bookings')
    .where('resource_id', resourceId)
    .whereIn('state', [...HOLDS_TIME])
    .where('end_at', '>', from)
    .where('start_at', '<', to)
    .orderBy([{ column: 'start_at' }, { column: 'id' }]);
  const views = await viewsOf(deps, rows.map(toBookingRow), actor);
  const names = new Map(
    (await enabledUsersById(deps.db, [...new Set(views.map((v) => v.organiserId))])).map((u) => [
      u.id,
      u.realName || u.username,
    ]),
  );
  return views.map((v) => ({ ...v, organiserName: names.get(v.organiserId) ?? '' }));
}

/**
 * One booking at the caller's sight, without the grid permission a tablet does not hold: the tablets module asks
 * only about bookings it then checks are on its own room.
 */
export async function doorBooking(deps: BookingDeps, actor: Actor, id: number): Promise<BookingView> {
  return (await viewsOf(deps, [await getBooking(deps.db, id)], actor))[0]!;
}
