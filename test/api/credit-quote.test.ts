/**
 * The price before booking and the caller's own credit history (docs/product-rules.md R10.5): the quote is the
 * amount the charge then takes, a series is quoted as its dates together, nothing is quoted without useCredit, a
 * short balance is said before the booking is refused, and GET /bookings/credit shows only the caller's ledger.
 */
import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { admin, BASE, book, staff, type Who } from '../helpers/bookings.ts';
import { createPlace, createResource, setParams, type Place } from '../helpers/places-fixture.ts';

interface Quote {
  useCredit: boolean;
  price: number;
  balance: number | null;
  enough: boolean;
}
interface Entry {
  id: number;
  userId: number;
  amount: number;
  balanceAfter: number;
  kind: string;
  bookingId: number | null;
}
interface OwnCredit {
  useCredit: boolean;
  balance: number;
  items: Entry[];
  total: number;
  page: number;
  pageSize: number;
}

perDialect(test, (dialect, app) => {
  let place: Place;
  let room: number;
  let root: Who;

  test.serial.before(async () => {
    app().clock.set(BASE);
    place = await createPlace(app());
    // 12.34 an hour: 45 minutes cost 925.5 cents, rounded to 926 (R10.1).
    room = await createResource(app(), place, { pricePerHour: 1234 });
    root = await admin(app());
    await setParams(app(), { options: '|copyright|useCredit|', useCircleReservation: true });
  });

  const quote = (who: Who, q: string) => app().get<{ data: Quote }>(`/api/bookings/quote?${q}`, { token: who.token });
  const recharge = (who: Who, amount: number) =>
    app().post(`/api/sys/users/${who.id}/recharge`, { amount }, { token: root.token });
  const own = (who: Who, q = '') => app().get<{ data: OwnCredit }>(`/api/bookings/credit${q}`, { token: who.token });

  test.serial(`${dialect}: the quoted price is what the booking is charged`, async (t) => {
    const ann = await staff(app(), 'ann');
    await recharge(ann, 5000);
    const q = await quote(ann, `resourceId=${room}&meetingDate=2027-03-03&startTime=09:00&endTime=09:45`);
    t.is(q.status, 200, JSON.stringify(q.body));
    t.deepEqual(q.body.data, { useCredit: true, price: 926, balance: 5000, enough: true });
    const b = await book(app(), ann, {
      resourceId: room,
      meetingDate: '2027-03-03',
      startTime: '09:00',
      endTime: '09:45',
    });
    t.is(b.status, 200, JSON.stringify(b.body));
    const mine = await own(ann);
    t.is(mine.status, 200, JSON.stringify(mine.body));
    const charge = mine.body.data.items.find((e) => e.kind === 'charge')!;
    t.is(charge.amount, -q.body.data.price);
    t.is(charge.bookingId, b.body.data.id);
    t.is(mine.body.data.balance, 5000 - 926);
    // A whole day is quoted on the resource's open hours, as it would be booked; bad times are a 400.
    const day = await quote(ann, `resourceId=${room}&meetingDate=2027-03-04&wholeDay=true`);
    t.is(day.body.data.price, 1234 * 24);
    t.is((await quote(ann, `resourceId=${room}&meetingDate=2027-03-04&startTime=10:00&endTime=09:00`)).status, 400);
    t.is((await quote(ann, `resourceId=${room}&meetingDate=2027-13-04&startTime=09:00&endTime=10:00`)).status, 400);
    t.is((await quote(ann, `resourceId=999999&meetingDate=2027-03-04&startTime=09:00&endTime=10:00`)).status, 404);
  });

  test.serial(`${dialect}: a series is quoted as its dates together, with the preview`, async (t) => {
    const ben = await staff(app(), 'ben');
    await recharge(ben, 2000);
    const body = {
      resourceId: room,
      meetingDate: '2027-03-08',
      startTime: '09:00',
      endTime: '10:00',
      subject: 'Weekly',
      recurrence: { freq: 'weekly', interval: 1, count: 3 },
    };
    const p = await app().post<{ data: { okCount: number; quote: Quote } }>('/api/bookings/preview', body, {
      token: ben.token,
    });
    t.is(p.status, 200, JSON.stringify(p.body));
    // Three hours cost 3702: the balance pays for one date, yet the quote is the series' price.
    t.deepEqual(p.body.data.quote, { useCredit: true, price: 3 * 1234, balance: 2000, enough: false });
    t.is(p.body.data.okCount, 1);
    await recharge(ben, 2000);
    const again = await app().post<{ data: { okCount: number; quote: Quote } }>('/api/bookings/preview', body, {
      token: ben.token,
    });
    t.deepEqual(again.body.data.quote, { useCredit: true, price: 3702, balance: 4000, enough: true });
    const made = await app().post('/api/bookings', { ...body, conflictPolicy: 'fail' }, { token: ben.token });
    t.is(made.status, 200, JSON.stringify(made.body));
    t.is((await own(ben)).body.data.balance, 4000 - 3702);
  });

  test.serial(`${dialect}: a short balance is said before the booking is refused`, async (t) => {
    const cleo = await staff(app(), 'cleo');
    await recharge(cleo, 500);
    const q = await quote(cleo, `resourceId=${room}&meetingDate=2027-03-05&startTime=09:00&endTime=10:00`);
    t.deepEqual(q.body.data, { useCredit: true, price: 1234, balance: 500, enough: false });
    const b = await book(app(), cleo, {
      resourceId: room,
      meetingDate: '2027-03-05',
      startTime: '09:00',
      endTime: '10:00',
    });
    t.is(b.status, 422);
    t.is(b.body.key, 'bookings.insufficientBalance');
  });

  test.serial(`${dialect}: own ledger: newest first, paged, and only the caller's`, async (t) => {
    const dan = await staff(app(), 'dan');
    const eve = await staff(app(), 'eve');
    const empty = await own(dan);
    t.is(empty.status, 200);
    t.deepEqual(empty.body.data.items, []);
    t.is(empty.body.data.total, 0);
    for (const amount of [100, 200, 300]) await recharge(dan, amount);
    await recharge(eve, 999);
    const first = await own(dan, '?page=1&pageSize=2');
    t.is(first.body.data.total, 3);
    t.deepEqual(
      first.body.data.items.map((e) => [e.amount, e.balanceAfter]),
      [
        [300, 600],
        [200, 300],
      ],
    );
    t.true(first.body.data.items.every((e) => e.userId === dan.id));
    const second = await own(dan, '?page=2&pageSize=2');
    t.deepEqual(
      second.body.data.items.map((e) => e.amount),
      [100],
    );
    t.is(second.body.data.balance, 600);
    t.is((await own(dan, '?pageSize=0')).status, 400);
    t.is((await app().get('/api/bookings/credit')).status, 401);
  });

  test.serial(`${dialect}: without useCredit nothing is quoted`, async (t) => {
    await setParams(app(), { options: '|copyright|' });
    try {
      const fay = await staff(app(), 'fay');
      const q = await quote(fay, `resourceId=${room}&meetingDate=2027-03-05&startTime=09:00&endTime=10:00`);
      t.deepEqual(q.body.data, { useCredit: false, price: 0, balance: null, enough: true });
      t.false((await own(fay)).body.data.useCredit);
      const b = await book(app(), fay, {
        resourceId: room,
        meetingDate: '2027-03-05',
        startTime: '11:00',
        endTime: '12:00',
      });
      t.is(b.status, 200);
    } finally {
      await setParams(app(), { options: '|copyright|useCredit|' });
    }
  });
});
