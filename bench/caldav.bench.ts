/**
 * CalDAV round trip on a real Radicale (Debian's, started as the tests start it): an event written into a room's
 * calendar by a calendar client (a PUT) until `plugins/caldav-calendar` returns it from `changes()` (one
 * sync-collection REPORT from the previous token), 50 rounds, over a calendar already holding 200 events. Only the
 * provider's part: the core's booking of the event will be added to the round trip later. Nothing is asserted.
 */
import { createTestContext, type CalendarProvider } from '../core/plugin-sdk/index.ts';
import caldav from '../plugins/caldav-calendar/index.ts';
import { radicaleAvailable, startRadicale } from '../test/helpers/radicale.ts';
import { median, percentile } from './stats.ts';

export const title = 'CalDAV: an event PUT on Radicale until changes() returns it (50 rounds)';

const ROUNDS = 50;
const SEEDED = 200;
const HOUR = 3600_000;

function ics(uid: string, startAt: number, sequence = 0): string {
  const utc = (ms: number) =>
    new Date(ms)
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Atrium bench client//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `SEQUENCE:${sequence}`,
    `DTSTAMP:${utc(Date.now())}`,
    `DTSTART:${utc(startAt)}`,
    `DTEND:${utc(startAt + HOUR)}`,
    'SUMMARY:Booked in a calendar client',
    'ORGANIZER;CN=Bench Client:mailto:client@example.org',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

export async function run(): Promise<Record<string, unknown>> {
  if (!radicaleAvailable()) return { skipped: 'Radicale is not installed (apt-get install radicale)' };
  const radicale = await startRadicale({ bench: 'bench-pw' });
  try {
    const settings = caldav.settings.parse({ serverUrl: radicale.url, username: 'bench', password: 'bench-pw' });
    const p = caldav.create(createTestContext(settings, { kind: 'calendar' })) as CalendarProvider;
    const room = { resourceId: 1, ref: '' };
    const calendar = `${radicale.url}/bench/room-1/`;
    const headers = {
      authorization: `Basic ${Buffer.from('bench:bench-pw').toString('base64')}`,
      'content-type': 'text/calendar; charset=utf-8',
    };
    const put = async (name: string, body: string) => {
      const res = await fetch(`${calendar}${name}.ics`, { method: 'PUT', headers, body });
      if (!res.ok) throw new Error(`PUT ${res.status}`);
    };
    await p.changes!([room]); // makes the calendar
    const t0 = Date.UTC(2027, 0, 4, 8);
    for (let i = 0; i < SEEDED; i++) await put(`seed-${i}`, ics(`seed-${i}@bench`, t0 + i * HOUR));
    const listed = performance.now();
    const full = await p.changes!([room]);
    const fullMs = performance.now() - listed;
    let state = full.state;
    if (full.events.length !== SEEDED) throw new Error(`full listing gave ${full.events.length} of ${SEEDED}`);

    const roundTrip: number[] = [];
    const changesOnly: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const uid = `round-${i}@bench`;
      const started = performance.now();
      await put(`round-${i}`, ics(uid, t0 - (i + 1) * HOUR));
      for (;;) {
        const asked = performance.now();
        const got = await p.changes!([room], state);
        changesOnly.push(performance.now() - asked);
        state = got.state;
        if (got.events.some((e) => e.uid === uid)) break;
      }
      roundTrip.push(performance.now() - started);
    }
    const ms = (v: number) => `${Math.round(v * 10) / 10} ms`;
    return {
      'full listing of 200 events (first changes())': ms(fullMs),
      'PUT → returned by changes(), median': ms(median(roundTrip)),
      'PUT → returned by changes(), p95': ms(percentile(roundTrip, 95)),
      'changes() alone, median': ms(median(changesOnly)),
      'changes() alone, p95': ms(percentile(changesOnly, 95)),
      rounds: ROUNDS,
      'changes() calls in all (one per round: returned at once)': changesOnly.length,
    };
  } finally {
    await radicale.stop();
  }
}
