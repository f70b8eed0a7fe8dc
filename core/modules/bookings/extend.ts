/**
 * Extending a booking by some minutes (the door tablet's "extend", or the organiser's): a change of its end
 * alone, through the modification's rules (slots, so the next booking stops it; maximum duration; open hours;
 * approval again where the resource needs it). It stays on its day: 24:00 is the latest end.
 */
import type { Actor } from '../../actor.ts';
import { BusinessRuleError } from '../../errors.ts';
import type { BookingDeps } from './deps.ts';
import { allow } from './access.ts';
import { applyTo, type Ctx } from './modify.ts';
import { loadFacts } from './plan.ts';
import { getBooking, viewsOf } from './repo.ts';
import type { BookingView } from './schema.ts';
import { loadSettings } from './settings.ts';
import { writeTx } from './write.ts';
import { hhmm, minutesOf } from './time.ts';
import { PendingEvents } from './write.ts';

const DAY_MINUTES = 24 * 60;

export async function extendBooking(
  deps: BookingDeps,
  actor: Actor,
  id: number,
  minutes: number,
): Promise<BookingView> {
  const settings = await loadSettings(deps.paramsService);
  const events = new PendingEvents();
  await writeTx(deps, events, async (trx) => {
    const now = deps.clock.now();
    const b = await getBooking(trx, id, true);
    const { move } = allow('extend', actor, b, now);
    const end = minutesOf(b.endTime) + minutes;
    if (end > DAY_MINUTES) throw new BusinessRuleError('bookings.extendPastDay');
    const facts = await loadFacts(trx, deps, b.organiserId, now, [b.id]);
    const c: Ctx = { trx, now, actor, settings, resources: new Map(), facts, deps, command: 'extend' };
    const { approvalRequested } = await applyTo(
      c,
      b,
      move,
      { endTime: hhmm(end), scope: 'one' },
      { keepDate: true, detach: b.seriesId !== null },
    );
    events.add('booking.updated', b.id, actor.userId);
    if (approvalRequested) events.add('booking.approvalRequested', b.id, actor.userId);
  });
  const [v] = await viewsOf(deps, [await getBooking(deps.db, id)], actor);
  return v!;
}
