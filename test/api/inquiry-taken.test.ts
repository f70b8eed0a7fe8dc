/**
 * The inquiry's taken results (docs/product-rules.md R12.5, R25.2): with `includeTaken` a room that only bookings
 * keep from the range is answered marked `taken`, and its waitlist may be joined for exactly that range; a room left
 * out for any other reason stays out, and without the flag the answer is as it was.
 */
import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { BASE, book, staff, type Who } from '../helpers/bookings.ts';
import { createGroup, createPlace, createResource, type Place } from '../helpers/places-fixture.ts';

interface Result {
  id: number;
  name: string;
  taken?: boolean;
}
interface Available {
  date: string;
  startTime: string;
  endTime: string;
  resources: Result[];
}

/** A Wednesday, two days after the clock's Monday. */
const DATE = '2027-03-03';
const WEDNESDAY = 3;

perDialect(test, (dialect, app) => {
  let place: Place;
  let free: number;
  let booked: number;
  let overlapped: number;
  let closed: number;
  let grouped: number;
  let owen: Who;
  let tess: Who;

  test.serial.before(async () => {
    app().clock.set(BASE);
    place = await createPlace(app());
    owen = await staff(app(), 'owen');
    tess = await staff(app(), 'tess');
    const others = await createGroup(app(), `Others ${dialect}`, [owen.id]);
    free = await createResource(app(), place, { name: 'Free room' });
    booked = await createResource(app(), place, { name: 'Booked room' });
    overlapped = await createResource(app(), place, { name: 'Overlapped room' });
    closed = await createResource(app(), place, { name: 'Closed room', closedDays: [WEDNESDAY] });
    // Owen's group only: booked by Owen, and Tess could not book it were it free.
    grouped = await createResource(app(), place, { name: 'Group room', groups: [others] });
    for (const [resourceId, startTime, endTime] of [
      [booked, '09:00', '10:00'],
      [overlapped, '09:45', '11:00'],
      [grouped, '09:00', '10:00'],
    ] as const) {
      const res = await book(app(), owen, { resourceId, meetingDate: DATE, startTime, endTime });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    }
  });

  const inquire = (extra = '') =>
    app().get<{ data: Available }>(
      `/api/bookings/available?date=${DATE}&startTime=09:00&endTime=10:00&locationId=${place.locationId}${extra}`,
      { token: tess.token },
    );

  test.serial(`${dialect}: includeTaken adds the booked rooms marked taken, the free ones not`, async (t) => {
    const res = await inquire('&includeTaken=true');
    t.is(res.status, 200, JSON.stringify(res.body));
    const byId = new Map(res.body.data.resources.map((r) => [r.id, r.taken]));
    t.is(byId.get(free), false);
    t.is(byId.get(booked), true);
    // A booking over part of the range takes it as much as one over all of it.
    t.is(byId.get(overlapped), true);
    t.false(byId.has(closed), 'a room closed that day is no range to wait for');
    t.false(byId.has(grouped), 'nor is one the caller could not book were it free');
    t.is(res.body.data.resources.length, 3);
  });

  test.serial(`${dialect}: without the flag only the free rooms, with no taken field`, async (t) => {
    for (const extra of ['', '&includeTaken=false']) {
      const res = await inquire(extra);
      t.is(res.status, 200, JSON.stringify(res.body));
      t.deepEqual(
        res.body.data.resources.map((r) => r.id),
        [free],
      );
      t.false('taken' in res.body.data.resources[0]!);
    }
    t.is((await inquire('&includeTaken=maybe')).status, 400);
  });

  test.serial(`${dialect}: the waitlist of a taken result is joined for the inquiry's range`, async (t) => {
    const res = await inquire('&includeTaken=true');
    const { date, startTime, endTime } = res.body.data;
    const taken = res.body.data.resources.filter((r) => r.taken);
    t.true(taken.length > 0);
    for (const r of taken) {
      const joined = await app().post<{
        data: { resourceId: number; startTime: string; endTime: string; state: string };
      }>(
        '/api/waitlist',
        { resourceId: r.id, meetingDate: date, startTime, endTime, subject: 'From the inquiry', autoBook: true },
        { token: tess.token },
      );
      t.is(joined.status, 200, JSON.stringify(joined.body));
      t.like(joined.body.data, { resourceId: r.id, startTime: '09:00', endTime: '10:00', state: 'waiting' });
    }
    // The free one is booked, not waited for: both answers agree on which is which.
    const refused = await app().post(
      '/api/waitlist',
      { resourceId: free, meetingDate: date, startTime, endTime, subject: 'From the inquiry' },
      { token: tess.token, lang: 'en' },
    );
    t.is(refused.status, 422, JSON.stringify(refused.body));
  });
});
