/**
 * What people do at a door tablet (docs/product-rules.md R19.5–R19.7): the room's day and its state now, check-in
 * by code, book now, extend and end early. Every action goes through the booking engine's own rules, as the
 * tablet (check-in by code) or as the person who authenticated at it (book now, extend, end), and the
 * reservation log records the tablet as the channel. A tablet acts on its own room only.
 */
import { DateTime } from 'luxon';
import type { Actor, DoorDevice } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import type { Cradle } from '../../cradle.ts';
import { BusinessRuleError, ForbiddenError, TooManyRequestsError } from '../../errors.ts';
import { t } from '../../i18n/index.ts';
import type { RoomBooking } from '../bookings/index.ts';
import { CodeDelay } from './code-delay.ts';
import {
  PAD_AUTH_METHODS,
  PAD_MINUTES,
  type PadAuth,
  type PadBookNow,
  type PadCheckIn,
  type PadDay,
  type PadMeeting,
  type PadStatus,
} from './door-schema.ts';

const MINUTE_MS = 60_000;
/** "15 minutes from now" just after a slot began ends at the slot's end plus 15, not a slot later. */
const GRACE_MS = 2 * MINUTE_MS;
/** A meeting this close to its start shows as "starting soon" (or its check-in window, when that opens earlier). */
const SOON_MS = 15 * MINUTE_MS;

export interface DoorDeps {
  clock: Clock;
  paramsService: Cradle['paramsService'];
  bookingsService: Cradle['bookingsService'];
  tabletsService: Cradle['tabletsService'];
  doorSignIn: Cradle['doorSignIn'];
  presenceService: Cradle['presenceService'];
  buildingService: Cradle['buildingService'];
}

type DoorRules = PadDay['rules'] & { interval: number };

/** The state a tablet shows now, from today's remaining meetings (by start). */
export function statusOf(now: number, meetings: readonly PadMeeting[], earlyMs: number): PadStatus {
  const current = meetings.find((m) => m.startAt <= now && now < m.endAt);
  if (current) {
    if (current.checkedIn) return { state: 'inUse', until: current.endAt, bookingId: current.id };
    if (current.canCheckIn) return { state: 'awaitingCheckIn', until: current.checkInUntil, bookingId: current.id };
    return { state: 'busy', until: current.endAt, bookingId: current.id };
  }
  const next = meetings.find((m) => m.startAt > now);
  if (!next) return { state: 'free', until: null, bookingId: null };
  if (next.startAt - now <= Math.max(SOON_MS, earlyMs))
    return { state: 'startingSoon', until: next.startAt, bookingId: next.id };
  return { state: 'freeUntil', until: next.startAt, bookingId: next.id };
}

export class DoorService {
  /** Wrong check-in codes slow each tablet down (one per process, like the booking engine's own count). */
  private readonly delay = new CodeDelay();

  constructor(private readonly deps: DoorDeps) {}

  private async rules(): Promise<DoorRules> {
    const { paramsService } = this.deps;
    const [p, time] = await Promise.all([
      paramsService.getMany([
        'padBooking',
        'padQrCodeBooking',
        'padAuthMethods',
        'checkInEarlyMinutes',
        'checkInWindowMinutes',
        'passCodeLength',
      ]),
      paramsService.getTimeConfig(),
    ]);
    const methods = new Set(String(p.padAuthMethods ?? '').split('|'));
    return {
      padBooking: Boolean(p.padBooking),
      padQrCodeBooking: Boolean(p.padQrCodeBooking),
      authMethods: PAD_AUTH_METHODS.filter((m) => methods.has(m)),
      checkInEarlyMinutes: Number(p.checkInEarlyMinutes),
      checkInWindowMinutes: Number(p.checkInWindowMinutes),
      passCodeLength: Number(p.passCodeLength),
      interval: time.interval,
    };
  }

  private meeting(b: RoomBooking, rules: DoorRules, now: number): PadMeeting {
    const checkInFrom = b.startAt - rules.checkInEarlyMinutes * MINUTE_MS;
    const checkInUntil = Math.min(b.startAt + rules.checkInWindowMinutes * MINUTE_MS, b.endAt);
    return {
      id: b.id,
      subject: b.subject,
      organiserName: b.organiserName,
      startAt: b.startAt,
      endAt: b.endAt,
      state: b.state,
      checkedIn: b.state === 'checkedIn',
      checkInFrom,
      checkInUntil,
      canCheckIn: b.state === 'confirmed' && now >= checkInFrom && now < checkInUntil,
    };
  }

  /** GET /pad/day: the room, its state now, today's remaining meetings and what may be done at the door. */
  async day(actor: Actor): Promise<PadDay> {
    const { clock, bookingsService, tabletsService } = this.deps;
    const { resourceId } = deviceOf(actor);
    const [room, rules] = await Promise.all([tabletsService.room(actor, resourceId), this.rules()]);
    const now = clock.now();
    const today = DateTime.fromMillis(now, { zone: room.timeZone });
    const dayEnd = today.endOf('day').toMillis() + 1;
    // From the start of the current slot, ended meetings included: one ended early still holds its last slot.
    const slotStart = onSlotGrid(now, room.timeZone, rules.interval, Math.floor);
    const bookings = (await bookingsService.roomBookings(actor, resourceId, slotStart, dayEnd, true)).filter(
      (b) => b.endAt > now || b.state === 'ended',
    );
    const takenUntil = Math.max(slotStart, ...bookings.filter((b) => b.endAt <= now).map((b) => b.endAt));
    const meetings = bookings
      .filter((b) => b.endAt > now && b.state !== 'ended')
      .map((b) => this.meeting(b, rules, now));
    const status = statusOf(now, meetings, rules.checkInEarlyMinutes * MINUTE_MS);
    const underway = bookings.find((b) => b.startAt <= now && now < b.endAt);
    const presence = await this.deps.presenceService.viewOf(resourceId, underway);
    const { interval: _interval, ...shown } = rules;
    return {
      room,
      now,
      date: today.toISODate()!,
      status,
      meetings,
      presence: presence && { ...presence, sensor: presence.sensor === 'none' ? 'off' : presence.sensor },
      rules: shown,
      bookNow: bookNowOf(now, meetings, rules, dayEnd, room.timeZone, takenUntil),
    };
  }

  /** POST /pad/checkin: the meeting's check-in code typed at the tablet. */
  async checkIn(actor: Actor, input: PadCheckIn): Promise<PadDay> {
    const { tabletId, resourceId } = deviceOf(actor);
    await this.ownBooking(actor, input.bookingId);
    const now = this.deps.clock.now();
    const wait = this.delay.take(tabletId, now);
    if (wait > 0) throw new TooManyRequestsError('pad.waitSeconds', { seconds: wait });
    try {
      await this.deps.bookingsService.checkIn(actor, input.bookingId, input.code);
    } catch (err) {
      if (!(err instanceof BusinessRuleError && err.key === 'bookings.wrongCode')) this.delay.forgive(tabletId);
      throw err;
    }
    this.delay.clear(tabletId);
    // Checked in at the door: its lock opens once (R20.1), without holding up the answer.
    void this.deps.buildingService.openDoor(resourceId, input.bookingId);
    return this.day(actor);
  }

  /** POST /pad/book-now: the room from now, booked by the person who authenticated at the tablet. */
  async bookNow(actor: Actor, input: PadBookNow): Promise<PadDay> {
    const before = await this.day(actor);
    if (!before.rules.padBooking) throw new ForbiddenError('pad.bookingOff');
    if (!before.bookNow) throw new BusinessRuleError('pad.notFreeNow');
    const option = before.bookNow.options.find((o) => o.minutes === input.minutes);
    if (!option) throw new BusinessRuleError('pad.notFreeThatLong');
    const person = await this.person(actor, input.auth, before.rules.authMethods);
    const zone = before.room.timeZone;
    const start = DateTime.fromMillis(before.bookNow.startAt, { zone });
    const end = DateTime.fromMillis(option.endAt, { zone });
    await this.deps.bookingsService.create(person, {
      resourceId: before.room.id,
      meetingDate: start.toISODate()!,
      startTime: start.toFormat('HH:mm'),
      // The end of the day is 24:00 on the booking's own date.
      endTime: end.hasSame(start, 'day') ? end.toFormat('HH:mm') : '24:00',
      subject: input.subject ?? t(person.lang, 'pad.bookedAtDoor'),
      innerAttendees: [],
      outerAttendees: [],
      reminderMinutes: 0,
      conflictPolicy: 'fail',
    });
    return this.day(actor);
  }

  /** POST /pad/bookings/:id/extend: by its organiser or an attendee, authenticated at the tablet. */
  async extend(actor: Actor, bookingId: number, minutes: number, auth: PadAuth): Promise<PadDay> {
    const person = await this.meetingPerson(actor, bookingId, auth);
    await this.deps.bookingsService.extend(person, bookingId, minutes);
    return this.day(actor);
  }

  /** POST /pad/bookings/:id/end: ends the meeting now and frees the rest of its time. */
  async end(actor: Actor, bookingId: number, auth: PadAuth): Promise<PadDay> {
    const person = await this.meetingPerson(actor, bookingId, auth);
    await this.deps.bookingsService.checkOut(person, bookingId);
    return this.day(actor);
  }

  /** POST /pad/bookings/:id/keep: someone at the door keeps the meeting under way (presence, R19.10). */
  async keep(actor: Actor, bookingId: number): Promise<PadDay> {
    await this.deps.presenceService.keep(actor, bookingId);
    return this.day(actor);
  }

  /** The booking must be on the tablet's room. */
  private async ownBooking(actor: Actor, bookingId: number) {
    const b = await this.deps.bookingsService.doorBooking(actor, bookingId);
    if (b.resourceId !== deviceOf(actor).resourceId) throw new ForbiddenError('tablets.otherRoom');
    return b;
  }

  private async person(actor: Actor, auth: PadAuth, methods: readonly string[]): Promise<Actor> {
    if (!methods.includes(auth.method)) throw new ForbiddenError('pad.methodOff');
    const device = deviceOf(actor);
    if (auth.method === 'password')
      return this.deps.doorSignIn.person(auth, { lang: actor.lang, ip: actor.ip, device });
    const username = await this.deps.presenceService.takeRecognised(device.resourceId, auth.method);
    const person = username && (await this.deps.doorSignIn.recognised(username, { lang: actor.lang, device }));
    if (!person) throw new BusinessRuleError(auth.method === 'card' ? 'pad.noCardRead' : 'pad.noFaceSeen');
    return person;
  }

  /** The authenticated person, who must be the meeting's organiser or one of its attendees. */
  private async meetingPerson(actor: Actor, bookingId: number, auth: PadAuth): Promise<Actor> {
    await this.ownBooking(actor, bookingId);
    const person = await this.person(actor, auth, (await this.rules()).authMethods);
    const seen = await this.deps.bookingsService.doorBooking(person, bookingId);
    if (seen.organiserId !== person.userId && !seen.innerAttendees.includes(person.userId))
      throw new ForbiddenError('pad.notYourMeeting');
    return person;
  }
}

/** The door tablet behind the actor (a wall screen never reaches the door routes, core/http/mount.ts). */
function deviceOf(actor: Actor): DoorDevice {
  if (actor.device?.purpose !== 'door') throw new ForbiddenError();
  return actor.device;
}

/**
 * "Book now" from the start of the current slot to 15, 30 or 60 minutes from now (rounded up to a slot, with two
 * minutes' grace), or until the next meeting; each only when it ends by the next meeting and within the day. Null
 * when a meeting holds the room now or booking at the door is off.
 */
export function bookNowOf(
  now: number,
  meetings: readonly PadMeeting[],
  rules: DoorRules,
  dayEnd: number,
  zone: string,
  takenUntil: number,
): PadDay['bookNow'] {
  if (!rules.padBooking || meetings.some((m) => m.startAt <= now && now < m.endAt)) return null;
  const slot = rules.interval * MINUTE_MS;
  const onGrid = (at: number, round: (x: number) => number) => onSlotGrid(at, zone, rules.interval, round);
  // A meeting ended early in this slot keeps it: book from the next one.
  const startAt = Math.max(onGrid(now, Math.floor), onGrid(takenUntil, Math.ceil));
  const limit = Math.min(meetings.find((m) => m.startAt > now)?.startAt ?? dayEnd, dayEnd);
  const options: Array<{ minutes: number | null; endAt: number }> = [];
  for (const minutes of PAD_MINUTES) {
    const endAt = onGrid(now + minutes * MINUTE_MS - GRACE_MS, Math.ceil);
    // With 30-minute slots "15" and "30" may end alike: one button per end.
    if (endAt <= limit && !options.some((o) => o.endAt === endAt)) options.push({ minutes, endAt });
  }
  if (limit - startAt >= slot && !options.some((o) => o.endAt === limit)) options.push({ minutes: null, endAt: limit });
  const open = options.filter((o) => o.endAt > startAt);
  return open.length ? { startAt, options: open } : null;
}

/**
 * `at` rounded to the slot grid of the room's local time (an offset need not be a whole number of slots); the room QR
 * code's booking offer starts where book now would.
 */
export function onSlotGrid(at: number, zone: string, intervalMinutes: number, round: (x: number) => number): number {
  const slot = intervalMinutes * MINUTE_MS;
  const offset = DateTime.fromMillis(at, { zone }).offset * MINUTE_MS;
  return round((at + offset) / slot) * slot - offset;
}
