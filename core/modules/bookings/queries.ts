/** My bookings (as organiser or attendee) and one booking. */
import type { Actor } from '../../actor.ts';
import { paginate, type Page } from '../../db/paging.ts';
import { ForbiddenError } from '../../errors.ts';
import type { BookingDeps } from './deps.ts';
import { getBooking, toBookingRow, viewsOf } from './repo.ts';
import type { BookingView, MyBookingsQuery } from './schema.ts';
import { loadSettings } from './settings.ts';

export async function myBookings(deps: BookingDeps, actor: Actor, q: MyBookingsQuery): Promise<Page<BookingView>> {
  const { db } = deps;
  const now = deps.clock.now();
  const base = db('bookings as b').where((w) => {
    w.where('b.organiser_id', actor.userId).orWhereIn(
      'b.id',
      db('booking_attendees').where({ user_id: actor.userId, kind: 'inner' }).select('booking_id'),
    );
  });
  if (q.scope === 'upcoming')
    base.where('b.end_at', '>', now).whereIn('b.state', ['pending', 'confirmed', 'checkedIn']);
  if (q.scope === 'past')
    base.where((w) => {
      w.where('b.end_at', '<=', now).orWhereNotIn('b.state', ['pending', 'confirmed', 'checkedIn']);
    });
  if (q.from !== undefined) base.where('b.end_at', '>', q.from);
  if (q.to !== undefined) base.where('b.start_at', '<', q.to);
  if (q.resourceId !== undefined) base.where('b.resource_id', q.resourceId);
  base
    .orderBy('b.start_at', q.scope === 'upcoming' ? 'asc' : 'desc')
    .orderBy('b.id')
    .select('b.*');
  const page = await paginate(base, q, (r) => toBookingRow(r));
  return { ...page, items: await viewsOf(db, page.items, actor.userId) };
}

/** The organiser, attendees and approvers of its resource see a booking; others see it as the grid would. */
export async function bookingById(deps: BookingDeps, actor: Actor, id: number): Promise<BookingView> {
  const { db } = deps;
  const b = await getBooking(db, id);
  const privileged =
    b.organiserId === actor.userId || actor.permissions.has('center:reserve:super') || actor.permissions.has('*');
  if (!privileged) {
    const [attendee, approver] = await Promise.all([
      db('booking_attendees').where({ booking_id: id, user_id: actor.userId }).first('id'),
      db('resource_approvers').where({ resource_id: b.resourceId, user_id: actor.userId }).first('user_id'),
    ]);
    if (!attendee && !approver && !actor.permissions.has('center:reserve:view')) throw new ForbiddenError();
    if (!attendee && !approver) {
      const settings = await loadSettings(deps.paramsService);
      return (await viewsOf(db, [b], actor.userId, settings.showOthersSubject))[0]!;
    }
  }
  return (await viewsOf(db, [b], actor.userId))[0]!;
}
