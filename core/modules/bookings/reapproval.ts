/**
 * What moving a booking (another time, another resource) does to its approval. An approval is given for one
 * resource at one time: moved on a resource that needs approval, the booking waits again (its new time held)
 * unless the editor could approve it themselves. Each booking has one approvals row; when it goes back to
 * pending, the decision it held is written to the reservation log first, so the history stays.
 */
import type { Knex } from 'knex';
import type { Actor } from '../../actor.ts';
import { BusinessRuleError } from '../../errors.ts';
import { logReservation } from '../logs/index.ts';
import { awaitsApproval, initialState, leadsTo, type BookingState, type Command } from './lifecycle.ts';
import { ApprovalModel } from './model.ts';
import { needsApproval } from './plan.ts';
import type { BookingRow } from './repo.ts';
import type { ResourceInfo } from './resources.ts';
import type { BookingSettings } from './settings.ts';
import { isBookingAdmin } from './sight.ts';

export interface Review {
  state: BookingState;
  /** A new request went to the approvers (the caller emits booking.approvalRequested). */
  requested: boolean;
}

/** An approver of the resource other than the organiser, or a booking administrator. */
const mayApprove = (actor: Actor, resource: ResourceInfo, organiserId: number) =>
  isBookingAdmin(actor) || (actor.userId !== organiserId && resource.approverIds.includes(actor.userId));

/** `command` is the change that moved it (modify, extend): the lifecycle table says where it may lead. */
export async function reviewAfterMove(
  trx: Knex.Transaction,
  now: number,
  actor: Actor,
  b: BookingRow,
  resource: ResourceInfo,
  settings: BookingSettings,
  command: Command,
): Promise<Review> {
  const unchanged: Review = { state: b.state, requested: false };
  if (!needsApproval(resource, b.organiserId, settings)) {
    if (!awaitsApproval(b.state)) return unchanged;
    // Moved where nobody approves: the open request is withdrawn (kept as history) and the booking stands.
    await trx('approvals')
      .where({ booking_id: b.id, state: 'pending' })
      .update({ state: 'revoked', decided_by: actor.userId, decided_at: now });
    return { state: initialState(false), requested: false };
  }
  if (mayApprove(actor, resource, b.organiserId)) return unchanged;
  const waiting = initialState(true);
  // A meeting under way cannot go back to waiting: its approver changes it, or the organiser checks out.
  if (!leadsTo(command, b.state, waiting)) throw new BusinessRuleError('bookings.reapprovalUnderway');
  const previous = await ApprovalModel.query(trx).where({ booking_id: b.id }).forUpdate().first();
  await logReservation(trx, now, {
    bookingId: b.id,
    resourceId: resource.id,
    userId: actor.userId,
    action: 'approvalRequested',
    detail: {
      previous:
        previous && previous.state !== 'pending'
          ? {
              state: previous.state,
              reason: previous.reason,
              decidedBy: previous.decidedBy,
              decidedAt: previous.decidedAt,
            }
          : null,
    },
  });
  if (previous)
    await trx('approvals')
      .where({ id: previous.id })
      .update({ state: 'pending', reason: null, decided_by: null, decided_at: null, created_at: now });
  else await trx('approvals').insert({ booking_id: b.id, state: 'pending', created_at: now });
  return { state: waiting, requested: true };
}
