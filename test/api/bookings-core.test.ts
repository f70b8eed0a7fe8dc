import test from 'ava';
import type { BookingSnapshot } from '../../core/event-types.ts';
import { perDialect } from '../helpers/app.ts';
import { admin, BASE, book, getGrid, HOUR, staff, type BookingData, type Who } from '../helpers/bookings.ts';
import {
  createGroup,
  createPlace,
  createResource,
  setParams,
  setTimeConfig,
  type Place,
} from '../helpers/places-fixture.ts';

interface GridData {
  date: string;
  interval: number;
  resources: Array<{
    id: number;
    timeZone: string;
    open: { from: string; to: string } | null;
    cells: Array<{ time: string; state: string; bookingId?: number }>;
  }>;
  bookings: Array<{ id: number; subject: string | null; mySelf: boolean }>;
}

perDialect(
  test,
  (dialect, app) => {
    let place: Place;
    let room: number;
    let alice: Who;
    let bob: Who;
    let root: Who;

    test.serial.before(async () => {
      app().clock.set(BASE);
      place = await createPlace(app());
      room = await createResource(app(), place, { name: 'Oak' });
      alice = await staff(app(), 'alice');
      bob = await staff(app(), 'bob');
      root = await admin(app());
    });

    const cell = (g: GridData, resourceId: number, time: string) =>
      g.resources.find((r) => r.id === resourceId)!.cells.find((c) => c.time === time)!;

    test.serial(
      `${dialect}: create answers the booking with its code and instants; the grid shows it per caller`,
      async (t) => {
        const events: Array<{ booking: BookingSnapshot; actorId: number }> = [];
        const off = app().cradle.events.on('booking.created', (p) => void events.push(p));
        const res = await book(app(), alice, {
          resourceId: room,
          meetingDate: '2027-03-02',
          startTime: '09:00',
          endTime: '10:00',
          reminderMinutes: 15,
          innerAttendees: [bob.id],
        });
        off();
        t.is(res.status, 200, JSON.stringify(res.body));
        const b = res.body.data;
        t.is(b.state, 'confirmed');
        t.is(b.checkStatus, 0);
        t.regex(b.checkInCode, /^[1-9]\d{5}$/);
        t.is(b.startAt, Date.UTC(2027, 2, 2, 9));
        t.is(b.endAt, Date.UTC(2027, 2, 2, 10));
        t.is(b.remindAt, Date.UTC(2027, 2, 2, 8, 45));
        const slots = await app().cradle.db('booking_slots').where({ booking_id: b.id }).count({ n: '*' }).first();
        t.is(Number(slots?.n), 4);
        await app().cradle.events.settle();
        t.is(events.length, 1);
        t.like(events[0]!.booking, {
          id: b.id,
          resourceId: room,
          resourceName: 'Oak',
          organiserId: alice.id,
          state: 'confirmed',
          startAt: b.startAt,
          checkInCode: b.checkInCode,
          sequence: 0,
        });
        t.deepEqual(events[0]!.booking.innerAttendeeIds, [bob.id]);
        t.is(events[0]!.actorId, alice.id);

        const mine = await getGrid<GridData>(app(), '/api/bookings/grid?date=2027-03-02', alice.token);
        t.is(mine.status, 200, JSON.stringify(mine.body));
        t.is(mine.body.data.interval, 15);
        t.is(cell(mine.body.data, room, '09:00').state, 'mine');
        t.is(cell(mine.body.data, room, '09:00').bookingId, b.id);
        t.is(cell(mine.body.data, room, '10:00').state, 'free');
        const theirs = await getGrid<GridData>(
          app(),
          `/api/bookings/grid?date=2027-03-02&locationId=${place.locationId}`,
          bob.token,
        );
        t.is(cell(theirs.body.data, room, '09:45').state, 'other');
        t.is(theirs.body.data.bookings.find((x) => x.id === b.id)?.subject, 'Meeting');
        await setParams(app(), { showOthersSubject: false });
        const hidden = await getGrid<GridData>(app(), '/api/bookings/grid?date=2027-03-02', bob.token);
        t.is(hidden.body.data.bookings.find((x) => x.id === b.id)?.subject, null);
        await setParams(app(), { showOthersSubject: true });
        // Today's past cells are expired.
        const today = await getGrid<GridData>(app(), '/api/bookings/grid?date=2027-03-01', bob.token);
        t.is(cell(today.body.data, room, '07:00').state, 'expired');
        t.is(cell(today.body.data, room, '08:00').state, 'free');
      },
    );

    test.serial(
      `${dialect}: on the wire, each zone's cell labels come once and each resource's cells as runs of one state`,
      async (t) => {
        type Run = [string, number, number?];
        const wire = await app().get<{
          data: {
            interval: number;
            times: Record<string, string[]>;
            resources: Array<{ id: number; timeZone: string; runs: Run[]; cells?: unknown }>;
          };
        }>('/api/bookings/grid?date=2027-03-02', { token: alice.token });
        t.is(wire.status, 200);
        const r = wire.body.data.resources.find((x) => x.id === room)!;
        const labels = wire.body.data.times[r.timeZone]!;
        t.is(labels.length, 96, 'a day of 15-minute cells');
        t.is(labels[36], '09:00');
        t.is(r.cells, undefined);
        t.is(
          r.runs.reduce((n, run) => n + run[1], 0),
          labels.length,
          'the runs cover the day',
        );
        for (let i = 1; i < r.runs.length; i++)
          t.notDeepEqual(
            [r.runs[i]![0], r.runs[i]![2]],
            [r.runs[i - 1]![0], r.runs[i - 1]![2]],
            'neighbouring runs differ',
          );
        const booked = r.runs.find((run) => run[0] === 'mine')!;
        t.is(booked[1], 4, 'the hour 09:00-10:00 is one run of four cells');
        t.is(typeof booked[2], 'number', 'with its booking');
        t.true(r.runs.length <= 5, `few runs: ${JSON.stringify(r.runs)}`);
      },
    );

    test.serial(
      `${dialect}: an overlapping booking is refused with 409 and the conflicting ranges; adjacent is fine`,
      async (t) => {
        const first = await book(app(), alice, {
          resourceId: room,
          meetingDate: '2027-03-03',
          startTime: '09:00',
          endTime: '10:00',
        });
        t.is(first.status, 200);
        const clash = await book(app(), bob, {
          resourceId: room,
          meetingDate: '2027-03-03',
          startTime: '09:30',
          endTime: '11:00',
        });
        t.is(clash.status, 409);
        t.is(clash.body.key, 'bookings.alreadyBooked');
        t.is(clash.body.msg, 'Booking time already booked, choose again');
        t.deepEqual(clash.body.ranges, [
          { startAt: Date.UTC(2027, 2, 3, 9), endAt: Date.UTC(2027, 2, 3, 10), bookingId: first.body.data.id },
        ]);
        const cn = await book(
          app(),
          bob,
          { resourceId: room, meetingDate: '2027-03-03', startTime: '09:45', endTime: '10:15' },
          'cn',
        );
        t.is(cn.body.msg, '预约时间已被占用，请重新选择');
        const count = await app().cradle.db('bookings').where({ meeting_date: '2027-03-03' }).count({ n: '*' }).first();
        t.is(Number(count?.n), 1, 'a refused booking leaves no row behind');
        const adjacent = await book(app(), bob, {
          resourceId: room,
          meetingDate: '2027-03-03',
          startTime: '10:00',
          endTime: '11:00',
        });
        t.is(adjacent.status, 200);
      },
    );

    test.serial(`${dialect}: cancel needs a reason, frees the time, and the time can be booked again`, async (t) => {
      const b = (
        await book(app(), alice, { resourceId: room, meetingDate: '2027-03-04', startTime: '14:00', endTime: '15:00' })
      ).body.data;
      t.is((await app().get('/api/bookings/987654', { token: alice.token })).status, 404);
      t.is((await app().post('/api/bookings/987654/cancel', { reason: 'x' }, { token: alice.token })).status, 404);
      const noReason = await app().post(`/api/bookings/${b.id}/cancel`, {}, { token: alice.token });
      t.is(noReason.status, 400);
      const notMine = await app().post(`/api/bookings/${b.id}/cancel`, { reason: 'x' }, { token: bob.token });
      t.is(notMine.status, 403);
      t.is(notMine.body.key, 'bookings.notOrganiser');
      const ok = await app().post<{ data: { cancelled: BookingData[] } }>(
        `/api/bookings/${b.id}/cancel`,
        { reason: 'plans changed' },
        { token: alice.token },
      );
      t.is(ok.status, 200, JSON.stringify(ok.body));
      t.is(ok.body.data.cancelled[0]!.state, 'cancelled');
      t.is(ok.body.data.cancelled[0]!.checkStatus, 3);
      const again = await app().post(`/api/bookings/${b.id}/cancel`, { reason: 'twice' }, { token: alice.token });
      t.is(again.status, 422);
      const grid = await getGrid<GridData>(app(), '/api/bookings/grid?date=2027-03-04', bob.token);
      t.is(cell(grid.body.data, room, '14:00').state, 'free');
      const rebook = await book(app(), bob, {
        resourceId: room,
        meetingDate: '2027-03-04',
        startTime: '14:00',
        endTime: '15:00',
      });
      t.is(rebook.status, 200);
    });

    test.serial(
      `${dialect}: modify re-checks and re-writes the slots; a conflicting change changes nothing`,
      async (t) => {
        const b = (
          await book(app(), alice, {
            resourceId: room,
            meetingDate: '2027-03-05',
            startTime: '09:00',
            endTime: '10:00',
            reminderMinutes: 10,
          })
        ).body.data;
        const other = (
          await book(app(), bob, { resourceId: room, meetingDate: '2027-03-05', startTime: '12:00', endTime: '13:00' })
        ).body.data;
        const moved = await app().put<{ data: { updated: BookingData[] } }>(
          `/api/bookings/${b.id}`,
          { startTime: '10:00', endTime: '11:30', subject: 'Moved' },
          { token: alice.token },
        );
        t.is(moved.status, 200, JSON.stringify(moved.body));
        const m = moved.body.data.updated[0]!;
        t.is(m.startAt, Date.UTC(2027, 2, 5, 10));
        t.is(m.endAt, Date.UTC(2027, 2, 5, 11, 30));
        t.is(m.subject, 'Moved');
        t.is(m.sequence, 1);
        t.is(m.remindAt, Date.UTC(2027, 2, 5, 9, 50));
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
          'old time is free',
        );
        const clash = await app().put(
          `/api/bookings/${b.id}`,
          { startTime: '11:00', endTime: '12:30' },
          { token: alice.token },
        );
        t.is(clash.status, 409);
        t.is((clash.body.ranges as Array<{ bookingId: number }>)[0]!.bookingId, other.id);
        const after = await app().get<{ data: BookingData }>(`/api/bookings/${b.id}`, { token: alice.token });
        t.is(after.body.data.startAt, Date.UTC(2027, 2, 5, 10), 'unchanged');
        const slots = await app().cradle.db('booking_slots').where({ booking_id: b.id }).count({ n: '*' }).first();
        t.is(Number(slots?.n), 6, 'slots unchanged');
        const otherRoom = await createResource(app(), place, { name: 'Elm' });
        const switched = await app().put<{ data: { updated: BookingData[] } }>(
          `/api/bookings/${b.id}`,
          { resourceId: otherRoom },
          { token: alice.token },
        );
        t.is(switched.body.data.updated[0]!.resourceId, otherRoom);
        t.is(
          (
            await book(app(), bob, {
              resourceId: room,
              meetingDate: '2027-03-05',
              startTime: '10:00',
              endTime: '11:30',
            })
          ).status,
          200,
        );
      },
    );

    test.serial(`${dialect}: check-out ends the meeting now and frees the rest`, async (t) => {
      app().clock.set(BASE);
      const b = (
        await book(app(), alice, { resourceId: room, meetingDate: '2027-03-01', startTime: '09:00', endTime: '11:00' })
      ).body.data;
      // Nobody checked in: nothing to check out (the no-show job, or a cancellation, ends it).
      t.is(
        (await app().post(`/api/bookings/${b.id}/checkout`, {}, { token: alice.token })).body.key,
        'bookings.notCheckedIn',
      );
      app().clock.set(Date.UTC(2027, 2, 1, 9, 5));
      const code = await app().post<{ data: BookingData }>(
        `/api/bookings/${b.id}/checkin`,
        { code: b.checkInCode },
        { token: alice.token },
      );
      t.is(code.body.data.state, 'checkedIn');
      // A meeting under way can be extended, not moved.
      app().clock.set(Date.UTC(2027, 2, 1, 9, 20));
      const longer = await app().put<{ data: { updated: BookingData[] } }>(
        `/api/bookings/${b.id}`,
        { endTime: '11:15' },
        { token: alice.token },
      );
      t.is(longer.status, 200, JSON.stringify(longer.body));
      t.is(longer.body.data.updated[0]!.state, 'checkedIn');
      t.is(longer.body.data.updated[0]!.endAt, Date.UTC(2027, 2, 1, 11, 15));
      t.is(
        (await app().put(`/api/bookings/${b.id}`, { startTime: '09:30' }, { token: alice.token })).body.key,
        'bookings.notChangeable',
      );
      t.is(
        (
          await app().put(
            `/api/bookings/${b.id}`,
            { startTime: '09:00', endTime: '11:00', meetingDate: '2027-03-02' },
            { token: alice.token },
          )
        ).body.key,
        'bookings.notChangeable',
      );
      app().clock.set(Date.UTC(2027, 2, 1, 9, 40));
      const out = await app().post<{ data: BookingData & { isAutoClose: boolean; closeTime: number } }>(
        `/api/bookings/${b.id}/checkout`,
        {},
        { token: alice.token },
      );
      t.is(out.status, 200, JSON.stringify(out.body));
      t.is(out.body.data.state, 'ended');
      t.is(out.body.data.checkStatus, 2);
      // The test clock runs on from where it was set: allow the request's own milliseconds.
      t.true(Math.abs(out.body.data.endAt - Date.UTC(2027, 2, 1, 9, 40)) < 5000);
      t.is(out.body.data.closeTime, out.body.data.endAt);
      t.is(out.body.data.isAutoClose, false);
      t.is(
        (await book(app(), bob, { resourceId: room, meetingDate: '2027-03-01', startTime: '09:45', endTime: '11:00' }))
          .status,
        200,
      );
      t.is(
        (await book(app(), bob, { resourceId: room, meetingDate: '2027-03-01', startTime: '09:30', endTime: '09:45' }))
          .status,
        409,
        'the slot in progress stays taken',
      );
      app().clock.set(BASE);
    });

    test.serial(`${dialect}: 24:00 is the next day's midnight; whole day takes the open hours`, async (t) => {
      const late = await book(app(), alice, {
        resourceId: room,
        meetingDate: '2027-03-06',
        startTime: '22:00',
        endTime: '24:00',
      });
      t.is(late.status, 200, JSON.stringify(late.body));
      t.is(late.body.data.endAt, Date.UTC(2027, 2, 7, 0));
      t.is(late.body.data.endTime, '24:00');
      const early = await book(app(), bob, {
        resourceId: room,
        meetingDate: '2027-03-07',
        startTime: '00:00',
        endTime: '01:00',
      });
      t.is(early.status, 200, 'the next day starts free');
      const hours = await createResource(app(), place, { from: '08:00', to: '18:00' });
      const whole = await book(app(), alice, { resourceId: hours, meetingDate: '2027-03-06', wholeDay: true });
      t.is(whole.status, 200, JSON.stringify(whole.body));
      t.is(whole.body.data.startAt, Date.UTC(2027, 2, 6, 8));
      t.is(whole.body.data.endAt, Date.UTC(2027, 2, 6, 18));
    });

    test.serial(`${dialect}: times are read in the resource's zone, across daylight-saving changes`, async (t) => {
      const ny = await createResource(app(), place, { timeZone: 'America/New_York', name: 'Hudson' });
      const winter = await book(app(), alice, {
        resourceId: ny,
        meetingDate: '2027-03-02',
        startTime: '09:00',
        endTime: '10:00',
      });
      t.is(winter.body.data.startAt, Date.UTC(2027, 2, 2, 14), 'EST is UTC-5');
      // 2027-03-14: clocks go from 02:00 to 03:00 in New York; 00:00–24:00 lasts 23 hours.
      const dst = await book(app(), root, {
        resourceId: ny,
        meetingDate: '2027-03-14',
        startTime: '00:00',
        endTime: '24:00',
      });
      t.is(dst.status, 200, JSON.stringify(dst.body));
      t.is(dst.body.data.endAt - dst.body.data.startAt, 23 * HOUR);
      t.is(dst.body.data.startAt, Date.UTC(2027, 2, 14, 5));
      const summer = await book(app(), alice, {
        resourceId: ny,
        meetingDate: '2027-03-15',
        startTime: '09:00',
        endTime: '10:00',
      });
      t.is(summer.body.data.startAt, Date.UTC(2027, 2, 15, 13), 'EDT is UTC-4');
      const grid = await getGrid<GridData>(app(), '/api/bookings/grid?date=2027-03-14', alice.token);
      const r = grid.body.data.resources.find((x) => x.id === ny)!;
      t.is(r.timeZone, 'America/New_York');
      t.is(r.cells.length, 23 * 4, 'the grid of a spring-forward day has 23 hours');
      t.false(r.cells.some((c) => c.time.startsWith('02:')));
      t.is(r.cells[0]!.state, 'other');
      // The maximum duration is measured in real time: 02:00 does not exist, so 01:00–04:00 is two hours.
      await setTimeConfig(app(), { maxDuration: 120 });
      const nyDesk = await createResource(app(), place, { timeZone: 'America/New_York' });
      const twoHours = await book(app(), alice, {
        resourceId: nyDesk,
        meetingDate: '2027-03-14',
        startTime: '01:00',
        endTime: '04:00',
      });
      t.is(twoHours.status, 200, JSON.stringify(twoHours.body));
      t.is(twoHours.body.data.endAt - twoHours.body.data.startAt, 2 * HOUR);
      await setTimeConfig(app(), { maxDuration: 0 });
    });

    test.serial(`${dialect}: every rule refuses with its own message`, async (t) => {
      const expect = async (body: Record<string, unknown>, status: number, key: string, who: Who = alice) => {
        const res = await book(app(), who, body);
        t.is(res.status, status, `${key}: ${JSON.stringify(res.body)}`);
        t.is(res.body.key, key);
        t.truthy(res.body.msg);
        t.not(res.body.msg, key, `${key} is translated`);
      };
      const d = '2027-03-10';
      await expect(
        { resourceId: room, meetingDate: '2027-03-01', startTime: '07:00', endTime: '08:00' },
        422,
        'bookings.timeExpired',
      );
      await expect(
        { resourceId: room, meetingDate: d, startTime: '10:00', endTime: '09:00' },
        400,
        'bookings.selectTime',
      );
      await expect(
        { resourceId: room, meetingDate: '2027-02-30', startTime: '09:00', endTime: '10:00' },
        400,
        'common.validation',
      );
      await expect(
        { resourceId: room, meetingDate: d, startTime: '09:10', endTime: '10:00' },
        400,
        'common.validation',
      );
      await expect({ resourceId: room, meetingDate: d }, 400, 'common.validation');
      await expect(
        { resourceId: 999_999, meetingDate: d, startTime: '09:00', endTime: '10:00' },
        404,
        'common.entityNotFound',
      );
      const hours = await createResource(app(), place, { from: '08:00', to: '18:00', closedDays: [0] });
      await expect(
        { resourceId: hours, meetingDate: d, startTime: '17:00', endTime: '19:00' },
        422,
        'bookings.outsideOpenHours',
      );
      await expect(
        { resourceId: hours, meetingDate: '2027-03-07', startTime: '09:00', endTime: '10:00' },
        422,
        'bookings.closedDay',
      );
      const around = await createResource(app(), place, { from: '08:00', to: '18:00', wholeDay: true });
      t.is(
        (await book(app(), alice, { resourceId: around, meetingDate: d, startTime: '20:00', endTime: '21:00' })).status,
        200,
        'whole_day: open around the clock',
      );
      const allDay = await createResource(app(), place, { allDay: true });
      await expect(
        { resourceId: allDay, meetingDate: d, startTime: '09:00', endTime: '10:00' },
        422,
        'bookings.allDayOnly',
      );
      t.is((await book(app(), alice, { resourceId: allDay, meetingDate: d, wholeDay: true })).status, 200);
      const off = await createResource(app(), place, { status: 0, startDate: '2027-03-09', endDate: '2027-03-11' });
      await expect(
        { resourceId: off, meetingDate: d, startTime: '09:00', endTime: '10:00' },
        422,
        'bookings.resourceDisabled',
      );
      t.is(
        (await book(app(), alice, { resourceId: off, meetingDate: '2027-03-12', startTime: '09:00', endTime: '10:00' }))
          .status,
        200,
        'outside the disabled dates',
      );
      await app()
        .cradle.db('resource_disabled_periods')
        .insert({
          resource_id: room,
          start_at: Date.UTC(2027, 2, 10, 12),
          end_at: Date.UTC(2027, 2, 10, 14),
          reason: 'cleaning',
          created_at: BASE,
        });
      await expect(
        { resourceId: room, meetingDate: d, startTime: '13:00', endTime: '15:00' },
        422,
        'bookings.disabledPeriod',
      );
      const g = await getGrid<GridData>(app(), `/api/bookings/grid?date=${d}`, alice.token);
      t.is(cell(g.body.data, room, '12:00').state, 'disabled');
      t.is(cell(g.body.data, hours, '19:00').state, 'unavailable');
      t.is(cell(g.body.data, off, '09:00').state, 'disabled');

      await setTimeConfig(app(), { maxDuration: 60 });
      await expect(
        { resourceId: room, meetingDate: d, startTime: '15:00', endTime: '16:30' },
        422,
        'bookings.maxDuration',
      );
      t.is(
        (await book(app(), root, { resourceId: room, meetingDate: d, startTime: '15:00', endTime: '16:30' })).status,
        200,
        'center:reserve:super has no maximum',
      );
      await setTimeConfig(app(), { maxDuration: 0 });

      await setParams(app(), { bookingDaysAhead: 5 });
      await expect(
        { resourceId: room, meetingDate: '2027-03-07', startTime: '09:00', endTime: '10:00' },
        422,
        'bookings.daysAhead',
      );
      t.is(
        (
          await book(app(), alice, {
            resourceId: room,
            meetingDate: '2027-03-06',
            startTime: '09:00',
            endTime: '10:00',
          })
        ).status,
        200,
      );
      await setParams(app(), { bookingDaysAhead: 90 });

      const carol = await staff(app(), 'carol');
      await setParams(app(), { bookingCountLimit: 1 });
      t.is(
        (
          await book(app(), carol, {
            resourceId: room,
            meetingDate: '2027-03-11',
            startTime: '09:00',
            endTime: '10:00',
          })
        ).status,
        200,
      );
      await expect(
        { resourceId: room, meetingDate: '2027-03-11', startTime: '10:00', endTime: '11:00' },
        422,
        'bookings.countLimit',
        carol,
      );
      await setParams(app(), { bookingCountLimit: 0 });

      const group = await createGroup(app(), `g-${dialect}`, [bob.id]);
      const restricted = await createResource(app(), place, { groups: [group] });
      await expect(
        { resourceId: restricted, meetingDate: d, startTime: '09:00', endTime: '10:00' },
        422,
        'bookings.noReservation',
      );
      t.is(
        (await book(app(), bob, { resourceId: restricted, meetingDate: d, startTime: '09:00', endTime: '10:00' }))
          .status,
        200,
      );
      const rg = await getGrid<GridData>(app(), `/api/bookings/grid?date=${d}`, alice.token);
      t.is(cell(rg.body.data, restricted, '11:00').state, 'noReservation');

      const dave = await staff(app(), 'dave');
      await app()
        .cradle.db('blocklist')
        .insert({ user_id: dave.id, violation_count: 3, blocked_at: BASE - HOUR, release_at: BASE + 72 * HOUR });
      await expect(
        { resourceId: room, meetingDate: '2027-03-12', startTime: '09:00', endTime: '10:00' },
        422,
        'bookings.blocklisted',
        dave,
      );

      await setParams(app(), { bookNeedPhone: true });
      await expect(
        { resourceId: room, meetingDate: '2027-03-12', startTime: '11:00', endTime: '12:00' },
        400,
        'bookings.phoneRequired',
      );
      await expect(
        { resourceId: room, meetingDate: '2027-03-12', startTime: '11:00', endTime: '12:00', phone: '12' },
        400,
        'common.validation',
      );
      t.is(
        (
          await book(app(), alice, {
            resourceId: room,
            meetingDate: '2027-03-12',
            startTime: '11:00',
            endTime: '12:00',
            phone: '555-0100',
          })
        ).status,
        200,
      );
      await setParams(app(), { bookNeedPhone: false });
      await expect(
        {
          resourceId: room,
          meetingDate: '2027-03-12',
          startTime: '13:00',
          endTime: '14:00',
          innerAttendees: [987_654],
        },
        400,
        'bookings.unknownAttendee',
      );
      await expect(
        { resourceId: room, meetingDate: '2027-03-12', startTime: '13:00', endTime: '14:00', reminderMinutes: 3000 },
        400,
        'common.validation',
      );
      const cn = await book(
        app(),
        alice,
        { resourceId: room, meetingDate: '2027-03-01', startTime: '07:00', endTime: '08:00' },
        'cn',
      );
      t.is(cn.body.msg, '预约时间已过期');
      const ja = await book(
        app(),
        alice,
        { resourceId: room, meetingDate: '2027-03-01', startTime: '07:00', endTime: '08:00' },
        'ja',
      );
      t.is(ja.body.msg, '予約時間が過ぎています');
    });

    test.serial(`${dialect}: my bookings, one booking, attendees, and the inquiry`, async (t) => {
      const b = (
        await book(app(), alice, {
          resourceId: room,
          meetingDate: '2027-03-13',
          startTime: '09:00',
          endTime: '10:00',
          innerAttendees: [bob.id],
          outerAttendees: [{ name: 'Guest', email: 'guest@example.org' }],
        })
      ).body.data;
      const list = await app().get<{ data: { items: BookingData[]; total: number } }>(
        '/api/bookings?scope=upcoming&pageSize=100',
        { token: bob.token },
      );
      t.true(
        list.body.data.items.some((x) => x.id === b.id),
        'attendees see it',
      );
      const one = await app().get<{
        data: BookingData & { innerAttendees: number[]; outerAttendees: unknown[]; checkInCode: string | null };
      }>(`/api/bookings/${b.id}`, { token: bob.token });
      t.deepEqual(one.body.data.innerAttendees, [bob.id]);
      t.is(one.body.data.checkInCode, b.checkInCode, 'an inner attendee is given the code, as in their mails');
      const other = await app().get<{ data: { checkInCode: string | null } }>(`/api/bookings/${b.id}`, {
        token: (await staff(app(), 'carol')).token,
      });
      t.is(other.body.data.checkInCode, null, 'nobody else is');
      const past = await app().get<{ data: { items: BookingData[] } }>('/api/bookings?scope=past', {
        token: alice.token,
      });
      t.true(past.body.data.items.every((x) => x.state !== 'confirmed' || x.endAt <= BASE));
      const free = await app().get<{ data: { resources: Array<{ id: number }> } }>(
        `/api/bookings/available?date=2027-03-13&startTime=09:30&endTime=10:30&locationId=${place.locationId}`,
        { token: bob.token },
      );
      t.is(free.status, 200, JSON.stringify(free.body));
      t.false(free.body.data.resources.some((r) => r.id === room));
      const later = await app().get<{ data: { resources: Array<{ id: number }> } }>(
        `/api/bookings/available?date=2027-03-13&startTime=10:00&endTime=11:00&locationId=${place.locationId}`,
        { token: bob.token },
      );
      t.true(later.body.data.resources.some((r) => r.id === room));
      const big = await app().get<{ data: { resources: Array<{ id: number }> } }>(
        `/api/bookings/available?date=2027-03-13&startTime=10:00&endTime=11:00&capacity=50`,
        { token: bob.token },
      );
      t.is(big.body.data.resources.length, 0);
      const db = app().cradle.db;
      const [screen] = await db('devices').insert({
        name: 'Screen',
        device_no: `scr-${dialect}`,
        kind: 'other',
        created_at: BASE,
        updated_at: BASE,
      });
      const [phone] = await db('devices').insert({
        name: 'Phone',
        device_no: `tel-${dialect}`,
        kind: 'other',
        created_at: BASE,
        updated_at: BASE,
      });
      const equipped = await createResource(app(), place);
      await db('resource_devices').insert([
        { resource_id: equipped, device_id: screen },
        { resource_id: equipped, device_id: phone },
        { resource_id: room, device_id: screen },
      ]);
      const withBoth = await app().get<{ data: { resources: Array<{ id: number }> } }>(
        `/api/bookings/available?date=2027-03-13&startTime=10:00&endTime=11:00&deviceIds=${screen},${phone}`,
        { token: bob.token },
      );
      t.deepEqual(
        withBoth.body.data.resources.map((r) => r.id),
        [equipped],
      );
      t.is(
        (await app().get('/api/bookings/available?date=2027-03-13&startTime=11:00&endTime=10:00', { token: bob.token }))
          .status,
        400,
      );
      const logs = await app().cradle.db('reservation_logs').where({ booking_id: b.id }).select('action');
      t.deepEqual(
        logs.map((l: { action: string }) => l.action),
        ['created'],
      );
    });
  },
  { config: { accessTokenTtlSeconds: 86_400 } },
);
