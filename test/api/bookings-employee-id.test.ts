/**
 * The employee ID of a booking is required (docs/product-rules.md R4.1): a caller that omits it books under the
 * organiser's employee number, one single or a series; an empty one is refused at its field; an organiser without
 * an employee number must give one (a translated 400, never a booking without it).
 */
import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { BASE, book, staff, type Who } from '../helpers/bookings.ts';
import { createPlace, createResource } from '../helpers/places-fixture.ts';

interface Refusal {
  key: string;
  msg: string;
  errors?: Array<{ field: string }>;
}

perDialect(test, (dialect, app) => {
  let alice: Who;
  let room: number;
  const slot = (day: number) => ({
    resourceId: room,
    meetingDate: `2027-03-${String(day).padStart(2, '0')}`,
    startTime: '09:00',
    endTime: '10:00',
  });
  const employeeNoOf = async (id: number) =>
    ((await app().cradle.db('bookings').where({ id }).first('employee_no')) as { employee_no: string | null })
      .employee_no;

  test.serial.before(async () => {
    app().clock.set(BASE);
    room = await createResource(app(), await createPlace(app()));
    alice = await staff(app(), 'alice');
  });

  test.serial(`${dialect}: an omitted employee ID is the organiser's employee number`, async (t) => {
    const r = await book(app(), alice, slot(2));
    t.is(r.status, 200, JSON.stringify(r.body));
    t.is(r.body.data.id > 0, true);
    t.is(await employeeNoOf(r.body.data.id), 'T-alice');
    const read = await app().get<{ data: { employeeId: string } }>(`/api/bookings/${r.body.data.id}`, {
      token: alice.token,
    });
    t.is(read.body.data.employeeId, 'T-alice', 'the organiser reads it back');

    const series = await app().post<{ data: { bookings: Array<{ id: number }> } }>(
      '/api/bookings',
      { ...slot(3), subject: 'Weekly', recurrence: { freq: 'weekly', count: 2 } },
      { token: alice.token },
    );
    t.is(series.status, 200, JSON.stringify(series.body));
    t.is(series.body.data.bookings.length, 2);
    for (const b of series.body.data.bookings) t.is(await employeeNoOf(b.id), 'T-alice');
  });

  test.serial(`${dialect}: a given employee ID is kept, an empty one is refused at its field`, async (t) => {
    const given = await book(app(), alice, { ...slot(4), employeeId: ' E-42 ' });
    t.is(given.status, 200, JSON.stringify(given.body));
    t.is(await employeeNoOf(given.body.data.id), 'E-42');

    for (const employeeId of ['', '   ', null]) {
      const r = await app().post<Refusal>(
        '/api/bookings',
        { ...slot(5), subject: 'x', employeeId },
        {
          token: alice.token,
          lang: 'cn',
        },
      );
      t.is(r.status, 400, `${JSON.stringify(employeeId)}: ${JSON.stringify(r.body)}`);
      t.deepEqual(
        r.body.errors?.map((e) => e.field),
        ['employeeId'],
      );
      t.regex(r.body.msg, /[\u4e00-\u9fff]/, 'in the caller’s language');
    }
  });

  test.serial(`${dialect}: an organiser without an employee number must give one`, async (t) => {
    // An account from before employee numbers were required (the API cannot make one any more).
    await app().cradle.db('users').where({ id: alice.id }).update({ employee_no: '' });
    try {
      const r = await app().post<Refusal>(
        '/api/bookings',
        { ...slot(6), subject: 'x' },
        {
          token: alice.token,
          lang: 'ja',
        },
      );
      t.is(r.status, 400, JSON.stringify(r.body));
      t.is(r.body.key, 'bookings.employeeIdRequired');
      t.deepEqual(
        r.body.errors?.map((e) => e.field),
        ['employeeId'],
      );
      t.regex(r.body.msg, /社員番号/);
      const row = await app().cradle.db('bookings').where({ meeting_date: '2027-03-06' }).first('id');
      t.is(row, undefined, 'nothing was booked');
      const given = await book(app(), alice, { ...slot(6), employeeId: 'E-7' });
      t.is(given.status, 200, JSON.stringify(given.body));
      t.is(await employeeNoOf(given.body.data.id), 'E-7');
    } finally {
      await app().cradle.db('users').where({ id: alice.id }).update({ employee_no: 'T-alice' });
    }
  });
});
