import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { BASE, book, staff, type Who } from '../helpers/bookings.ts';
import { createPlace, createResource } from '../helpers/places-fixture.ts';

perDialect(
  test,
  (dialect, app) => {
    let alice: Who;
    let bob: Who;
    let room: number;

    test.serial.before(async () => {
      app().clock.set(BASE);
      const place = await createPlace(app());
      room = await createResource(app(), place, { name: 'Oak, 1st; "A"' });
      alice = await staff(app(), 'alice');
      bob = await staff(app(), 'bob');
    });

    const raw = async (path: string, token?: string) => {
      const res = await fetch(app().url + path, { headers: token ? { token } : {} });
      return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
    };

    test.serial(
      `${dialect}: one booking as an iCalendar file, UID stable and SEQUENCE following the changes`,
      async (t) => {
        const b = (
          await book(app(), alice, {
            resourceId: room,
            meetingDate: '2027-03-02',
            startTime: '09:00',
            endTime: '10:00',
            subject: 'Plan, review; etc',
          })
        ).body.data;
        const ics = await raw(`/api/bookings/${b.id}/ics`, alice.token);
        t.is(ics.status, 200);
        t.regex(ics.type, /^text\/calendar/);
        t.true(ics.text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n'));
        for (const line of [
          'METHOD:PUBLISH',
          `UID:booking-${b.id}@atrium`,
          'SEQUENCE:0',
          'DTSTART:20270302T090000Z',
          'DTEND:20270302T100000Z',
          'SUMMARY:Plan\\, review\\; etc',
          'STATUS:CONFIRMED',
          'END:VEVENT',
        ]) {
          t.true(ics.text.includes(`${line}\r\n`), line);
        }
        t.true(ics.text.includes('LOCATION:Oak\\, 1st\\; "A"'));
        await app().put(`/api/bookings/${b.id}`, { startTime: '11:00', endTime: '12:00' }, { token: alice.token });
        const after = await raw(`/api/bookings/${b.id}/ics`, alice.token);
        t.true(after.text.includes(`UID:booking-${b.id}@atrium\r\n`));
        t.true(after.text.includes('SEQUENCE:1\r\n'));
        t.true(after.text.includes('DTSTART:20270302T110000Z\r\n'));
        t.is((await raw(`/api/bookings/${b.id}/ics`)).status, 401);
      },
    );

    test.serial(
      `${dialect}: the private feed lists the user's bookings; rotating the token retires the old URL`,
      async (t) => {
        const mine = (
          await book(app(), alice, {
            resourceId: room,
            meetingDate: '2027-03-03',
            startTime: '09:00',
            endTime: '10:00',
            subject: 'Alice sync',
          })
        ).body.data;
        const invited = (
          await book(app(), bob, {
            resourceId: room,
            meetingDate: '2027-03-03',
            startTime: '11:00',
            endTime: '12:00',
            subject: 'Bob invites',
            innerAttendees: [alice.id],
          })
        ).body.data;
        const theirs = (
          await book(app(), bob, {
            resourceId: room,
            meetingDate: '2027-03-03',
            startTime: '13:00',
            endTime: '14:00',
            subject: 'Bob alone',
          })
        ).body.data;
        const made = await app().post<{ data: { token: string; url: string; path: string } }>(
          '/api/bookings/feed',
          {},
          { token: alice.token },
        );
        t.is(made.status, 200, JSON.stringify(made.body));
        t.true(made.body.data.url.endsWith(`/api/bookings/feed/${made.body.data.token}.ics`));
        const stored = (await app().cradle.db('users').where({ id: alice.id }).first('feed_token_hash'))
          .feed_token_hash as string;
        t.regex(stored, /^[0-9a-f]{64}$/);
        t.false(stored.includes(made.body.data.token));
        const feed = await raw(made.body.data.path);
        t.is(feed.status, 200);
        t.regex(feed.type, /^text\/calendar/);
        t.true(feed.text.includes(`UID:booking-${mine.id}@atrium`));
        t.true(feed.text.includes(`UID:booking-${invited.id}@atrium`));
        t.false(feed.text.includes(`UID:booking-${theirs.id}@atrium`));
        const rotated = await app().post<{ data: { token: string; path: string } }>(
          '/api/bookings/feed',
          {},
          { token: alice.token },
        );
        t.is((await raw(made.body.data.path)).status, 404);
        t.is((await raw(rotated.body.data.path)).status, 200);
        t.is((await raw('/api/bookings/feed/short.ics')).status, 400);
      },
    );
  },
  { config: { accessTokenTtlSeconds: 86_400 } },
);
