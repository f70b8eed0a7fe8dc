/**
 * Calendar sync, the way back (docs/product-rules.md R23), on SQLite and MariaDB, through the calendar-memory
 * fixture's `changes` and `decline` (SDK 1.4): an event written into a mirrored room's calendar by a known organiser
 * becomes their booking; read again it books nothing twice; moved, it moves the booking; cancelled, it cancels it.
 * An event on a taken time, or by an organiser no account knows, is declined through the provider with the reason
 * and listed for the administrators; with `calendarExternalOrganiser` set, the outside organiser's event is booked
 * under that account with them as a guest.
 */
import test from 'ava';
import { pluginKv } from '../../core/plugin-host/kv.ts';
import type { ExternalEvent } from '../../core/plugin-sdk/index.ts';
import { perDialect } from '../helpers/app.ts';
import { BASE, book, getGrid, HOUR, staff, type Who } from '../helpers/bookings.ts';
import { FIXTURE_PLUGINS } from '../helpers/notify.ts';
import { createPlace, createResource } from '../helpers/places-fixture.ts';

const DAY2 = BASE + 24 * HOUR - 8 * HOUR; // Tuesday 2027-03-02 00:00 UTC
const at = (hour: number) => DAY2 + hour * HOUR;

perDialect(
  test,
  (dialect, app) => {
    let token: string;
    let room: number;
    let alice: Who;
    let bob: Who;
    let seq = 0;
    const inbox: Array<ExternalEvent & { seq: number }> = [];
    const write = async (e: Omit<ExternalEvent, 'resourceId'>) => {
      inbox.push({ ...e, resourceId: room, seq: ++seq });
      await pluginKv(app().cradle.db, app().clock, 'calendar-memory').set('inbox', inbox);
    };
    const pull = async () => {
      const res = await app().post<{ data: Record<string, number> }>('/api/inte/event/pull', {}, { token });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      return res.body.data;
    };
    const row = (uid: string) => app().cradle.db('calendar_events').where({ uid }).first();
    const booking = (id: number) => app().cradle.db('bookings').where({ id }).first();
    const deliverDeclines = async () => {
      app().clock.advance(1000);
      await app().cradle.outboxWorker.drainDue();
      return (
        (await pluginKv(app().cradle.db, app().clock, 'calendar-memory').get<Array<Record<string, unknown>>>(
          'declined',
        )) ?? []
      );
    };

    test.serial.before(async () => {
      app().clock.set(BASE);
      token = await app().adminToken();
      room = await createResource(app(), await createPlace(app()), { name: `Mirrored ${dialect}` });
      alice = await staff(app(), `cal-alice-${dialect}`);
      bob = await staff(app(), `cal-bob-${dialect}`);
      const saved = await app().put(
        '/api/inte/settings/calendar',
        { provider: 'calendar-memory', settings: {} },
        { token },
      );
      if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
      const mirrored = await app().put(`/api/inte/event/rooms/${room}`, { ref: '' }, { token });
      if (mirrored.status !== 200) throw new Error(JSON.stringify(mirrored.body));
    });

    test.serial(`${dialect}: a known organiser's event becomes their booking, once`, async (t) => {
      await write({
        uid: 'ext-1',
        sequence: 0,
        startAt: at(9),
        endAt: at(10),
        subject: 'Planning',
        organiser: { name: 'Alice', email: `cal-alice-${dialect}@example.org` },
        status: 'confirmed',
      });
      t.like(await pull(), { read: 'read', events: 1, booked: 1 });
      const r = await row('ext-1');
      t.like(r, { state: 'booked', subject: 'Planning' });
      t.like(await booking(r.booking_id), {
        organiser_id: alice.id,
        resource_id: room,
        state: 'confirmed',
        start_time: '09:00',
        end_time: '10:00',
      });
      // Read again from the start (a poll cut short): nothing is booked twice.
      await app().cradle.db('calendar_sync').where({ id: 1 }).update({ state: null });
      t.like(await pull(), { events: 1, unchanged: 1, booked: 0 });
      t.is((await app().cradle.db('bookings').where({ resource_id: room }).whereNot('state', 'cancelled')).length, 1);
    });

    test.serial(`${dialect}: a moved event moves its booking; a cancelled one cancels it`, async (t) => {
      await write({
        uid: 'ext-1',
        sequence: 1,
        startAt: at(11),
        endAt: at(12),
        subject: 'Planning',
        organiser: { name: 'Alice', email: `cal-alice-${dialect}@example.org` },
        status: 'confirmed',
      });
      t.like(await pull(), { booked: 1 });
      const r = await row('ext-1');
      t.like(await booking(r.booking_id), { start_time: '11:00', end_time: '12:00', state: 'confirmed' });
      await write({ ...inbox.at(-1)!, status: 'cancelled' });
      t.like(await pull(), { cancelled: 1 });
      t.like(await booking(r.booking_id), { state: 'cancelled' });
      t.like(await row('ext-1'), { state: 'cancelled' });
    });

    test.serial(`${dialect}: an event on a taken time is declined through the provider, with the reason`, async (t) => {
      const made = await book(app(), bob, {
        resourceId: room,
        meetingDate: '2027-03-02',
        startTime: '14:00',
        endTime: '15:00',
      });
      t.is(made.status, 200, JSON.stringify(made.body));
      await write({
        uid: 'ext-2',
        sequence: 0,
        startAt: at(14) + 30 * 60_000,
        endAt: at(15) + 30 * 60_000,
        subject: 'Clash',
        organiser: { name: 'Alice', email: `cal-alice-${dialect}@example.org` },
        status: 'confirmed',
      });
      t.like(await pull(), { declined: 1 });
      const r = await row('ext-2');
      t.is(r.state, 'declined');
      t.is(r.booking_id, null);
      t.truthy(r.reason);
      t.like((await booking(made.body.data.id)) as object, { state: 'confirmed', organiser_id: bob.id });
      const declined = await deliverDeclines();
      t.like(declined.at(-1), { uid: 'ext-2', resourceId: room });
      const listed = await app().get<{ data: { items: Array<{ uid: string; reason: string }> } }>(
        '/api/inte/event/external?state=declined',
        { token },
      );
      t.true(listed.body.data.items.some((e) => e.uid === 'ext-2' && e.reason === r.reason));
      t.is(
        (listed.body.data.items as Array<{ uid: string; resourceName?: string }>).find((e) => e.uid === 'ext-2')!
          .resourceName,
        `Mirrored ${dialect}`,
      );
      // Read again, a declined event stays declined, and is not declined twice.
      await app().cradle.db('calendar_sync').where({ id: 1 }).update({ state: null });
      await pull();
      t.is((await deliverDeclines()).filter((d) => d.uid === 'ext-2').length, 1);
    });

    test.serial(`${dialect}: an outside organiser is declined, or booked under the configured account`, async (t) => {
      const outside = {
        uid: 'ext-3',
        sequence: 0,
        startAt: at(16),
        endAt: at(17),
        subject: 'Vendor visit',
        organiser: { name: 'Olga Outside', email: 'olga@partner.example' },
        status: 'confirmed' as const,
      };
      await write(outside);
      t.like(await pull(), { declined: 1 });
      t.regex((await row('ext-3')).reason, /e-mail address/);
      const desk = await staff(app(), `cal-desk-${dialect}`);
      t.is(
        (await app().put('/api/sys/params', { calendarExternalOrganiser: `cal-desk-${dialect}` }, { token })).status,
        200,
      );
      await write({ ...outside, sequence: 1 });
      t.like(await pull(), { booked: 1 });
      const r = await row('ext-3');
      const b = await booking(r.booking_id);
      t.like(b, { organiser_id: desk.id, state: 'confirmed' });
      t.regex(String(b.remarks), /Olga Outside/);
      const guests = await app().cradle.db('booking_attendees').where({ booking_id: r.booking_id, kind: 'outer' });
      t.deepEqual(
        guests.map((g) => g.email),
        ['olga@partner.example'],
      );
      await app().put('/api/sys/params', { calendarExternalOrganiser: '' }, { token });
      // A time out of any calendar's range is skipped, and the poll goes on with the rest.
      await write({ ...outside, uid: 'ext-bad', startAt: 1e20, endAt: 1e20 + 3_600_000 });
      t.like(await pull(), { read: 'read', events: 0 });
      t.is(await row('ext-bad'), undefined);
      await write({ ...outside, uid: 'ext-4', rrule: 'FREQ=WEEKLY;COUNT=4', startAt: at(18), endAt: at(19) });
      t.like(await pull(), { declined: 1 });
      t.regex((await row('ext-4')).reason, /Recurring/);
    });

    test.serial(
      `${dialect}: where the provider is the source of truth, its calendar is read before booking`,
      async (t) => {
        const set = await app().put<{ data: { sourceOfTruth: boolean } }>(
          `/api/inte/event/rooms/${room}`,
          { ref: '', sourceOfTruth: true },
          { token },
        );
        t.true(set.body.data.sourceOfTruth);
        // A meeting written into the room's calendar a moment ago: no poll has read it yet.
        await write({
          uid: 'ext-5',
          sequence: 0,
          startAt: at(20),
          endAt: at(21),
          subject: 'Board',
          organiser: { name: 'Alice', email: `cal-alice-${dialect}@example.org` },
          status: 'confirmed',
        });
        app().clock.advance(10_000);
        const late = await book(app(), bob, {
          resourceId: room,
          meetingDate: '2027-03-02',
          startTime: '20:00',
          endTime: '21:00',
        });
        t.is(late.status, 409, JSON.stringify(late.body));
        t.like(await row('ext-5'), { state: 'booked' });
        // Not the source of truth: the booking engine decides from what it already knows.
        await app().put(`/api/inte/event/rooms/${room}`, { ref: '' }, { token });
        await write({
          uid: 'ext-6',
          sequence: 0,
          startAt: at(21),
          endAt: at(22),
          subject: 'Late board',
          organiser: { name: 'Alice', email: `cal-alice-${dialect}@example.org` },
          status: 'confirmed',
        });
        app().clock.advance(10_000);
        const first = await book(app(), bob, {
          resourceId: room,
          meetingDate: '2027-03-02',
          startTime: '21:00',
          endTime: '22:00',
        });
        t.is(first.status, 200, JSON.stringify(first.body));
        t.like(await pull(), { declined: 1 });
      },
    );

    test.serial(
      `${dialect}: where the provider decides, its free/busy refuses the times Atrium does not hold (R23.7)`,
      async (t) => {
        const kv = pluginKv(app().cradle.db, app().clock, 'calendar-memory');
        const day3 = at(24);
        const held = await book(app(), bob, {
          resourceId: room,
          meetingDate: '2027-03-03',
          startTime: '11:00',
          endTime: '12:00',
        });
        t.is(held.status, 200, JSON.stringify(held.body));
        // The room's calendar: an outside meeting 09:00-10:00 nobody let Atrium read, 12:00-12:30 another, and
        // Atrium's own booking 11:00-12:00 (busy there because Atrium wrote it).
        await kv.set('busy:', [
          { startAt: day3 + 9 * HOUR, endAt: day3 + 10 * HOUR },
          { startAt: day3 + 11 * HOUR, endAt: day3 + 12.5 * HOUR },
        ]);
        await app().put(`/api/inte/event/rooms/${room}`, { ref: '', sourceOfTruth: true }, { token });
        app().clock.advance(10_000);

        const onto = await book(app(), alice, {
          resourceId: room,
          meetingDate: '2027-03-03',
          startTime: '09:30',
          endTime: '10:30',
        });
        t.is(onto.status, 422, JSON.stringify(onto.body));
        t.regex((onto.body as { msg: string }).msg, /calendar shows it busy/);
        const ja = await book(
          app(),
          alice,
          { resourceId: room, meetingDate: '2027-03-03', startTime: '09:00', endTime: '09:30' },
          'ja',
        );
        t.regex((ja.body as { msg: string }).msg, /カレンダー/);
        const free = await book(app(), alice, {
          resourceId: room,
          meetingDate: '2027-03-03',
          startTime: '10:00',
          endTime: '11:00',
        });
        t.is(free.status, 200, JSON.stringify(free.body));
        // A move onto the outside meeting, and an extension into the one after Atrium's booking, are refused too.
        const moved = await app().put(
          `/api/bookings/${free.body.data.id}`,
          { startTime: '09:00', endTime: '10:00', scope: 'one' },
          { token: alice.token },
        );
        t.is(moved.status, 422, JSON.stringify(moved.body));
        const extended = await app().post(
          `/api/bookings/${held.body.data.id}/extend`,
          { minutes: 30 },
          { token: bob.token },
        );
        t.is(extended.status, 422, JSON.stringify(extended.body));
        // Moving within its own time is no conflict with itself.
        const shortened = await app().put(
          `/api/bookings/${held.body.data.id}`,
          { startTime: '11:00', endTime: '11:30', scope: 'one' },
          { token: bob.token },
        );
        t.is(shortened.status, 200, JSON.stringify(shortened.body));

        const grid = await getGrid(app(), '/api/bookings/grid?date=2027-03-03', alice.token);
        const cells = grid.body.data.resources.find((r) => r.id === room)!.cells;
        const stateAt = (time: string) => cells.find((c) => c.time === time)?.state;
        t.is(stateAt('09:00'), 'outside');
        t.is(stateAt('09:30'), 'outside');
        t.is(stateAt('10:00'), 'mine');
        t.is(stateAt('12:00'), 'outside');
        t.is(stateAt('13:00'), 'free');
        const inquiry = (from: string, to: string) =>
          app().get<{ data: { resources: Array<{ id: number }> } }>(
            `/api/bookings/available?date=2027-03-03&startTime=${from}&endTime=${to}`,
            { token: alice.token },
          );
        t.false((await inquiry('09:00', '10:00')).body.data.resources.some((r) => r.id === room));
        t.true((await inquiry('13:00', '14:00')).body.data.resources.some((r) => r.id === room));

        // An unreachable provider answers nothing busy: the slot table alone decides.
        await app().put(
          `/api/inte/settings/calendar`,
          { provider: 'calendar-memory', settings: { down: true } },
          { token },
        );
        await app().put(`/api/inte/event/rooms/${room}`, { ref: '', sourceOfTruth: true }, { token });
        app().clock.advance(10_000);
        const down = await book(app(), alice, {
          resourceId: room,
          meetingDate: '2027-03-03',
          startTime: '09:00',
          endTime: '09:30',
        });
        t.is(down.status, 200, JSON.stringify(down.body));
        await app().put('/api/inte/settings/calendar', { provider: 'calendar-memory', settings: {} }, { token });
        await app().put(`/api/inte/event/rooms/${room}`, { ref: '' }, { token });
      },
    );

    test.serial(`${dialect}: only rooms are mirrored, not desks (R23.8)`, async (t) => {
      const desk = await createResource(app(), await createPlace(app()), { name: `Desk ${dialect}`, type: 1 });
      const res = await app().put(`/api/inte/event/rooms/${desk}`, { ref: '' }, { token });
      t.is(res.status, 422, JSON.stringify(res.body));
      t.regex((res.body as { msg: string }).msg, /is a desk/);
      t.is(await app().cradle.db('calendar_rooms').where({ resource_id: desk }).first(), undefined);
    });

    test.serial(`${dialect}: mirrored rooms are managed by the calendar screen's permissions`, async (t) => {
      const rooms = await app().get<{ data: Array<{ resourceId: number }> }>('/api/inte/event/rooms', { token });
      t.deepEqual(
        rooms.body.data.map((r) => r.resourceId),
        [room],
      );
      t.is((await app().put(`/api/inte/event/rooms/${room}`, { ref: 'x' }, { token: alice.token })).status, 403);
      t.is((await app().put('/api/inte/event/rooms/999999', { ref: '' }, { token })).status, 404);
      t.is((await app().put(`/api/inte/event/rooms/${room}`, { ref: 'y'.repeat(501) }, { token })).status, 400);
      t.is((await app().delete('/api/inte/event/rooms/999999', { token })).status, 404);
      t.not((await app().cradle.db('calendar_sync').where({ id: 1 }).first()).state, null);
      t.is((await app().delete(`/api/inte/event/rooms/${room}`, { token })).status, 200);
      t.like(await pull(), { read: 'noRooms', events: 0 });
      // The provider heard once with no rooms (to drop its subscriptions); a room mirrored next starts from nothing.
      t.is((await app().cradle.db('calendar_sync').where({ id: 1 }).first()).state, null);
    });
  },
  { config: { pluginPaths: FIXTURE_PLUGINS } },
);
