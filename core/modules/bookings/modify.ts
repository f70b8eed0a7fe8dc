/**
 * Modifying a booking (time, resource, subject, attendees) with the same checks as
 * creation; its slots are re-written in the same transaction. For an occurrence:
 * `one` detaches it from its series; `following` splits the series; `series`
 * changes every future occurrence still in it. Occurrences edited or cancelled
 * alone are detached, so series changes never touch or resurrect them.
 */
import type { Knex } from 'knex';
import type { Actor } from '../../actor.ts';
import { BadRequestError, BusinessRuleError, ValidationError } from '../../errors.ts';
import { channelOf, logReservation } from '../logs/index.ts';
import type { BookingDeps } from './deps.ts';
import { allow } from './access.ts';
import { charge, refund } from './credits.ts';
import { CHANGEABLE, stateColumns, type Command, type Move } from './lifecycle.ts';
import { enforce, loadFacts, resolveTimes, ruleContext, type Facts, type Times } from './plan.ts';
import { reviewAfterMove } from './reapproval.ts';
import { attendeesOf, getBooking, toBookingRow, viewsOf, writeAttendees, type BookingRow } from './repo.ts';
import { loadDisabledPeriods, loadResource, type ResourceInfo } from './resources.ts';
import type { BookingView, ModifyBooking } from './schema.ts';
import { loadSettings, type BookingSettings } from './settings.ts';
import { freeSlots, insertSlots } from './slots.ts';
import { writeTx } from './write.ts';
import { addDays } from './time.ts';
import { checkAttendees, PendingEvents, remindAt } from './write.ts';

const timeChanged = (m: ModifyBooking) =>
  m.meetingDate !== undefined || m.startTime !== undefined || m.endTime !== undefined || m.wholeDay !== undefined;
const isMoving = (m: ModifyBooking, b: BookingRow) =>
  timeChanged(m) || (m.resourceId !== undefined && m.resourceId !== b.resourceId);

export interface Ctx {
  trx: Knex.Transaction;
  now: number;
  actor: Actor;
  settings: BookingSettings;
  resources: Map<number, ResourceInfo>;
  facts: Facts;
  deps: BookingDeps;
  /** The command making the change (modify, modifySeries, extend): the lifecycle table's row it asked. */
  command: Command;
}

async function resourceFor(c: Ctx, id: number): Promise<ResourceInfo> {
  if (!c.resources.has(id)) c.resources.set(id, await loadResource(c.trx, id));
  return c.resources.get(id)!;
}

/**
 * Applies the change to one row, whose move the lifecycle table allowed: re-checks and re-writes its time when
 * time or resource changed. Answers whether the booking went (back) to its approvers.
 */
export async function applyTo(
  c: Ctx,
  b: BookingRow,
  move: Move,
  m: ModifyBooking,
  opts: { keepDate: boolean; detach: boolean; seriesId?: number },
): Promise<{ approvalRequested: boolean }> {
  const resource = await resourceFor(c, m.resourceId ?? b.resourceId);
  const moving = isMoving(m, b);
  let times: Times = {
    meetingDate: b.meetingDate,
    startTime: b.startTime,
    endTime: b.endTime,
    wholeDay: b.wholeDay,
    startAt: b.startAt,
    endAt: b.endAt,
  };
  let price = b.priceCents;
  let state = b.state;
  let requested = false;
  if (moving) {
    const wholeDay = m.wholeDay ?? (m.startTime !== undefined || m.endTime !== undefined ? false : b.wholeDay);
    times = resolveTimes(resource, {
      meetingDate: opts.keepDate ? b.meetingDate : (m.meetingDate ?? b.meetingDate),
      wholeDay,
      startTime: m.startTime ?? b.startTime,
      endTime: m.endTime ?? b.endTime,
    });
    const sameResource = resource.id === b.resourceId;
    if (move.endOnly && (!sameResource || times.startAt !== b.startAt))
      throw new BusinessRuleError('bookings.notChangeable', { state: b.state });
    const disabled = await loadDisabledPeriods(c.trx, { ids: [resource.id] }, times.startAt, times.endAt);
    // Read before the transaction (BookingsService.modify): here it is the cached answer, or none for most rooms.
    const busyOutside = await c.deps.calendarSyncService.busyOutside([resource.id], times.startAt, times.endAt, c.trx);
    // The organiser's rules (count, balance) apply to the organiser, whoever edits. A start already past is kept
    // only where it was: on another resource that time is past, and nobody may take it.
    const ctx = {
      ...ruleContext({
        now: c.now,
        actor: c.actor,
        resource,
        times,
        settings: c.settings,
        facts: { ...c.facts, balance: c.facts.balance + b.priceCents },
        disabled,
        busyOutside,
      }),
      ...(sameResource ? { originalStartAt: b.startAt } : {}),
      modifying: true,
    };
    enforce(ctx);
    await freeSlots(c.trx, b.id);
    await insertSlots(c.trx, resource.id, b.id, times.startAt, times.endAt);
    if (ctx.price !== b.priceCents) {
      await refund(c.trx, c.now, b.id);
      if (ctx.price > 0) await charge(c.trx, c.now, b.organiserId, b.id, ctx.price);
      c.facts.balance += b.priceCents - ctx.price;
    }
    price = ctx.price;
    if (resource.id !== b.resourceId || times.startAt !== b.startAt || times.endAt !== b.endAt)
      ({ state, requested } = await reviewAfterMove(c.trx, c.now, c.actor, b, resource, c.settings, c.command));
  }
  const reminder = m.reminderMinutes ?? b.reminderMinutes;
  const nextRemindAt = remindAt(times.startAt, reminder);
  await c
    .trx('bookings')
    .where({ id: b.id })
    .update({
      resource_id: resource.id,
      meeting_date: times.meetingDate,
      start_time: times.startTime,
      end_time: times.endTime,
      whole_day: times.wholeDay,
      start_at: times.startAt,
      end_at: times.endAt,
      time_zone: resource.timeZone,
      subject: m.subject ?? b.subject,
      phone: m.phone ?? b.phone,
      remarks: m.remarks ?? b.remarks,
      reminder_minutes: reminder,
      remind_at: nextRemindAt,
      // A reminder that went out stays sent unless the change gave it another time.
      ...(nextRemindAt !== b.remindAt ? { reminded_at: null } : {}),
      price_cents: price,
      ...stateColumns(state),
      detached: opts.detach || b.detached,
      series_id: opts.seriesId ?? b.seriesId,
      sequence: b.sequence + 1,
      updated_at: c.now,
    });
  if (m.innerAttendees !== undefined || m.outerAttendees !== undefined) {
    const old = (await attendeesOf(c.trx, [b.id])).get(b.id)!;
    await writeAttendees(c.trx, b.id, { inner: m.innerAttendees ?? old.inner, outer: m.outerAttendees ?? old.outer });
  }
  await logReservation(c.trx, c.now, {
    bookingId: b.id,
    resourceId: resource.id,
    userId: c.actor.userId,
    action: 'updated',
    detail: {
      before: { startAt: b.startAt, endAt: b.endAt, resourceId: b.resourceId },
      after: { startAt: times.startAt, endAt: times.endAt, resourceId: resource.id },
    },
    channel: channelOf(c.actor),
  });
  return { approvalRequested: requested };
}

export async function modifyBooking(
  deps: BookingDeps,
  actor: Actor,
  id: number,
  m: ModifyBooking,
): Promise<{ updated: BookingView[]; seriesId: number | null }> {
  const settings = await loadSettings(deps.paramsService);
  if (m.innerAttendees) await checkAttendees(deps.db, m.innerAttendees);
  const events = new PendingEvents();
  const result = await writeTx(deps, events, async (trx) => {
    const now = deps.clock.now();
    const b = await getBooking(trx, id, true);
    // A meeting under way (checked in) may still be extended or renamed; a series change needs rows not begun.
    const command = m.scope === 'one' || b.seriesId === null ? 'modify' : 'modifySeries';
    const { move } = allow(command, actor, b, now);
    const facts = await loadFacts(trx, deps, b.organiserId, now, [b.id]);
    const c: Ctx = { trx, now, actor, settings, resources: new Map(), facts, deps, command };
    if (command === 'modify') {
      const { approvalRequested } = await applyTo(c, b, move, m, { keepDate: false, detach: b.seriesId !== null });
      events.add('booking.updated', b.id, actor.userId);
      if (approvalRequested) events.add('booking.approvalRequested', b.id, actor.userId);
      return { ids: [b.id], seriesId: b.seriesId };
    }
    if (m.meetingDate !== undefined)
      throw new ValidationError(
        [{ field: 'meetingDate', message: 'a series change keeps each occurrence on its date' }],
        'bookings.seriesDateChange',
      );
    const from = m.scope === 'following' ? (b.seriesDate ?? b.meetingDate) : null;
    const q = trx('bookings')
      .where({ series_id: b.seriesId, detached: false })
      .whereIn('state', [...CHANGEABLE])
      .where('start_at', '>', now);
    if (from) q.where('series_date', '>=', from);
    const targets = ((await q.forUpdate().orderBy('start_at')) as Array<Record<string, unknown>>).map(toBookingRow);
    if (!targets.some((x) => x.id === b.id)) targets.unshift(b);
    let seriesId = b.seriesId;
    if (m.scope === 'following') {
      const old = (await trx('booking_series').where({ id: b.seriesId }).first()) as
        Record<string, unknown> | undefined;
      if (!old) throw new BadRequestError('bookings.notSeries');
      const { id: _old, ...copy } = old;
      const [nid] = await trx('booking_series').insert({
        ...copy,
        parent_series_id: b.seriesId,
        first_date: from,
        created_at: now,
        updated_at: now,
      });
      seriesId = Number(nid);
      await trx('booking_series')
        .where({ id: b.seriesId })
        .update({ until_date: addDays(from!, -1), updated_at: now });
      // Occurrences changed alone on or after the split go with the later part, unchanged: the earlier part's rule now
      // ends before them, and a calendar client keeps an override only within its series' dates.
      await trx('bookings')
        .where({ series_id: b.seriesId, detached: true })
        .where('series_date', '>=', from!)
        .update({ series_id: seriesId });
    }
    c.facts.activeCount -= targets.length - 1; // the edited occurrences do not count against the limit twice
    // Free them all first, so moving a series by an hour does not collide with its own occurrences.
    for (const x of targets) if (isMoving(m, x)) await freeSlots(trx, x.id);
    for (const x of targets) {
      const { approvalRequested } = await applyTo(c, x, allow(command, actor, x, now).move, m, {
        keepDate: true,
        detach: false,
        seriesId: seriesId ?? undefined,
      });
      events.add('booking.updated', x.id, actor.userId);
      if (approvalRequested) events.add('booking.approvalRequested', x.id, actor.userId);
    }
    await trx('booking_series')
      .where({ id: seriesId })
      .update({
        ...(m.subject ? { subject: m.subject } : {}),
        ...(m.startTime ? { start_time: m.startTime } : {}),
        ...(m.endTime ? { end_time: m.endTime } : {}),
        ...(m.resourceId ? { resource_id: m.resourceId } : {}),
        updated_at: now,
      });
    return { ids: targets.map((x) => x.id), seriesId };
  });
  const rows = await Promise.all(result.ids.map((i) => getBooking(deps.db, i)));
  return { updated: await viewsOf(deps, rows, actor), seriesId: result.seriesId };
}
