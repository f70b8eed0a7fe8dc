/** My bookings (as organiser or attendee) and one booking. */
import { can, type Actor } from '../../actor.ts';
import { paginate, type Page } from '../../db/paging.ts';
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
  // One's bookings as organiser and as guest with what the filters and the order read, each branch by its own
  // index (the organiser's covers those columns); filtered, counted and paged on that, and only the page's rows read
  // whole. An OR of the two (organiser, or an id among the guest rows) makes MariaDB read every booking, and
  // joining every row before paging reads each of one's bookings from disk (docs/performance.md P2).
  const organised = db('bookings as x')
    .where('x.organiser_id', actor.userId)
    .select('x.id', 'x.start_at', 'x.end_at', 'x.state');
  const attended = db('booking_attendees as a')
    .join('bookings as x', 'x.id', 'a.booking_id')
    .where({ 'a.user_id': actor.userId, 'a.kind': 'inner' })
    .select('x.id', 'x.start_at', 'x.end_at', 'x.state');
  if (q.resourceId !== undefined)
    for (const branch of [organised, attended]) branch.where('x.resource_id', q.resourceId);
  const mine = db.from(organised.union(attended).as('m'));
  if (q.scope === 'upcoming') mine.where('m.end_at', '>', now).whereIn('m.state', [...HOLDS_TIME]);
  if (q.scope === 'past')
    mine.where((w) => {
      w.where('m.end_at', '<=', now).orWhereNotIn('m.state', [...HOLDS_TIME]);
    });
  if (q.from !== undefined) mine.where('m.end_at', '>', q.from);
  if (q.to !== undefined) mine.where('m.start_at', '<', q.to);
  mine
    .orderBy('m.start_at', q.scope === 'upcoming' ? 'asc' : 'desc')
    .orderBy('m.id')
    .select('m.id');
  const page = await paginate(mine, q, (r) => Number(r.id));
  const byId = new Map(
    (await BookingModel.query(db).whereIn('id', page.items)).map((m) => [m.id, bookingOf(m)] as const),
  );
  const items = page.items.flatMap((id) => byId.get(id) ?? []);
  return { ...page, items: await viewsOf(deps, items, actor) };
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
