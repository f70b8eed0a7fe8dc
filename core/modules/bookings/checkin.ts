/** Check-in with the code (web or door tablet), check-out, and changing the code. */
import type { Actor } from '../../actor.ts';
import { BusinessRuleError, ForbiddenError, TooManyRequestsError, ValidationError } from '../../errors.ts';
import { channelOf, logReservation, type ReservationEntry } from '../logs/index.ts';
import type { BookingDeps } from './deps.ts';
import { allow } from './access.ts';
import { stateColumns } from './lifecycle.ts';
import { attendeesOf, getBooking, viewsOf } from './repo.ts';
import type { BookingView } from './schema.ts';
import { loadSettings } from './settings.ts';
import { freeSlots } from './slots.ts';
import { writeTx } from './write.ts';
import { MINUTE_MS, timeIn } from './time.ts';
import { PendingEvents } from './write.ts';
import type { WrongCodes } from './wrong-codes.ts';

async function view(deps: BookingDeps, actor: Actor, id: number): Promise<BookingView> {
  const [v] = await viewsOf(deps, [await getBooking(deps.db, id)], actor);
  return v!;
}

/**
 * Anyone holding the code may check in (the code is what the door tablet asks for), from
 * checkInEarlyMinutes before the start until checkInWindowMinutes after it. A caller who
 * gets the code wrong too often is refused for a while (see WrongCodes): the try is counted
 * before the code is compared, in the same synchronous step, so parallel guesses queue for it.
 * Without a code (`null`) presence is proven otherwise: by the room itself (a card at its reader, a face at its
 * terminal, its presence sensor, its QR code; the actor is then the door's) or by the organiser or an attendee.
 */
export async function checkIn(
  deps: BookingDeps,
  wrongCodes: WrongCodes,
  actor: Actor,
  id: number,
  code: string | null,
  channel: ReservationEntry['channel'] = channelOf(actor),
): Promise<BookingView> {
  const settings = await loadSettings(deps.paramsService);
  const actorId = actor.userId;
  // A door tablet is one caller for everyone standing at it: a lock there would let a passer-by get a meeting
  // cancelled as a no-show, so the tablets module slows the tablet's wrong codes down instead.
  const counted = actor.device || code === null ? null : wrongCodes;
  const locked = counted?.lockedFor(actorId, id, deps.clock.now()) ?? 0;
  if (locked > 0) throw new TooManyRequestsError('bookings.tooManyWrongCodes', { minutes: locked });
  const events = new PendingEvents();
  await writeTx(deps, events, async (trx) => {
    const now = deps.clock.now();
    const b = await getBooking(trx, id, true);
    const { to } = allow('checkIn', actor, b, now);
    if (now < b.startAt - settings.checkInEarlyMinutes * MINUTE_MS)
      throw new BusinessRuleError('bookings.checkInTooEarly', { minutes: settings.checkInEarlyMinutes });
    if (now >= b.startAt + settings.checkInWindowMinutes * MINUTE_MS)
      throw new BusinessRuleError('bookings.checkInClosed');
    const wait = counted?.take(actorId, id, now) ?? 0;
    if (wait > 0) throw new TooManyRequestsError('bookings.tooManyWrongCodes', { minutes: wait });
    if (code === null) {
      const attendee = (await attendeesOf(trx, [id])).get(id)?.inner.includes(actorId) ?? false;
      if (!actor.device && b.organiserId !== actorId && !attendee) throw new ForbiddenError('bookings.notAllowed');
    } else if (code !== b.checkInCode) throw new BusinessRuleError('bookings.wrongCode');
    counted?.clear(actorId, id);
    await trx('bookings')
      .where({ id })
      .update({ ...stateColumns(to), checked_in_at: now, sequence: b.sequence + 1, updated_at: now });
    await logReservation(trx, now, {
      bookingId: id,
      resourceId: b.resourceId,
      userId: actorId,
      action: 'checkedIn',
      channel,
    });
    events.add('booking.checkedIn', id, actorId);
  });
  return view(deps, actor, id);
}

/** Ends a meeting under way now and frees the rest of its time (a booking nobody checked in to is the no-show job's). */
export async function checkOut(deps: BookingDeps, actor: Actor, id: number): Promise<BookingView> {
  const events = new PendingEvents();
  await writeTx(deps, events, async (trx) => {
    const now = deps.clock.now();
    const b = await getBooking(trx, id, true);
    const { to } = allow('checkOut', actor, b, now);
    await trx('bookings')
      .where({ id })
      .update({
        ...stateColumns(to),
        end_at: now,
        end_time: timeIn(now, b.timeZone),
        is_auto_close: false,
        close_time: now,
        sequence: b.sequence + 1,
        updated_at: now,
      });
    await freeSlots(trx, id, now);
    await logReservation(trx, now, {
      bookingId: id,
      resourceId: b.resourceId,
      userId: actor.userId,
      action: 'checkedOut',
      channel: channelOf(actor),
    });
    events.add('booking.checkedOut', id, actor.userId);
  });
  return view(deps, actor, id);
}

export async function setPasscode(deps: BookingDeps, actor: Actor, id: number, code: string): Promise<BookingView> {
  const settings = await loadSettings(deps.paramsService);
  if (!settings.passcodeUpdatable) throw new ForbiddenError('bookings.passcodeNotUpdatable');
  if (code.length !== settings.passCodeLength)
    throw new ValidationError(
      [{ field: 'code', message: `${settings.passCodeLength} digits` }],
      'bookings.passcodeLength',
      { length: settings.passCodeLength },
    );
  const events = new PendingEvents();
  await writeTx(deps, events, async (trx) => {
    const now = deps.clock.now();
    const b = await getBooking(trx, id, true);
    allow('changeCode', actor, b, now);
    await trx('bookings')
      .where({ id })
      .update({ check_in_code: code, sequence: b.sequence + 1, updated_at: now });
    await logReservation(trx, now, {
      bookingId: id,
      resourceId: b.resourceId,
      userId: actor.userId,
      action: 'passcode',
    });
    events.add('booking.updated', id, actor.userId);
  });
  return view(deps, actor, id);
}
