/**
 * Environment history (docs/product-rules.md R20.3), on SQLite and MariaDB, with the environment provider of
 * test/fixtures/plugins/environment-fixed pushing readings through `watch` on demand: readings of mounted sensors
 * stored once per sensor and time, those of sensors mounted nowhere dropped, the wall screens' fetches kept too;
 * the room's 24-hour raw history (paged) and 7-day hourly history (checked against averages computed here), in
 * the room's zone; the rollup run again giving the same rows and a late reading recomputing its hour; retention;
 * the administrators told once when a reading leaves its thresholds and again only after it came back inside;
 * who may read a room's history, an unknown room, a bad range and bad thresholds.
 */
import test from 'ava';
import { DateTime } from 'luxon';
import { perDialect } from '../helpers/app.ts';
import { FIXTURE_PLUGINS, outboxRows, runJob, saveNotify } from '../helpers/notify.ts';
import { createPlace, createResource, setParams } from '../helpers/places-fixture.ts';
import { STAFF_PASSWORD, createUserWithPermissions } from '../helpers/users.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const T0 = Date.UTC(2027, 2, 10, 12, 0);
const JOB = 'environment.rollup';
const ZONE = 'Asia/Tokyo';

interface Reading {
  deviceId: string;
  at: number;
  [indicator: string]: number | string;
}
interface RawPoint {
  deviceId: string;
  at: number;
  time: string;
  value: number;
}
interface HourPoint {
  deviceId: string;
  at: number;
  time: string;
  avg: number;
  min: number;
  max: number;
  samples: number;
}
interface History<P> {
  resourceId: number;
  range: string;
  resolution: string;
  timeZone: string;
  from: number;
  to: number;
  next: number | null;
  sensors: Array<{ deviceId: string; at: number[]; time: string[]; samples?: number[] }>;
  indicators: Record<string, Array<{ deviceId: string } & Record<string, unknown>>>;
  /** The type of the points the series hold (see `points`). */
  point?: P;
}

/** One indicator's columns joined with their sensors' axes, as points; a point without a value is left out. */
const points = <P = Record<string, unknown>>(h: History<P>, indicator: string): P[] =>
  h.indicators[indicator]!.flatMap((s) => {
    const axis = h.sensors.find((a) => a.deviceId === s.deviceId)!;
    const columns = Object.entries(s).filter(([k]) => k !== 'deviceId') as Array<[string, Array<number | null>]>;
    return axis.at.flatMap((at, n) =>
      columns.every(([, v]) => v[n] === null)
        ? []
        : [
            {
              deviceId: s.deviceId,
              at,
              time: axis.time[n],
              ...(axis.samples ? { samples: axis.samples[n] } : {}),
              ...Object.fromEntries(columns.map(([k, v]) => [k, v[n]])),
            } as P,
          ],
    );
  });

/** The history of env-1 in room A: every ten minutes over the three hours before T0. */
const series: Reading[] = Array.from({ length: 18 }, (_, k) => ({
  deviceId: 'env-1',
  at: T0 - 3 * HOUR + k * 10 * MIN,
  temperature: 20 + k * 0.25,
  humidity: 40 + (k % 3),
  co2: 500 + 10 * k,
}));

perDialect(
  test,
  (dialect, app) => {
    let admin = '';
    let roomA = 0;
    let roomB = 0;
    let roomC = 0;

    const fixture = async () =>
      (await app().cradle.pluginHost.active('environment'))!.provider as unknown as { push(r: Reading): void };
    /** Pushes readings as the vendor's feed would, and waits until they are written. */
    const push = async (...readings: Reading[]) => {
      const f = await fixture();
      for (const r of readings) f.push(r);
      await app().cradle.environmentService.flush();
    };
    const rows = async (deviceId: string) =>
      app().cradle.db('environment_readings').where({ device_id: deviceId }).orderBy('measured_at');
    const history = async <P>(resourceId: number, query: string, token = admin) => {
      const res = await app().get<{ data: History<P> }>(`/api/room/resources/${resourceId}/environment?${query}`, {
        token,
      });
      if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data;
    };
    const hourly = async () =>
      (await app().cradle.db('environment_hourly').orderBy(['resource_id', 'device_id', 'hour_at']).select('*')).map(
        ({ id: _, ...r }: Record<string, unknown>) => r,
      );
    const notices = () => outboxRows(app(), { topic: 'environment.threshold' });

    test.serial.before(async () => {
      app().clock.set(T0);
      admin = await app().adminToken();
      const place = await createPlace(app(), ZONE);
      roomA = await createResource(app(), place, { name: 'Everest', timeZone: ZONE });
      roomB = await createResource(app(), place, { name: 'K2', timeZone: ZONE });
      roomC = await createResource(app(), place, { name: 'Lhotse', timeZone: ZONE });
      const devices = [
        { name: 'Air A', deviceNo: 'ENV-1', kind: 'environment', identifier: 'env-1', resourceId: roomA },
        { name: 'Air B', deviceNo: 'ENV-2', kind: 'sensor', identifier: 'env-2', resourceId: roomB },
        { name: 'Air C', deviceNo: 'ENV-3', kind: 'environment', identifier: 'env-3', resourceId: roomC },
        { name: 'In the store', deviceNo: 'ENV-X', kind: 'environment', identifier: 'env-x' },
      ];
      for (const d of devices) {
        const res = await app().post('/api/room/devices', d, { token: admin });
        if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      }
      const res = await app().put(
        '/api/inte/settings/environment',
        { provider: 'environment-fixed', settings: {} },
        { token: admin },
      );
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    });

    test.serial(`${dialect}: the parameters, their defaults and their checks`, async (t) => {
      const value = async (key: string) => {
        const res = await app().get<{ data: { paramValue: unknown; group: string } }>(`/api/sys/params/${key}`, {
          token: admin,
        });
        t.is(res.status, 200, JSON.stringify(res.body));
        t.is(res.body.data.group, 'integration');
        return res.body.data.paramValue;
      };
      t.is(await value('envRawDays'), 7);
      t.is(await value('envHourlyDays'), 365);
      const defaults = {
        co2: { max: 1000 },
        pm25: { max: 35 },
        temperature: { min: 16, max: 28 },
        humidity: { min: 30, max: 70 },
      };
      t.deepEqual(await value('envThresholds'), defaults);
      for (const bad of [
        { envRawDays: 0 },
        { envHourlyDays: 3651 },
        { envThresholds: { co2: { min: 900, max: 800 } } },
        { envThresholds: { radon: { max: 100 } } },
        { envThresholds: { co2: { max: 'high' } } },
      ])
        t.is((await app().put('/api/sys/params', bad, { token: admin })).status, 400, JSON.stringify(bad));
      const saved = await app().put('/api/sys/params', { envThresholds: { co2: { max: 900 } } }, { token: admin });
      t.is(saved.status, 200, JSON.stringify(saved.body));
      t.deepEqual(await value('envThresholds'), { co2: { max: 900 } });
      await setParams(app(), { envThresholds: defaults });
    });

    test.serial(
      `${dialect}: readings are stored once per sensor and time; unmounted sensors are dropped`,
      async (t) => {
        await push(...series, series[0]!, series[1]!);
        await push({ deviceId: 'env-1', at: series[2]!.at, temperature: 99 });
        await push({ deviceId: 'env-x', at: T0 - MIN, co2: 700 }, { deviceId: 'env-9', at: T0 - MIN, co2: 700 });
        const stored = await rows('env-1');
        t.is(stored.length, series.length);
        t.deepEqual(
          stored.map((r) => [Number(r.measured_at), Number(r.temperature), r.tvoc]),
          series.map((r) => [r.at, r.temperature, null]),
          'the first of two readings of one time is kept',
        );
        t.true(stored.every((r) => Number(r.resource_id) === roomA));
        t.is((await rows('env-x')).length, 0, 'a sensor mounted nowhere');
        t.is((await rows('env-9')).length, 0, 'a device nobody registered');
        // Stamped an hour ahead (a sensor with a wrong clock) or older than the raw retention: dropped.
        await push({ deviceId: 'env-3', at: T0 + HOUR, co2: 1 }, { deviceId: 'env-3', at: T0 - 8 * 24 * HOUR, co2: 1 });
        t.is((await rows('env-3')).length, 0);

        // What the wall screens fetch is kept too.
        await app().cradle.environmentReadingsService.latest(['env-2']);
        await app().cradle.environmentService.flush();
        const fetched = await rows('env-2');
        t.is(fetched.length, 1);
        t.like(fetched[0], { temperature: 21, humidity: 38.5, pressure: 1013, co2: null });
        t.is(Number(fetched[0].resource_id), roomB);
      },
    );

    test.serial(`${dialect}: the last 24 hours, raw, in the room's zone, paged`, async (t) => {
      const h = await history<RawPoint>(roomA, 'range=24h');
      t.like(h, { resourceId: roomA, range: '24h', resolution: 'raw', timeZone: ZONE, next: null });
      t.true(h.to >= T0 && h.to < T0 + MIN, String(h.to));
      t.is(h.from, h.to - 24 * HOUR);
      t.deepEqual(
        points<RawPoint>(h, 'temperature').map((p) => [p.at, p.value, p.deviceId]),
        series.map((r) => [r.at, r.temperature, 'env-1']),
      );
      t.deepEqual(
        points<RawPoint>(h, 'co2').map((p) => p.value),
        series.map((r) => r.co2),
      );
      t.deepEqual(
        points<RawPoint>(h, 'temperature').map((p) => p.time),
        series.map((r) => DateTime.fromMillis(r.at, { zone: ZONE }).toISO({ suppressMilliseconds: true })),
      );
      t.is(points<RawPoint>(h, 'temperature')[0]!.time, '2027-03-10T18:00:00+09:00');
      t.is(h.indicators.temperature!.length, 1, 'one series per sensor');
      t.deepEqual(
        h.sensors.map((a) => [a.deviceId, a.at.length]),
        [['env-1', series.length]],
      );
      const b = await history<RawPoint>(roomB, 'range=24h');
      t.deepEqual(b.indicators.co2, [], 'a sensor without CO2');
      t.deepEqual(
        points<RawPoint>(b, 'pressure').map((p) => p.value),
        [1013],
      );
      t.deepEqual(h.indicators.tvoc, []);
      t.deepEqual(Object.keys(h.indicators), [
        'temperature',
        'humidity',
        'co2',
        'tvoc',
        'pressure',
        'hcho',
        'pm25',
        'pm10',
      ]);
      t.is((await history(roomA, '')).range, '24h', 'the default range');

      // 150 readings in room C, a page holds 100.
      const many = Array.from({ length: 150 }, (_, k) => ({ deviceId: 'env-3', at: T0 - 150 * MIN + k * MIN, co2: k }));
      await push(...many);
      const first = await history<RawPoint>(roomC, 'range=24h&limit=100');
      t.is(points(first, 'co2').length, 100);
      t.is(first.next, many[100]!.at);
      const second = await history<RawPoint>(roomC, `range=24h&limit=100&cursor=${first.next}`);
      t.is(second.next, null);
      t.deepEqual(
        [...points<RawPoint>(first, 'co2'), ...points<RawPoint>(second, 'co2')].map((p) => p.value),
        many.map((r) => r.co2),
      );
    });

    test.serial(
      `${dialect}: the rollup gives each hour's average, minimum and maximum, the same when run again`,
      async (t) => {
        await runJob(app(), JOB, 5 * MIN);
        const h = await history<HourPoint>(roomA, 'range=7d');
        t.like(h, { range: '7d', resolution: 'hour', timeZone: ZONE, next: null });
        t.is(h.from, h.to - (h.to % HOUR) - 167 * HOUR);
        const expected = (indicator: 'temperature' | 'humidity' | 'co2') =>
          [3, 2, 1].map((back) => {
            const hour = T0 - back * HOUR;
            const values = series.filter((r) => r.at >= hour && r.at < hour + HOUR).map((r) => Number(r[indicator]));
            return {
              at: hour,
              samples: values.length,
              avg: values.reduce((a, b) => a + b, 0) / values.length,
              min: Math.min(...values),
              max: Math.max(...values),
            };
          });
        for (const indicator of ['temperature', 'humidity', 'co2'] as const) {
          const got = points<HourPoint>(h, indicator);
          t.is(got.length, 3, indicator);
          expected(indicator).forEach((e, n) => {
            t.like(got[n], { at: e.at, samples: 6, min: e.min, max: e.max, deviceId: 'env-1' }, indicator);
            t.true(Math.abs(got[n]!.avg - e.avg) < 1e-9, `${indicator} ${got[n]!.avg} ${e.avg}`);
          });
        }
        t.is(points<HourPoint>(h, 'temperature')[0]!.time, '2027-03-10T18:00:00+09:00');
        t.deepEqual(h.indicators.pm25, []);

        // Run again over every reading (as a second process would): the same rows.
        const before = await hourly();
        t.true(before.length >= 3 + 3 + 1);
        await app().cradle.db('environment_rollup').update({ rolled_to: 0 });
        await runJob(app(), JOB, 5 * MIN);
        t.deepEqual(await hourly(), before);
        await runJob(app(), JOB, 5 * MIN);
        t.deepEqual(await hourly(), before, 'nothing new: nothing changes');

        // A late reading of an hour already rolled up: that hour is computed again.
        await push({ deviceId: 'env-1', at: T0 - 2 * HOUR + 5 * MIN, temperature: 30 });
        await runJob(app(), JOB, 5 * MIN);
        const late = points<HourPoint>(await history<HourPoint>(roomA, 'range=7d'), 'temperature')[1]!;
        const values = [
          ...series.filter((r) => r.at >= T0 - 2 * HOUR && r.at < T0 - HOUR).map((r) => Number(r.temperature)),
          30,
        ];
        t.like(late, { samples: 7, max: 30 });
        t.true(Math.abs(late.avg - values.reduce((a, b) => a + b, 0) / values.length) < 1e-9);
      },
    );

    test.serial(
      `${dialect}: leaving a threshold tells the administrators once, again only after coming back`,
      async (t) => {
        const en = await createUserWithPermissions(app(), `env-en-${dialect}`, ['inte:environment:save']);
        await createUserWithPermissions(app(), `env-viewer-${dialect}`, ['inte:environment:view']);
        await app().cradle.db('users').where({ id: en }).update({ lang: 'en' });
        admin = await app().adminToken();
        await saveNotify(app(), admin, 'notify-flaky', { mode: 'ok' });
        let at = app().clock.now();
        const co2 = async (value: number) => {
          at += MIN;
          app().clock.set(at);
          const before = (await notices()).length;
          await push({ deviceId: 'env-1', at, co2: value });
          return (await notices()).slice(before);
        };
        t.deepEqual(await co2(900), [], 'inside');
        const told = await co2(1200);
        t.deepEqual(Object.fromEntries(told.map((r) => [r.message.lang, r.message.to.map((p) => p.username)])), {
          cn: ['admin'],
          en: [`env-en-${dialect}`],
        });
        const m = told.find((r) => r.message.lang === 'en')!.message;
        t.is(m.subject, 'Environment alert in Everest: CO2 1200 ppm');
        const local = DateTime.fromMillis(at, { zone: ZONE }).toFormat('yyyy-MM-dd HH:mm');
        t.true(m.text.includes(`measured CO2 1200 ppm at ${local} (${ZONE}), above the maximum of 1000 ppm`), m.text);
        t.true(told.every((r) => r.message.event === 'environment.threshold'));
        t.deepEqual(await co2(1300), [], 'still outside: told once');
        await push({ deviceId: 'env-1', at: at - 30_000, co2: 500 });
        t.deepEqual(await co2(1250), [], 'an older reading inside does not count as coming back');
        t.deepEqual(await co2(800), [], 'back inside: nobody is told');
        t.is((await co2(1100)).length, 2, 'outside again: told again');

        // Below a minimum, in the other indicator's own state.
        at += MIN;
        app().clock.set(at);
        await push({ deviceId: 'env-1', at, temperature: 12 });
        const cold = (await notices()).filter((r) => r.message.subject.includes('temperature'));
        t.is(cold.length, 1);
        t.true(cold[0]!.message.text.includes('below the minimum of 16 °C'), cold[0]!.message.text);

        // Thresholds changed: CO2 unwatched.
        await setParams(app(), { envThresholds: { temperature: { min: 16 } } });
        t.deepEqual(await co2(5000), []);
        await setParams(app(), { envThresholds: { co2: { max: 1000 }, temperature: { min: 16, max: 28 } } });
      },
    );

    test.serial(`${dialect}: who may read a room's history; an unknown room; a bad range`, async (t) => {
      await createUserWithPermissions(app(), `env-rooms-${dialect}`, ['room:room:view']);
      await createUserWithPermissions(app(), `env-desks-${dialect}`, ['room:desk:view']);
      await createUserWithPermissions(app(), `env-none-${dialect}`, ['room:dashboard:view']);
      const token = (name: string) => app().tokenFor(`env-${name}-${dialect}`, STAFF_PASSWORD);
      const get = async (path: string, who: string, lang = 'en') =>
        app().get<{ key?: string; message?: string }>(path, {
          token: await token(who),
          headers: { 'accept-language': lang },
        });
      t.is((await get(`/api/room/resources/${roomA}/environment?range=7d`, 'rooms')).status, 200);
      t.is((await get(`/api/room/resources/${roomA}/environment`, 'desks')).status, 403, 'desks only');
      t.is((await get(`/api/room/resources/${roomA}/environment`, 'none')).status, 403);
      t.is((await app().get(`/api/room/resources/${roomA}/environment`)).status, 401);
      t.is((await get('/api/room/resources/999999/environment', 'rooms')).status, 404);
      const bad = await get(`/api/room/resources/${roomA}/environment?range=30d`, 'rooms', 'ja');
      t.is(bad.status, 400);
      t.regex(JSON.stringify(bad.body), /range/);
      for (const q of ['limit=5', 'limit=100000', 'cursor=-1', 'cursor=soon'])
        t.is((await get(`/api/room/resources/${roomA}/environment?${q}`, 'rooms')).status, 400, q);
    });

    test.serial(`${dialect}: retention deletes raw and hourly rows past their days`, async (t) => {
      await setParams(app(), { envRawDays: 1, envHourlyDays: 2 });
      const count = async (table: string) => Number((await app().cradle.db(table).count({ n: '*' }).first())!.n);
      const rawBefore = await count('environment_readings');
      t.true(rawBefore > 150 && (await count('environment_hourly')) > 3);
      app().clock.set(T0 + 24 * HOUR + 30 * MIN);
      await runJob(app(), JOB, 5 * MIN);
      // Raw rows of the hours more than a day ago are gone; those of T0's hour stay.
      const { db } = app().cradle;
      const n = async (q: Promise<unknown>) => Number(((await q) as { n: number | string }).n);
      t.is(await n(db('environment_readings').where('measured_at', '<', T0).count({ n: '*' }).first()), 0);
      t.true((await count('environment_readings')) > 0);
      t.is(
        await n(
          db('environment_hourly').where({ device_id: 'env-1' }).where('hour_at', '<', T0).count({ n: '*' }).first(),
        ),
        3,
        'hours are kept two days',
      );
      app().clock.set(T0 + 3 * 24 * HOUR);
      await runJob(app(), JOB, 5 * MIN);
      t.is(await count('environment_hourly'), 0);
      await setParams(app(), { envRawDays: 7, envHourlyDays: 365 });
    });
  },
  { config: { pluginPaths: FIXTURE_PLUGINS } },
);
