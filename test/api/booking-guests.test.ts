/**
 * A booking's guests are read in one place: the API view, the change record and the reminder's snapshot list the
 * same people — colleagues by user id, outside guests with an address (named by it when the name is missing); a
 * stored guest without an address (older data) is someone no message can reach and is left out everywhere.
 */
import test from 'ava';
import type { BookingSnapshot } from '../../core/event-types.ts';
import { perDialect } from '../helpers/app.ts';
import { BASE, book, staff, type Who } from '../helpers/bookings.ts';
import { createPlace, createResource } from '../helpers/places-fixture.ts';

perDialect(test, (dialect, app) => {
  let alice: Who;
  let bob: Who;
  let roomId: number;

  test.serial.before(async () => {
    app().clock.set(BASE); // Monday 2027-03-01 08:00 UTC
    roomId = await createResource(app(), await createPlace(app()), { name: 'Guests' });
    alice = await staff(app(), 'guests-alice');
    bob = await staff(app(), 'guests-bob');
  });

  test.serial(`${dialect}: the view, the change record and the reminder carry the same guests`, async (t) => {
    const created = await book(app(), alice, {
      resourceId: roomId,
      meetingDate: '2027-03-02',
      startTime: '09:00',
      endTime: '10:00',
      reminderMinutes: 15,
      innerAttendees: [bob.id],
      outerAttendees: [{ name: 'Kim', email: 'kim@example.com' }],
    });
    t.is(created.status, 200, JSON.stringify(created.body));
    const id = created.body.data.id;
    await app()
      .cradle.db('booking_attendees')
      .insert([
        { booking_id: id, kind: 'outer', name: 'Ghost', email: null },
        { booking_id: id, kind: 'outer', name: null, email: 'anon@example.com' },
      ]);
    const outer = [
      { name: 'Kim', email: 'kim@example.com' },
      { name: 'anon@example.com', email: 'anon@example.com' },
    ];

    const view = await app().get<{ data: { innerAttendees: number[]; outerAttendees: unknown[] } }>(
      `/api/bookings/${id}`,
      { token: alice.token },
    );
    t.is(view.status, 200);
    t.deepEqual(view.body.data.innerAttendees, [bob.id]);
    t.deepEqual(view.body.data.outerAttendees, outer);

    const lastId = await app().cradle.changeLog.lastId();
    const renamed = await app().put(`/api/bookings/${id}`, { subject: 'Renamed' }, { token: alice.token });
    t.is(renamed.status, 200, JSON.stringify(renamed.body));
    const change = await app().cradle.db('domain_events').where('id', '>', lastId).where({ booking_id: id }).first();
    const recorded = (JSON.parse(String(change.payload)) as { booking: BookingSnapshot }).booking;
    t.deepEqual(recorded.innerAttendeeIds, [bob.id]);
    t.deepEqual(recorded.outerAttendees, outer);

    const reminded: BookingSnapshot[] = [];
    const off = app().cradle.events.on('booking.reminder', (p) => void reminded.push(p.booking));
    app().clock.set(Date.UTC(2027, 2, 2, 8, 50));
    t.is(await app().cradle.notificationsService.runReminders(), 1);
    off();
    t.is(reminded.length, 1);
    t.deepEqual(reminded[0]!.innerAttendeeIds, [bob.id]);
    t.deepEqual(reminded[0]!.outerAttendees, outer);
    t.is(reminded[0]!.subject, 'Renamed');
  });
});
