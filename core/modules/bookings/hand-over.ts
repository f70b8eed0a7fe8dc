/**
 * Handing a leaver's bookings to someone else (docs/product-rules.md R21.3): the bookings the person organises that
 * have not started yet and still hold time get the new organiser, each as a change (`booking.updated`, its sequence
 * raised), so notifications and calendars follow. Time, room and attendees stay as they are.
 */
import { logReservation } from '../logs/index.ts';
import type { BookingDeps } from './deps.ts';
import { BookingModel } from './model.ts';
import { PendingEvents, writeTx } from './write.ts';

export async function handOver(
  deps: BookingDeps,
  fromUserId: number,
  toUserId: number,
  actorId: number,
): Promise<number> {
  const events = new PendingEvents();
  return writeTx(deps, events, async (trx) => {
    const now = deps.clock.now();
    const rows = await BookingModel.query(trx)
      .where({ organiser_id: fromUserId })
      .whereIn('state', ['pending', 'confirmed'])
      .where('start_at', '>', now)
      .select('id', 'sequence')
      .forUpdate();
    for (const b of rows) {
      await trx('bookings')
        .where({ id: b.id })
        .update({ organiser_id: toUserId, sequence: Number(b.sequence) + 1, updated_at: now });
      await logReservation(trx, now, {
        bookingId: b.id,
        userId: actorId,
        action: 'handOver',
        detail: { from: fromUserId, to: toUserId },
      });
      events.add('booking.updated', b.id, actorId, 'handOver');
    }
    return rows.length;
  });
}
