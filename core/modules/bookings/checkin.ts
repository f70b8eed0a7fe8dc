/** Check-in with the code (web or door tablet), check-out, and changing the code. */
import type { Actor } from '../../actor.ts';
import { BusinessRuleError, ForbiddenError, TooManyRequestsError, ValidationError } from '../../errors.ts';
import type { BookingDeps } from './deps.ts';
import { assertOrganiser } from './access.ts';
import { getBooking, logReservation, viewsOf } from './repo.ts';
import type { BookingView } from './schema.ts';
import { loadSettings } from './settings.ts';
import { freeSlots, writeTx } from './slots.ts';
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
 * gets the code wrong too often is refused for a while (see WrongCodes).
 */
export async function checkIn(
  deps: BookingDeps,
  wrongCodes: WrongCodes,
  actor: Actor,
  id: number,
  code: string,
): Promise<BookingView> {
  const settings = await loadSettings(deps.paramsService);
  const actorId = actor.userId;
  const locked = wrongCodes.lockedFor(actorId, id, deps.clock.now());
  if (locked > 0) throw new TooManyRequestsError('bookings.tooManyWrongCodes', { minutes: locked });
  const events = new PendingEvents();
  await writeTx(deps, events, async (trx) => {
    const now = deps.clock.now();
    const b = await getBooking(trx, id, true);
    if (b.state === 'pending') throw new BusinessRuleError('bookings.notApproved');
    if (b.state !== 'confirmed') throw new BusinessRuleError('bookings.notChangeable', { state: b.state });
    if (now < b.startAt - settings.checkInEarlyMinutes * MINUTE_MS)
      throw new BusinessRuleError('bookings.checkInTooEarly', { minutes: settings.checkInEarlyMinutes });
    if (now >= Math.min(b.startAt + settings.checkInWindowMinutes * MINUTE_MS, b.endAt))
      throw new BusinessRuleError('bookings.checkInClosed');
    if (code !== b.checkInCode) {
      wrongCodes.record(actorId, id, now);
      throw new BusinessRuleError('bookings.wrongCode');
    }
    wrongCodes.clear(actorId, id);
    await trx('bookings')
      .where({ id })
      .update({ state: 'checkedIn', check_status: 1, checked_in_at: now, sequence: b.sequence + 1, updated_at: now });
    await logReservation(trx, now, { bookingId: id, resourceId: b.resourceId, userId: actorId, action: 'checkedIn' });
    events.add('booking.checkedIn', id, actorId);
  });
  return view(deps, actor, id);
}

/** Ends a meeting now and frees the rest of its time. */
export async function checkOut(deps: BookingDeps, actor: Actor, id: number, auto = false): Promise<BookingView> {
  const events = new PendingEvents();
  await writeTx(deps, events, async (trx) => {
    const now = deps.clock.now();
    const b = await getBooking(trx, id, true);
    if (!auto) assertOrganiser(actor, b);
    if (!(b.state === 'checkedIn' || b.state === 'confirmed') || now >= b.endAt)
      throw new BusinessRuleError('bookings.notChangeable', { state: b.state });
    if (now < b.startAt) throw new BusinessRuleError('bookings.notStarted');
    await trx('bookings')
      .where({ id })
      .update({
        state: 'ended',
        check_status: 2,
        end_at: now,
        end_time: timeIn(now, b.timeZone),
        is_auto_close: auto,
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
      detail: { auto },
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
    if (b.organiserId !== actor.userId) throw new ForbiddenError('bookings.notOrganiser');
    if (!['pending', 'confirmed'].includes(b.state))
      throw new BusinessRuleError('bookings.notChangeable', { state: b.state });
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
