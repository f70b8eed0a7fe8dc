/** Bad input to the booking, check-in, approval, blocklist and credit routes, and the record of money given by hand. */
import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { admin, BASE, book, staff, type Who } from '../helpers/bookings.ts';
import { createPlace, createResource } from '../helpers/places-fixture.ts';

interface OpItem {
  username: string;
  action: string;
  target: string | null;
  summary: { before?: { balance: number }; after?: { balance: number; amount: number }; note?: string };
}

perDialect(
  test,
  (dialect, app) => {
    let alice: Who;
    let bob: Who;
    let root: Who;
    let bookingId: number;

    test.serial.before(async () => {
      app().clock.set(BASE);
      const place = await createPlace(app());
      const room = await createResource(app(), place);
      alice = await staff(app(), 'alice');
      bob = await staff(app(), 'bob');
      root = await admin(app());
      bookingId = (
        await book(app(), alice, { resourceId: room, meetingDate: '2027-03-02', startTime: '09:00', endTime: '10:00' })
      ).body.data.id;
    });

    test.serial(`${dialect}: malformed input to any booking route is a translated 4xx, never a 500`, async (t) => {
      const probes: Array<[string, string, unknown, Who]> = [
        ['GET', '/api/bookings/grid', undefined, alice],
        ['GET', '/api/bookings/grid?date=2027-13-01', undefined, alice],
        ['GET', '/api/bookings/grid?date=2027-03-01&type=abc', undefined, alice],
        ['GET', '/api/bookings/grid?date=2027-03-01&locationId=-1', undefined, alice],
        ['GET', '/api/bookings/grid?date=2027-03-01&capacity=-5', undefined, alice],
        [
          'GET',
          '/api/bookings/available?date=2027-03-02&startTime=09:00&endTime=10:00&deviceIds=1,,2',
          undefined,
          alice,
        ],
        ['GET', '/api/bookings/available?date=2027-03-02&startTime=10:00&endTime=09:00', undefined, alice],
        ['GET', '/api/bookings/-1', undefined, alice],
        ['GET', '/api/bookings/abc/ics', undefined, alice],
        ['GET', '/api/bookings/0/ics', undefined, alice],
        ['GET', '/api/bookings?page=0', undefined, alice],
        ['GET', '/api/bookings?from=abc', undefined, alice],
        ['GET', '/api/bookings?resourceId=-3', undefined, alice],
        ['POST', `/api/bookings/${bookingId}/checkin`, { code: 123456 }, alice],
        ['POST', `/api/bookings/${bookingId}/checkin`, undefined, alice],
        ['POST', `/api/bookings/${bookingId}/checkin`, { code: '１２３４５６' }, alice],
        ['POST', '/api/bookings/999999/checkin', { code: '123456' }, alice],
        ['POST', '/api/bookings/9007199254740993/checkin', { code: '123456' }, alice],
        ['POST', '/api/bookings/999999/checkout', {}, alice],
        ['PUT', '/api/bookings/999999/passcode', { code: '1234' }, alice],
        ['POST', '/api/approvals/999999/approve', {}, bob],
        ['POST', '/api/approvals/1/approve', { reason: 7 }, bob],
        ['POST', '/api/approvals/999999/revoke', undefined, alice],
        ['GET', '/api/approvals?scope=all', undefined, bob],
        ['GET', '/api/approvals?page=0', undefined, bob],
        ['POST', '/api/sys/users/999999/recharge', { amount: 5 }, root],
        ['POST', `/api/sys/users/${bob.id}/recharge`, { amount: 1.5 }, root],
        ['POST', `/api/sys/users/${bob.id}/recharge`, { amount: '5' }, root],
        ['POST', `/api/sys/users/${bob.id}/recharge`, { amount: 0 }, root],
        ['GET', '/api/sys/users/999999/ledger', undefined, root],
        ['GET', '/api/sys/violations?from=abc', undefined, root],
        ['GET', '/api/sys/violations?userId=-3', undefined, root],
        ['POST', '/api/sys/blocklist/abc/release', {}, root],
        ['POST', '/api/sys/blocklist/999999/release', {}, root],
      ];
      for (const [method, path, body, who] of probes) {
        const r = await app().request(method, path, { token: who.token, body, lang: 'ja' });
        const what = `${method} ${path} ${JSON.stringify(body)} → ${r.status} ${JSON.stringify(r.body)}`;
        t.true(r.status >= 400 && r.status < 500, what);
        t.regex(String(r.body.msg), /[\u3040-\u30ff\u4e00-\u9fff]/, `${what}: a message in the caller's language`);
      }
      const balance = await app().get<{ data: { balance: number } }>(`/api/sys/users/${bob.id}/ledger`, {
        token: root.token,
      });
      t.is(balance.body.data.balance, 0, 'no refused recharge moved money');
    });

    test.serial(`${dialect}: a recharge is written to the operation log with who gave how much to whom`, async (t) => {
      const res = await app().post<{ data: { balance: number } }>(
        `/api/sys/users/${bob.id}/recharge`,
        { amount: 700, note: 'gift' },
        { token: root.token },
      );
      t.is(res.status, 200, JSON.stringify(res.body));
      t.is(res.body.data.balance, 700);
      const log = await app().get<{ data: { items: OpItem[] } }>('/api/sys/logs/operations?action=sys.user.recharge', {
        token: root.token,
      });
      t.is(log.status, 200, JSON.stringify(log.body));
      t.is(log.body.data.items.length, 1);
      const [entry] = log.body.data.items;
      t.is(entry!.username, 'admin');
      t.is(entry!.target, String(bob.id));
      t.like(entry!.summary, { before: { balance: 0 }, after: { balance: 700, amount: 700 }, note: 'gift' });
    });
  },
  { config: { accessTokenTtlSeconds: 86_400 } },
);
