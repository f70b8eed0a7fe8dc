/**
 * What a creation writes, on both databases: the booking, its slot rows, its reservation-log entry and its change
 * record all carry the booking's id and commit together, or none of them does. On MariaDB they travel in two
 * batches of statements (core/db/batch.ts), the later statements taking the ids from the database, so these cases
 * are the batches' own: the id each row got, the order of the change record, a taken slot failing the whole, and
 * text that looks like SQL stored as text.
 */
import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { BASE, book, staff, type Who } from '../helpers/bookings.ts';
import { createPlace, createResource } from '../helpers/places-fixture.ts';

perDialect(test, (dialect, app) => {
  let alice: Who;
  let bob: Who;
  let oak: number;

  test.serial.before(async () => {
    app().clock.set(BASE);
    const place = await createPlace(app());
    oak = await createResource(app(), place, { name: 'Oak' });
    alice = await staff(app(), 'alice');
    bob = await staff(app(), 'bob');
  });

  const counts = async () => {
    const { db } = app().cradle;
    const n = async (table: string) => Number(((await db(table).count({ n: '*' }).first()) as { n: number }).n);
    return {
      bookings: await n('bookings'),
      slots: await n('booking_slots'),
      logs: await n('reservation_logs'),
      changes: await n('domain_events'),
    };
  };

  test.serial(
    `${dialect}: every row a creation writes carries the booking's id, and the change ids follow the sequence`,
    async (t) => {
      const { db } = app().cradle;
      const before = Number((await db('domain_event_sequence').where({ id: 1 }).first('last_id')).last_id);
      const ids: number[] = [];
      for (const [who, start] of [
        [alice, '09:00'],
        [bob, '10:00'],
      ] as const) {
        const r = await book(app(), who, {
          resourceId: oak,
          meetingDate: '2027-03-03',
          startTime: start,
          endTime: `${Number(start.slice(0, 2)) + 1}:00`,
        });
        t.is(r.status, 200, JSON.stringify(r.body));
        ids.push(r.body.data.id);
      }
      for (const id of ids) {
        t.truthy(await db('bookings').where({ id }).first('id'));
        t.is((await db('booking_slots').where({ booking_id: id })).length, 4, 'an hour is four slot rows of its own');
        const logs = await db('reservation_logs').where({ booking_id: id, action: 'created' });
        t.is(logs.length, 1, 'one log entry, on this booking');
      }
      const changes = (await db('domain_events').where('id', '>', before).orderBy('id')) as Array<{
        id: number | string;
        type: string;
        booking_id: number | string;
        payload: string;
      }>;
      const created = changes.filter((c) => c.type === 'booking.created');
      t.deepEqual(
        created.map((c) => Number(c.booking_id)),
        ids,
      );
      t.deepEqual(
        created.map((c) => (JSON.parse(c.payload) as { booking: { id: number } }).booking.id),
        ids,
        'the recorded snapshot is the booking written',
      );
      const after = Number((await db('domain_event_sequence').where({ id: 1 }).first('last_id')).last_id);
      t.deepEqual(
        changes.map((c) => Number(c.id)),
        Array.from({ length: after - before }, (_, i) => before + 1 + i),
        'the change ids are the sequence, without gaps',
      );
    },
  );

  test.serial(
    `${dialect}: a taken slot fails the whole creation: no booking, slot, log entry or change is left`,
    async (t) => {
      const first = await book(app(), alice, {
        resourceId: oak,
        meetingDate: '2027-03-04',
        startTime: '09:00',
        endTime: '10:00',
      });
      t.is(first.status, 200);
      const before = await counts();
      const overlapping = await book(app(), bob, {
        resourceId: oak,
        meetingDate: '2027-03-04',
        startTime: '09:30',
        endTime: '11:00',
      });
      t.is(overlapping.status, 409, JSON.stringify(overlapping.body));
      t.deepEqual(await counts(), before);
    },
  );

  test.serial(`${dialect}: a subject and remarks written like SQL are stored as text and run nothing`, async (t) => {
    const { db } = app().cradle;
    const subject = "x'); DELETE FROM bookings; --";
    const remarks = 'a; DROP TABLE booking_slots; SELECT \\\\ ? ?? `id`';
    const before = await counts();
    const r = await book(app(), alice, {
      resourceId: oak,
      meetingDate: '2027-03-05',
      startTime: '09:00',
      endTime: '10:00',
      subject,
      remarks,
    });
    t.is(r.status, 200, JSON.stringify(r.body));
    const row = (await db('bookings').where({ id: r.body.data.id }).first('subject', 'remarks')) as {
      subject: string;
      remarks: string;
    };
    t.deepEqual(row, { subject, remarks });
    const after = await counts();
    t.deepEqual(after, {
      bookings: before.bookings + 1,
      slots: before.slots + 4,
      logs: before.logs + 1,
      changes: after.changes,
    });
    t.true(after.changes > before.changes);
  });
});
