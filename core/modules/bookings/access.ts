/** Who may act on a booking, and in which states it can still change. */
import type { Actor } from '../../actor.ts';
import { BusinessRuleError, ForbiddenError } from '../../errors.ts';
import type { BookingRow } from './repo.ts';

/** The organiser, or a booking administrator (center:reserve:super). */
export function assertOrganiser(actor: Actor, b: BookingRow): void {
  if (b.organiserId === actor.userId || actor.permissions.has('center:reserve:super') || actor.permissions.has('*'))
    return;
  throw new ForbiddenError('bookings.notOrganiser');
}

/** Pending or confirmed (for a modification also checked in) and not over. */
export function assertChangeable(
  b: BookingRow,
  now: number,
  states: readonly string[] = ['pending', 'confirmed'],
): void {
  if (!states.includes(b.state) || b.endAt <= now)
    throw new BusinessRuleError('bookings.notChangeable', { state: b.state });
}
