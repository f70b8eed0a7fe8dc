/**
 * Webhook subscriptions (docs/product-rules.md R24) on SQLite and MariaDB, with a real receiver on 127.0.0.1 that
 * verifies every message with the Standard Webhooks specification's own library (`standardwebhooks`), not with
 * Atrium's code: a booking's creation is delivered with its type and data, an event not subscribed is not sent, staff
 * are refused, a rotation signs with both secrets for a day and then with the new one only, failures are retried with
 * backoff and logged with their codes, a message is redelivered by hand, an endpoint failing for over a day is
 * disabled and its administrators told, the URL guard refuses loopback when `webhookAllowPrivate` is off (at save and
 * at delivery), a redirect is not followed, and the secret appears in no list and no log line.
 */
import test from 'ava';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { Webhook } from 'standardwebhooks';
import { perDialect, type TestApp } from '../helpers/app.ts';
import { BASE, book, HOUR, staff } from '../helpers/bookings.ts';
import { FIXTURE_PLUGINS, dispatchChanges, outboxRows, saveNotify } from '../helpers/notify.ts';
import { createPlace, createResource, setParams } from '../helpers/places-fixture.ts';
import { pairTablet } from '../helpers/tablets.ts';
import { createUser } from '../helpers/users.ts';

interface Received {
  headers: Record<string, string>;
  body: string;
}

interface Endpoint {
  id: number;
  name: string;
  url: string;
  events: string[];
  enabled: boolean;
  secret?: string;
  disabledAt: number | null;
}

interface Delivery {
  id: number;
  messageId: string;
  eventType: string;
  state: string;
  attempts: number;
  lastStatus: number | null;
}

const logLines: string[] = [];
const logger = pino({ level: 'debug' }, { write: (line: string) => void logLines.push(line) });

/** A receiver on 127.0.0.1: answers `status` (and a Location for 3xx), keeps what came. */
async function receiver() {
  const got: Received[] = [];
  let status = 200;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(status, status >= 300 && status < 400 ? { location: 'http://127.0.0.1:9/elsewhere' } : {});
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    got,
    answer: (s: number) => void (status = s),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Verifies as a receiver would, with the library's clock set to the app's (the tests move it by days). */
function verify(app: TestApp, secret: string, r: Received): unknown {
  const real = Date.now;
  const at = app.clock.now();
  Date.now = () => at;
  try {
    return new Webhook(secret).verify(r.body, r.headers);
  } finally {
    Date.now = real;
  }
}

perDialect(
  test,
  (dialect, app) => {
    let admin = '';
    let staffToken = '';
    let room = 0;
    let rx: Awaited<ReturnType<typeof receiver>>;
    let hook: Endpoint;
    let secret = '';

    test.serial.before(async () => {
      app().clock.set(BASE);
      rx = await receiver();
      room = await createResource(app(), await createPlace(app()));
      await setParams(app(), { webhookAllowPrivate: true });
      await signIn();
    });
    test.serial.after.always(async () => rx?.close());
    let alice: Awaited<ReturnType<typeof staff>>;
    /** Moving the clock by hours ends sessions: the tests sign in afresh after it (and only then: sign-in is throttled). */
    const signIn = async () => {
      admin = await app().adminToken();
      alice = await staff(app(), 'wh-alice');
    };

    const deliver = async () => {
      await dispatchChanges(app());
      await app().cradle.outboxWorker.drainDue();
    };
    const deliveries = async (id: number, query = '') => {
      const res = await app().get<{ data: { items: Delivery[]; total: number } }>(
        `/api/sys/webhooks/${id}/deliveries${query}`,
        { token: admin },
      );
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      return res.body.data;
    };
    let slot = 0;
    const newBooking = async () => {
      slot++;
      const res = await book(app(), alice, {
        resourceId: room,
        meetingDate: '2027-03-10',
        startTime: `${String(7 + slot).padStart(2, '0')}:00`,
        endTime: `${String(7 + slot).padStart(2, '0')}:30`,
      });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      return res.body.data;
    };

    test.serial(`${dialect}: an endpoint is created with its secret once; lists and logs never hold it`, async (t) => {
      const res = await app().post<{ data: Endpoint }>(
        '/api/sys/webhooks',
        { name: 'Receiver', url: rx.url, events: ['booking.created', 'booking.created'] },
        { token: admin },
      );
      t.is(res.status, 200, JSON.stringify(res.body));
      hook = res.body.data;
      secret = hook.secret!;
      t.regex(secret, /^whsec_[A-Za-z0-9+/]{32}$/);
      t.deepEqual(hook.events, ['booking.created']);
      const row = await app().cradle.db('webhook_endpoints').where({ id: hook.id }).first();
      t.false(JSON.stringify(row).includes(secret.slice(6)), 'stored sealed');
      const list = await app().get<{ data: { items: Endpoint[]; total: number } }>('/api/sys/webhooks?q=Recei', {
        token: admin,
      });
      t.is(list.body.data.total, 1);
      t.false(JSON.stringify(list.body).includes(secret.slice(6)));
      t.false('secret' in list.body.data.items[0]!);
      t.is(
        (await app().get<{ data: { total: number } }>('/api/sys/webhooks?q=nothing', { token: admin })).body.data.total,
        0,
      );
    });

    test.serial(`${dialect}: staff are refused; bad input is a 400`, async (t) => {
      staffToken = (await staff(app(), 'wh-bob')).token;
      t.is((await app().get('/api/sys/webhooks', { token: staffToken })).status, 403);
      t.is(
        (
          await app().post(
            '/api/sys/webhooks',
            { name: 'x', url: rx.url, events: ['booking.created'] },
            { token: staffToken },
          )
        ).status,
        403,
      );
      t.is((await app().post(`/api/sys/webhooks/${hook.id}/rotate`, {}, { token: staffToken })).status, 403);
      t.is((await app().get(`/api/sys/webhooks/${hook.id}/deliveries`, { token: staffToken })).status, 403);
      const ftp = await app().post(
        '/api/sys/webhooks',
        { name: 'x', url: 'ftp://example.org/', events: ['booking.created'] },
        { token: admin },
      );
      t.is(ftp.status, 400);
      const unknown = await app().post<{ msg: string }>(
        '/api/sys/webhooks',
        { name: 'x', url: rx.url, events: ['booking.exploded'] },
        { token: admin, lang: 'ja' },
      );
      t.is(unknown.status, 400);
      t.true(unknown.body.msg.includes('booking.exploded'));
      t.is((await app().get('/api/sys/webhooks/999999/deliveries', { token: admin })).status, 404);
    });

    test.serial(`${dialect}: a booking created is delivered, signed, with its type and data`, async (t) => {
      const booking = await newBooking();
      await deliver();
      t.is(rx.got.length, 1);
      const got = rx.got[0]!;
      const message = verify(app(), secret, got) as {
        type: string;
        timestamp: string;
        data: { booking: Record<string, unknown> };
      };
      t.is(message.type, 'booking.created');
      t.is(message.data.booking.id, booking.id);
      t.is(message.data.booking.resourceId, room);
      t.false('checkInCode' in message.data.booking, 'the check-in code is not sent');
      t.is(got.headers['webhook-signature']!.split(' ').length, 1);
      const log = await deliveries(hook.id);
      t.is(log.total, 1);
      t.like(log.items[0]!, { eventType: 'booking.created', state: 'delivered', attempts: 1, lastStatus: 200 });
      t.is(log.items[0]!.messageId, got.headers['webhook-id']!);
    });

    test.serial(`${dialect}: an event not subscribed is not sent`, async (t) => {
      const booking = await newBooking();
      await deliver();
      t.is(rx.got.length, 2);
      const cancel = await app().post(
        `/api/bookings/${booking.id}/cancel`,
        { reason: 'not needed' },
        { token: alice.token },
      );
      t.is(cancel.status, 200, JSON.stringify(cancel.body));
      await deliver();
      t.is(rx.got.length, 2, 'booking.cancelled is not subscribed');
      t.false(rx.got.some((r) => r.body.includes('"booking.cancelled"')));
    });

    test.serial(`${dialect}: a test event is sent whatever the subscription`, async (t) => {
      const res = await app().post<{ data: { deliveryId: number; messageId: string } }>(
        `/api/sys/webhooks/${hook.id}/test`,
        {},
        { token: admin },
      );
      t.is(res.status, 200, JSON.stringify(res.body));
      await deliver();
      const last = rx.got[rx.got.length - 1]!;
      t.is((verify(app(), secret, last) as { type: string }).type, 'webhook.test');
      t.is(last.headers['webhook-id'], res.body.data.messageId);
    });

    test.serial(`${dialect}: after a rotation both secrets are valid for a day, then only the new one`, async (t) => {
      const rotated = await app().post<{ data: Endpoint }>(`/api/sys/webhooks/${hook.id}/rotate`, {}, { token: admin });
      t.is(rotated.status, 200, JSON.stringify(rotated.body));
      const fresh = rotated.body.data.secret!;
      t.not(fresh, secret);
      await newBooking();
      await deliver();
      const during = rx.got[rx.got.length - 1]!;
      t.is(during.headers['webhook-signature']!.split(' ').length, 2);
      t.notThrows(() => verify(app(), fresh, during));
      t.notThrows(() => verify(app(), secret, during));
      app().clock.advance(25 * HOUR);
      await signIn();
      await newBooking();
      await deliver();
      const after = rx.got[rx.got.length - 1]!;
      t.is(after.headers['webhook-signature']!.split(' ').length, 1);
      t.notThrows(() => verify(app(), fresh, after));
      t.throws(() => verify(app(), secret, after));
      secret = fresh;
    });

    test.serial(
      `${dialect}: failures are retried with backoff and logged with their codes; redelivery by hand`,
      async (t) => {
        rx.answer(500);
        const before = rx.got.length;
        await newBooking();
        await deliver();
        t.is(rx.got.length, before + 1);
        let log = await deliveries(hook.id, '?page=1&pageSize=1');
        t.is(log.items.length, 1);
        t.like(log.items[0]!, { state: 'pending', attempts: 1, lastStatus: 500 });
        // Not again before the backoff (30 s).
        app().clock.advance(10_000);
        await app().cradle.outboxWorker.drainDue();
        t.is(rx.got.length, before + 1);
        app().clock.advance(25_000);
        await app().cradle.outboxWorker.drainDue();
        t.is(rx.got.length, before + 2);
        t.is(rx.got[before]!.headers['webhook-id'], rx.got[before + 1]!.headers['webhook-id'], 'a retry keeps its id');
        rx.answer(200);
        app().clock.advance(60_000);
        await app().cradle.outboxWorker.drainDue();
        log = await deliveries(hook.id, '?page=1&pageSize=1');
        t.like(log.items[0]!, { state: 'delivered', attempts: 3, lastStatus: 200 });
        const again = await app().post<{ data: Delivery }>(
          `/api/sys/webhooks/deliveries/${log.items[0]!.id}/redeliver`,
          {},
          { token: admin },
        );
        t.is(again.status, 200, JSON.stringify(again.body));
        await app().cradle.outboxWorker.drainDue();
        const last = rx.got[rx.got.length - 1]!;
        t.is(last.headers['webhook-id'], log.items[0]!.messageId);
        t.notThrows(() => verify(app(), secret, last));
        t.is((await app().post('/api/sys/webhooks/deliveries/999999/redeliver', {}, { token: admin })).status, 404);
      },
    );

    test.serial(`${dialect}: a redirect is not followed and counts as a failure`, async (t) => {
      rx.answer(302);
      const before = rx.got.length;
      await app().post(`/api/sys/webhooks/${hook.id}/test`, {}, { token: admin });
      await deliver();
      t.is(rx.got.length, before + 1, 'nothing went to the Location');
      const log = await deliveries(hook.id, '?pageSize=1');
      t.like(log.items[0]!, { state: 'pending', lastStatus: 302 });
      rx.answer(200);
      app().clock.advance(60_000);
      await app().cradle.outboxWorker.drainDue();
    });

    test.serial(`${dialect}: an endpoint failing for over a day is disabled and its administrators told`, async (t) => {
      await saveNotify(app(), admin, 'notify-log');
      rx.answer(503);
      await newBooking();
      await deliver();
      app().clock.advance(13 * HOUR);
      await signIn();
      await newBooking();
      await deliver();
      let list = await app().get<{ data: { items: Endpoint[] } }>('/api/sys/webhooks', { token: admin });
      t.true(list.body.data.items[0]!.enabled, 'still enabled after half a day');
      app().clock.advance(12 * HOUR);
      await signIn();
      await newBooking();
      await deliver();
      list = await app().get<{ data: { items: Endpoint[] } }>('/api/sys/webhooks', { token: admin });
      t.false(list.body.data.items[0]!.enabled);
      t.truthy(list.body.data.items[0]!.disabledAt);
      const notices = (await outboxRows(app())).filter((r) => r.topic === 'webhook.disabled');
      t.true(notices.length >= 1);
      t.true(notices[0]!.message.subject.includes('Receiver'));
      t.true(notices[0]!.message.to.some((p) => p.username === 'admin'));
      // Nothing more is sent to a disabled endpoint.
      const before = rx.got.length;
      await newBooking();
      await deliver();
      app().clock.advance(HOUR);
      await app().cradle.outboxWorker.drainDue();
      await signIn();
      t.is(rx.got.length, before);
      // Enabled again, its failures start afresh.
      rx.answer(200);
      const on = await app().put<{ data: Endpoint }>(
        `/api/sys/webhooks/${hook.id}`,
        { name: 'Receiver', url: rx.url, events: ['booking.created'], enabled: true },
        { token: admin },
      );
      t.is(on.status, 200, JSON.stringify(on.body));
      t.true(on.body.data.enabled);
      t.is(on.body.data.disabledAt, null);
    });

    test.serial(
      `${dialect}: loopback is refused when webhookAllowPrivate is off, at save and at delivery`,
      async (t) => {
        await setParams(app(), { webhookAllowPrivate: false });
        for (const url of [
          rx.url,
          'http://localhost:8080/',
          'http://10.1.2.3/',
          'http://[::1]:8080/',
          'http://169.254.169.254/',
          'http://0.0.0.0/',
        ]) {
          const res = await app().post<{ msg: string }>(
            '/api/sys/webhooks',
            { name: 'Inside', url, events: ['booking.created'] },
            { token: admin },
          );
          t.is(res.status, 400, url);
        }
        const refused = await app().post<{ msg: string }>(
          '/api/sys/webhooks',
          { name: 'Inside', url: rx.url, events: ['booking.created'] },
          { token: admin, lang: 'cn' },
        );
        t.true(refused.body.msg.includes('webhookAllowPrivate'));
        // Saved while allowed, refused at delivery once it is not: nothing reaches the receiver.
        const before = rx.got.length;
        await app().post(`/api/sys/webhooks/${hook.id}/test`, {}, { token: admin });
        await deliver();
        t.is(rx.got.length, before);
        const log = await deliveries(hook.id, '?pageSize=1');
        t.like(log.items[0]!, { eventType: 'webhook.test', state: 'pending', lastStatus: null });
        await setParams(app(), { webhookAllowPrivate: true });
      },
    );

    test.serial(`${dialect}: an account made and a tablet gone offline reach who subscribed to them`, async (t) => {
      await signIn();
      const people = await receiver();
      try {
        const made = await app().post<{ data: Endpoint }>(
          '/api/sys/webhooks',
          { name: 'People and tablets', url: people.url, events: ['user.created', 'tablet.offline'] },
          { token: admin },
        );
        t.is(made.status, 200, JSON.stringify(made.body));
        const key = made.body.data.secret!;
        const userId = await createUser(app(), `wh-new-${dialect}`);
        await setParams(app(), { padOfflineAlertMinutes: 10 });
        await pairTablet(app(), room);
        const tabletId = Number((await app().cradle.db('tablets').orderBy('id', 'desc').first('id')).id);
        app().clock.advance(11 * 60_000);
        t.true((await app().cradle.tabletsService.alertOffline()) >= 1);
        await deliver();
        const messages = people.got.map(
          (r) => verify(app(), key, r) as { type: string; data: Record<string, unknown> },
        );
        t.like(
          messages.find((m) => m.type === 'user.created'),
          { data: { userId } },
        );
        t.like(
          messages.find((m) => m.type === 'tablet.offline'),
          { data: { tabletId, resourceId: room } },
        );
        t.false(
          messages.some((m) => m.type.startsWith('booking.')),
          'only what it subscribed to',
        );
      } finally {
        await people.close();
      }
    });

    test.serial(`${dialect}: the secret is in no log line; delete answers no data and removes the log`, async (t) => {
      const joined = logLines.join('\n');
      t.false(joined.includes(secret.slice(6)));
      const ops = await app().get('/api/sys/logs/operations?action=sys.webhooks.create', { token: admin });
      t.is(ops.status, 200);
      t.false(JSON.stringify(ops.body).includes(secret.slice(6)));
      // The delivery log keeps 30 days (R24.4): what the last day sent outlives a purge 29 days on, not 31.
      const left = async () => Number((await app().cradle.db('webhook_deliveries').count({ n: '*' }).first())!.n);
      await app().cradle.webhooksService.purge(app().clock.now() + 29 * 24 * HOUR);
      t.true((await left()) > 0);
      t.true((await app().cradle.webhooksService.purge(app().clock.now() + 31 * 24 * HOUR)) > 0);
      t.is(await left(), 0);
      const del = await app().delete<{ data?: unknown }>(`/api/sys/webhooks/${hook.id}`, { token: admin });
      t.is(del.status, 200, JSON.stringify(del.body));
      t.is((await app().get(`/api/sys/webhooks/${hook.id}/deliveries`, { token: admin })).status, 404);
      t.is(Number((await app().cradle.db('webhook_deliveries').count({ n: '*' }).first())!.n), 0);
    });
  },
  { config: { pluginPaths: FIXTURE_PLUGINS }, logger },
);
