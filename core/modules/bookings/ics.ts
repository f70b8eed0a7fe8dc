/**
 * iCalendar (RFC 5545) for one booking and for a user's private feed. Written by
 * hand: a VEVENT per booking, UID stable per booking, SEQUENCE from the row, so
 * calendar apps replace their copy on every change.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Actor } from '../../actor.ts';
import { NotFoundError } from '../../errors.ts';
import { icalFold as fold, icalText as escapeText, icalUtc as stamp } from '../../ical.ts';
import type { BookingDeps } from './deps.ts';
import { bookingById } from './queries.ts';
import { awaitsApproval, isIn, ON_CALENDAR, type BookingState } from './lifecycle.ts';
import { BookingAttendeeModel, BookingModel } from './model.ts';
import { bookingOf, resourceNames, type BookingRow, type ResourceNames } from './repo.ts';
import { DAY_MS } from './time.ts';
import { setFeedTokenHash, userByFeedTokenHash } from '../users/index.ts';

/** Awaiting approval is tentative; a meeting that holds or held its time is confirmed; anything else is off. */
const statusOf = (state: BookingState): string =>
  awaitsApproval(state) ? 'TENTATIVE' : isIn(ON_CALENDAR, state) ? 'CONFIRMED' : 'CANCELLED';

function vevent(
  b: Pick<BookingRow, 'id' | 'startAt' | 'endAt' | 'subject' | 'state' | 'sequence' | 'remarks'>,
  names: ResourceNames | undefined,
  now: number,
): string[] {
  const location = [names?.name, names?.floorName, names?.locationName].filter(Boolean).join(', ');
  return [
    'BEGIN:VEVENT',
    `UID:booking-${b.id}@atrium`,
    `SEQUENCE:${b.sequence}`,
    `DTSTAMP:${stamp(now)}`,
    `DTSTART:${stamp(b.startAt)}`,
    `DTEND:${stamp(b.endAt)}`,
    `SUMMARY:${escapeText(b.subject)}`,
    ...(location ? [`LOCATION:${escapeText(location)}`] : []),
    ...(b.remarks ? [`DESCRIPTION:${escapeText(b.remarks)}`] : []),
    `STATUS:${statusOf(b.state)}`,
    'END:VEVENT',
  ];
}

function calendar(events: string[][], name: string): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Atrium//Bookings//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
    ...events.flat(),
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export class BookingFeedService {
  constructor(private readonly deps: BookingDeps) {}

  /** One booking as an .ics file, for whoever may see the booking. */
  async bookingIcs(actor: Actor, id: number): Promise<string> {
    const view = await bookingById(this.deps, actor, id);
    const names = (await resourceNames(this.deps.db, [view.resourceId])).get(view.resourceId);
    return calendar(
      [vevent({ ...view, subject: view.subject ?? '', remarks: view.remarks }, names, this.deps.clock.now())],
      view.subject ?? 'Atrium',
    );
  }

  /** Creates or rotates the caller's feed token; only its hash is kept, so the old URL stops working. */
  async rotate(actor: Actor): Promise<{ token: string }> {
    const token = randomBytes(24).toString('base64url');
    await setFeedTokenHash(this.deps.db, actor.userId, hash(token), this.deps.clock.now());
    return { token };
  }

  /** The public feed: the token's owner's bookings from a week ago on (organiser or inner attendee). */
  async feed(token: string): Promise<string> {
    const { db, clock } = this.deps;
    const user = await userByFeedTokenHash(db, hash(token));
    if (!user) throw new NotFoundError('feed');
    const now = clock.now();
    const rows = (
      await BookingModel.query(db)
        .where((w) => {
          w.where('organiser_id', user.id).orWhereIn(
            'id',
            BookingAttendeeModel.query(db).where({ user_id: user.id, kind: 'inner' }).select('booking_id'),
          );
        })
        .whereIn('state', [...ON_CALENDAR, 'cancelled'])
        .where('end_at', '>', now - 7 * DAY_MS)
        .orderBy('start_at')
        .limit(1000)
    ).map(bookingOf);
    const names = await resourceNames(
      db,
      rows.map((r) => r.resourceId),
    );
    return calendar(
      rows.map((b) => vevent(b, names.get(b.resourceId), now)),
      `Atrium – ${user.username}`,
    );
  }
}
