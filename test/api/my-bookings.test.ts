/**
 * My Bookings (GET /bookings): one's bookings as organiser and as guest, once each, upcoming soonest first and
 * past latest first, filtered by range and resource, counted and paged (read as in docs/performance.md P2).
 */
import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { BASE, book, HOUR, staff, type BookingData, type Who } from '../helpers/bookings.ts';
import { createPlace, createResource } from '../helpers/places-fixture.ts';

interface Listing {
  items: BookingData[];
  total: number;
  page: number;
  pageSize: number;
}

perDialect(test, (dialect, app) => {
  let alice: Who;
  let bob: Who;
  let oak: number;
  let elm: number;
  const made: Record<string, number> = {};

  test.serial.before(async () => {
    app().clock.set(BASE); // Monday 2027-03-01 08:00 UTC
    const place = await createPlace(app());
    oak = await createResource(app(), place, { name: 'Oak' });
    elm = await createResource(app(), place, { name: 'Elm' });
    alice = await staff(app(), 'alice');
    bob = await staff(app(), 'bob');
    const add = async (key: string, who: Who, body: Record<string, unknown>) => {
      const r = await book(app(), who, body);
      if (r.status !== 200) throw new Error(JSON.stringify(r.body));
      made[key] = r.body.data.id;
    };
    // Alice organises three, attends one of Bob's, and is both organiser and guest of one.
    await add('a1', alice, { resourceId: oak, meetingDate: '2027-03-03', startTime: '09:00', endTime: '10:00' });
    await add('a2', alice, { resourceId: elm, meetingDate: '2027-03-02', startTime: '09:00', endTime: '10:00' });
    await add('a3', alice, {
      resourceId: oak,
      meetingDate: '2027-03-04',
      startTime: '09:00',
      endTime: '10:00',
      innerAttendees: [alice.id, bob.id],
    });
    await add('b1', bob, {
      resourceId: elm,
      meetingDate: '2027-03-05',
      startTime: '09:00',
      endTime: '10:00',
      innerAttendees: [alice.id],
    });
    await add('b2', bob, { resourceId: elm, meetingDate: '2027-03-06', startTime: '09:00', endTime: '10:00' });
    // One of Alice's ends: cancelled, it is past whatever its time.
    const cancelled = await app().post(`/api/bookings/${made.a2}/cancel`, { reason: 'no' }, { token: alice.token });
    if (cancelled.status !== 200) throw new Error(JSON.stringify(cancelled.body));
  });

  const list = async (who: Who, query: string) =>
    (await app().get<{ data: Listing }>(`/api/bookings?${query}`, { token: who.token })).body.data;
  const ids = (l: Listing) => l.items.map((b) => b.id);

  test.serial(`${dialect}: upcoming: organised and attended, once each, soonest first`, async (t) => {
    const l = await list(alice, 'scope=upcoming');
    t.deepEqual(ids(l), [made.a1, made.a3, made.b1]);
    t.is(l.total, 3);
    t.deepEqual(ids(await list(bob, 'scope=upcoming')), [made.a3, made.b1, made.b2]);
  });

  test.serial(`${dialect}: past: what ended or stopped holding time, latest first`, async (t) => {
    t.deepEqual(ids(await list(alice, 'scope=past')), [made.a2]);
    app().clock.set(BASE + 4 * 24 * HOUR); // Friday 08:00: Wednesday's and Thursday's are over
    alice = await staff(app(), 'alice');
    t.deepEqual(ids(await list(alice, 'scope=past')), [made.a3, made.a1, made.a2]);
    t.deepEqual(ids(await list(alice, 'scope=upcoming')), [made.b1]);
    const all = await list(alice, 'scope=all');
    t.deepEqual(
      [...ids(all)].sort((a, b) => a - b),
      [made.a1!, made.a2!, made.a3!, made.b1!].sort((a, b) => a - b),
    );
    app().clock.set(BASE);
    alice = await staff(app(), 'alice');
  });

  test.serial(`${dialect}: paged, with the total of every page`, async (t) => {
    const first = await list(alice, 'scope=upcoming&page=1&pageSize=2');
    const second = await list(alice, 'scope=upcoming&page=2&pageSize=2');
    t.deepEqual([...ids(first), ...ids(second)], [made.a1, made.a3, made.b1]);
    t.is(first.total, 3);
    t.is(second.total, 3);
    t.deepEqual(ids(await list(alice, 'scope=upcoming&page=3&pageSize=2')), []);
  });

  test.serial(`${dialect}: by resource and by range`, async (t) => {
    t.deepEqual(ids(await list(alice, `scope=upcoming&resourceId=${oak}`)), [made.a1, made.a3]);
    t.deepEqual(ids(await list(alice, `scope=upcoming&resourceId=${elm}`)), [made.b1]);
    const thursday = Date.UTC(2027, 2, 4);
    t.deepEqual(ids(await list(alice, `scope=upcoming&from=${thursday}`)), [made.a3, made.b1]);
    t.deepEqual(ids(await list(alice, `scope=upcoming&to=${thursday}`)), [made.a1]);
  });
});
