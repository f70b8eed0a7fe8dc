/**
 * Cancelling: one booking, this and the following occurrences, or the rest of a
 * series. Cancelled time is freed at once; a charge is refunded when cancelled
 * before the start. Cancelling one occurrence detaches it, so no later series
 * change brings it back.
 */
import type { Knex } from 'knex';
import type { Actor } from '../../actor.ts';
import { logReservation } from '../logs/index.ts';
import type { BookingDeps } from './deps.ts';
import { allow, assertRole, rolesOf } from './access.ts';
import { refund } from './credits.ts';
import { CHANGEABLE, judge, stateColumns, statesFrom, type BookingState, type Command } from './lifecycle.ts';
import { BookingModel } from './model.ts';
import { bookingOf, getBooking, viewsOf, type BookingRow } from './repo.ts';
import type { BookingView, CancelBooking } from './schema.ts';
import { freeSlots } from './slots.ts';
import { writeTx } from './write.ts';
import { addDays } from './time.ts';
import { PendingEvents } from './write.ts';

/**
 * Ends a booking's hold on its time: state change, slots freed, refund before the start, approval closed, log.
 * The row changes only while in a state the command runs from: a job working from an earlier read must not
 * cancel what changed since (checked in, approved), nor two requests end it twice.
 */
export async function endBooking(
  trx: Knex.Transaction,
  now: number,
  b: BookingRow,
  a: {
    /** The command and the state the lifecycle table said it leads to. */
    command: Command;
    to: BookingState;
    actorId: number;
    reason?: string | null;
    approvalState?: string;
    detach?: boolean;
    refundIt?: boolean;
  },
): Promise<boolean> {
  const n = await trx('bookings')
    .where({ id: b.id })
    .whereIn('state', statesFrom(a.command))
    .update({
      ...stateColumns(a.to),
      cancelled_at: now,
      cancelled_by: a.actorId || null,
      cancel_reason: a.reason ?? null,
      detached: a.detach ? true : b.detached,
      sequence: b.sequence + 1,
      updated_at: now,
    });
  if (n !== 1) return false; // someone else ended it first (job, approver, another request)
  await freeSlots(trx, b.id);
  if (a.refundIt ?? now < b.startAt) await refund(trx, now, b.id);
  if (a.approvalState) {
    await trx('approvals')
      .where({ booking_id: b.id, state: 'pending' })
      .update({ state: a.approvalState, reason: a.reason ?? null, decided_by: a.actorId || null, decided_at: now });
  }
  await logReservation(trx, now, {
    bookingId: b.id,
    resourceId: b.resourceId,
    userId: a.actorId,
    action: a.to,
    detail: { reason: a.reason ?? null },
  });
  return true;
}

export async function cancelBooking(
  deps: BookingDeps,
  actor: Actor,
  id: number,
  input: CancelBooking,
): Promise<{ cancelled: BookingView[] }> {
  const events = new PendingEvents();
  const ids = await writeTx(deps, events, async (trx) => {
    const now = deps.clock.now();
    const b = await getBooking(trx, id, true);
    const roles = rolesOf(actor, b);
    const targets: BookingRow[] = [];
    if (input.scope === 'one' || b.seriesId === null) {
      allow('cancel', actor, b, now);
      targets.push(b);
    } else {
      assertRole('cancel', actor, b);
      // Future occurrences still in the series; those edited or cancelled alone (detached) are left as they are.
      const q = BookingModel.query(trx)
        .where({ series_id: b.seriesId, detached: false })
        .whereIn('state', [...CHANGEABLE])
        .where('start_at', '>', now);
      if (input.scope === 'following') q.where('series_date', '>=', b.seriesDate ?? b.meetingDate);
      targets.push(...(await q.forUpdate().orderBy('start_at')).map(bookingOf));
      if (!targets.some((x) => x.id === b.id) && judge('cancel', { roles, ...b, now }).ok) targets.unshift(b);
      if (input.scope === 'series')
        await trx('booking_series').where({ id: b.seriesId }).update({ state: 'cancelled', updated_at: now });
      else
        await trx('booking_series')
          .where({ id: b.seriesId })
          .update({ until_date: addDays(b.seriesDate ?? b.meetingDate, -1), updated_at: now });
    }
    const done: number[] = [];
    for (const x of targets) {
      const verdict = judge('cancel', { roles, ...x, now });
      if (!verdict.ok) continue;
      const ok = await endBooking(trx, now, x, {
        command: 'cancel',
        to: verdict.to,
        actorId: actor.userId,
        reason: input.reason,
        approvalState: 'revoked',
        detach: input.scope === 'one' && x.seriesId !== null,
      });
      if (ok) {
        done.push(x.id);
        events.add('booking.cancelled', x.id, actor.userId, input.reason);
      }
    }
    return done;
  });
  const rows = await Promise.all(ids.map((i) => getBooking(deps.db, i)));
  return { cancelled: await viewsOf(deps, rows, actor) };
}
