/**
 * Door access on the booking lifecycle (docs/product-rules.md R20.1), on SQLite and MariaDB, with a provider that
 * records its calls (test/fixtures/plugins/access-recording): a confirmed or approved booking grants its
 * organiser and inner attendees with a card number at every lock and card reader of its room, for its time
 * widened by `accessMarginMinutes`; a move grants again with the new window (another room: the old room's locks
 * are revoked); cancel, check-out, no-show, deny and withdrawal revoke; no provider queues nothing; a failing
 * provider leaves the booking answered and its rows parked after their attempts; a check-in at the door tablet
 * opens the room's lock once (not its card reader), unless `openDoorOnCheckIn` is off.
 */
import test from 'ava';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AccessCall } from '../fixtures/plugins/access-recording/index.ts';
import { perDialect } from '../helpers/app.ts';
import { recordingKind } from '../helpers/building.ts';
import { BASE, book, staff, type BookingData, type Who } from '../helpers/bookings.ts';
import { deliverUntilParked, dispatchChanges, FIXTURE_PLUGINS } from '../helpers/notify.ts';
import { createPlace, createResource, setParams } from '../helpers/places-fixture.ts';
import { pairTablet } from '../helpers/tablets.ts';

const at = (h: number, m = 0) => Date.UTC(2027, 2, 1, h, m);

perDialect(
  test,
  (dialect, app) => {
    let roomA = 0;
    let roomB = 0;
    let review = 0;
    let alice: Who;
    let bob: Who;
    let carol: Who;
    let approver: Who;
    let admin = '';

    const {
      select: selectAccess,
      recorder,
      delivered,
      rows: accessRows,
    } = recordingKind<AccessCall>(app, 'access', () => admin);
    const meeting = async (resourceId: number, start: string, end: string, who = alice, more = {}) => {
      const res = await book(app(), who, {
        resourceId,
        meetingDate: '2027-03-01',
        startTime: start,
        endTime: end,
        innerAttendees: [bob.id, carol.id],
        ...more,
      });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      return res.body.data;
    };
    const post = (path: string, body: Record<string, unknown>, who = alice) =>
      app().post<{ data: BookingData }>(path, body, { token: who.token });
    const approvalOf = async (bookingId: number) =>
      Number((await app().cradle.db('approvals').where({ booking_id: bookingId }).first('id')).id);
    const people = [
      { username: `alice_ac_${dialect}`, cardNo: 'CARD-A' },
      { username: `bob_ac_${dialect}`, cardNo: 'CARD-B' },
    ];
    const grants = (bookingId: number, locks: string[], from: number, to: number): AccessCall[] =>
      locks.map((lockId) => ({ method: 'grant', grant: { bookingId, lockId, people, from, to } }));
    const revokes = (bookingId: number, locks: string[]): AccessCall[] =>
      locks.map((lockId) => ({ method: 'revoke', bookingId, lockId }));
    const sorted = (calls: AccessCall[]) =>
      [...calls].sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));

    /** Tokens last a day of test time (the options below): moving the clock keeps everyone signed in. */
    const setClock = async (when: number) => app().clock.set(when);

    test.serial.before(async () => {
      app().clock.set(BASE);
      admin = await app().adminToken();
      const place = await createPlace(app());
      roomA = await createResource(app(), place, { name: 'Everest' });
      roomB = await createResource(app(), place, { name: 'K2' });
      alice = await staff(app(), `alice_ac_${dialect}`);
      bob = await staff(app(), `bob_ac_${dialect}`);
      carol = await staff(app(), `carol_ac_${dialect}`);
      approver = await staff(app(), `appr_ac_${dialect}`);
      review = await createResource(app(), place, { name: 'Board room', approvers: [approver.id] });
      const { db } = app().cradle;
      await db('users').where({ id: alice.id }).update({ card_no: 'CARD-A' });
      await db('users').where({ id: bob.id }).update({ card_no: 'CARD-B' });
      const devices = [
        { name: 'Door lock', deviceNo: `LOCK-A-${dialect}`, kind: 'lock', identifier: 'lock-a', resourceId: roomA },
        { name: 'Reader', deviceNo: `RDR-A-${dialect}`, kind: 'cardReader', identifier: 'rdr-a', resourceId: roomA },
        { name: 'Lights', deviceNo: `REL-A-${dialect}`, kind: 'relay', identifier: 'relay-a', resourceId: roomA },
        { name: 'K2 lock', deviceNo: `LOCK-B-${dialect}`, kind: 'lock', identifier: 'lock-b', resourceId: roomB },
        { name: 'Board lock', deviceNo: `LOCK-R-${dialect}`, kind: 'lock', identifier: 'lock-r', resourceId: review },
      ];
      for (const d of devices) {
        const res = await app().post('/api/room/devices', d, { token: admin });
        if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      }
    });

    test.serial.afterEach.always(async () => {
      if (app().clock.now() !== BASE) await setClock(BASE);
    });

    test.serial(`${dialect}: without an access provider nothing is queued`, async (t) => {
      const b = await meeting(roomA, '09:00', '10:00');
      await dispatchChanges(app());
      t.is((await post(`/api/bookings/${b.id}/cancel`, { reason: 'none' })).status, 200);
      await dispatchChanges(app());
      t.deepEqual(await accessRows(), []);
    });

    test.serial(`${dialect}: a confirmed booking grants its card holders at every lock of its room`, async (t) => {
      await selectAccess('access-recording');
      await delivered();
      const b = await meeting(roomA, '10:00', '11:00');
      t.deepEqual(sorted(await delivered()), sorted(grants(b.id, ['lock-a', 'rdr-a'], at(9, 50), at(11, 10))));
      // The margin is a parameter.
      await setParams(app(), { accessMarginMinutes: 30 });
      const c = await meeting(roomB, '12:00', '13:00');
      t.deepEqual(await delivered(), grants(c.id, ['lock-b'], at(11, 30), at(13, 30)));
      await setParams(app(), { accessMarginMinutes: 10 });
    });

    test.serial(
      `${dialect}: a move grants again with the new window; another room revokes the old locks`,
      async (t) => {
        const b = await meeting(roomA, '14:00', '15:00');
        await delivered();
        const moved = await app().put(`/api/bookings/${b.id}`, { startTime: '14:30', endTime: '16:00' }, alice);
        t.is(moved.status, 200, JSON.stringify(moved.body));
        t.deepEqual(sorted(await delivered()), sorted(grants(b.id, ['lock-a', 'rdr-a'], at(14, 20), at(16, 10))));
        // A change that leaves the time and the people as they were grants nothing new.
        t.is((await app().put(`/api/bookings/${b.id}`, { subject: 'Renamed' }, alice)).status, 200);
        t.deepEqual(await delivered(), []);
        const extended = await post(`/api/bookings/${b.id}/extend`, { minutes: 30 });
        t.is(extended.status, 200, JSON.stringify(extended.body));
        t.deepEqual(sorted(await delivered()), sorted(grants(b.id, ['lock-a', 'rdr-a'], at(14, 20), at(16, 40))));
        const elsewhere = await app().put(`/api/bookings/${b.id}`, { resourceId: roomB }, alice);
        t.is(elsewhere.status, 200, JSON.stringify(elsewhere.body));
        const calls = await delivered();
        t.deepEqual(
          sorted(calls),
          sorted([...revokes(b.id, ['lock-a', 'rdr-a']), ...grants(b.id, ['lock-b'], at(14, 20), at(16, 40))]),
        );
      },
    );

    test.serial(`${dialect}: cancel, check-out and a no-show revoke`, async (t) => {
      const b = await meeting(roomA, '17:00', '18:00');
      await delivered();
      t.is((await post(`/api/bookings/${b.id}/cancel`, { reason: 'off' })).status, 200);
      t.deepEqual(sorted(await delivered()), sorted(revokes(b.id, ['lock-a', 'rdr-a'])));

      const c = await meeting(roomB, '17:00', '18:00');
      await delivered();
      await setClock(at(17, 5));
      t.is((await post(`/api/bookings/${c.id}/checkin`, { code: c.checkInCode })).status, 200);
      t.deepEqual(await delivered(), [], 'checking in changes no grant');
      await setClock(at(17, 30));
      t.is((await post(`/api/bookings/${c.id}/checkout`, {})).status, 200);
      t.deepEqual(await delivered(), revokes(c.id, ['lock-b']));

      // Only this meeting is left for the no-show job (each no-show counts against its organiser).
      const { db } = app().cradle;
      const earlier = db('bookings').where('meeting_date', '2027-03-01').where('state', 'confirmed').select('id');
      await db('booking_slots').whereIn('booking_id', earlier).del();
      await db('bookings')
        .where('meeting_date', '2027-03-01')
        .where('state', 'confirmed')
        .update({ state: 'cancelled' });
      await setParams(app(), { autoCancelResource: '0' });
      const d = await meeting(roomA, '19:00', '20:00');
      await delivered();
      await setClock(at(19, 20));
      t.true(await app().running.scheduler!.runIfDue('bookings.noShow'));
      t.is(String((await app().cradle.db('bookings').where({ id: d.id }).first('state')).state), 'autoCancelled');
      // The job ends every earlier meeting nobody checked in to as well: look at this one.
      const calls = (await delivered()).filter((c) => c.method === 'revoke' && c.bookingId === d.id);
      t.deepEqual(sorted(calls), sorted(revokes(d.id, ['lock-a', 'rdr-a'])));
      await setParams(app(), { autoCancelResource: '0,1' });
      await setClock(BASE);
    });

    test.serial(`${dialect}: a request grants once approved; denied or withdrawn it revokes`, async (t) => {
      const b = await meeting(review, '10:00', '11:00');
      t.is(b.state, 'pending');
      t.deepEqual(await delivered(), [], 'a request awaiting approval has no access');
      const approved = await post(`/api/approvals/${await approvalOf(b.id)}/approve`, {}, approver);
      t.is(approved.status, 200, JSON.stringify(approved.body));
      t.deepEqual(await delivered(), grants(b.id, ['lock-r'], at(9, 50), at(11, 10)));

      const c = await meeting(review, '12:00', '13:00');
      t.is((await post(`/api/approvals/${await approvalOf(c.id)}/deny`, { reason: 'no' }, approver)).status, 200);
      t.deepEqual(await delivered(), revokes(c.id, ['lock-r']));

      const d = await meeting(review, '14:00', '15:00');
      t.is((await post(`/api/approvals/${await approvalOf(d.id)}/revoke`, {})).status, 200);
      t.deepEqual(await delivered(), revokes(d.id, ['lock-r']));
    });

    test.serial(
      `${dialect}: a failing provider never fails the booking; its rows park after their attempts`,
      async (t) => {
        await selectAccess('access-recording', { mode: 'fail' });
        const started = Date.now();
        const res = await book(app(), alice, {
          resourceId: roomB,
          meetingDate: '2027-03-02',
          startTime: '09:00',
          endTime: '10:00',
        });
        t.is(res.status, 200);
        t.true(Date.now() - started < 5_000);
        await dispatchChanges(app());
        const [row] = (await accessRows()).filter(
          (r) => JSON.parse(String(r.payload)).args[0].bookingId === res.body.data.id,
        );
        t.truthy(row);
        const id = Number(row.id);
        t.like(await deliverUntilParked(app(), t, id), {
          state: 'parked',
          attempts: 6,
          error: 'door controller said no (503)',
        });
        const booking = await app().get<{ data: BookingData }>(`/api/bookings/${res.body.data.id}`, {
          token: alice.token,
        });
        t.is(booking.body.data.state, 'confirmed', 'the booking stands');
        const parked = await app().get<{ data: { items: Array<{ id: number }> } }>(
          '/api/inte/outbox?kind=access&state=parked',
          { token: admin },
        );
        t.true(
          parked.body.data.items.some((i) => i.id === id),
          'visible to the administrators',
        );
        await setClock(BASE);
        await selectAccess('access-recording');
      },
    );

    test.serial(`${dialect}: the webhook provider posts each grant signed to the configured address`, async (t) => {
      const secret = 'webhook secret for the doors';
      const received: Array<{ type: string; data: Record<string, unknown> }> = [];
      const server = http.createServer((req, res) => {
        let raw = '';
        req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
        req.on('end', () => {
          const signed = `${String(req.headers['webhook-id'])}.${String(req.headers['webhook-timestamp'])}.${raw}`;
          const expected = `v1,${createHmac('sha256', secret).update(signed).digest('base64')}`;
          if (req.headers['webhook-signature'] !== expected) return void res.writeHead(401).end();
          received.push(JSON.parse(raw) as { type: string; data: Record<string, unknown> });
          res.writeHead(204).end();
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/doors`;
      await selectAccess('webhook-access', { url, secret });
      const shown = await app().get<{
        data: { settings: Record<string, unknown>; secretsSet: Record<string, boolean> };
      }>('/api/inte/settings/access', { token: admin });
      t.is(shown.body.data.settings.secret, undefined, 'the secret is never sent back');
      t.deepEqual(shown.body.data.secretsSet, { secret: true });
      const b = await meeting(roomB, '15:00', '16:00');
      await dispatchChanges(app());
      await app().cradle.outboxWorker.drainDue();
      t.true(
        received.some((r) => r.type === 'webhook.ping'),
        'the health check after the start is signed too',
      );
      t.deepEqual(
        received.filter((r) => r.type === 'access.grant').map((r) => r.data),
        [{ bookingId: b.id, lockId: 'lock-b', people, from: at(14, 50), to: at(16, 10) }],
      );
      await selectAccess('access-recording');
    });

    test.serial(`${dialect}: a check-in at the door tablet opens the room's lock once`, async (t) => {
      await selectAccess('access-recording');
      await setClock(at(11, 0));
      const b = await meeting(roomA, '11:00', '12:00');
      await delivered();
      const tablet = { headers: (await pairTablet(app(), roomA)).headers };
      /** Door openings happen beside the answer: wait for them, bounded. */
      const opened = async (expected: number) => {
        for (let i = 0; i < 50; i++) {
          const { calls } = await recorder();
          if (calls.filter((c) => c.method === 'open').length >= expected) break;
          await new Promise((r) => setTimeout(r, 40));
        }
        return (await delivered()).filter((c) => c.method === 'open');
      };
      const res = await app().post('/api/pad/checkin', { bookingId: b.id, code: b.checkInCode }, tablet);
      t.is(res.status, 200, JSON.stringify(res.body));
      t.deepEqual(await opened(1), [{ method: 'open', lockId: 'lock-a' }], 'the lock, not the card reader');

      await setParams(app(), { openDoorOnCheckIn: false });
      const other = await meeting(roomA, '12:00', '13:00');
      await setClock(at(12, 0));
      t.is(
        (await app().post('/api/pad/checkin', { bookingId: other.id, code: other.checkInCode }, tablet)).status,
        200,
      );
      await new Promise((r) => setTimeout(r, 300));
      t.deepEqual(await opened(0), [], 'switched off: the door stays shut');
      await setParams(app(), { openDoorOnCheckIn: true });
    });
  },
  // Tokens last a day of test time: the tests move the clock over the day without signing in again.
  { config: { pluginPaths: FIXTURE_PLUGINS, accessTokenTtlSeconds: 86_400 } },
);
