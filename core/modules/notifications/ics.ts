/**
 * iCalendar (RFC 5545) text of a booking, as an iTIP REQUEST (new or changed:
 * same UID, growing SEQUENCE, so clients replace their copy) or CANCEL.
 */
import type { BookingSnapshot } from '../../event-types.ts';

export interface IcsPerson {
  name: string;
  email: string;
}

const escapeText = (v: string) => v.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
const escapeParam = (v: string) => `"${v.replace(/"/g, "'")}"`;
const utc = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** Folds a content line at 75 octets (RFC 5545 §3.1), never inside a UTF-8 character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    if (bytes + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

export function bookingIcs(method: 'REQUEST' | 'CANCEL', b: BookingSnapshot, organiser: IcsPerson, attendees: IcsPerson[], now: number, uidDomain = 'atrium'): string {
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
    `ORGANIZER;CN=${escapeParam(organiser.name)}:mailto:${organiser.email}`,
    ...attendees.map((a) => `ATTENDEE;CN=${escapeParam(a.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:${a.email}`),
    `STATUS:${method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}
