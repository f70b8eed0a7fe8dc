import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { BASE, book, staff, type Who } from '../helpers/bookings.ts';
import { header, mimePart, startMailSink, type MailSink } from '../helpers/mail.ts';
import { dispatchChanges, runJob, saveNotify } from '../helpers/notify.ts';
import { createPlace, createResource } from '../helpers/places-fixture.ts';

// End to end: real bookings through the booking API, real mail through a real SMTP server.
perDialect(test, (dialect, app) => {
  let sink: MailSink;
  let alice: Who;
  let bob: Who;
  let room: number;

  test.serial.before(async () => {
    sink = await startMailSink();
    app().clock.set(BASE);
    room = await createResource(app(), await createPlace(app()), { name: 'Hinoki' });
    alice = await staff(app(), 'mail-alice');
    bob = await staff(app(), 'mail-bob');
    await app().cradle.db('users').where({ id: alice.id }).update({ lang: 'en' });
    await app().cradle.db('users').where({ id: bob.id }).update({ lang: 'ja' });
    await saveNotify(app(), await app().adminToken(), 'notify-email', {
      host: '127.0.0.1',
      port: sink.port,
      security: 'none',
      account: 'rooms@example.org',
    });
  });
  test.serial.after.always(async () => {
    await sink?.close();
  });

  const deliver = async (count: number) => {
    const before = sink.mails.length;
    await dispatchChanges(app());
    await runJob(app(), 'integrations.outbox');
    await sink.waitFor(before + count);
    return sink.mails.slice(before);
  };

  test.serial(
    `${dialect}: booking, reminder and cancellation reach organiser, attendee and guest by mail`,
    async (t) => {
      const res = await book(app(), alice, {
        resourceId: room,
        meetingDate: '2027-03-02',
        startTime: '09:00',
        endTime: '10:00',
        subject: 'Design review',
        reminderMinutes: 15,
        innerAttendees: [bob.id],
        outerAttendees: [{ name: 'Gus', email: 'gus@partner.example' }],
      });
      t.is(res.status, 200, JSON.stringify(res.body));
      const id = res.body.data.id;
      const created = await deliver(3);
      const en = created.find((m) => m.rcpt.includes('mail-alice@example.org'))!;
      t.deepEqual(en.rcpt, ['mail-alice@example.org']);
      t.is(header(en.raw, 'Subject'), 'Booked: Design review');
      t.true(mimePart(en.raw, 'text/plain')!.body.includes(res.body.data.checkInCode));
      const guest = created.find((m) => m.rcpt.includes('gus@partner.example'))!;
      t.deepEqual(guest.rcpt, ['gus@partner.example'], 'the guest gets a mail of their own');
      for (const type of ['text/plain', 'text/html', 'text/calendar'])
        t.false(mimePart(guest.raw, type)!.body.includes(res.body.data.checkInCode), `no check-in code in ${type}`);
      t.regex(mimePart(guest.raw, 'text/calendar')!.body, new RegExp(`UID:booking-${id}@atrium`));
      t.regex(
        mimePart(en.raw, 'text/calendar')!.body,
        new RegExp(`METHOD:REQUEST[\\s\\S]*UID:booking-${id}@atrium[\\s\\S]*DTSTART:20270302T090000Z`),
      );
      const ja = created.find((m) => m.rcpt.includes('mail-bob@example.org'))!;
      t.is(header(ja.raw, 'Subject'), '予約完了：Design review');

      app().clock.set(res.body.data.remindAt! + 1_000);
      await runJob(app(), 'notifications.reminders', 0);
      const reminded = await deliver(3);
      t.deepEqual(reminded.map((m) => header(m.raw, 'Subject')).sort(), [
        'Reminder: Design review at 09:00',
        'Reminder: Design review at 09:00',
        'リマインダー：Design review（09:00）',
      ]);

      alice = await staff(app(), 'mail-alice'); // a day passed: a fresh token
      const cancelled = await app().post(
        `/api/bookings/${id}/cancel`,
        { reason: 'Client moved it', scope: 'one' },
        { token: alice.token },
      );
      t.is(cancelled.status, 200, JSON.stringify(cancelled.body));
      const cancels = await deliver(3);
      const cancelMail = cancels.find((m) => m.rcpt.includes('mail-alice@example.org'))!;
      t.is(header(cancelMail.raw, 'Subject'), 'Cancelled: Design review');
      t.regex(mimePart(cancelMail.raw, 'text/plain')!.body, /Reason: Client moved it/);
      const cal = mimePart(cancelMail.raw, 'text/calendar')!;
      t.regex(cal.contentType, /method=CANCEL/i);
      t.regex(cal.body, new RegExp(`METHOD:CANCEL[\\s\\S]*UID:booking-${id}@atrium[\\s\\S]*STATUS:CANCELLED`));
    },
  );
});
