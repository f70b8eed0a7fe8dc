/**
 * Calendar sync both ways with a real Radicale (Debian's) through plugins/caldav-calendar, on SQLite and MariaDB
 * (docs/product-rules.md R23): a booking made in Atrium appears in the room's mirrored calendar (its own URL, not
 * the provider's default) with its UID; a meeting a
 * calendar client writes into that calendar becomes a booking of the room; one written on a taken time is declined
 * (gone from the room's calendar, kept with its reason); a cancelled one cancels its booking.
 */
import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { BASE, book, HOUR, staff, type Who } from '../helpers/bookings.ts';
import { readCalendar } from '../helpers/ical.ts';
import { mimePart, startMailSink, type MailSink } from '../helpers/mail.ts';
import { dispatchChanges, saveNotify } from '../helpers/notify.ts';
import { createPlace, createResource } from '../helpers/places-fixture.ts';
import { radicaleAvailable, startRadicale, type Radicale } from '../helpers/radicale.ts';
import { skipBecause } from '../helpers/requires.ts';

const utc = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

function ics(uid: string, startAt: number, endAt: number, organiser: string, sequence = 0): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Atrium test client//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `SEQUENCE:${sequence}`,
    `DTSTAMP:${utc(BASE)}`,
    `DTSTART:${utc(startAt)}`,
    `DTEND:${utc(endAt)}`,
    'SUMMARY:Booked in a calendar client',
    `ORGANIZER;CN=Client:mailto:${organiser}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

if (!radicaleAvailable()) {
  skipBecause(test, 'calendar sync with Radicale', 'Radicale is not installed (apt-get install radicale)');
} else {
  perDialect(test, (dialect, app) => {
    let radicale: Radicale | undefined;
    let sink: MailSink | undefined;
    let token: string;
    let room: number;
    let alice: Who;
    const day = BASE + 16 * HOUR; // Tuesday 2027-03-02 00:00 UTC
    // A calendar of the room's own, not the provider's default: both ways must use it (SDK 1.5 passes the room).
    const calendarUrl = () => `${radicale!.url}/atrium/mirrored-${room}/`;
    const headers = {
      authorization: `Basic ${Buffer.from('atrium:cal-pw').toString('base64')}`,
      'content-type': 'text/calendar; charset=utf-8',
    };
    const client = (name: string, body?: string) =>
      fetch(`${calendarUrl()}${name}.ics`, { method: body ? 'PUT' : 'DELETE', headers, body });
    const pull = async () => {
      const res = await app().post<{ data: Record<string, number> }>('/api/inte/event/pull', {}, { token });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      return res.body.data;
    };
    const row = (uid: string) => app().cradle.db('calendar_events').where({ uid }).first();

    test.serial.before(async () => {
      radicale = await startRadicale({ atrium: 'cal-pw' });
      sink = await startMailSink();
      app().clock.set(BASE);
      token = await app().adminToken();
      room = await createResource(app(), await createPlace(app()), { name: `CalDAV room ${dialect}` });
      alice = await staff(app(), `dav-alice-${dialect}`);
      const saved = await app().put(
        '/api/inte/settings/calendar',
        { provider: 'caldav-calendar', settings: { serverUrl: radicale.url, username: 'atrium', password: 'cal-pw' } },
        { token },
      );
      if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
      // Radicale has no scheduling: a decline reaches the organiser as an e-mailed iCalendar REPLY.
      await saveNotify(app(), token, 'notify-email', {
        host: '127.0.0.1',
        port: sink.port,
        security: 'none',
        account: 'rooms@example.org',
        fromName: 'Atrium Rooms',
        password: 'mail-pw',
      });
      const mirrored = await app().put(`/api/inte/event/rooms/${room}`, { ref: calendarUrl() }, { token });
      if (mirrored.status !== 200) throw new Error(JSON.stringify(mirrored.body));
      await pull(); // makes the room's calendar
    });
    test.after.always(async () => {
      await radicale?.stop();
      await sink?.close();
    });

    test.serial(`${dialect}: a booking made in Atrium is written into the room's calendar`, async (t) => {
      const made = await book(app(), alice, {
        resourceId: room,
        meetingDate: '2027-03-02',
        startTime: '14:00',
        endTime: '15:00',
      });
      t.is(made.status, 200, JSON.stringify(made.body));
      await dispatchChanges(app());
      app().clock.advance(1000);
      await app().cradle.outboxWorker.drainDue();
      // Radicale answers a GET of a calendar collection with all its events in one document.
      const calendar = await (await fetch(calendarUrl(), { headers })).text();
      t.regex(calendar, new RegExp(`UID:atrium-booking-${made.body.data.id}@`));
      t.regex(calendar, /DTSTART[^\r\n]*20270302T140000Z|DTSTART;TZID=[^:]+:20270302T1[0-9]0000/);
      // Atrium's own events are not read back as outside meetings.
      t.like(await pull(), { events: 0 });
    });

    test.serial(
      `${dialect}: a meeting written by a calendar client becomes a booking; on a taken time it is declined`,
      async (t) => {
        const put = await client(
          'client-1',
          ics('client-1@example.org', day + 9 * HOUR, day + 10 * HOUR, `dav-alice-${dialect}@example.org`),
        );
        t.true(put.ok, String(put.status));
        t.like(await pull(), { events: 1, booked: 1 });
        const booked = await row('client-1@example.org');
        t.like(await app().cradle.db('bookings').where({ id: booked.booking_id }).first(), {
          organiser_id: alice.id,
          start_time: '09:00',
          end_time: '10:00',
          state: 'confirmed',
        });

        const clash = await client(
          'client-2',
          ics('client-2@example.org', day + 14 * HOUR, day + 15 * HOUR, `dav-alice-${dialect}@example.org`),
        );
        t.true(clash.ok);
        t.like(await pull(), { declined: 1 });
        t.like(await row('client-2@example.org'), { state: 'declined', booking_id: null });
        app().clock.advance(1000);
        await app().cradle.outboxWorker.drainDue();
        // Declined: the room's calendar no longer shows it.
        t.is((await fetch(`${calendarUrl()}client-2.ics`, { headers })).status, 404);
        // Alice's other mails (her booking's invitation) come too: the REPLY is the one with that method.
        const replyPart = async () => {
          for (let i = 0; i < 50; i++) {
            for (const m of sink!.mails.filter((x) => x.rcpt.includes(`dav-alice-${dialect}@example.org`))) {
              const p = mimePart(m.raw, 'text/calendar');
              if (p && /method=REPLY/i.test(p.contentType)) return p;
            }
            await new Promise((r) => setTimeout(r, 100));
          }
          return undefined;
        };
        const part = (await replyPart())!;
        t.truthy(part, 'the organiser got a REPLY');
        const reply = readCalendar(part.body);
        t.is(reply.method, 'REPLY');
        t.is(reply.events[0]!.uid, 'client-2@example.org');
        t.like(reply.events[0]!.attendees[0], { email: 'rooms@example.org', partstat: 'DECLINED' });

        t.true((await client('client-1')).ok);
        t.like(await pull(), { cancelled: 1 });
        t.like(await app().cradle.db('bookings').where({ id: booked.booking_id }).first(), { state: 'cancelled' });
      },
    );
  });
}
