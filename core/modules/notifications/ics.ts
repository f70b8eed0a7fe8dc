/**
 * The iCalendar part of a booking's message, as an iTIP REQUEST (new or changed: same UID, growing SEQUENCE, so
 * clients replace their copy) or CANCEL (docs/product-rules.md R11.9). A booking alone is its own event. A series
 * is one recurring event: a change made to the whole series (created, changed, approved, cancelled together) is
 * told once, by the message of its first occurrence in that change, with the series' RRULE, EXDATEs and the
 * occurrences changed alone; an occurrence changed or cancelled alone is told with its RECURRENCE-ID.
 */
import type { Knex } from 'knex';
import type { BookingSnapshot } from '../../event-types.ts';
import { icalDocument, type IcalEvent, type IcalPerson } from '../../ical.ts';
import { BookingModel, BookingSeriesModel } from '../bookings/model.ts';
import { bookingEvent, PRODID, seriesEvents, seriesShape, whereOf } from '../bookings/ics.ts';
import type { TemplateEvent } from './events.ts';

export type { IcalPerson as IcsPerson };

/** Events a series' occurrences have in common when the whole series changes: told once, for the series. */
const SERIES_EVENTS: ReadonlySet<TemplateEvent> = new Set([
  'booking.created',
  'booking.updated',
  'booking.cancelled',
  'booking.approved',
]);

/**
 * How a booking's event concerns calendars: `single` (a booking alone), `occurrence` (one occurrence of a series on
 * its own: changed or cancelled alone, or a no-show), `series` (this message tells the whole series' change) or
 * `silent` (another occurrence's message tells it).
 */
export async function seriesPart(
  db: Knex,
  event: TemplateEvent,
  b: BookingSnapshot,
): Promise<'single' | 'occurrence' | 'series' | 'silent'> {
  if (b.seriesId === null) return 'single';
  const row = await BookingModel.query(db).findById(b.id);
  if (!row) return 'single';
  if (row.detached || !SERIES_EVENTS.has(event)) return 'occurrence';
  // The occurrences a series-wide change touched share its time and SEQUENCE; the first of them speaks for all.
  const first = (await BookingModel.query(db)
    .where({ series_id: b.seriesId, detached: false, sequence: b.sequence, updated_at: row.updatedAt })
    .min('id as id')
    .first()) as unknown as { id: number | null } | undefined;
  return Number(first?.id ?? b.id) === b.id ? 'series' : 'silent';
}

/** The REQUEST or CANCEL of a booking (alone, as an occurrence with its RECURRENCE-ID, or as its whole series). */
export async function bookingIcs(
  db: Knex,
  method: 'REQUEST' | 'CANCEL',
  part: 'single' | 'occurrence' | 'series',
  b: BookingSnapshot,
  organiser: IcalPerson,
  attendees: NonNullable<IcalEvent['attendees']>,
  now: number,
): Promise<{ method: 'REQUEST' | 'CANCEL'; ics: string }> {
  const where = whereOf({ name: b.resourceName, floorName: b.floorName, locationName: b.locationName });
  const status = method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED';
  const alone = bookingEvent(b, where, organiser, attendees, status);
  const doc = (m: 'REQUEST' | 'CANCEL', events: IcalEvent[]) => ({
    method: m,
    ics: icalDocument({ method: m, prodId: PRODID, now, events }),
  });
  if (part === 'single') return doc(method, [alone]);
  const shape = await seriesShape(db, b.seriesId!);
  if (!shape) return doc(method, [alone]);
  if (part === 'occurrence') {
    const recurrenceId = shape.nominal.get(b.id) ?? b.startAt;
    return doc(method, [{ ...alone, uid: shape.uid, timeZone: shape.timeZone, recurrenceId }]);
  }
  // The whole series: a CANCEL when nothing is left of it, otherwise (the following ones cancelled) the series as
  // it is now, its rule ending earlier.
  const events = seriesEvents(shape, () => where, organiser, attendees);
  return doc(shape.cancelled ? 'CANCEL' : method === 'CANCEL' ? 'REQUEST' : method, events);
}

/**
 * The series a change to "this and the following" occurrences split `b`'s series from: the first part keeps the
 * old UID and now ends earlier, so its guests are sent it again, besides the new series (R11.9).
 */
export async function splitFrom(db: Knex, event: TemplateEvent, b: BookingSnapshot): Promise<number | undefined> {
  if (event !== 'booking.updated' || b.seriesId === null) return undefined;
  const series = await BookingSeriesModel.query(db).findById(b.seriesId);
  if (!series?.parentSeriesId) return undefined;
  const parent = await BookingSeriesModel.query(db).findById(series.parentSeriesId);
  return parent && parent.updatedAt === series.createdAt ? parent.id : undefined;
}
