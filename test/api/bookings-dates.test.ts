/**
 * Dates and times entering the booking API: a date is a calendar date that exists, a time is one the resource's
 * clocks show that day, a series is as long as it was asked to be, and the grid calls a cell free only when it can
 * be booked.
 */
import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { admin, BASE, book, getGrid, MIN, staff, type BookingData, type Who } from '../helpers/bookings.ts';
import { createPlace, createResource, setParams, setTimeConfig, type Place } from '../helpers/places-fixture.ts';

interface Occ {
  date: string;
  ok: boolean;
  failures: Array<{ key: string; msg: string }>;
}
interface SeriesAnswer {
  series: { id: number; untilDate: string };
  bookings: BookingData[];
  skipped: Occ[];
}
interface GridData {
  resources: Array<{ id: number; cells: Array<{ time: string; state: string }> }>;
}
interface Refusal {
  key: string;
  msg: string;
  errors?: Array<{ field: string; message: string }>;
  occurrences?: Occ[];
}

perDialect(
  test,
  (dialect, app) => {
    let place: Place;
    let alice: Who;
    let root: Who;

    test.serial.before(async () => {
      app().clock.set(BASE);
      place = await createPlace(app());
      alice = await staff(app(), 'alice');
      root = await admin(app());
      // Series reaching years ahead: the days-ahead rule is not what these tests are about.
      await setParams(app(), { bookingDaysAhead: 0 });
    });

    const create = (body: Record<string, unknown>) =>
      app().post<{ data: SeriesAnswer } & Refusal>(
        '/api/bookings',
        { subject: 'Stand-up', ...body },
        { token: alice.token },
      );
    const preview = (body: Record<string, unknown>) =>
      app().post<{ data: { occurrences: Occ[]; okCount: number } } & Refusal>(
        '/api/bookings/preview',
        { subject: 'Stand-up', ...body },
        { token: alice.token },
      );
    const countOn = async (resourceId: number) =>
      Number((await app().cradle.db('bookings').where({ resource_id: resourceId }).count({ n: '*' }).first())?.n);

    test.serial(
      `${dialect}: a date that does not exist is refused at its field wherever it enters, never moved to another day`,
      async (t) => {
        const room = await createResource(app(), place);
        const times = { resourceId: room, startTime: '09:00', endTime: '10:00' };
        const refusedAt = (res: { status: number; body: Partial<Refusal> }, field: string, what: string) => {
          t.is(res.status, 400, `${what}: ${JSON.stringify(res.body).slice(0, 300)}`);
          t.is(res.body.key, 'common.validation', what);
          t.deepEqual(
            res.body.errors?.map((e) => e.field),
            [field],
            what,
          );
        };
        refusedAt(await book(app(), alice, { ...times, meetingDate: '2027-02-29' }), 'meetingDate', 'single');
        const daily = { freq: 'daily', interval: 1, count: 3 };
        refusedAt(await preview({ ...times, meetingDate: '2027-02-31', recurrence: daily }), 'meetingDate', 'preview');
        refusedAt(await create({ ...times, meetingDate: '2027-02-31', recurrence: daily }), 'meetingDate', 'series');
        const until = (date: string) => ({ freq: 'daily', interval: 1, until: date });
        for (const date of ['2027-04-31', '2027-03-32', '2027-03-99', '2027-13-01'])
          refusedAt(
            await create({ ...times, meetingDate: '2027-03-22', recurrence: until(date) }),
            'recurrence.until',
            `until ${date}`,
          );
        t.is(await countOn(room), 0, 'nothing booked on a neighbouring date');

        const kept = await book(app(), alice, { ...times, meetingDate: '2027-03-22' });
        const moved = await app().put(
          `/api/bookings/${kept.body.data.id}`,
          { meetingDate: '2027-06-31' },
          { token: alice.token },
        );
        refusedAt(moved as { status: number; body: Refusal }, 'meetingDate', 'modify');
        for (const path of [
          '/api/bookings/grid?date=2027-02-29',
          `/api/bookings/available?date=2027-04-31&startTime=09:00&endTime=10:00`,
        ])
          refusedAt((await app().get(path, { token: alice.token })) as { status: number; body: Refusal }, 'date', path);
        const report = await app().post(
          '/api/room/reports',
          { type: 'bookings', from: '2027-02-01', to: '2027-02-30' },
          { token: root.token },
        );
        refusedAt(report as { status: number; body: Refusal }, 'to', 'report');
        const leap = await book(app(), alice, { ...times, meetingDate: '2028-02-29' });
        t.is(leap.status, 200, 'a leap day is a date');
        t.is(leap.body.data.startAt, Date.UTC(2028, 1, 29, 9));
      },
    );

    test.serial(
      `${dialect}: a series may reach its occurrence cap, one date more is refused, not cut short`,
      async (t) => {
        const room = await createResource(app(), place);
        const body = { resourceId: room, meetingDate: '2027-03-02', startTime: '09:00', endTime: '09:15' };
        const daily = (until: string) => ({ freq: 'daily', interval: 1, until });
        const atCap = await preview({ ...body, recurrence: daily('2029-03-02') });
        t.is(atCap.status, 200, JSON.stringify(atCap.body).slice(0, 300));
        t.is(atCap.body.data.occurrences.length, 732);
        t.is(atCap.body.data.occurrences.at(-1)?.date, '2029-03-02');
        for (const res of [
          await preview({ ...body, recurrence: daily('2029-03-03') }),
          await create({ ...body, recurrence: daily('2031-12-31') }),
        ]) {
          t.is(res.status, 400);
          t.is(res.body.key, 'bookings.recurrenceTooLong');
          t.true(res.body.msg.includes('732'), res.body.msg);
        }
        t.is(await countOn(room), 0);
      },
    );

    test.serial(
      `${dialect}: a time the clocks skip is refused for a booking, a change and the inquiry; its neighbours are booked as labelled`,
      async (t) => {
        // 2027-03-14: New York's clocks jump from 02:00 to 03:00.
        const ny = await createResource(app(), place, { timeZone: 'America/New_York' });
        const at = (startTime: string, endTime: string) =>
          book(app(), alice, { resourceId: ny, meetingDate: '2027-03-14', startTime, endTime });
        for (const [from, to, missing] of [
          ['02:00', '02:30', '02:00'],
          ['02:30', '03:00', '02:30'],
          ['01:00', '02:00', '02:00'],
        ] as const) {
          const res = await at(from, to);
          t.is(res.status, 400, `${from}-${to}: ${JSON.stringify(res.body)}`);
          t.is(res.body.key, 'bookings.timeSkipped');
          t.true(String(res.body.msg).includes(missing), String(res.body.msg));
        }
        const across = await at('01:30', '03:00');
        t.is(across.status, 200, JSON.stringify(across.body));
        t.is(across.body.data.startAt, Date.UTC(2027, 2, 14, 6, 30), '01:30 EST');
        t.is(across.body.data.endAt - across.body.data.startAt, 30 * MIN, 'half an hour of real time');
        const moved = await app().put<{ key: string }>(
          `/api/bookings/${across.body.data.id}`,
          { startTime: '02:15', endTime: '03:30' },
          { token: alice.token },
        );
        t.is(moved.status, 400);
        t.is(moved.body.key, 'bookings.timeSkipped');
        const offered = async (startTime: string, endTime: string) =>
          (
            await app().get<{ data: { resources: Array<{ id: number }> } }>(
              `/api/bookings/available?date=2027-03-14&floorId=${place.floorId}&startTime=${startTime}&endTime=${endTime}`,
              { token: alice.token },
            )
          ).body.data.resources.some((r) => r.id === ny);
        t.false(await offered('02:00', '02:45'), 'the inquiry does not offer what booking refuses');
        t.true(await offered('03:00', '04:00'));
      },
    );

    test.serial(
      `${dialect}: where the clocks skip midnight, a day still starts at 00:00 and lasts 23 hours`,
      async (t) => {
        // 2027-09-05: Santiago's clocks jump from 00:00 to 01:00.
        const santiago = await createResource(app(), place, { timeZone: 'America/Santiago' });
        const day = await book(app(), root, {
          resourceId: santiago,
          meetingDate: '2027-09-05',
          startTime: '00:00',
          endTime: '24:00',
        });
        t.is(day.status, 200, JSON.stringify(day.body));
        t.is(day.body.data.startAt, Date.UTC(2027, 8, 5, 4), 'the first instant of the day, 01:00 -03');
        t.is(day.body.data.endAt - day.body.data.startAt, 23 * 60 * MIN);
        const half = await book(app(), root, {
          resourceId: santiago,
          meetingDate: '2027-09-05',
          startTime: '00:30',
          endTime: '01:30',
        });
        t.is(half.body.key, 'bookings.timeSkipped');
      },
    );

    test.serial(
      `${dialect}: an occurrence whose time the clocks skip is one refused date of its series: fail refuses, skip books the rest`,
      async (t) => {
        // 2027-03-28: Berlin's clocks jump from 02:00 to 03:00.
        const room = await createResource(app(), place, { timeZone: 'Europe/Berlin' });
        const body = {
          resourceId: room,
          meetingDate: '2027-03-26',
          startTime: '02:30',
          endTime: '03:00',
          recurrence: { freq: 'daily', interval: 1, count: 5 },
        };
        const seen = await preview(body);
        t.is(seen.status, 200, JSON.stringify(seen.body).slice(0, 300));
        t.deepEqual(
          seen.body.data.occurrences.filter((o) => !o.ok).map((o) => [o.date, o.failures.map((f) => f.key)]),
          [['2027-03-28', ['bookings.timeSkipped']]],
        );
        t.is(seen.body.data.okCount, 4);
        const failed = await create({ ...body, conflictPolicy: 'fail' });
        t.is(failed.status, 422, JSON.stringify(failed.body).slice(0, 300));
        t.is(failed.body.key, 'bookings.seriesRefused');
        t.deepEqual(
          failed.body.occurrences?.map((o) => o.date),
          ['2027-03-28'],
        );
        t.is(await countOn(room), 0);
        const made = await create({ ...body, conflictPolicy: 'skip' });
        t.is(made.status, 200, JSON.stringify(made.body).slice(0, 300));
        t.deepEqual(
          made.body.data.bookings.map((b) => [b.meetingDate, b.startTime, b.endAt - b.startAt]),
          ['2027-03-26', '2027-03-27', '2027-03-29', '2027-03-30'].map((d) => [d, '02:30', 30 * MIN]),
        );
        t.deepEqual(
          made.body.data.skipped.map((o) => o.date),
          ['2027-03-28'],
        );
      },
    );

    test.serial(
      `${dialect}: with a 30-minute grid, the cell in progress is free while its start can be booked and expired after`,
      async (t) => {
        await setTimeConfig(app(), { interval: 30 });
        const room = await createResource(app(), place);
        const grid = async () =>
          (
            await getGrid<GridData>(app(), `/api/bookings/grid?date=2027-03-01&floorId=${place.floorId}`, alice.token)
          ).body.data.resources.find((r) => r.id === room)!;
        const stateAt = async (time: string) => (await grid()).cells.find((c) => c.time === time)!.state;
        const halfHour = (startTime: string, endTime: string) =>
          book(app(), alice, { resourceId: room, meetingDate: '2027-03-01', startTime, endTime });
        try {
          app().clock.set(BASE + 20 * MIN); // 08:20: the 08:00 cell began before the quarter in progress
          t.is(await stateAt('08:00'), 'expired');
          t.is((await halfHour('08:00', '08:30')).body.key, 'bookings.timeExpired');
          t.is(await stateAt('08:30'), 'free');
          t.is((await halfHour('08:15', '08:30')).status, 200, 'the quarter in progress is still bookable');
          app().clock.set(BASE + 40 * MIN); // 08:40: the 08:30 cell is in its first quarter
          t.is(await stateAt('08:30'), 'free');
          t.is((await halfHour('08:30', '09:00')).status, 200);
        } finally {
          app().clock.set(BASE);
          await setTimeConfig(app(), { interval: 15 });
        }
      },
    );
  },
  { config: { accessTokenTtlSeconds: 86_400 } },
);
