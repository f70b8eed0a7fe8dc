/**
 * CalDAV round trip on a real Radicale (Debian's, started as the tests start it): an event written into a room's
 * calendar by a calendar client (a PUT) until `plugins/caldav-calendar` returns it from `changes()` (one
 * sync-collection REPORT from the previous token), 50 rounds, over a calendar already holding 200 events; then the
 * whole way through Atrium (docs/product-rules.md R23): an event PUT into a mirrored room's calendar until it is a
 * booking of the room, the poll started at once through `POST /inte/event/pull` (the `calendar.pull` job polls every
 * 30 s, which a real round trip adds at most). SQLite, or MariaDB with ATRIUM_BENCH_MYSQL_URL. Nothing is asserted.
 */
import { createTestContext, type CalendarProvider } from '../core/plugin-sdk/index.ts';
import caldav from '../plugins/caldav-calendar/index.ts';
import { radicaleAvailable, startRadicale } from '../test/helpers/radicale.ts';
import { startBenchApp } from './app.ts';
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
    const booked = await throughAtrium(radicale.url, ics);
    return {
      'event PUT → booking in Atrium, median / p95 (pull started at once)': `${ms(median(booked.ms))} / ${ms(percentile(booked.ms, 95))}`,
      'rounds through Atrium': booked.ms.length,
      dialect: booked.dialect,
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

const ATRIUM_ROUNDS = 30;

/** Events PUT into a mirrored room's calendar on Radicale until each is a booking of the room in Atrium. */
async function throughAtrium(
  serverUrl: string,
  ics: (uid: string, startAt: number) => string,
): Promise<{ ms: number[]; dialect: string }> {
  const { createPlace, createResource } = await import('../test/helpers/places-fixture.ts');
  const app = await startBenchApp();
  try {
    app.clock.set(Date.UTC(2027, 0, 4, 6));
    const token = await app.adminToken();
    const room = await createResource(app, await createPlace(app, 'UTC'), { name: 'Bench mirrored room' });
    const saved = await app.put(
      '/api/inte/settings/calendar',
      {
        provider: 'caldav-calendar',
        // Calendars of their own: the first part's room-1 holds its 250 events.
        settings: {
          serverUrl,
          username: 'bench',
          password: 'bench-pw',
          calendarUrlTemplate: '{serverUrl}/bench/atrium-room-{resourceId}/',
        },
      },
      { token },
    );
    if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
    await app.put(`/api/inte/event/rooms/${room}`, { ref: '' }, { token });
    // A calendarExternalOrganiser books the client's meetings (their organiser is no account's).
    await app.put('/api/sys/params', { calendarExternalOrganiser: 'admin' }, { token });
    const pull = async () => {
      const res = await fetch(`${app.url}/api/inte/event/pull`, { method: 'POST', headers: { token, i18n: 'en' } });
      if (res.status !== 200) throw new Error(`pull ${res.status} ${await res.text()}`);
    };
    await pull();
    const headers = {
      authorization: `Basic ${Buffer.from('bench:bench-pw').toString('base64')}`,
      'content-type': 'text/calendar; charset=utf-8',
    };
    const ms: number[] = [];
    for (let i = 0; i < ATRIUM_ROUNDS; i++) {
      const uid = `atrium-round-${i}@bench`;
      const started = performance.now();
      const res = await fetch(`${serverUrl}/bench/atrium-room-${room}/${uid}.ics`, {
        method: 'PUT',
        headers,
        body: ics(uid, Date.UTC(2027, 0, 5 + i, 9)),
      });
      if (!res.ok) throw new Error(`PUT ${res.status}`);
      for (let tries = 0; tries < 20; tries++) {
        await pull();
        const row = await app.cradle.db('calendar_events').where({ uid }).first('state', 'booking_id', 'reason');
        if (row?.state === 'booked') break;
        if (row?.state === 'declined') throw new Error(`declined: ${row.reason}`);
      }
      ms.push(performance.now() - started);
    }
    return { ms, dialect: app.dialect };
  } finally {
    await app.stop();
  }
}
