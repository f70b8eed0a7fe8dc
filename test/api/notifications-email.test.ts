import test from 'ava';
import type { EventMap, EventName } from '../../core/event-types.ts';
import { readCalendar } from '../helpers/ical.ts';
import { perDialect } from '../helpers/app.ts';
import { header, mimePart, startMailSink, type MailSink } from '../helpers/mail.ts';
import { recordChange, runJob, saveNotify, seedPlace, snapshot, type Place } from '../helpers/notify.ts';

perDialect(test, (dialect, app) => {
  let admin: string;
  let place: Place;
  let sink: MailSink;
  const smtp = () => ({
    host: '127.0.0.1',
    port: sink.port,
    security: 'none',
    account: 'rooms@example.org',
    fromName: 'Atrium Rooms',
    password: 'mail-pw',
  });
  const forRcpt = (address: string) => sink.mails.find((m) => m.rcpt.includes(address));

  test.serial.before(async () => {
    sink = await startMailSink();
  });
  test.serial.after.always(async () => {
    await sink?.close();
  });

  /** Records an event, dispatches it, runs the outbox worker, and waits for `count` more mails. */
  async function deliver<K extends EventName>(event: K, payload: EventMap[K], count: number) {
    const before = sink.mails.length;
    await recordChange(app(), event, payload);
    await runJob(app(), 'integrations.outbox');
    await sink.waitFor(before + count);
    return sink.mails.slice(before);
  }

  test.serial(`${dialect}: test connection reaches the SMTP server; a wrong port fails`, async (t) => {
    admin = await app().adminToken();
    place = await seedPlace(app(), 'em');
    const ok = await app().post<{ data: { ok: boolean } }>(
      '/api/inte/settings/notify/test',
      { provider: 'notify-email', settings: smtp() },
      { token: admin },
    );
    t.true(ok.body.data.ok);
    const bad = await app().post<{ data: { ok: boolean; detail: string } }>(
      '/api/inte/settings/notify/test',
      { provider: 'notify-email', settings: { ...smtp(), port: 1 } },
      { token: admin },
    );
    t.false(bad.body.data.ok);
    t.truthy(bad.body.data.detail);
    await saveNotify(app(), admin, 'notify-email', smtp());
  });

  test.serial(
    `${dialect}: a booking's mail reaches organiser and attendees in their language, with a REQUEST invitation`,
    async (t) => {
      const mails = await deliver(
        'booking.created',
        { booking: snapshot(place, { id: 501 }), actorId: place.organiserId },
        3,
      );
      t.is(mails.length, 3);
      const en = forRcpt('org-em@example.org')!;
      t.deepEqual(en.rcpt, ['org-em@example.org']);
      t.is(en.from, 'rooms@example.org');
      t.is(en.user, 'rooms@example.org', 'signed in with the account');
      t.is(header(en.raw, 'Subject'), 'Booked: Planning <b>Q3</b> & budget');
      t.regex(header(en.raw, 'To')!, /Olivia Organiser.*<org-em@example.org>/);
      const guest = forRcpt('gina@guest.example')!;
      t.deepEqual(guest.rcpt, ['gina@guest.example'], 'the guest has a mail of their own, without the check-in code');
      t.regex(header(guest.raw, 'To')!, /Gina Guest.*<gina@guest.example>/);
      t.false(mimePart(guest.raw, 'text/plain')!.body.includes('482913'));
      t.is(header(en.raw, 'Content-Language'), 'en');
      t.regex(header(en.raw, 'From')!, /Atrium Rooms.*<rooms@example.org>/);
      const html = mimePart(en.raw, 'text/html')!;
      t.true(html.body.includes('Planning &lt;b&gt;Q3&lt;/b&gt; &amp; budget'));
      const cal = mimePart(en.raw, 'text/calendar')!;
      t.regex(cal.contentType, /method=REQUEST/i);
      t.regex(
        cal.body,
        /BEGIN:VCALENDAR[\s\S]*METHOD:REQUEST[\s\S]*UID:booking-501@atrium[\s\S]*SEQUENCE:0[\s\S]*END:VCALENDAR/,
      );

      const ja = forRcpt('att-em@example.org')!;
      t.deepEqual(ja.rcpt, ['att-em@example.org']);
      t.is(header(ja.raw, 'Subject'), '予約完了：Planning <b>Q3</b> & budget');
      t.is(header(ja.raw, 'Content-Language'), 'ja');
      t.regex(mimePart(ja.raw, 'text/plain')!.body, /チェックインコード：482913/);
      t.regex(mimePart(ja.raw, 'text/calendar')!.body, /METHOD:REQUEST/);
    },
  );

  test.serial(`${dialect}: a change sends the next SEQUENCE, a cancellation a CANCEL`, async (t) => {
    sink.mails.length = 0;
    await deliver(
      'booking.updated',
      {
        booking: snapshot(place, { id: 501, sequence: 1, endTime: '12:00', endAt: snapshot(place).endAt + 3_600_000 }),
        actorId: place.organiserId,
      },
      2,
    );
    const updated = mimePart(forRcpt('org-em@example.org')!.raw, 'text/calendar')!.body;
    t.regex(updated, /METHOD:REQUEST[\s\S]*SEQUENCE:1[\s\S]*DTEND;TZID=Asia\/Tokyo:20261201T120000/);
    t.is(readCalendar(updated).events[0]!.end, Date.UTC(2026, 11, 1, 3), 'noon in Tokyo is 03:00 UTC');
    sink.mails.length = 0;
    await deliver(
      'booking.cancelled',
      {
        booking: snapshot(place, { id: 501, sequence: 2, state: 'cancelled' }),
        actorId: place.organiserId,
        reason: 'Moved online',
      },
      2,
    );
    const cancel = forRcpt('org-em@example.org')!;
    t.regex(header(cancel.raw, 'Subject')!, /^Cancelled: /);
    const cal = mimePart(cancel.raw, 'text/calendar')!;
    t.regex(cal.contentType, /method=CANCEL/i);
    t.regex(cal.body, /METHOD:CANCEL[\s\S]*UID:booking-501@atrium[\s\S]*SEQUENCE:2[\s\S]*STATUS:CANCELLED/);
    t.regex(mimePart(forRcpt('att-em@example.org')!.raw, 'text/calendar')!.body, /METHOD:CANCEL/);
  });

  test.serial(
    `${dialect}: an organiser without an address: the sending account is the ORGANIZER, with the organiser's name, so guests get a REQUEST and later a CANCEL`,
    async (t) => {
      const { db } = app().cradle;
      const email = (await db('users').where({ id: place.organiserId }).first('email')).email as string;
      await db('users').where({ id: place.organiserId }).update({ email: null });
      try {
        sink.mails.length = 0;
        const booking = snapshot(place, { id: 502 });
        await deliver('booking.created', { booking, actorId: place.organiserId }, 2);
        const invited = readCalendar(mimePart(forRcpt('gina@guest.example')!.raw, 'text/calendar')!.body);
        t.is(invited.method, 'REQUEST');
        const [e] = invited.events;
        t.deepEqual([e!.organizer!.cn, e!.organizer!.email], ['Olivia Organiser', 'rooms@example.org']);
        t.deepEqual(
          e!.attendees.map((a) => a.email),
          ['att-em@example.org', 'gina@guest.example'],
          'the organiser, without an address, is no ATTENDEE; the guests are',
        );
        t.truthy(mimePart(forRcpt('att-em@example.org')!.raw, 'text/calendar'));
        sink.mails.length = 0;
        await deliver(
          'booking.cancelled',
          { booking: { ...booking, sequence: 1, state: 'cancelled' }, actorId: place.organiserId },
          2,
        );
        const cancelled = readCalendar(mimePart(forRcpt('gina@guest.example')!.raw, 'text/calendar')!.body);
        t.deepEqual(
          [cancelled.method, cancelled.events[0]!.uid, cancelled.events[0]!.sequence],
          ['CANCEL', 'booking-502@atrium', 1],
        );
        t.is(cancelled.events[0]!.organizer!.email, 'rooms@example.org');
      } finally {
        await db('users').where({ id: place.organiserId }).update({ email });
      }
    },
  );

  test.serial(
    `${dialect}: the Exchange variant signs in as DOMAIN\\user; mails without a calendar part stay plain`,
    async (t) => {
      await saveNotify(app(), admin, 'notify-email', {
        ...smtp(),
        variant: 'exchange',
        domain: 'CORP',
        hostUsername: 'svc-rooms',
      });
      sink.mails.length = 0;
      const [mail] = await deliver('user.violation', { userId: place.organiserId, violationCount: 1 }, 1);
      t.is(mail!.user, 'CORP\\svc-rooms');
      t.deepEqual(mail!.rcpt, ['org-em@example.org']);
      t.is(header(mail!.raw, 'Subject'), 'A violation was recorded');
      t.is(mimePart(mail!.raw, 'text/calendar'), undefined);
    },
  );
});
