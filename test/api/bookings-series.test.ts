import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { BASE, book, staff, type BookingData, type Who } from '../helpers/bookings.ts';
import { createPlace, createResource, setParams, type Place } from '../helpers/places-fixture.ts';

interface Occ {
  date: string;
  ok: boolean;
  failures: Array<{ key: string; msg: string }>;
  conflicts: Array<{ startAt: number; endAt: number; bookingId?: number }>;
}
interface SeriesAnswer {
  series: { id: number; rrule: string };
  bookings: BookingData[];
  skipped: Occ[];
}

perDialect(
  test,
  (dialect, app) => {
    let place: Place;
    let alice: Who;
    let bob: Who;

    test.serial.before(async () => {
      app().clock.set(BASE);
      place = await createPlace(app());
      alice = await staff(app(), 'alice');
      bob = await staff(app(), 'bob');
    });

    const series = (who: Who, body: Record<string, unknown>) =>
      app().post<{ data: SeriesAnswer; occurrences?: Occ[] }>(
        '/api/bookings',
        { subject: 'Stand-up', ...body },
        { token: who.token },
      );
    const rows = async (seriesId: number) =>
      (await app().cradle.db('bookings').where({ series_id: seriesId }).orderBy('series_date')) as Array<
        Record<string, unknown>
      >;

    test.serial(
      `${dialect}: preview lists every occurrence with its conflicts and refusals; fail refuses all, skip books the rest`,
      async (t) => {
        const room = await createResource(app(), place);
        const clash = (
          await book(app(), bob, { resourceId: room, meetingDate: '2027-03-10', startTime: '09:30', endTime: '10:30' })
        ).body.data;
        await app()
          .cradle.db('resource_disabled_periods')
          .insert({
            resource_id: room,
            start_at: Date.UTC(2027, 2, 15),
            end_at: Date.UTC(2027, 2, 16),
            reason: 'painting',
            created_at: BASE,
          });
        const body = {
          resourceId: room,
          meetingDate: '2027-03-08',
          startTime: '09:00',
          endTime: '10:00',
          recurrence: { freq: 'weekly', interval: 1, byWeekday: [1, 3], count: 6 },
        };
        const preview = await app().post<{ data: { occurrences: Occ[]; okCount: number } }>(
          '/api/bookings/preview',
          { subject: 'Stand-up', ...body },
          { token: alice.token },
        );
        t.is(preview.status, 200, JSON.stringify(preview.body));
        t.deepEqual(
          preview.body.data.occurrences.map((o) => o.date),
          ['2027-03-08', '2027-03-10', '2027-03-15', '2027-03-17', '2027-03-22', '2027-03-24'],
        );
        t.is(preview.body.data.okCount, 4);
        t.is(preview.body.data.occurrences[1]!.conflicts[0]!.bookingId, clash.id);
        t.is(preview.body.data.occurrences[2]!.failures[0]!.key, 'bookings.disabledPeriod');

        const failed = await series(alice, { ...body, conflictPolicy: 'fail' });
        t.is(failed.status, 409);
        t.is(failed.body.key, 'bookings.seriesConflict');
        t.deepEqual(
          failed.body.occurrences!.map((o) => o.date),
          ['2027-03-10', '2027-03-15'],
        );
        t.is(
          Number((await app().cradle.db('bookings').where({ resource_id: room }).count({ n: '*' }).first())?.n),
          1,
          'nothing written',
        );
        t.is(
          Number((await app().cradle.db('booking_series').where({ resource_id: room }).count({ n: '*' }).first())?.n),
          0,
        );

        const skipped = await series(alice, { ...body, conflictPolicy: 'skip' });
        t.is(skipped.status, 200, JSON.stringify(skipped.body));
        t.deepEqual(
          skipped.body.data.bookings.map((b) => b.meetingDate),
          ['2027-03-08', '2027-03-17', '2027-03-22', '2027-03-24'],
        );
        t.deepEqual(
          skipped.body.data.skipped.map((o) => o.date),
          ['2027-03-10', '2027-03-15'],
        );
        t.true(skipped.body.data.bookings.every((b) => b.seriesId === skipped.body.data.series.id && !b.detached));
        t.regex(skipped.body.data.series.rrule, /FREQ=WEEKLY/);
      },
    );

    test.serial(`${dialect}: daily with interval and until; monthly by date and by nth weekday`, async (t) => {
      const room = await createResource(app(), place);
      const daily = await series(alice, {
        resourceId: room,
        meetingDate: '2027-03-02',
        startTime: '08:00',
        endTime: '08:30',
        recurrence: { freq: 'daily', interval: 2, until: '2027-03-10' },
      });
      t.is(daily.status, 200, JSON.stringify(daily.body));
      t.deepEqual(
        daily.body.data.bookings.map((b) => b.meetingDate),
        ['2027-03-02', '2027-03-04', '2027-03-06', '2027-03-08', '2027-03-10'],
      );
      const byDate = await series(alice, {
        resourceId: room,
        meetingDate: '2027-03-15',
        startTime: '11:00',
        endTime: '12:00',
        recurrence: { freq: 'monthly', interval: 1, byMonthDay: [15], count: 3 },
      });
      t.deepEqual(
        byDate.body.data.bookings.map((b) => b.meetingDate),
        ['2027-03-15', '2027-04-15', '2027-05-15'],
      );
      // The second Tuesday of each month.
      const nth = await series(alice, {
        resourceId: room,
        meetingDate: '2027-03-09',
        startTime: '14:00',
        endTime: '15:00',
        recurrence: { freq: 'monthly', interval: 1, byWeekday: [2], bySetPos: 2, count: 3 },
      });
      t.deepEqual(
        nth.body.data.bookings.map((b) => b.meetingDate),
        ['2027-03-09', '2027-04-13', '2027-05-11'],
      );
      const bad = await series(alice, {
        resourceId: room,
        meetingDate: '2027-03-09',
        startTime: '14:00',
        endTime: '15:00',
        recurrence: { freq: 'daily', interval: 1 },
      });
      t.is(bad.status, 400);
      const backwards = await series(alice, {
        resourceId: room,
        meetingDate: '2027-03-09',
        startTime: '16:00',
        endTime: '17:00',
        recurrence: { freq: 'daily', interval: 1, until: '2027-03-01' },
      });
      t.is(backwards.body.key, 'bookings.recurrenceInvalid');
      await setParams(app(), { useCircleReservation: false });
      const off = await series(alice, {
        resourceId: room,
        meetingDate: '2027-03-09',
        startTime: '16:00',
        endTime: '17:00',
        recurrence: { freq: 'daily', interval: 1, count: 2 },
      });
      t.is(off.body.key, 'bookings.recurrenceDisabled');
      await setParams(app(), { useCircleReservation: true });
    });

    test.serial(
      `${dialect}: detach, series change, split, series cancel — never resurrecting or overwriting lone changes`,
      async (t) => {
        const room = await createResource(app(), place);
        const created = await series(alice, {
          resourceId: room,
          meetingDate: '2027-03-02',
          startTime: '09:00',
          endTime: '10:00',
          recurrence: { freq: 'daily', interval: 1, count: 8 },
        });
        t.is(created.status, 200, JSON.stringify(created.body));
        const [d2, d3, d4, d5, d6, d7] = created.body.data.bookings;
        const sid = created.body.data.series.id;

        // Edit one occurrence alone: it leaves the series.
        const edited = await app().put<{ data: { updated: BookingData[] } }>(
          `/api/bookings/${d3!.id}`,
          { subject: 'Special', startTime: '15:00', endTime: '16:00' },
          { token: alice.token },
        );
        t.is(edited.status, 200, JSON.stringify(edited.body));
        t.true(edited.body.data.updated[0]!.detached);
        // Cancel one alone.
        const lone = await app().post<{ data: { cancelled: BookingData[] } }>(
          `/api/bookings/${d4!.id}/cancel`,
          { reason: 'holiday', scope: 'one' },
          { token: alice.token },
        );
        t.true(lone.body.data.cancelled[0]!.detached);

        // Change the whole series: the lone edit and the lone cancellation stay as they are.
        const all = await app().put<{ data: { updated: BookingData[] } }>(
          `/api/bookings/${d2!.id}`,
          { subject: 'Daily', startTime: '10:00', endTime: '10:30', scope: 'series' },
          { token: alice.token },
        );
        t.is(all.status, 200, JSON.stringify(all.body));
        t.is(all.body.data.updated.length, 6);
        let now = await rows(sid);
        const by = (id: number) => now.find((r) => Number(r.id) === id)!;
        t.is(by(d3!.id).subject, 'Special');
        t.is(by(d3!.id).start_time, '15:00');
        t.is(by(d4!.id).state, 'cancelled', 'not resurrected');
        t.is(by(d5!.id).subject, 'Daily');
        t.is(by(d5!.id).start_time, '10:00');
        t.is(Number(by(d5!.id).sequence), 1);
        t.is(
          (
            await book(app(), bob, {
              resourceId: room,
              meetingDate: '2027-03-05',
              startTime: '09:00',
              endTime: '10:00',
            })
          ).status,
          200,
          'old series time is free',
        );

        // This and the following: a new series, child of the old.
        const split = await app().put<{ data: { updated: BookingData[]; seriesId: number } }>(
          `/api/bookings/${d6!.id}`,
          { subject: 'Later', scope: 'following' },
          { token: alice.token },
        );
        t.is(split.status, 200, JSON.stringify(split.body));
        const child = (await app()
          .cradle.db('booking_series')
          .where({ id: split.body.data.seriesId })
          .first()) as Record<string, unknown>;
        t.is(Number(child.parent_series_id), sid);
        t.is(child.first_date, '2027-03-06');
        t.is(split.body.data.updated.length, 4);
        t.true(split.body.data.updated.every((b) => b.seriesId === split.body.data.seriesId && b.subject === 'Later'));
        t.is((await app().cradle.db('booking_series').where({ id: sid }).first('until_date')).until_date, '2027-03-05');

        // Cancel the rest of the (new) series from d7: d6 stays, d7.. cancelled.
        const following = await app().post<{ data: { cancelled: BookingData[] } }>(
          `/api/bookings/${d7!.id}/cancel`,
          { reason: 'moved', scope: 'following' },
          { token: alice.token },
        );
        t.is(following.body.data.cancelled.length, 3);
        // Cancel the whole old series: future non-detached occurrences go, the lone edit stays.
        const whole = await app().post<{ data: { cancelled: BookingData[] } }>(
          `/api/bookings/${d5!.id}/cancel`,
          { reason: 'project over', scope: 'series' },
          { token: alice.token },
        );
        t.deepEqual(whole.body.data.cancelled.map((b) => b.id).sort(), [d2!.id, d5!.id].sort());
        now = await rows(sid);
        t.is(by(d3!.id).state, 'confirmed', 'the occurrence edited alone is left alone');
        t.is((await app().cradle.db('booking_series').where({ id: sid }).first('state')).state, 'cancelled');
        t.is(
          (await app().get<{ data: BookingData }>(`/api/bookings/${d6!.id}`, { token: alice.token })).body.data.state,
          'confirmed',
        );
      },
    );

    test.serial(`${dialect}: a series change into taken time fails as a whole`, async (t) => {
      const room = await createResource(app(), place);
      const created = await series(alice, {
        resourceId: room,
        meetingDate: '2027-03-02',
        startTime: '09:00',
        endTime: '10:00',
        recurrence: { freq: 'daily', interval: 1, count: 3 },
      });
      const [first] = created.body.data.bookings;
      await book(app(), bob, { resourceId: room, meetingDate: '2027-03-03', startTime: '11:00', endTime: '12:00' });
      const res = await app().put(
        `/api/bookings/${first!.id}`,
        { startTime: '11:00', endTime: '12:00', scope: 'series' },
        { token: alice.token },
      );
      t.is(res.status, 409);
      const now = await rows(created.body.data.series.id);
      t.true(
        now.every((r) => r.start_time === '09:00'),
        'nothing moved',
      );
      t.is(
        Number(
          (
            await app()
              .cradle.db('booking_slots')
              .whereIn(
                'booking_id',
                now.map((r) => Number(r.id)),
              )
              .count({ n: '*' })
              .first()
          )?.n,
        ),
        12,
      );
    });
  },
  { config: { accessTokenTtlSeconds: 86_400 } },
);
