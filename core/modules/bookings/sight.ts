/**
 * How much of a booking each caller sees. One answer for the API, the calendar files and the mails, so no
 * channel shows a person more than another does, and people outside a meeting cannot read its guests by
 * walking booking ids:
 * - organiser: everything;
 * - attendee (an inner attendee): what their invitation carries (subject, remarks, attendees, the check-in
 *   code), not the organiser's phone and employee number;
 * - reviewer (an approver of its resource, or a booking administrator): the same without the check-in code;
 * - bystander: what the grid shows (resource, times, state; the subject where others' subjects are shown).
 */
import { can, type Actor } from '../../actor.ts';
import type { Db } from './deps.ts';

export type Sight = 'organiser' | 'attendee' | 'reviewer' | 'bystander';

/** A booking administrator (docs/product-rules.md R1.5) or the system. */
export const isBookingAdmin = (actor: Actor): boolean => can(actor, 'bookings.manageAny');

/** Each booking's sight for the actor; `inner` holds each booking's inner attendees (already loaded by the caller). */
export async function sightsOf(
  db: Db,
  actor: Actor,
  rows: ReadonlyArray<{ id: number; resourceId: number; organiserId: number }>,
  inner: ReadonlyMap<number, { inner: number[] }>,
): Promise<Map<number, Sight>> {
  const admin = isBookingAdmin(actor);
  const undecided = rows.filter(
    (r) => r.organiserId !== actor.userId && !inner.get(r.id)?.inner.includes(actor.userId),
  );
  const reviewed = new Set<number>();
  if (!admin && undecided.length) {
    const ids = [...new Set(undecided.map((r) => r.resourceId))];
    const approved = (await db('resource_approvers')
      .where({ user_id: actor.userId })
      .whereIn('resource_id', ids)
      .pluck('resource_id')) as Array<number | string>;
    for (const id of approved) reviewed.add(Number(id));
  }
  return new Map(
    rows.map((r) => [
      r.id,
      r.organiserId === actor.userId
        ? 'organiser'
        : inner.get(r.id)?.inner.includes(actor.userId)
          ? 'attendee'
          : admin || reviewed.has(r.resourceId)
            ? 'reviewer'
            : 'bystander',
    ]),
  );
}
