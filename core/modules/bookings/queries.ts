/** My bookings (as organiser or attendee) and one booking. */
import { can, type Actor } from '../../actor.ts';
import { paginateModels, type Page } from '../../db/paging.ts';
import { ForbiddenError } from '../../errors.ts';
import type { BookingDeps } from './deps.ts';
import { HOLDS_TIME } from './lifecycle.ts';
import { BookingModel } from './model.ts';
import { attendeesOf, bookingOf, getBooking, viewsOf } from './repo.ts';
import type { BookingView, MyBookingsQuery } from './schema.ts';
import { sightsOf } from './sight.ts';

export async function myBookings(deps: BookingDeps, actor: Actor, q: MyBookingsQuery): Promise<Page<BookingView>> {
  const { db } = deps;
  const now = deps.clock.now();
  // The ids of one's bookings as organiser and as guest, each read by its own index, joined to the rows: an OR of
  // the two (organiser, or an id among the guest rows) makes MariaDB read every booking (docs/performance.md P2).
  const ids = db('bookings')
    .where('organiser_id', actor.userId)
    .select('id as bid')
    .union(db('booking_attendees').where({ user_id: actor.userId, kind: 'inner' }).select('booking_id as bid'));
  const base = BookingModel.query(db).alias('b').join(ids.as('mine'), 'mine.bid', 'b.id');
  if (q.scope === 'upcoming') base.where('b.end_at', '>', now).whereIn('b.state', [...HOLDS_TIME]);
  if (q.scope === 'past')
    base.where((w) => {
      w.where('b.end_at', '<=', now).orWhereNotIn('b.state', [...HOLDS_TIME]);
    });
  if (q.from !== undefined) base.where('b.end_at', '>', q.from);
  if (q.to !== undefined) base.where('b.start_at', '<', q.to);
  if (q.resourceId !== undefined) base.where('b.resource_id', q.resourceId);
  base
    .orderBy('b.start_at', q.scope === 'upcoming' ? 'asc' : 'desc')
    .orderBy('b.id')
    .select('b.*');
  const page = await paginateModels(base, q, bookingOf);
  return { ...page, items: await viewsOf(deps, page.items, actor) };
}

/** Anyone who may see the grid sees a booking as the grid shows it; the people of the meeting see more (sight.ts). */
export async function bookingById(deps: BookingDeps, actor: Actor, id: number): Promise<BookingView> {
  const b = await getBooking(deps.db, id);
  if (!can(actor, 'bookings.viewGrid')) {
    const sight = (await sightsOf(deps.db, actor, [b], await attendeesOf(deps.db, [id]))).get(id);
    if (sight === 'bystander') throw new ForbiddenError();
  }
  return (await viewsOf(deps, [b], actor))[0]!;
}
