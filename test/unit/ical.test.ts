/**
 * core/ical.ts read back by ical.js: a series' RRULE expanded in zones with and without summer time, south of the
 * equator and with half-hour offsets lands on the wall-clock time Atrium books (luxon, the same zone data), so the
 * VTIMEZONE it writes says what the zone does; and values from users add no content line.
 */
import test from 'ava';
import { DateTime } from 'luxon';
import { icalDocument, type IcalEvent } from '../../core/ical.ts';
import { occurrencesOf, readCalendar } from '../helpers/ical.ts';

const event = (zone: string, over: Partial<IcalEvent> = {}): IcalEvent => {
  const start = DateTime.fromISO('2027-01-04T09:30', { zone });
  return {
    uid: 'series-1@atrium',
    sequence: 0,
    startAt: start.toMillis(),
    endAt: start.plus({ minutes: 45 }).toMillis(),
    timeZone: zone,
    summary: 'Stand-up',
    status: 'CONFIRMED',
    organiser: { name: 'Olivia', email: 'olivia@example.org' },
    attendees: [{ name: 'Gina', email: 'gina@example.org' }],
    ...over,
  };
};

for (const zone of [
  'Europe/Berlin',
  'America/New_York',
  'Australia/Sydney',
  'Asia/Kolkata',
  'America/St_Johns',
  'UTC',
]) {
  test(`a weekly series over two years in ${zone} keeps 09:30 local at every occurrence`, (t) => {
    const dates = Array.from({ length: 105 }, (_, i) =>
      DateTime.fromISO('2027-01-04T09:30', { zone }).plus({ weeks: i }),
    );
    const skipped = dates[10]!.toMillis();
    const ics = icalDocument({
      method: 'REQUEST',
      prodId: { company: 'Atrium', product: 'Room booking' },
      now: Date.UTC(2026, 11, 1),
      events: [
        event(zone, {
          repeat: { rule: { freq: 'weekly', interval: 1 }, lastStartAt: dates.at(-1)!.toMillis(), exdates: [skipped] },
        }),
      ],
    });
    const cal = readCalendar(ics);
    t.deepEqual(cal.timezones, zone === 'UTC' ? [] : [zone]);
    const expected = dates
      .filter((d) => d.toMillis() !== skipped)
      .map((d) => [d.toMillis(), d.plus({ minutes: 45 }).toMillis()]);
    t.deepEqual(occurrencesOf(cal, 'series-1@atrium'), expected);
  });
}

test('a monthly series on the second Tuesday, and one on the 31st, expand as Atrium expands them', (t) => {
  const zone = 'Europe/Berlin';
  const nth = icalDocument({
    method: 'PUBLISH',
    prodId: { company: 'Atrium', product: 'Room booking' },
    now: 0,
    events: [
      event(zone, {
        startAt: DateTime.fromISO('2027-01-12T09:30', { zone }).toMillis(),
        endAt: DateTime.fromISO('2027-01-12T10:15', { zone }).toMillis(),
        repeat: {
          rule: { freq: 'monthly', interval: 1, byWeekday: [2], bySetPos: 2 },
          lastStartAt: DateTime.fromISO('2027-06-08T09:30', { zone }).toMillis(),
          exdates: [],
        },
      }),
    ],
  });
  t.deepEqual(
    occurrencesOf(readCalendar(nth), 'series-1@atrium').map(([s]) => DateTime.fromMillis(s, { zone }).toISODate()),
    ['2027-01-12', '2027-02-09', '2027-03-09', '2027-04-13', '2027-05-11', '2027-06-08'],
  );
  const last = icalDocument({
    method: 'PUBLISH',
    prodId: { company: 'Atrium', product: 'Room booking' },
    now: 0,
    events: [
      event(zone, {
        startAt: DateTime.fromISO('2027-01-31T09:30', { zone }).toMillis(),
        endAt: DateTime.fromISO('2027-01-31T10:15', { zone }).toMillis(),
        repeat: {
          rule: { freq: 'monthly', interval: 1 },
          lastStartAt: DateTime.fromISO('2027-05-31T09:30', { zone }).toMillis(),
          exdates: [],
        },
      }),
    ],
  });
  t.deepEqual(
    occurrencesOf(readCalendar(last), 'series-1@atrium').map(([s]) => DateTime.fromMillis(s, { zone }).toISODate()),
    ['2027-01-31', '2027-03-31', '2027-05-31'],
    'months without a 31st have no occurrence, as in Atrium',
  );
});

test('line breaks and control characters in values and names add no content line', (t) => {
  const ics = icalDocument({
    method: 'REQUEST',
    prodId: { company: 'Atrium', product: 'Room booking' },
    name: 'Room\r\nX-EVIL:1',
    now: 0,
    events: [
      event('Europe/Berlin', {
        summary: 'a\rEND:VEVENT\nBEGIN:VEVENT\r\nX-EVIL:1\u0007',
        description: 'x\u0000\rATTACH:https://evil.example',
        location: 'Oak, 1st; "A"',
        organiser: { name: 'Mal "lory"\r\nATTENDEE:mailto:spy@evil.example', email: 'mal\r\n@example.org' },
      }),
    ],
  });
  t.false(/\r(?!\n)|(?<!\r)\n/.test(ics));
  t.false(/[^\P{Cc}\t]/u.test(ics.replace(/\r\n/g, '')));
  const lines = ics.replace(/\r\n /g, '').split('\r\n');
  t.false(lines.some((l) => /^(X-EVIL|ATTACH|ATTENDEE:)/.test(l)));
  t.is(lines.filter((l) => l === 'BEGIN:VEVENT').length, 1);
  const [e] = readCalendar(ics).events;
  t.is(e!.summary, 'a\nEND:VEVENT\nBEGIN:VEVENT\nX-EVIL:1');
  t.is(e!.location, 'Oak, 1st; "A"');
  t.deepEqual(
    [e!.organizer!.cn, e!.organizer!.email],
    ["Mal 'lory' ATTENDEE:mailto:spy@evil.example", 'mal@example.org'],
  );
});
