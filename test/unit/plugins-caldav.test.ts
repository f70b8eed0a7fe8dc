/**
 * The CalDAV provider (plugins/caldav-calendar) against a real Radicale started for the suite
 * (test/helpers/radicale.ts): a booking's event is created in its room's calendar (made on first use) with a stable
 * UID, SEQUENCE and times, updated in place (written over a client's edit), moved with the booking, removed on cancel;
 * `changes()` lists what a calendar client wrote (not Atrium's own events; zoned times, whole days, series), then
 * nothing, then a change and a deletion (cancelled); a token the server no longer knows falls back to a full listing
 * (deletions meanwhile included); a room read at its own URL; a wrong password and an unreachable server are said
 * plainly; `decline` removes the event; health.
 */
import test from 'ava';
import ICAL from 'ical.js';
import {
  createTestContext,
  type BookingSnapshot,
  type CalendarProvider,
  type TestContext,
} from '../../core/plugin-sdk/index.ts';
import caldav, { type Settings } from '../../plugins/caldav-calendar/index.ts';
import { radicaleAvailable, startRadicale, type Radicale } from '../helpers/radicale.ts';
import { skipBecause } from '../helpers/requires.ts';

const USER = 'atrium';
const PASSWORD = 'cal-secret';
const HOUR = 3600_000;
const T0 = Date.UTC(2026, 2, 2, 9);

function booking(over: Partial<BookingSnapshot> = {}): BookingSnapshot {
  return {
    id: 1,
    resourceId: 1,
    resourceName: 'Room 1',
    resourceType: 1,
    locationName: null,
    floorName: null,
    organiserId: 7,
    subject: 'Weekly planning',
    timeZone: 'Europe/Paris',
    state: 'confirmed',
    checkStatus: 0,
    checkInCode: '1234',
    seriesId: null,
    reminderMinutes: 0,
    remarks: null,
    sequence: 0,
    innerAttendeeIds: [],
    outerAttendees: [],
    meetingDate: '2026-03-02',
    startTime: '10:00',
    endTime: '11:00',
    wholeDay: false,
    startAt: T0,
    endAt: T0 + HOUR,
    ...over,
  };
}

/** A VEVENT as a calendar client writes it (Thunderbird, DAVx5), with its own UID. */
function clientIcs(uid: string, sequence: number, startAt: number, summary = 'Client meeting'): string {
  const cal = new ICAL.Component(['vcalendar', [], []]);
  cal.addPropertyWithValue('version', '2.0');
  cal.addPropertyWithValue('prodid', '-//Test client//EN');
  const ev = new ICAL.Component('vevent');
  const e = new ICAL.Event(ev);
  e.uid = uid;
  e.sequence = sequence;
  e.summary = summary;
  e.startDate = ICAL.Time.fromJSDate(new Date(startAt), true);
  e.endDate = ICAL.Time.fromJSDate(new Date(startAt + HOUR), true);
  ev.addPropertyWithValue('dtstamp', ICAL.Time.fromJSDate(new Date(T0), true));
  const org = ev.addPropertyWithValue('organizer', 'mailto:carol@example.org');
  org.setParameter('cn', 'Carol Client');
  cal.addSubcomponent(ev);
  return cal.toString();
}

if (!radicaleAvailable()) {
  skipBecause(test, 'CalDAV provider against Radicale', 'Radicale is not installed (apt-get install radicale)');
} else {
  let radicale: Radicale;
  test.before(async () => {
    radicale = await startRadicale({ [USER]: PASSWORD, other: 'other-pw' });
  });
  test.after.always(async () => {
    await radicale?.stop();
  });

  const auth = (user = USER, pw = PASSWORD) => ({
    authorization: `Basic ${Buffer.from(`${user}:${pw}`).toString('base64')}`,
  });
  const calendarUrl = (resourceId: number) => `${radicale.url}/${USER}/room-${resourceId}/`;

  function provider(over: Partial<Settings> = {}): { p: CalendarProvider; ctx: TestContext<Settings> } {
    const settings = caldav.settings.parse({ serverUrl: radicale.url, username: USER, password: PASSWORD, ...over });
    const ctx = createTestContext(settings, { kind: 'calendar', pluginId: 'caldav-calendar', now: T0 - 24 * HOUR });
    return { p: caldav.create(ctx) as CalendarProvider, ctx };
  }

  async function get(href: string): Promise<{ status: number; vevent?: ICAL.Component }> {
    const res = await fetch(href, { headers: auth() });
    if (!res.ok) return { status: res.status };
    const comp = new ICAL.Component(ICAL.parse(await res.text()));
    return { status: res.status, vevent: comp.getFirstSubcomponent('vevent') ?? undefined };
  }

  /** A calendar client writing into the room's calendar (made first when the provider has not touched it yet). */
  async function clientPut(resourceId: number, name: string, ics: string): Promise<void> {
    const mk = await fetch(calendarUrl(resourceId), { method: 'MKCALENDAR', headers: auth() });
    if (!mk.ok && mk.status !== 405 && mk.status !== 409) throw new Error(`client MKCALENDAR ${mk.status}`);
    const res = await fetch(`${calendarUrl(resourceId)}${name}`, {
      method: 'PUT',
      headers: { ...auth(), 'content-type': 'text/calendar; charset=utf-8' },
      body: ics,
    });
    if (!res.ok) throw new Error(`client PUT ${res.status}`);
  }

  test('the definition: kind calendar, password sealed, server an endpoint, defaults', (t) => {
    t.is(caldav.kind, 'calendar');
    t.deepEqual(caldav.secrets, ['password']);
    t.true(caldav.endpoints!.includes('serverUrl'));
    const s = caldav.settings.parse({ serverUrl: 'https://dav.example.org', username: 'u', password: 'p' });
    t.is(s.calendarUrlTemplate, '{serverUrl}/{username}/room-{resourceId}/');
    t.is(s.pollSeconds, 60);
    t.false(caldav.settings.safeParse({ serverUrl: 'ftp://dav.example.org', username: 'u', password: 'p' }).success);
  });

  test.serial('upsert creates the event in the room’s calendar, updates it in place, cancel removes it', async (t) => {
    const { p } = provider();
    const first = await p.upsertEvent(booking({ id: 11, resourceId: 1 }));
    t.true(first.externalId.startsWith(calendarUrl(1)), 'in the room’s calendar, made on first use');
    const created = await get(first.externalId);
    t.is(created.status, 200);
    const ev = new ICAL.Event(created.vevent!);
    t.is(ev.uid, 'atrium-booking-11@127.0.0.1');
    t.is(ev.sequence, 0);
    t.is(ev.startDate.toJSDate().getTime(), T0);
    t.is(ev.endDate.toJSDate().getTime(), T0 + HOUR);
    t.is(ev.summary, 'Weekly planning');
    t.is(String(created.vevent!.getFirstPropertyValue('status')), 'CONFIRMED');
    t.regex(String(created.vevent!.getFirstPropertyValue('organizer')), /^mailto:atrium@127\.0\.0\.1$/i);

    const second = await p.upsertEvent(
      booking({ id: 11, resourceId: 1, sequence: 1, startAt: T0 + HOUR, endAt: T0 + 2 * HOUR, subject: 'Moved' }),
      first,
    );
    t.is(second.externalId, first.externalId, 'same object');
    const updated = new ICAL.Event((await get(second.externalId)).vevent!);
    t.is(updated.uid, ev.uid, 'same UID');
    t.is(updated.sequence, 1, 'SEQUENCE grew');
    t.is(updated.startDate.toJSDate().getTime(), T0 + HOUR);
    t.is(updated.summary, 'Moved');

    await p.cancelEvent(booking({ id: 11, resourceId: 1, sequence: 2 }), second);
    t.is((await get(first.externalId)).status, 404);
    await t.notThrowsAsync(p.cancelEvent(booking({ id: 11 }), second), 'cancelling twice is fine');
  });

  test.serial('a booking moved to another room leaves the old room’s calendar', async (t) => {
    const { p } = provider();
    const first = await p.upsertEvent(booking({ id: 12, resourceId: 2 }));
    const moved = await p.upsertEvent(booking({ id: 12, resourceId: 3, sequence: 1 }), first);
    t.true(moved.externalId.startsWith(calendarUrl(3)));
    t.is((await get(first.externalId)).status, 404);
    t.is(new ICAL.Event((await get(moved.externalId)).vevent!).uid, 'atrium-booking-12@127.0.0.1');
  });

  test.serial('an event changed by a calendar client is written over (Atrium decides), with a warning', async (t) => {
    const { p, ctx } = provider();
    const first = await p.upsertEvent(booking({ id: 13, resourceId: 4 }));
    const res = await fetch(first.externalId, {
      method: 'PUT',
      headers: { ...auth(), 'content-type': 'text/calendar' },
      body: clientIcs('atrium-booking-13@127.0.0.1', 5, T0 + 5 * HOUR, 'Edited in a client'),
    });
    t.true(res.ok);
    await p.upsertEvent(booking({ id: 13, resourceId: 4, sequence: 1 }), first);
    const ev = new ICAL.Event((await get(first.externalId)).vevent!);
    t.is(ev.summary, 'Weekly planning');
    t.is(ev.startDate.toJSDate().getTime(), T0);
    t.true(ctx.logs.some((l) => l.level === 'warn'));
  });

  test.serial(
    'changes: what clients wrote, then nothing, then a change and a deletion; not Atrium’s own',
    async (t) => {
      const { p } = provider();
      const room = { resourceId: 5, ref: '' };
      await p.upsertEvent(booking({ id: 21, resourceId: 5 }));
      await clientPut(5, 'client-a.ics', clientIcs('client-a@example.org', 0, T0 + 2 * HOUR));
      await clientPut(5, 'client-b.ics', clientIcs('client-b@example.org', 0, T0 + 4 * HOUR, 'Other'));

      const first = await p.changes!([room]);
      t.deepEqual(first.events.map((e) => e.uid).sort(), ['client-a@example.org', 'client-b@example.org']);
      const a = first.events.find((e) => e.uid === 'client-a@example.org')!;
      t.is(a.resourceId, 5);
      t.is(a.sequence, 0);
      t.is(a.startAt, T0 + 2 * HOUR);
      t.is(a.endAt, T0 + 3 * HOUR);
      t.is(a.subject, 'Client meeting');
      t.deepEqual(a.organiser, { name: 'Carol Client', email: 'carol@example.org' });
      t.is(a.status, 'confirmed');
      t.truthy(first.state);
      t.truthy((JSON.parse(first.state!) as Record<string, string>)['5']);

      const quiet = await p.changes!([room], first.state);
      t.deepEqual(quiet.events, []);

      // Atrium's own change is not listed either.
      await p.upsertEvent(booking({ id: 22, resourceId: 5 }));
      await clientPut(5, 'client-a.ics', clientIcs('client-a@example.org', 1, T0 + 6 * HOUR, 'Later'));
      const del = await fetch(`${calendarUrl(5)}client-b.ics`, { method: 'DELETE', headers: auth() });
      t.true(del.ok);
      const next = await p.changes!([room], quiet.state);
      const byUid = new Map(next.events.map((e) => [e.uid, e]));
      t.is(next.events.length, 2);
      t.is(byUid.get('client-a@example.org')!.sequence, 1);
      t.is(byUid.get('client-a@example.org')!.startAt, T0 + 6 * HOUR);
      t.is(byUid.get('client-a@example.org')!.subject, 'Later');
      t.is(byUid.get('client-b@example.org')!.status, 'cancelled');
      t.deepEqual((await p.changes!([room], next.state)).events, []);
    },
  );

  test.serial('changes: times in a zone of the event’s VTIMEZONE, a whole day, a series with its RRULE', async (t) => {
    const { p } = provider();
    const room = { resourceId: 10, ref: '' };
    const zoned = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN',
      'BEGIN:VTIMEZONE',
      'TZID:Europe/Paris',
      'BEGIN:STANDARD',
      'DTSTART:19701025T030000',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0100',
      'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:19700329T020000',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0200',
      'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
      'END:DAYLIGHT',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      'UID:zoned@example.org',
      'DTSTAMP:20260301T000000Z',
      'DTSTART;TZID=Europe/Paris:20260302T100000',
      'DTEND;TZID=Europe/Paris:20260302T113000',
      'RRULE:FREQ=WEEKLY;COUNT=4',
      'SUMMARY:Weekly in Paris',
      'ORGANIZER:mailto:dan@example.org',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    await clientPut(10, 'zoned.ics', zoned);
    const allDay = clientIcs('all-day@example.org', 0, T0)
      .replace(/DTSTART:\d{8}T\d{6}Z/, 'DTSTART;VALUE=DATE:20260303')
      .replace(/DTEND:\d{8}T\d{6}Z/, 'DTEND;VALUE=DATE:20260304');
    await clientPut(10, 'all-day.ics', allDay);
    const { events } = await p.changes!([room]);
    const z = events.find((e) => e.uid === 'zoned@example.org')!;
    t.is(z.startAt, Date.UTC(2026, 2, 2, 9), '10:00 in Paris (UTC+1 in March)');
    t.is(z.endAt, Date.UTC(2026, 2, 2, 10, 30));
    t.is(z.rrule, 'FREQ=WEEKLY;COUNT=4');
    t.deepEqual(z.organiser, { name: null, email: 'dan@example.org' });
    t.is(z.sequence, undefined, 'no SEQUENCE written');
    const d = events.find((e) => e.uid === 'all-day@example.org')!;
    t.is(d.endAt - d.startAt, 24 * HOUR);
  });

  test.serial(
    'busyTimes: a time-range query of the room’s calendar, series expanded, free events left out',
    async (t) => {
      const { p } = provider();
      const room = { resourceId: 20, ref: '' };
      await clientPut(20, 'one.ics', clientIcs('one@example.org', 0, T0 + 2 * HOUR));
      const weekly = clientIcs('weekly@example.org', 0, T0)
        .replace('END:VEVENT', 'RRULE:FREQ=DAILY;COUNT=3\r\nEND:VEVENT')
        .replace(
          'END:VCALENDAR',
          [
            'BEGIN:VEVENT',
            'UID:weekly@example.org',
            'DTSTAMP:20260301T000000Z',
            `RECURRENCE-ID:${ICAL.Time.fromJSDate(new Date(T0 + 24 * HOUR), true).toICALString()}`,
            `DTSTART:${ICAL.Time.fromJSDate(new Date(T0 + 24 * HOUR), true).toICALString()}`,
            `DTEND:${ICAL.Time.fromJSDate(new Date(T0 + 25 * HOUR), true).toICALString()}`,
            'STATUS:CANCELLED',
            'SUMMARY:Off that day',
            'END:VEVENT',
            'END:VCALENDAR',
          ].join('\r\n'),
        );
      await clientPut(20, 'weekly.ics', weekly);
      const transparent = clientIcs('free@example.org', 0, T0 + 4 * HOUR).replace(
        'END:VEVENT',
        'TRANSP:TRANSPARENT\r\nEND:VEVENT',
      );
      await clientPut(20, 'free.ics', transparent);
      const busy = await p.busyTimes!('', T0 - HOUR, T0 + 3 * 24 * HOUR, room);
      t.deepEqual(busy, [
        { startAt: T0, endAt: T0 + HOUR },
        { startAt: T0 + 2 * HOUR, endAt: T0 + 3 * HOUR },
        { startAt: T0 + 48 * HOUR, endAt: T0 + 49 * HOUR },
      ]);
      // Only what lies in the window.
      t.deepEqual(await p.busyTimes!('', T0 + 90 * 60_000, T0 + 5 * HOUR, room), [
        { startAt: T0 + 2 * HOUR, endAt: T0 + 3 * HOUR },
      ]);
      // Asked by the calendar's URL alone (an SDK 1.6 core), the same.
      t.is((await p.busyTimes!(calendarUrl(20), T0 - HOUR, T0 + 3 * 24 * HOUR)).length, 3);
      const { p: wrong } = provider({ password: 'nope' });
      await t.throwsAsync(wrong.busyTimes!('', T0, T0 + HOUR, room), { message: /refused the username or password/ });
    },
  );

  test.serial('changes: a token the server does not know falls back to a full listing', async (t) => {
    const { p, ctx } = provider();
    const room = { resourceId: 6, ref: '' };
    await clientPut(6, 'c.ics', clientIcs('client-c@example.org', 0, T0));
    const first = await p.changes!([room]);
    t.is(first.events.length, 1);
    const bad = JSON.stringify({ 6: 'http://radicale.org/ns/sync/0000000000000000000000000000000000000000000000' });
    const again = await p.changes!([room], bad);
    t.deepEqual(
      again.events.map((e) => e.uid),
      ['client-c@example.org'],
    );
    t.not(JSON.parse(again.state!)['6'], JSON.parse(bad)['6']);
    t.true(ctx.logs.some((l) => /no longer valid/.test(String(l.msg))));
    // A full listing names no deletions: what was known and is no longer listed comes back cancelled.
    await fetch(`${calendarUrl(6)}c.ics`, { method: 'DELETE', headers: auth() });
    const after = await p.changes!([room], bad);
    t.deepEqual(
      after.events.map((e) => [e.uid, e.status]),
      [['client-c@example.org', 'cancelled']],
    );
  });

  test.serial('changes: a room given by its calendar URL (ref) is read there', async (t) => {
    const { p } = provider();
    await clientPut(7, 'd.ics', clientIcs('client-d@example.org', 0, T0));
    const r = await p.changes!([{ resourceId: 70, ref: calendarUrl(7) }]);
    t.deepEqual(
      r.events.map((e) => [e.resourceId, e.uid]),
      [[70, 'client-d@example.org']],
    );
  });

  test.serial('decline removes the event from the room’s calendar; it is not reported as cancelled', async (t) => {
    const { p } = provider();
    const room = { resourceId: 8, ref: '' };
    await clientPut(8, 'e.ics', clientIcs('client-e@example.org', 0, T0));
    const first = await p.changes!([room]);
    const ev = first.events[0]!;
    await p.decline!(ev, room, 'The room is booked then');
    t.is((await get(`${calendarUrl(8)}e.ics`)).status, 404);
    t.deepEqual((await p.changes!([room], first.state)).events, []);

    // Without a previous listing in this process (a fresh kv), the event is found by listing the calendar.
    await clientPut(8, 'f.ics', clientIcs('client-f@example.org', 0, T0));
    const fresh = provider().p;
    await fresh.decline!({ ...ev, uid: 'client-f@example.org' }, room, 'Outside open hours');
    t.is((await get(`${calendarUrl(8)}f.ics`)).status, 404);
  });

  test.serial('a wrong password is said plainly; health', async (t) => {
    const good = provider().p;
    t.deepEqual(await good.health!(), { ok: true, detail: 'atrium on 127.0.0.1' });
    const { p } = provider({ password: 'wrong' });
    const health = await p.health!();
    t.false(health.ok);
    t.regex(health.detail!, /refused the username or password \(HTTP 401/);
    await t.throwsAsync(p.upsertEvent(booking({ id: 31, resourceId: 9 })), {
      message: /refused the username or password \(HTTP 401/,
    });
    await t.throwsAsync(p.changes!([{ resourceId: 9, ref: '' }]), { message: /refused the username or password/ });
  });

  test.serial('an unreachable server is named', async (t) => {
    const { p } = provider({ serverUrl: 'http://127.0.0.1:9' });
    await t.throwsAsync(p.upsertEvent(booking({ id: 41 })), { message: /CalDAV server 127\.0\.0\.1 unreachable/ });
  });
}
