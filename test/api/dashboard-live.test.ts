/**
 * GET /api/room/dashboard/live: the wall screen's "now" for a place — each
 * enabled resource with its current and next booking today and the latest
 * readings of its environment sensors from the active provider (fixture
 * environment-fixed), cached a minute per device, refreshed by pushes, and
 * empty (never an error) without a provider or when it fails or hangs.
 */
import test from 'ava';
import { perDialect, type ApiAnswer } from '../helpers/app.ts';
import { admin, BASE, book, HOUR, MIN, staff, type Who } from '../helpers/bookings.ts';
import { FIXTURE_PLUGINS } from '../helpers/notify.ts';
import { createPlace, createResource, setParams, type Place } from '../helpers/places-fixture.ts';

interface LiveBooking {
  id: number;
  subject: string | null;
  organiserName: string;
  startAt: number;
  endAt: number;
  startTime: string;
  endTime: string;
  checkedIn: boolean;
}
interface Reading {
  deviceId: string;
  at: number;
  temperature?: number;
  humidity?: number;
  co2?: number;
  pm25?: number;
}
interface LiveResource {
  id: number;
  name: string;
  type: number;
  floorName: string | null;
  current: LiveBooking | null;
  next: LiveBooking | null;
  readings: Reading[];
}
interface Live {
  items: LiveResource[];
  total: number;
  page: number;
  pageSize: number;
  now: number;
}

perDialect(
  test,
  (dialect, app) => {
    let place: Place;
    let oak: number;
    let elm: number;
    let alice: Who;
    let root: Who;
    let nowBooking: number;
    let laterBooking: number;

    const live = (query: string, token = root.token) =>
      app().get<{ data: Live }>(`/api/room/dashboard/live?${query}`, { token }) as Promise<ApiAnswer<{ data: Live }>>;
    const oakOf = (res: ApiAnswer<{ data: Live }>) => res.body.data.items.find((r) => r.id === oak)!;
    const useProvider = async (provider: string, settings: Record<string, unknown> = {}) => {
      const res = await app().put<{ data: { started: { running: boolean; error?: string } } }>(
        '/api/inte/settings/environment',
        { provider, settings },
        { token: root.token },
      );
      if (res.status !== 200) throw new Error(`environment ${provider}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data.started;
    };
    const fixture = async () =>
      (await app().cradle.pluginHost.active('environment'))!.provider as unknown as {
        asked: string[];
        push(r: Reading): void;
      };

    test.serial.before(async () => {
      app().clock.set(BASE); // Monday 2027-03-01 08:00 UTC
      place = await createPlace(app());
      oak = await createResource(app(), place, { name: 'Oak' });
      elm = await createResource(app(), place, { name: 'Elm' });
      await createResource(app(), place, { name: 'Closed', status: 0 });
      const elsewhere = await createPlace(app());
      await createResource(app(), elsewhere, { name: 'Far away' });
      alice = await staff(app(), 'alice');
      root = await admin(app());
      await app().cradle.db('users').where({ id: alice.id }).update({ real_name: 'Alice Liddell' });
    });

    test.serial(
      `${dialect}: each enabled resource of the place with its booking now and its next one today`,
      async (t) => {
        const running = await book(app(), alice, {
          resourceId: oak,
          meetingDate: '2027-03-01',
          startTime: '08:00',
          endTime: '09:00',
          subject: 'Stand-up',
        });
        t.is(running.status, 200, JSON.stringify(running.body));
        nowBooking = running.body.data.id;
        const later = await book(app(), alice, {
          resourceId: oak,
          meetingDate: '2027-03-01',
          startTime: '14:00',
          endTime: '15:00',
          subject: 'Review',
        });
        t.is(later.status, 200, JSON.stringify(later.body));
        laterBooking = later.body.data.id;
        t.is(
          (
            await book(app(), alice, {
              resourceId: oak,
              meetingDate: '2027-03-02',
              startTime: '09:00',
              endTime: '10:00',
              subject: 'Tomorrow',
            })
          ).status,
          200,
        );
        t.is(
          (
            await book(app(), alice, {
              resourceId: elm,
              meetingDate: '2027-03-02',
              startTime: '08:00',
              endTime: '09:00',
              subject: 'Elm tomorrow',
            })
          ).status,
          200,
        );
        app().clock.set(BASE + 5 * MIN);

        const res = await live(`locationId=${place.locationId}`);
        t.is(res.status, 200, JSON.stringify(res.body));
        t.is(res.body.code, 0);
        const data = res.body.data;
        t.deepEqual(
          data.items.map((r) => r.name),
          ['Oak', 'Elm'],
          'enabled resources of this place only, by sort',
        );
        t.is(data.total, 2);
        t.is(data.pageSize, 200);
        t.true(Math.abs(data.now - (BASE + 5 * MIN)) < 60_000, 'the server clock');
        const o = oakOf(res);
        t.is(
          o.floorName,
          String((await app().cradle.db('floors').where({ id: place.floorId }).first('display_name')).display_name),
        );
        t.like(o.current, {
          id: nowBooking,
          subject: 'Stand-up',
          organiserName: 'Alice Liddell',
          startAt: BASE,
          endAt: BASE + HOUR,
          startTime: '08:00',
          endTime: '09:00',
          checkedIn: false,
        });
        t.like(o.next, { id: laterBooking, subject: 'Review', startTime: '14:00' });
        const e = data.items.find((r) => r.id === elm)!;
        t.is(e.current, null);
        t.is(e.next, null, "a booking tomorrow is not today's next");
        t.deepEqual(o.readings, [], 'no environment provider: no readings');

        const byFloor = await live(`floorId=${place.floorId}&pageSize=1`);
        t.is(byFloor.status, 200);
        t.deepEqual(
          byFloor.body.data.items.map((r) => r.name),
          ['Oak'],
        );
        t.is(byFloor.body.data.total, 2);
        const empty = await createPlace(app());
        const none = await live(`locationId=${empty.locationId}`);
        t.deepEqual([none.status, none.body.data.items, none.body.data.total], [200, [], 0]);
      },
    );

    test.serial(`${dialect}: check-in shows; other people's subjects follow showOthersSubject`, async (t) => {
      const code = (await app().cradle.db('bookings').where({ id: nowBooking }).first('check_in_code'))
        .check_in_code as string;
      const checked = await app().post(`/api/bookings/${nowBooking}/checkin`, { code }, { token: alice.token });
      t.is(checked.status, 200, JSON.stringify(checked.body));
      t.true(oakOf(await live(`locationId=${place.locationId}`)).current!.checkedIn);
      await setParams(app(), { showOthersSubject: false });
      const hidden = oakOf(await live(`locationId=${place.locationId}`));
      t.is(hidden.current!.subject, null, 'the administrator does not organise it');
      t.is(hidden.next!.subject, null);
      t.is(hidden.current!.organiserName, 'Alice Liddell');
      await setParams(app(), { showOthersSubject: true });
    });

    test.serial(
      `${dialect}: the sensor's latest reading from the provider, asked at most once a minute, refreshed by a push`,
      async (t) => {
        const device = await app().post(
          '/api/room/devices',
          { name: 'Oak air', deviceNo: 'OAK-ENV', kind: 'sensor', identifier: 'env-1', resourceId: oak },
          { token: root.token },
        );
        t.is(device.status, 200, JSON.stringify(device.body));
        t.deepEqual(await useProvider('environment-fixed'), { running: true });
        const first = oakOf(await live(`locationId=${place.locationId}`));
        t.is(first.readings.length, 1);
        t.like(first.readings[0], { deviceId: 'env-1', temperature: 23.5, humidity: 41, co2: 612, pm25: 8 });
        t.is(first.current!.id, nowBooking);
        const provider = await fixture();
        t.deepEqual(provider.asked, ['env-1']);
        await live(`locationId=${place.locationId}`);
        t.deepEqual(provider.asked, ['env-1'], 'cached: not asked again within the minute');
        app().clock.advance(61_000);
        await live(`locationId=${place.locationId}`);
        t.deepEqual(provider.asked, ['env-1', 'env-1'], 'asked again after a minute');

        provider.push({ deviceId: 'env-1', at: app().clock.now(), temperature: 25.5, co2: 700 });
        const pushed = oakOf(await live(`locationId=${place.locationId}`));
        t.like(pushed.readings[0], { deviceId: 'env-1', temperature: 25.5, co2: 700 });
        t.is(provider.asked.length, 2, 'a pushed reading is served without asking');
      },
    );

    test.serial(`${dialect}: a failing or hanging provider answers the bookings without readings`, async (t) => {
      for (const mode of ['fail', 'hang']) {
        await useProvider('environment-fixed', { mode });
        const started = Date.now();
        const res = await live(`locationId=${place.locationId}`);
        t.is(res.status, 200, `${mode}: ${JSON.stringify(res.body)}`);
        t.deepEqual(oakOf(res).readings, [], mode);
        t.is(oakOf(res).current!.id, nowBooking, mode);
        t.true(Date.now() - started < 5_000, `${mode}: bounded by the provider's timeout`);
      }
      await useProvider('none');
      t.deepEqual(oakOf(await live(`locationId=${place.locationId}`)).readings, [], 'no provider selected');
    });

    test.serial(
      `${dialect}: signed out 401, without the dashboard permission 403, a bad query 400 in the envelope`,
      async (t) => {
        const out = await app().get(`/api/room/dashboard/live?locationId=${place.locationId}`);
        t.is(out.status, 401);
        const denied = await live(`locationId=${place.locationId}`, alice.token);
        t.is(denied.status, 403);
        t.not(denied.body.code, 0);
        const noPlace = await live('');
        t.is(noPlace.status, 400);
        t.not(noPlace.body.code, 0);
        t.deepEqual(
          noPlace.body.errors!.map((e) => e.field),
          ['locationId'],
        );
        const bad = await live('locationId=abc&pageSize=1000');
        t.is(bad.status, 400);
        t.deepEqual(bad.body.errors!.map((e) => e.field).sort(), ['locationId', 'pageSize']);
      },
    );
  },
  { config: { pluginPaths: FIXTURE_PLUGINS } },
);
