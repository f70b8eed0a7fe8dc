import test from 'ava';
import type { BookingSnapshot, EventMap, EventName } from '../../core/event-types.ts';
import { perDialect } from '../helpers/app.ts';
import {
  dispatchChanges,
  outboxRows,
  recordChange,
  runJob,
  saveNotify,
  seedPlace,
  snapshot,
  type OutboxRowView,
  type Place,
} from '../helpers/notify.ts';
import { readCalendar } from '../helpers/ical.ts';
import { createUser, STAFF_PASSWORD } from '../helpers/users.ts';

perDialect(test, (dialect, app) => {
  let admin: string;
  let place: Place;
  let nextId = 9000;

  /** Records a change like the booking engine does and returns the messages queued for it, by language ("en guests": outside guests'). */
  async function emit<K extends EventName>(
    event: K,
    payload: EventMap[K],
  ): Promise<Record<string, OutboxRowView['message']>> {
    const before = (await outboxRows(app())).length;
    await recordChange(app(), event, payload);
    const rows = (await outboxRows(app())).slice(before);
    for (const r of rows)
      if (r.topic !== event || r.provider !== 'notify-log') throw new Error(`unexpected row ${r.topic} ${r.provider}`);
    const guests = (r: OutboxRowView) => r.message.to.every((p) => !p.username);
    return Object.fromEntries(rows.map((r) => [guests(r) ? `${r.message.lang} guests` : r.message.lang, r.message]));
  }
  const booking = (over: Partial<BookingSnapshot> = {}) => ({
    booking: snapshot(place, { id: nextId++, ...over }),
    actorId: place.organiserId,
  });
  const people = (list: Array<{ name: string }>) => list.map((p) => p.name);

  test.serial(`${dialect}: default templates are seeded for every event and language`, async (t) => {
    admin = await app().adminToken();
    place = await seedPlace(app(), 'ev');
    const list = await app().get<{ data: { total: number; items: Array<{ event: string; lang: string }> } }>(
      '/api/sys/templates?pageSize=100',
      { token: admin },
    );
    t.is(list.body.data.total, 14 * 3);
    await app().cradle.templatesService.seed();
    t.is(
      (await app().get<{ data: { total: number } }>('/api/sys/templates', { token: admin })).body.data.total,
      42,
      'seeding again adds nothing',
    );
  });

  test.serial(`${dialect}: nothing is queued while no notify provider is selected`, async (t) => {
    t.deepEqual(await emit('booking.created', booking()), {});
    await saveNotify(app(), admin, 'notify-log');
  });

  test.serial(
    `${dialect}: a new booking tells the organiser with the attendees in copy, each in their language, with an invitation`,
    async (t) => {
      const m = await emit('booking.created', booking());
      t.deepEqual(Object.keys(m).sort(), ['en', 'en guests', 'ja']);
      t.deepEqual([people(m.en!.to), people(m.en!.cc)], [['Olivia Organiser'], []]);
      t.deepEqual(
        [people(m['en guests']!.to), people(m['en guests']!.cc)],
        [['Gina Guest'], []],
        "the guest reads the organiser's language, in a message of their own",
      );
      t.deepEqual([people(m.ja!.to), people(m.ja!.cc)], [['Aiko Attendee'], []]);
      t.true(m.en!.text.includes('Check-in code: 482913') && m.ja!.text.includes('482913'));
      t.false(JSON.stringify(m['en guests']).includes('482913'), 'no check-in code for a guest');
      t.false(m['en guests']!.html.includes('Check-in code'), 'not even its empty line');
      t.is(m.en!.subject, 'Booked: Planning <b>Q3</b> & budget');
      t.is(m.ja!.subject, '予約完了：Planning <b>Q3</b> & budget');
      t.true(m.en!.html.includes('Planning &lt;b&gt;Q3&lt;/b&gt; &amp; budget'), 'values are HTML-escaped');
      t.false(m.en!.html.includes('<b>Q3'));
      t.true(m.en!.text.includes('“Planning <b>Q3</b> & budget”'), 'the text part is plain');
      t.is(m.en!.calendar!.method, 'REQUEST');
      const cal = readCalendar(m.en!.calendar!.ics); // as a calendar client reads it (ical.js)
      t.is(cal.method, 'REQUEST');
      t.is(cal.events.length, 1);
      const [e] = cal.events;
      t.deepEqual(e!.organizer, {
        cn: 'Olivia Organiser',
        email: 'org-ev@example.org',
        role: undefined,
        partstat: undefined,
      });
      t.deepEqual(
        e!.attendees.map((a) => [a.cn, a.email, a.role, a.partstat]),
        [
          ['Olivia Organiser', 'org-ev@example.org', 'CHAIR', 'ACCEPTED'],
          ['Aiko Attendee', 'att-ev@example.org', 'REQ-PARTICIPANT', 'NEEDS-ACTION'],
          ['Gina Guest', 'gina@guest.example', 'REQ-PARTICIPANT', 'NEEDS-ACTION'],
        ],
      );
      // 10:00-11:00 in the room's zone (Asia/Tokyo, with its VTIMEZONE): 01:00-02:00 UTC.
      t.deepEqual([e!.start, e!.end], [Date.UTC(2026, 11, 1, 1), Date.UTC(2026, 11, 1, 2)]);
      t.is(e!.tzid, 'Asia/Tokyo');
      t.deepEqual(cal.timezones, ['Asia/Tokyo']);
      t.deepEqual([e!.uid, e!.sequence, e!.status], [`booking-${nextId - 1}@atrium`, 0, 'CONFIRMED']);
    },
  );

  test.serial(`${dialect}: invitation lines are folded at 75 octets without splitting a character`, async (t) => {
    const subject = '年度計画会議（第三四半期）：予算、採用、オフィス移転、顧客訪問の日程調整について';
    const m = await emit('booking.created', booking({ subject, remarks: 'Line one\nLine two; with, commas' }));
    const ics = m.en!.calendar!.ics;
    for (const line of ics.split('\r\n')) t.true(Buffer.byteLength(line) <= 75, line);
    const unfolded = ics.replace(/\r\n /g, '');
    t.true(unfolded.includes(`SUMMARY:${subject}\r\n`));
    t.true(unfolded.includes('DESCRIPTION:Line one\\nLine two\\; with\\, commas\r\n'));
    const [e] = readCalendar(ics).events;
    t.deepEqual([e!.summary, e!.description], [subject, 'Line one\nLine two; with, commas']);
    t.false(ics.includes('\uFFFD'));
  });

  test.serial(`${dialect}: a change sends a new REQUEST with its sequence; cancellations send CANCEL`, async (t) => {
    const updated = await emit('booking.updated', booking({ id: 7001, sequence: 1, startTime: '11:00' }));
    t.regex(updated.en!.calendar!.ics, /UID:booking-7001@atrium\r\nSEQUENCE:1\r\n/);
    t.like(readCalendar(updated.en!.calendar!.ics), { method: 'REQUEST' });
    t.regex(updated.en!.subject, /^Changed: /);
    const cancelled = await emit('booking.cancelled', {
      ...booking({ id: 7001, sequence: 2, state: 'cancelled' }),
      reason: 'Room needed for audit',
    });
    t.is(cancelled.en!.calendar!.method, 'CANCEL');
    t.regex(cancelled.en!.calendar!.ics, /METHOD:CANCEL\r\n[\s\S]*SEQUENCE:2\r\n[\s\S]*STATUS:CANCELLED/);
    const gone = readCalendar(cancelled.en!.calendar!.ics);
    t.deepEqual(
      [gone.method, gone.events[0]!.uid, gone.events[0]!.sequence, gone.events[0]!.organizer?.email],
      ['CANCEL', 'booking-7001@atrium', 2, 'org-ev@example.org'],
    );
    t.true(gone.events[0]!.attendees.length > 0);
    t.regex(cancelled.en!.text, /Reason: Room needed for audit/);
    t.regex(cancelled.ja!.subject, /^予約取消：/);
    const auto = await emit('booking.autoCancelled', booking({ state: 'autoCancelled' }));
    t.is(auto.en!.calendar!.method, 'CANCEL');
    t.regex(auto.en!.subject, /^Cancelled for no check-in/);
  });

  test.serial(`${dialect}: approval flow: approvers are asked, the organiser hears the decision`, async (t) => {
    const pending = { state: 'pending', checkStatus: 4 } as const;
    const created = await emit('booking.created', booking(pending));
    t.deepEqual(Object.keys(created), ['en'], 'attendees hear nothing while the booking awaits approval');
    t.deepEqual(
      [people(created.en!.to), people(created.en!.cc), created.en!.calendar],
      [['Olivia Organiser'], [], undefined],
    );
    t.is(created.en!.subject, 'Awaiting approval: Planning <b>Q3</b> & budget');
    const asked = await emit('booking.approvalRequested', booking(pending));
    t.deepEqual(Object.keys(asked), ['cn'], 'the approver has no language set: cn');
    t.deepEqual(people(asked.cn!.to), ['Wang Approver']);
    t.is(asked.cn!.subject, '待审批：Planning <b>Q3</b> & budget');
    const approved = await emit('booking.approved', booking());
    t.is(approved.en!.calendar!.method, 'REQUEST');
    t.deepEqual(people(approved.ja!.to), ['Aiko Attendee']);
    const denied = await emit('booking.denied', {
      ...booking({ state: 'denied', checkStatus: 4 }),
      reason: 'Board meeting',
    });
    t.deepEqual([Object.keys(denied), denied.en!.calendar], [['en'], undefined]);
    t.regex(denied.en!.text, /was denied\.\s+Reason: Board meeting/);
    const expired = await emit('booking.expired', booking({ state: 'expired', checkStatus: 4 }));
    t.deepEqual(
      [people(expired.en!.to), expired.en!.subject],
      [['Olivia Organiser'], 'Request expired: Planning <b>Q3</b> & budget'],
    );
    const revoked = await emit('booking.revoked', booking({ state: 'revoked', checkStatus: 4 }));
    t.deepEqual([Object.keys(revoked), people(revoked.cn!.to)], [['cn'], ['Wang Approver']]);
  });

  test.serial(`${dialect}: violations, blocklist, release and password expiry go to the user`, async (t) => {
    const userId = place.organiserId;
    const v = await emit('user.violation', { userId, violationCount: 2 });
    t.deepEqual([v.en!.subject, people(v.en!.to)], ['A violation was recorded', ['Olivia Organiser']]);
    t.regex(v.en!.text, /Violations in the current period: 2/);
    const releaseAt = Date.UTC(2026, 11, 8, 0, 0);
    const b = await emit('user.blocklisted', { userId, violationCount: 3, releaseAt });
    t.regex(b.en!.text, /After 3 violations you may not book until 2026-12-0[78]/);
    t.is((await emit('user.released', { userId })).en!.subject, 'You may book again');
    t.is((await emit('user.passwordExpiring', { userId, daysLeft: 5 })).en!.subject, 'Your password expires in 5 days');
    t.deepEqual(await emit('booking.checkedIn', booking()), {}, 'events without a template send nothing');
  });

  test.serial(`${dialect}: users whose password is about to expire are told once a day`, async (t) => {
    const { db, paramsService } = app().cradle;
    const { systemActor } = await import('../../core/actor.ts');
    await paramsService.setMany(systemActor(), { passwordValidityDays: 90, passwordPromptDays: 7 });
    const now = app().clock.now();
    const expiring = await createUser(app(), 'pw-soon');
    const fresh = await createUser(app(), 'pw-fresh');
    await db('users').whereIn('id', [expiring, fresh]).update({ must_change_password: false, lang: 'en' });
    await db('users')
      .where({ id: expiring })
      .update({ password_changed_at: now - 85 * 86_400_000 });
    await db('users')
      .where({ id: fresh })
      .update({ password_changed_at: now - 10 * 86_400_000 });
    const before = (await outboxRows(app(), { topic: 'user.passwordExpiring' })).length;
    await runJob(app(), 'notifications.passwordExpiry', 86_400_000);
    await dispatchChanges(app());
    const rows = (await outboxRows(app(), { topic: 'user.passwordExpiring' })).slice(before);
    t.deepEqual(
      rows.map((r) => [r.message.to[0]!.username, r.message.subject]),
      [['pw-soon', 'Your password expires in 4 days']],
    );
    await paramsService.setMany(systemActor(), { passwordValidityDays: 0 });
    admin = await app().adminToken(); // a day passed: a fresh token for the next tests
  });

  test.serial(`${dialect}: with the noCC option only the organiser is told`, async (t) => {
    const params = app().cradle.paramsService;
    const { systemActor } = await import('../../core/actor.ts');
    await params.setMany(systemActor(), { options: '|copyright|noCC|' });
    const m = await emit('booking.created', booking());
    t.deepEqual(Object.keys(m), ['en']);
    t.deepEqual([people(m.en!.to), people(m.en!.cc)], [['Olivia Organiser'], []]);
    // Nobody is invited: the organiser is the only ATTENDEE (the chair), so the REQUEST still has one.
    const [e] = readCalendar(m.en!.calendar!.ics).events;
    t.deepEqual(
      e!.attendees.map((a) => [a.cn, a.email, a.role]),
      [['Olivia Organiser', 'org-ev@example.org', 'CHAIR']],
    );
    await params.setMany(systemActor(), { options: '|copyright|' });
  });

  test.serial(`${dialect}: admins edit templates with a preview; raw output is refused`, async (t) => {
    const list = await app().get<{ data: { items: Array<{ id: number }> } }>(
      '/api/sys/templates?event=booking.created&lang=en',
      { token: admin },
    );
    const id = list.body.data.items[0]!.id;
    const raw = await app().put(
      `/api/sys/templates/${id}`,
      { subject: 'x', content: '<p>{{{booking.subject}}}</p>' },
      { token: admin },
    );
    t.is(raw.status, 400);
    t.deepEqual(
      raw.body.errors!.map((e) => e.field),
      ['content'],
    );
    const broken = await app().put(
      `/api/sys/templates/${id}`,
      { subject: '{{#if}}', content: '<p>ok</p>' },
      { token: admin },
    );
    t.deepEqual(
      broken.body.errors!.map((e) => e.field),
      ['subject'],
    );
    const preview = await app().post<{ data: { subject: string; html: string } }>(
      '/api/sys/templates/preview',
      {
        event: 'booking.created',
        lang: 'en',
        subject: 'New: {{booking.subject}}',
        content: '<h1>{{booking.subject}}</h1>',
      },
      { token: admin },
    );
    t.deepEqual(preview.body.data, {
      subject: 'New: Quarterly planning <Q3>',
      html: '<h1>Quarterly planning &lt;Q3&gt;</h1>',
      text: 'Quarterly planning <Q3>',
    });
    t.is(
      (
        await app().put(
          `/api/sys/templates/${id}`,
          { subject: 'New: {{booking.subject}} in {{booking.resourceName}}', content: '<h1>{{booking.subject}}</h1>' },
          { token: admin },
        )
      ).status,
      200,
    );
    const m = await emit('booking.created', booking());
    t.is(m.en!.subject, 'New: Planning <b>Q3</b> & budget in Sakura');
    t.is(m.ja!.subject, '予約完了：Planning <b>Q3</b> & budget', 'other languages keep theirs');
  });

  test.serial(`${dialect}: a reminder is sent once at its time, however many processes run the job`, async (t) => {
    const { db } = app().cradle;
    const now = app().clock.now();
    const startAt = now + 3_600_000;
    const row = {
      resource_id: place.resourceId,
      organiser_id: place.organiserId,
      meeting_date: '2026-12-01',
      start_time: '10:00',
      end_time: '11:00',
      start_at: startAt,
      end_at: startAt + 3_600_000,
      time_zone: 'Asia/Tokyo',
      subject: 'Standup',
      check_in_code: '111111',
      state: 'confirmed',
      reminder_minutes: 15,
      remind_at: startAt - 900_000,
      created_at: now,
      updated_at: now,
    };
    const [id] = await db('bookings').insert(row);
    const [cancelledId] = await db('bookings').insert({
      ...row,
      start_at: startAt + 7_200_000,
      end_at: startAt + 9_000_000,
      state: 'cancelled',
    });
    await db('booking_attendees').insert({ booking_id: id, kind: 'inner', user_id: place.attendeeId });
    const reminders = async () => await outboxRows(app(), { topic: 'booking.reminder' });
    await runJob(app(), 'notifications.reminders', 30_000);
    t.is((await reminders()).length, 0, 'not yet');
    app().clock.advance(3_600_000 - 900_000);
    const service = app().cradle.notificationsService;
    const counts = await Promise.all([service.runReminders(), service.runReminders(), service.runReminders()]);
    t.is(
      counts.reduce((a, b) => a + b, 0),
      1,
    );
    const sent = await reminders();
    t.deepEqual(sent.map((r) => r.message.lang).sort(), ['en', 'ja']);
    t.is(sent.find((r) => r.message.lang === 'en')!.message.subject, 'Reminder: Standup at 10:00');
    t.truthy((await db('bookings').where({ id }).first()).reminded_at);
    await runJob(app(), 'notifications.reminders', 30_000);
    t.is((await reminders()).length, 2, 'never twice');
    t.truthy(
      (await db('bookings').where({ id: cancelledId }).first()).reminded_at,
      "a cancelled booking's reminder is claimed but not sent",
    );
  });

  test.serial(`${dialect}: the notification centre's notices of the day appear at sign-in`, async (t) => {
    admin = await app().adminToken(); // the clock moved past the old token's life
    const today = new Date(app().clock.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
    await createUser(app(), 'centre-a');
    await createUser(app(), 'centre-b');
    const missing = await app().post('/api/sys/notifications', { title: 'No name' }, { token: admin });
    t.is(missing.status, 400);
    t.deepEqual(missing.body.errors!.map((e) => e.field).sort(), ['date', 'name', 'recipient']);
    const typo = await app().post(
      '/api/sys/notifications',
      { name: 'n', recipient: 'centre-a, nobody', date: today },
      { token: admin },
    );
    t.deepEqual(
      typo.body.errors!.map((e) => e.field),
      ['recipient'],
    );
    const forA = await app().post<{ data: { id: number } }>(
      '/api/sys/notifications',
      {
        name: 'Fire drill',
        recipient: 'centre-a',
        date: today,
        title: 'Fire drill at 3 pm',
        content: 'Leave by the east stairs',
      },
      { token: admin },
    );
    t.is(forA.status, 200);
    await app().post(
      '/api/sys/notifications',
      { name: 'All hands', recipient: '*', date: today, title: 'All hands', content: 'Friday' },
      { token: admin },
    );
    await app().post(
      '/api/sys/notifications',
      { name: 'Old', recipient: '*', date: '2020-01-01', title: 'Old news' },
      { token: admin },
    );
    const a = await app().login('centre-a', STAFF_PASSWORD);
    t.deepEqual(a.body.notify, [
      { title: 'Fire drill at 3 pm', content: 'Leave by the east stairs' },
      { title: 'All hands', content: 'Friday' },
    ]);
    const b = await app().login('centre-b', STAFF_PASSWORD);
    t.deepEqual(
      b.body.notify.map((n) => n.title),
      ['All hands'],
    );
    const edited = await app().put<{ data: { recipient: string } }>(
      `/api/sys/notifications/${forA.body.data.id}`,
      { name: 'Fire drill', recipient: 'centre-a,centre-b', date: today, title: 'Fire drill at 3 pm' },
      { token: admin },
    );
    t.is(edited.body.data.recipient, 'centre-a,centre-b');
    t.is(
      (await app().get<{ data: { total: number } }>(`/api/sys/notifications?date=${today}`, { token: admin })).body.data
        .total,
      2,
    );
    t.is((await app().delete(`/api/sys/notifications/${forA.body.data.id}`, { token: admin })).status, 200);
    t.is((await app().get(`/api/sys/notifications/${forA.body.data.id}`, { token: admin })).status, 404);
  });
});
