/**
 * The no-show job: a confirmed booking nobody checked in to when the window
 * closes is auto-cancelled, its time freed, and a violation recorded in the same
 * transaction (the blocklist service may then blocklist the organiser). Where the room's occupancy sensor drives the
 * rules, a booking whose room was occupied since its window opened is kept (docs/product-rules.md R20.5).
 */
import { joinResource } from '../resources/index.ts';
import type { BookingDeps } from './deps.ts';
import { endBooking } from './cancel.ts';
import { judge, statesFrom } from './lifecycle.ts';
import { toBookingRow } from './repo.ts';
import { loadSettings } from './settings.ts';
import { writeTx } from './write.ts';
import { DAY_MS, MINUTE_MS } from './time.ts';
import { PendingEvents } from './write.ts';

export async function autoCancelNoShows(deps: BookingDeps, now: number = deps.clock.now()): Promise<number> {
  const settings = await loadSettings(deps.paramsService);
  if (settings.autoCancelTypes.length === 0) return 0;
  const closedBefore = now - settings.checkInWindowMinutes * MINUTE_MS;
  // Bounded by the (state, start_at) index: only the last two days can still hold a no-show to process.
  const due = (
    (await joinResource(deps.db('bookings as b'), 'b.resource_id', [], { left: false })
      .whereIn('b.state', statesFrom('noShow'))
      .where('b.start_at', '<=', closedBefore)
      .where('b.start_at', '>', now - 2 * DAY_MS)
      .whereIn('r.type', settings.autoCancelTypes)
      .orderBy('b.start_at')
      .limit(500)
      .select('b.*')) as Array<Record<string, unknown>>
  ).map(toBookingRow);
  // A room its sensor found occupied since the check-in window opened is in use: people forgot to check in (R20.5).
  const earlyMs = settings.checkInEarlyMinutes * MINUTE_MS;
  const held = await deps.presenceService.heldByPresence(
    due.map((b) => ({ id: b.id, resourceId: b.resourceId, since: b.startAt - earlyMs })),
  );
  let n = 0;
  for (const b of due) {
    if (held.has(b.id)) continue;
    const verdict = judge('noShow', { roles: ['scheduler'], ...b, now });
    if (!verdict.ok) continue;
    const events = new PendingEvents();
    const ok = await writeTx(deps, events, async (trx) => {
      const ended = await endBooking(trx, now, b, {
        command: 'noShow',
        to: verdict.to,
        actorId: 0,
        refundIt: false,
      });
      // Only the process that actually ended it records the violation (the service is idempotent per booking anyway).
      if (ended) await deps.blocklistService.recordViolation(trx, { userId: b.organiserId, bookingId: b.id, at: now });
      if (ended) await trx('bookings').where({ id: b.id }).update({ is_auto_close: true, close_time: now });
      if (ended) events.add('booking.autoCancelled', b.id, 0);
      return ended;
    });
    if (ok) n++;
  }
  return n;
}
