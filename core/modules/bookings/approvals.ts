/**
 * Approvals: bookings of resources with approvers wait (holding their time) until
 * an approver approves or denies them, the organiser revokes them, or their start
 * passes (the expiry job).
 */
import type { Knex } from 'knex';
import type { Actor } from '../../actor.ts';
import { paginate, type Page } from '../../db/paging.ts';
import { BusinessRuleError, NotFoundError } from '../../errors.ts';
import { logReservation } from '../logs/index.ts';
import type { BookingDeps } from './deps.ts';
import { allow } from './access.ts';
import { endBooking } from './cancel.ts';
import { judge, stateColumns, statesFrom } from './lifecycle.ts';
import { ApprovalModel, BookingModel } from './model.ts';
import { bookingOf, getBooking, viewsOf, type BookingRow } from './repo.ts';
import type { ApprovalsQuery, BookingView } from './schema.ts';
import { isBookingAdmin } from './sight.ts';
import { writeTx } from './write.ts';
import { DAY_MS } from './time.ts';
import { PendingEvents } from './write.ts';

export interface ApprovalView {
  id: number;
  bookingId: number;
  state: string;
  reason: string | null;
  decidedBy: number | null;
  decidedAt: number | null;
  createdAt: number;
  booking: BookingView;
}

const toView = (a: ApprovalModel, booking: BookingView): ApprovalView => ({
  id: a.id,
  bookingId: a.bookingId,
  state: a.state,
  reason: a.reason,
  decidedBy: a.decidedBy,
  decidedAt: a.decidedAt,
  createdAt: a.createdAt,
  booking,
});

/**
 * Whether the actor is the booking's approver in the lifecycle's sense: an approver of its resource, or a booking
 * administrator where the organiser is the resource's only approver. Never on their own booking (the table refuses
 * the organiser: they withdraw it instead).
 */
async function decidesOn(trx: Knex.Transaction, actor: Actor, b: BookingRow): Promise<boolean> {
  const approvers = (await trx('resource_approvers').where({ resource_id: b.resourceId }).pluck('user_id')).map(Number);
  return approvers.includes(actor.userId) || (isBookingAdmin(actor) && approvers.every((id) => id === b.organiserId));
}

export class ApprovalsService {
  constructor(private readonly deps: BookingDeps) {}

  /**
   * Pending: the requests the caller may decide (see assertMayDecide). Decided: those of the resources the caller
   * approves, and those the caller decided (kept when the booking moved to another resource since).
   */
  async list(actor: Actor, q: ApprovalsQuery): Promise<Page<ApprovalView>> {
    const { db } = this.deps;
    const approved = db('resource_approvers').where({ user_id: actor.userId }).select('resource_id');
    const base = db('approvals as a')
      .join('bookings as b', 'b.id', 'a.booking_id')
      .modify((x) => {
        if (q.scope === 'pending')
          x.where('a.state', 'pending')
            .whereNot('b.organiser_id', actor.userId)
            .where((w) => {
              w.whereIn('b.resource_id', approved);
              if (isBookingAdmin(actor))
                w.orWhereNotExists(
                  db('resource_approvers as ra')
                    .whereRaw('?? = ??', ['ra.resource_id', 'b.resource_id'])
                    .whereRaw('?? <> ??', ['ra.user_id', 'b.organiser_id'])
                    .select('ra.user_id'),
                );
            });
        else
          x.whereNot('a.state', 'pending').where((w) => {
            w.whereIn('b.resource_id', approved).orWhere('a.decided_by', actor.userId);
          });
      })
      .orderBy('a.id', q.scope === 'pending' ? 'asc' : 'desc')
      .select('a.*');
    // Filtered by the resources' approvers in SQL (a knex sub-query); the rows are mapped by the model.
    const page = await paginate(base, q, (r) => ApprovalModel.fromDatabaseJson(r));
    const bookings = new Map(
      (
        await BookingModel.query(db).whereIn(
          'id',
          page.items.map((a) => a.bookingId),
        )
      ).map((b) => [b.id, bookingOf(b)]),
    );
    const views = await viewsOf(
      this.deps,
      page.items.map((a) => bookings.get(a.bookingId)!),
      actor,
    );
    return { ...page, items: page.items.map((a, i) => toView(a, views[i]!)) };
  }

  private async decide(
    actor: Actor,
    approvalId: number,
    decision: 'approve' | 'deny' | 'revoke',
    reason?: string,
  ): Promise<ApprovalView> {
    const { clock } = this.deps;
    const events = new PendingEvents();
    await writeTx(this.deps, events, async (trx) => {
      const now = clock.now();
      const a = await ApprovalModel.query(trx).findById(approvalId).forUpdate();
      if (!a) throw new NotFoundError('approval', approvalId);
      const b = await getBooking(trx, a.bookingId, true);
      const approver = decision !== 'revoke' && (await decidesOn(trx, actor, b));
      const { to } = allow(decision, actor, b, now, { approver });
      // The booking is pending; its request is the open one (a decided request of a booking waiting again is not).
      if (a.state !== 'pending') throw new BusinessRuleError('approvals.notPending', { state: a.state });
      if (decision === 'approve') {
        await trx('approvals')
          .where({ id: approvalId })
          .update({ state: 'approved', reason: reason ?? null, decided_by: actor.userId, decided_at: now });
        await trx('bookings')
          .where({ id: b.id })
          .update({ ...stateColumns(to), sequence: b.sequence + 1, updated_at: now });
        await logReservation(trx, now, {
          bookingId: b.id,
          resourceId: b.resourceId,
          userId: actor.userId,
          action: 'approved',
          detail: { reason: reason ?? null },
        });
        events.add('booking.approved', b.id, actor.userId, reason);
        return;
      }
      await endBooking(trx, now, b, {
        command: decision,
        to,
        actorId: actor.userId,
        reason,
        approvalState: to,
        refundIt: true,
      });
      events.add(decision === 'deny' ? 'booking.denied' : 'booking.revoked', b.id, actor.userId, reason);
    });
    return this.get(actor, approvalId);
  }

  approve(actor: Actor, id: number, reason?: string) {
    return this.decide(actor, id, 'approve', reason);
  }
  deny(actor: Actor, id: number, reason?: string) {
    return this.decide(actor, id, 'deny', reason);
  }
  revoke(actor: Actor, id: number, reason?: string) {
    return this.decide(actor, id, 'revoke', reason);
  }

  async get(actor: Actor, id: number): Promise<ApprovalView> {
    const a = await ApprovalModel.query(this.deps.db).findById(id);
    if (!a) throw new NotFoundError('approval', id);
    const [booking] = await viewsOf(this.deps, [await getBooking(this.deps.db, a.bookingId)], actor);
    return toView(a, booking!);
  }

  /** The job: pending bookings whose start has passed become expired, freeing their time. Bounded to the last week. */
  async expireDue(now: number = this.deps.clock.now()): Promise<number> {
    const { db } = this.deps;
    const due = (
      await BookingModel.query(db)
        .whereIn('state', statesFrom('expire'))
        .where('start_at', '<=', now)
        .where('start_at', '>', now - 7 * DAY_MS)
        .orderBy('start_at')
        .limit(500)
    ).map(bookingOf);
    let n = 0;
    for (const b of due) {
      const verdict = judge('expire', { roles: ['scheduler'], ...b, now });
      if (!verdict.ok) continue;
      const events = new PendingEvents();
      const ok = await writeTx(this.deps, events, async (trx) => {
        const ended = await endBooking(trx, now, b, {
          command: 'expire',
          to: verdict.to,
          actorId: 0,
          approvalState: verdict.to,
          refundIt: true,
        });
        if (ended) events.add('booking.expired', b.id, 0);
        return ended;
      });
      if (ok) n++;
    }
    return n;
  }
}
