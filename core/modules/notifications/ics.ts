/**
 * iCalendar (RFC 5545) text of a booking, as an iTIP REQUEST (new or changed:
 * same UID, growing SEQUENCE, so clients replace their copy) or CANCEL.
 */
import type { BookingSnapshot } from '../../event-types.ts';
import {
  icalFold as fold,
  icalMailto as mailto,
  icalParam as param,
  icalText as escapeText,
  icalUtc as utc,
} from '../../ical.ts';

export interface IcsPerson {
  name: string;
  email: string;
}

export function bookingIcs(
  method: 'REQUEST' | 'CANCEL',
  b: BookingSnapshot,
  organiser: IcsPerson,
  attendees: IcsPerson[],
  now: number,
  uidDomain = 'atrium',
): string {
  const where = [b.resourceName, b.floorName, b.locationName].filter(Boolean).join(', ');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Atrium//Room booking//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    'BEGIN:VEVENT',
    `UID:booking-${b.id}@${uidDomain}`,
    `SEQUENCE:${b.sequence}`,
    `DTSTAMP:${utc(now)}`,
    `DTSTART:${utc(b.startAt)}`,
    `DTEND:${utc(b.endAt)}`,
    `SUMMARY:${escapeText(b.subject)}`,
    `LOCATION:${escapeText(where)}`,
    ...(b.remarks ? [`DESCRIPTION:${escapeText(b.remarks)}`] : []),
    `ORGANIZER;CN=${param(organiser.name)}:${mailto(organiser.email)}`,
    ...attendees.map(
      (a) => `ATTENDEE;CN=${param(a.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:${mailto(a.email)}`,
    ),
    `STATUS:${method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}
