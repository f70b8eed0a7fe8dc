/**
 * Every iCalendar document Atrium emits, read by ical.js as a calendar client reads it (docs/product-rules.md
 * R11.9, R11.10): a booking's REQUEST and CANCEL, a series as one recurring event (its occurrences expanded by
 * ical.js and compared with Atrium's own), an occurrence changed or cancelled alone, and the feeds. The room is in
 * Europe/Berlin and the series crosses the change to summer time, so zoned times and their VTIMEZONE are checked
 * as instants.
 */
import test from 'ava';
import { snapshotsOf } from '../../core/modules/bookings/index.ts';
import { perDialect } from '../helpers/app.ts';
import { BASE, book, staff, type Who } from '../helpers/bookings.ts';
import { occurrencesOf, readCalendar, type ReadCalendar } from '../helpers/ical.ts';
import { dispatchChanges, outboxRows, saveNotify, type OutboxRowView } from '../helpers/notify.ts';
import { createPlace, createResource, setParams } from '../helpers/places-fixture.ts';

const ZONE = 'Europe/Berlin';
const at = (month: number, day: number, hour: number) => Date.UTC(2027, month - 1, day, hour);

perDialect(
  test,
  (dialect, app) => {
    let alice: Who;
    let bob: Who;
    let room: number;
    let singleMessages = 0;
    let seriesId = 0;
    let seriesIds: number[] = [];

    test.serial.before(async () => {
      app().clock.set(BASE);
      const place = await createPlace(app(), ZONE);
      room = await createResource(app(), place, { name: 'Linde', timeZone: ZONE });
      alice = await staff(app(), 'ic-alice');
      bob = await staff(app(), 'ic-bob');
      await app().cradle.db('users').where({ id: alice.id }).update({ real_name: 'Alice Organiser' });
      await app().cradle.db('users').where({ id: bob.id }).update({ real_name: 'Bob Colleague' });
      await saveNotify(app(), await app().adminToken(), 'notify-log');
    });

    /** The messages `fn` queued for `topic`, once the changes are dispatched. */
    async function queued(topic: string, fn: () => Promise<unknown>): Promise<OutboxRowView[]> {
      const before = (await outboxRows(app())).length;
      await fn();
      await dispatchChanges(app());
      return (await outboxRows(app())).slice(before).filter((r) => r.topic === topic);
    }
    /** The one calendar part the messages share (every message of a change carries the same document). */
    function calendarOf(t: { is: (a: unknown, b: unknown, m?: string) => void }, rows: OutboxRowView[]) {
      const parts = rows.map((r) => r.message.calendar).filter((c) => c !== undefined);
      t.is(parts.length, rows.length, 'every message carries the calendar part');
      t.is(new Set(parts.map((p) => p.ics.replace(/DTSTAMP:\d+T\d+Z/g, ''))).size, 1, 'one document for all');
      return { method: parts[0]!.method, cal: readCalendar(parts[0]!.ics) };
    }
    const checkCommon = (
      t: { is: (a: unknown, b: unknown) => void; deepEqual: (a: unknown, b: unknown) => void },
      cal: ReadCalendar,
    ) => {
      t.deepEqual(cal.timezones, [ZONE]);
      for (const e of cal.events) {
        t.is(e.tzid, ZONE);
        t.deepEqual([e.organizer?.cn, e.organizer?.email], ['Alice Organiser', 'ic-alice@example.org']);
      }
    };
    /** Atrium's own occurrences of the series: its bookings that hold their time. */
    async function atriumOccurrences(id: number): Promise<Array<[number, number]>> {
      const rows = await app()
        .cradle.db('bookings')
        .where({ series_id: id })
        .whereIn('state', ['pending', 'confirmed', 'checkedIn', 'ended'])
        .orderBy('start_at');
      return rows.map((r) => [Number(r.start_at), Number(r.end_at)]);
    }
    const attendees = (cal: ReadCalendar) => cal.events[0]!.attendees.map((a) => [a.cn, a.email, a.role]);
    const invited = [
      ['Alice Organiser', 'ic-alice@example.org', 'CHAIR'],
      ['Bob Colleague', 'ic-bob@example.org', 'REQ-PARTICIPANT'],
      ['Gina Guest', 'gina@guest.example', 'REQ-PARTICIPANT'],
    ];

    test.serial(
      `${dialect}: a booking's invitation is a REQUEST, its cancellation a CANCEL of the same UID`,
      async (t) => {
        let id = 0;
        const created = await queued('booking.created', async () => {
          const b = await book(app(), alice, {
            resourceId: room,
            meetingDate: '2027-03-10',
            startTime: '10:00',
            endTime: '11:00',
            subject: 'Budget; Q3, "final"',
            innerAttendees: [bob.id],
            outerAttendees: [{ name: 'Gina Guest', email: 'gina@guest.example' }],
          });
          t.is(b.status, 200, JSON.stringify(b.body));
          id = b.body.data.id;
        });
        singleMessages = created.length;
        t.true(singleMessages >= 1);
        const req = calendarOf(t, created);
        t.is(req.method, 'REQUEST');
        t.is(req.cal.method, 'REQUEST');
        checkCommon(t, req.cal);
        t.is(req.cal.events.length, 1);
        const [e] = req.cal.events;
        t.deepEqual(
          [e!.uid, e!.sequence, e!.start, e!.end, e!.summary, e!.status, e!.recurrenceId, e!.rrule],
          [
            `booking-${id}@atrium`,
            0,
            at(3, 10, 9),
            at(3, 10, 10),
            'Budget; Q3, "final"',
            'CONFIRMED',
            undefined,
            undefined,
          ],
        );
        t.deepEqual(attendees(req.cal), invited);

        const cancelled = await queued('booking.cancelled', () =>
          app().post(`/api/bookings/${id}/cancel`, { reason: 'Moved' }, { token: alice.token }),
        );
        const cancel = calendarOf(t, cancelled);
        t.is(cancel.cal.method, 'CANCEL');
        checkCommon(t, cancel.cal);
        t.deepEqual(
          [cancel.cal.events[0]!.uid, cancel.cal.events[0]!.sequence, cancel.cal.events[0]!.status],
          [`booking-${id}@atrium`, 1, 'CANCELLED'],
        );
        t.deepEqual(attendees(cancel.cal), invited);
      },
    );

    test.serial(
      `${dialect}: a series is one invitation of one recurring event, its occurrences those Atrium booked, across the change of the clocks`,
      async (t) => {
        const created = await queued('booking.created', async () => {
          const res = await app().post<{ data: { series: { id: number }; bookings: Array<{ id: number }> } }>(
            '/api/bookings',
            {
              subject: 'Weekly',
              resourceId: room,
              meetingDate: '2027-03-16',
              startTime: '09:00',
              endTime: '10:00',
              recurrence: { freq: 'weekly', interval: 1, count: 4 },
              innerAttendees: [bob.id],
              outerAttendees: [{ name: 'Gina Guest', email: 'gina@guest.example' }],
            },
            { token: alice.token },
          );
          t.is(res.status, 200, JSON.stringify(res.body));
          seriesId = res.body.data.series.id;
          seriesIds = res.body.data.bookings.map((b) => b.id);
        });
        t.is(seriesIds.length, 4);
        t.is(created.length, singleMessages, 'as many messages as for one booking, not one per occurrence');
        t.is(created.filter((r) => r.message.to.some((p) => p.email === 'gina@guest.example')).length, 1);
        const { method, cal } = calendarOf(t, created);
        t.is(method, 'REQUEST');
        checkCommon(t, cal);
        t.is(cal.events.length, 1, 'one VEVENT: the recurring event');
        const [e] = cal.events;
        t.is(e!.uid, `series-${seriesId}@atrium`);
        t.is(e!.sequence, 0);
        t.regex(e!.rrule!, /^FREQ=WEEKLY;.*UNTIL=20270406T070000Z/);
        t.deepEqual(e!.exdates, []);
        t.deepEqual(attendees(cal), invited);
        const expected: Array<[number, number]> = [
          [at(3, 16, 8), at(3, 16, 9)],
          [at(3, 23, 8), at(3, 23, 9)],
          [at(3, 30, 7), at(3, 30, 8)], // summer time from 28 March: 09:00 in Berlin is 07:00 UTC
          [at(4, 6, 7), at(4, 6, 8)],
        ];
        t.deepEqual(await atriumOccurrences(seriesId), expected);
        t.deepEqual(occurrencesOf(cal, e!.uid), expected, 'ical.js expands the rule to the same occurrences');
      },
    );

    test.serial(
      `${dialect}: an occurrence cancelled or changed alone is a CANCEL or REQUEST with its RECURRENCE-ID; the series then carries an EXDATE and an override`,
      async (t) => {
        const [first, second, third] = seriesIds;
        const cancelled = await queued('booking.cancelled', () =>
          app().post(`/api/bookings/${third}/cancel`, { reason: 'Holiday', scope: 'one' }, { token: alice.token }),
        );
        const cancel = calendarOf(t, cancelled);
        t.is(cancelled.length, singleMessages);
        t.is(cancel.cal.method, 'CANCEL');
        checkCommon(t, cancel.cal);
        t.deepEqual(
          cancel.cal.events.map((e) => [e.uid, e.recurrenceId, e.sequence, e.status, e.rrule]),
          [[`series-${seriesId}@atrium`, at(3, 30, 7), 1, 'CANCELLED', undefined]],
        );

        const changed = await queued('booking.updated', () =>
          app().put(`/api/bookings/${second}`, { startTime: '11:00', endTime: '12:00' }, { token: alice.token }),
        );
        const change = calendarOf(t, changed);
        t.is(change.cal.method, 'REQUEST');
        checkCommon(t, change.cal);
        t.deepEqual(
          change.cal.events.map((e) => [e.uid, e.recurrenceId, e.start, e.end, e.sequence, e.rrule]),
          [[`series-${seriesId}@atrium`, at(3, 23, 8), at(3, 23, 10), at(3, 23, 11), 1, undefined]],
        );

        // A change to the whole series: one message, the recurring event with its EXDATE and its override.
        const renamed = await queued('booking.updated', () =>
          app().put(`/api/bookings/${first}`, { subject: 'Weekly review', scope: 'series' }, { token: alice.token }),
        );
        t.is(renamed.length, singleMessages, 'one message for the series, not one per occurrence');
        const series = calendarOf(t, renamed);
        t.is(series.cal.method, 'REQUEST');
        checkCommon(t, series.cal);
        const uid = `series-${seriesId}@atrium`;
        t.true(
          series.cal.events.every((e) => e.uid === uid),
          'one UID for the series and its override',
        );
        const master = series.cal.events.find((e) => e.recurrenceId === undefined)!;
        t.deepEqual([master.summary, master.sequence, master.exdates], ['Weekly review', 1, [at(3, 30, 7)]]);
        const override = series.cal.events.find((e) => e.recurrenceId !== undefined)!;
        t.deepEqual([override.recurrenceId, override.start, override.sequence], [at(3, 23, 8), at(3, 23, 10), 1]);
        const atrium = await atriumOccurrences(seriesId);
        t.deepEqual(atrium, [
          [at(3, 16, 8), at(3, 16, 9)],
          [at(3, 23, 10), at(3, 23, 11)],
          [at(4, 6, 7), at(4, 6, 8)],
        ]);
        t.deepEqual(occurrencesOf(series.cal, uid), atrium, 'ical.js: the cancelled date gone, the changed one moved');
      },
    );

    test.serial(
      `${dialect}: the user's feed publishes the series once, with its exceptions, and every event with its ORGANIZER`,
      async (t) => {
        const made = await app().post<{ data: { path: string } }>('/api/bookings/feed', {}, { token: bob.token });
        t.is(made.status, 200);
        const res = await fetch(app().url + made.body.data.path);
        t.is(res.status, 200);
        const cal = readCalendar(await res.text());
        t.is(cal.method, 'PUBLISH');
        checkCommon(t, cal);
        const uid = `series-${seriesId}@atrium`;
        t.is(cal.events.filter((e) => e.uid === uid && e.recurrenceId === undefined).length, 1);
        t.false(
          cal.events.some((e) => seriesIds.some((id) => e.uid === `booking-${id}@atrium`)),
          'no occurrence twice',
        );
        t.deepEqual(occurrencesOf(cal, uid), await atriumOccurrences(seriesId));
        const single = cal.events.find((e) => e.uid.startsWith('booking-'))!;
        t.is(single.status, 'CANCELLED');
      },
    );

    test.serial(
      `${dialect}: a resource's feed: created, rotated and revoked by who manages the resource, its token stored hashed, the series once with its exceptions`,
      async (t) => {
        const root = await app().adminToken();
        t.is((await app().post(`/api/bookings/resource-feeds/${room}`, {}, { token: alice.token })).status, 403);
        const made = await app().post<{ data: { token: string; path: string; url: string } }>(
          `/api/bookings/resource-feeds/${room}`,
          {},
          { token: root },
        );
        t.is(made.status, 200, JSON.stringify(made.body));
        t.true(made.body.data.url.endsWith(`/api/bookings/resource-feed/${made.body.data.token}.ics`));
        const stored = (await app().cradle.db('resource_feeds').where({ resource_id: room }).first()) as {
          token_hash: string;
        };
        t.regex(stored.token_hash, /^[0-9a-f]{64}$/);
        t.false(stored.token_hash.includes(made.body.data.token));
        const res = await fetch(app().url + made.body.data.path);
        t.is(res.status, 200);
        t.regex(res.headers.get('content-type') ?? '', /^text\/calendar/);
        const cal = readCalendar(await res.text());
        t.is(cal.method, 'PUBLISH');
        t.deepEqual(cal.timezones, [ZONE]);
        const uid = `series-${seriesId}@atrium`;
        t.is(cal.events.filter((e) => e.uid === uid && e.recurrenceId === undefined).length, 1);
        t.deepEqual(occurrencesOf(cal, uid), await atriumOccurrences(seriesId));
        t.true(
          cal.events.every((e) => e.attendees.length === 0 && e.description === ''),
          'what the grid shows: no guests, no remarks',
        );
        for (const e of cal.events) {
          t.is(e.tzid, ZONE);
          // ORGANIZER is there (PUBLISH needs it) with the organiser's name, not their address: the grid shows none.
          t.is(e.organizer?.cn, 'Alice Organiser');
          t.regex(e.organizer?.email ?? '', /@atrium\.invalid$/);
        }
        // Others' subjects only where the grid shows them (showOthersSubject); otherwise the room's name.
        await setParams(app(), { showOthersSubject: false });
        const hidden = readCalendar(await (await fetch(app().url + made.body.data.path)).text());
        t.true(hidden.events.length > 0 && hidden.events.every((e) => e.summary === 'Linde'));
        await setParams(app(), { showOthersSubject: true });
        const shown = readCalendar(await (await fetch(app().url + made.body.data.path)).text());
        t.is(shown.events.find((e) => e.uid === uid && e.recurrenceId === undefined)!.summary, 'Weekly review');
        const rotated = await app().post<{ data: { path: string } }>(
          `/api/bookings/resource-feeds/${room}`,
          {},
          { token: root },
        );
        t.is((await fetch(app().url + made.body.data.path)).status, 404, 'the old URL stops working');
        t.is((await fetch(app().url + rotated.body.data.path)).status, 200);
        const revoked = await app().delete<{ data: { revoked: boolean } }>(`/api/bookings/resource-feeds/${room}`, {
          token: root,
        });
        t.deepEqual([revoked.status, revoked.body.data.revoked], [200, true]);
        t.is((await fetch(app().url + rotated.body.data.path)).status, 404);
        t.is((await fetch(app().url + '/api/bookings/resource-feed/short.ics')).status, 400);
      },
    );

    test.serial(
      `${dialect}: cancelling the whole series is one message: what it still holds (changed alone) stays, and a series with nothing left is one CANCEL of its UID`,
      async (t) => {
        const uid = `series-${seriesId}@atrium`;
        const cancelled = await queued('booking.cancelled', () =>
          app().post(
            `/api/bookings/${seriesIds[0]}/cancel`,
            { reason: 'Done', scope: 'series' },
            { token: alice.token },
          ),
        );
        t.is(cancelled.length, singleMessages, 'one message for the series');
        const kept = calendarOf(t, cancelled);
        t.is(kept.method, 'REQUEST', 'the occurrence changed alone is still on');
        checkCommon(t, kept.cal);
        const atrium = await atriumOccurrences(seriesId);
        t.deepEqual(atrium, [[at(3, 23, 10), at(3, 23, 11)]]);
        t.deepEqual(occurrencesOf(kept.cal, uid), atrium);
        const master = kept.cal.events.find((e) => e.recurrenceId === undefined)!;
        t.true(master.sequence >= 2, "the recurring event's SEQUENCE grew with the cancellation");

        const last = await queued('booking.cancelled', () =>
          app().post(`/api/bookings/${seriesIds[1]}/cancel`, { reason: 'Done', scope: 'one' }, { token: alice.token }),
        );
        const off = calendarOf(t, last);
        t.deepEqual(
          [off.method, ...off.cal.events.map((e) => [e.uid, e.recurrenceId, e.status])],
          ['CANCEL', [uid, at(3, 23, 8), 'CANCELLED']],
        );

        let other = 0;
        await queued('booking.created', async () => {
          const res = await app().post<{ data: { series: { id: number }; bookings: Array<{ id: number }> } }>(
            '/api/bookings',
            {
              subject: 'Twice',
              resourceId: room,
              meetingDate: '2027-04-12',
              startTime: '14:00',
              endTime: '15:00',
              recurrence: { freq: 'daily', interval: 1, count: 2 },
            },
            { token: alice.token },
          );
          t.is(res.status, 200, JSON.stringify(res.body));
          other = res.body.data.series.id;
          seriesIds = res.body.data.bookings.map((b) => b.id);
        });
        const gone = await queued('booking.cancelled', () =>
          app().post(
            `/api/bookings/${seriesIds[0]}/cancel`,
            { reason: 'Done', scope: 'series' },
            { token: alice.token },
          ),
        );
        t.is(gone.length, 1, 'the organiser alone, once');
        const cancel = calendarOf(t, gone);
        t.is(cancel.method, 'CANCEL');
        checkCommon(t, cancel.cal);
        t.deepEqual(
          cancel.cal.events.map((e) => [e.uid, e.recurrenceId, e.status, e.sequence]),
          [[`series-${other}@atrium`, undefined, 'CANCELLED', 1]],
        );
        t.deepEqual(await atriumOccurrences(other), []);
      },
    );

    test.serial(
      `${dialect}: changing "this and the following" sends the first part again, ending earlier, and the new series; cancelling the following ones sends the series ending earlier`,
      async (t) => {
        let first = 0;
        let ids: number[] = [];
        await queued('booking.created', async () => {
          const res = await app().post<{ data: { series: { id: number }; bookings: Array<{ id: number }> } }>(
            '/api/bookings',
            {
              subject: 'Daily',
              resourceId: room,
              meetingDate: '2027-04-19',
              startTime: '08:00',
              endTime: '08:30',
              recurrence: { freq: 'daily', interval: 1, count: 5 },
              outerAttendees: [{ name: 'Gina Guest', email: 'gina@guest.example' }],
            },
            { token: alice.token },
          );
          t.is(res.status, 200, JSON.stringify(res.body));
          first = res.body.data.series.id;
          ids = res.body.data.bookings.map((b) => b.id);
        });
        const split = await queued('booking.updated', () =>
          app().put(
            `/api/bookings/${ids[2]}`,
            { startTime: '09:00', endTime: '09:30', scope: 'following' },
            { token: alice.token },
          ),
        );
        const toGina = split.filter((r) => r.message.to.some((p) => p.email === 'gina@guest.example'));
        t.is(toGina.length, 2, 'the first part and the new series');
        const cals = toGina.map((r) => readCalendar(r.message.calendar!.ics));
        t.deepEqual(
          cals.map((c) => c.method),
          ['REQUEST', 'REQUEST'],
        );
        const second = Number(
          (await app().cradle.db('bookings').where({ id: ids[2] }).first('series_id')).series_id as number,
        );
        t.not(second, first);
        const byUid = new Map(cals.map((c) => [c.events[0]!.uid, c]));
        for (const id of [first, second]) {
          const cal = byUid.get(`series-${id}@atrium`)!;
          t.truthy(cal, `series ${id} is sent`);
          checkCommon(t, cal);
          t.deepEqual(occurrencesOf(cal, `series-${id}@atrium`), await atriumOccurrences(id));
        }
        t.deepEqual(await atriumOccurrences(first), [
          [at(4, 19, 6), at(4, 19, 6) + 1_800_000],
          [at(4, 20, 6), at(4, 20, 6) + 1_800_000],
        ]);
        t.is((await atriumOccurrences(second))[0]![0], at(4, 21, 7));

        const cut = await queued('booking.cancelled', () =>
          app().post(
            `/api/bookings/${ids[3]}/cancel`,
            { reason: 'Enough', scope: 'following' },
            { token: alice.token },
          ),
        );
        const cutToGina = cut.filter((r) => r.message.to.some((p) => p.email === 'gina@guest.example'));
        t.is(cutToGina.length, 1, 'one message for the series');
        const cal = readCalendar(cutToGina[0]!.message.calendar!.ics);
        t.is(cal.method, 'REQUEST', 'the series again, its rule ending earlier');
        t.deepEqual(occurrencesOf(cal, `series-${second}@atrium`), await atriumOccurrences(second));
        t.deepEqual(await atriumOccurrences(second), [[at(4, 21, 7), at(4, 21, 7) + 1_800_000]]);
      },
    );

    test.serial(
      `${dialect}: a no-show of one occurrence is a CANCEL with its RECURRENCE-ID, and the series then has it as an EXDATE`,
      async (t) => {
        let sid = 0;
        let ids: number[] = [];
        await queued('booking.created', async () => {
          const res = await app().post<{ data: { series: { id: number }; bookings: Array<{ id: number }> } }>(
            '/api/bookings',
            {
              subject: 'Check-ins',
              resourceId: room,
              meetingDate: '2027-05-03',
              startTime: '16:00',
              endTime: '17:00',
              recurrence: { freq: 'daily', interval: 1, count: 3 },
              outerAttendees: [{ name: 'Gina Guest', email: 'gina@guest.example' }],
            },
            { token: alice.token },
          );
          t.is(res.status, 200, JSON.stringify(res.body));
          sid = res.body.data.series.id;
          ids = res.body.data.bookings.map((b) => b.id);
        });
        const { db, changeLog } = app().cradle;
        // As the no-show job leaves it (R8.5): auto-cancelled, not detached, its SEQUENCE grown.
        await db('bookings').where({ id: ids[1] }).update({ state: 'autoCancelled', sequence: 1 });
        const [snap] = await snapshotsOf(db, [ids[1]!]);
        const noShow = await queued('booking.autoCancelled', () =>
          changeLog.publish('booking.autoCancelled', { booking: snap!, actorId: 0 }),
        );
        const cancel = calendarOf(t, noShow);
        t.is(cancel.method, 'CANCEL');
        checkCommon(t, cancel.cal);
        t.deepEqual(
          cancel.cal.events.map((e) => [e.uid, e.recurrenceId, e.sequence, e.status]),
          [[`series-${sid}@atrium`, at(5, 4, 14), 1, 'CANCELLED']],
        );
        const made = await app().post<{ data: { path: string } }>('/api/bookings/feed', {}, { token: alice.token });
        const feed = readCalendar(await (await fetch(app().url + made.body.data.path)).text());
        const master = feed.events.find((e) => e.uid === `series-${sid}@atrium` && e.recurrenceId === undefined)!;
        t.deepEqual(master.exdates, [at(5, 4, 14)]);
        t.deepEqual(occurrencesOf(feed, master.uid), await atriumOccurrences(sid));
        t.is((await atriumOccurrences(sid)).length, 2);
      },
    );

    test.serial(
      `${dialect}: "this and following" splits the series in two documents; an occurrence changed alone after the split goes with the later part, and an occurrence's .ics is its series`,
      async (t) => {
        const res = await app().post<{ data: { series: { id: number }; bookings: Array<{ id: number }> } }>(
          '/api/bookings',
          {
            subject: 'Split me',
            resourceId: room,
            meetingDate: '2027-05-05',
            startTime: '20:00',
            endTime: '21:00',
            recurrence: { freq: 'weekly', interval: 1, count: 4 },
          },
          { token: alice.token },
        );
        t.is(res.status, 200, JSON.stringify(res.body));
        const sid = res.body.data.series.id;
        const [, second, third] = res.body.data.bookings.map((b) => b.id);
        const moved = await app().put(
          `/api/bookings/${third}`,
          { startTime: '22:00', endTime: '23:00' },
          { token: alice.token },
        );
        t.is(moved.status, 200, JSON.stringify(moved.body));
        const split = await app().put<{ data: { seriesId: number } }>(
          `/api/bookings/${second}`,
          { subject: 'Second half', scope: 'following' },
          { token: alice.token },
        );
        t.is(split.status, 200, JSON.stringify(split.body));
        const later = split.body.data.seriesId;
        t.not(later, sid);
        // May is summer time in Berlin: 20:00 there is 18:00 UTC.
        t.deepEqual(await atriumOccurrences(sid), [[at(5, 5, 18), at(5, 5, 19)]]);
        t.deepEqual(await atriumOccurrences(later), [
          [at(5, 12, 18), at(5, 12, 19)],
          [at(5, 19, 20), at(5, 19, 21)],
          [at(5, 26, 18), at(5, 26, 19)],
        ]);

        const made = await app().post<{ data: { path: string } }>('/api/bookings/feed', {}, { token: alice.token });
        const feed = readCalendar(await (await fetch(app().url + made.body.data.path)).text());
        const early = `series-${sid}@atrium`;
        const rest = `series-${later}@atrium`;
        t.deepEqual(occurrencesOf(feed, early), await atriumOccurrences(sid), 'the earlier part: its one date');
        t.deepEqual(
          occurrencesOf(feed, rest),
          await atriumOccurrences(later),
          'the later part, with the occurrence changed alone as its override: no meeting lost',
        );
        const override = feed.events.find((e) => e.uid === rest && e.recurrenceId !== undefined)!;
        t.deepEqual([override.recurrenceId, override.start], [at(5, 19, 18), at(5, 19, 20)]);

        // The .ics of an occurrence is its series: a calendar holding the invitation updates, not duplicates.
        const ics = await fetch(`${app().url}/api/bookings/${third}/ics`, { headers: { token: alice.token } });
        t.is(ics.status, 200);
        const one = readCalendar(await ics.text());
        t.true(one.events.every((e) => e.uid === rest));
        t.deepEqual(occurrencesOf(one, rest), await atriumOccurrences(later));
      },
    );
  },
  { config: { accessTokenTtlSeconds: 86_400 } },
);
