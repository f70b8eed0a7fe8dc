/**
 * Environment history (docs/product-rules.md R20.3): 1,000 environment sensors, one per room, each reporting once
 * a simulated minute for a simulated period, handed reading by reading to the environment service as the
 * provider's `watch` pushes are (`environmentService.ingest`), the clock moved a minute at a time; the scheduler's
 * rollup and retention run every five simulated minutes. Printed: ingest throughput, the lag from a minute's
 * first reading to its last one written (p95), rows per day, the rollup's time, and a room's history through
 * `GET /room/resources/:id/environment` (24h raw and 7d hourly, p95; goal ≤ 20 ms for 24h). Never asserted.
 *
 * Then, when the Mosquitto broker answers (ATRIUM_BENCH_MQTT, mqtt://127.0.0.1:1883; `none` skips it), the same
 * sensors publish their state on it in real time, ROUNDS rounds a second apart, read by plugins/mqtt-environment:
 * the time from a round's first message to its last reading written (p95 over the rounds).
 *
 * SQLite, or MariaDB with ATRIUM_BENCH_MYSQL_URL (bench/app.ts). ATRIUM_BENCH_ENV_SENSORS (1000) and
 * ATRIUM_BENCH_ENV_HOURS (24) change the size.
 */
import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import type { TestApp } from '../test/helpers/app.ts';
import { createPlace, createResource } from '../test/helpers/places-fixture.ts';
import { startBenchApp } from './app.ts';
import { median, percentile } from './stats.ts';

export const title = 'Environment history: 1,000 sensors, ingest, rollup and a room history';

const SENSORS = Number(process.env.ATRIUM_BENCH_ENV_SENSORS ?? 1000);
const HOURS = Number(process.env.ATRIUM_BENCH_ENV_HOURS ?? 24);
const MIN = 60_000;
const START = Date.UTC(2027, 2, 1, 0, 0);
const QUERIES = 200;

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

export async function run(): Promise<Record<string, unknown>> {
  const app = await startBenchApp();
  try {
    const { db, environmentService } = app.cradle;
    app.clock.set(START);
    const place = await createPlace(app, 'Asia/Shanghai');
    const rooms: number[] = [];
    for (let i = 0; i < SENSORS; i++)
      rooms.push(await createResource(app, place, { name: `Env ${i}`, timeZone: 'Asia/Shanghai' }));
    // The sensors, mounted one per room: written directly (the bench measures readings, not the device screen).
    const now = Date.now();
    for (let i = 0; i < SENSORS; i += 200) {
      const chunk = rooms.slice(i, i + 200);
      await db('devices').insert(
        chunk.map((resourceId, k) => ({
          name: `Air ${i + k}`,
          device_no: `ENV-B-${i + k}`,
          kind: 'environment',
          identifier: `env-b-${i + k}`,
          resource_id: resourceId,
          show_on_terminal: false,
          connected: true,
          created_at: now,
          updated_at: now,
        })),
      );
    }
    const devices = (await db('devices').where('device_no', 'like', 'ENV-B-%').select('id', 'resource_id')) as Array<{
      id: number;
      resource_id: number;
    }>;
    for (let i = 0; i < devices.length; i += 200)
      await db('resource_devices').insert(
        devices.slice(i, i + 200).map((d) => ({ resource_id: d.resource_id, device_id: d.id })),
      );

    const lags: number[] = [];
    const rollups: number[] = [];
    let readings = 0;
    const started = performance.now();
    let ingestMs = 0;
    for (let minute = 0; minute < HOURS * 60; minute++) {
      const at = START + minute * MIN;
      app.clock.set(at + 5_000);
      const t0 = performance.now();
      for (let s = 0; s < SENSORS; s++) {
        const wave = Math.sin((minute + s) / 90);
        environmentService.ingest([
          {
            deviceId: `env-b-${s}`,
            at,
            temperature: round(22 + 3 * wave, 2),
            humidity: round(45 + 10 * wave, 1),
            co2: Math.round(650 + 250 * wave),
            tvoc: round(0.2 + 0.1 * wave, 3),
            pressure: 1013,
            hcho: 0.02,
            pm25: Math.round(12 + 8 * wave),
            pm10: Math.round(20 + 10 * wave),
          },
        ]);
      }
      await environmentService.flush();
      const lag = performance.now() - t0;
      lags.push(lag);
      ingestMs += lag;
      readings += SENSORS;
      if (minute % 5 === 4) {
        const r0 = performance.now();
        await environmentService.rollup();
        await environmentService.sweep();
        rollups.push(performance.now() - r0);
      }
    }
    const wallMs = performance.now() - started;
    const count = async (table: string) => Number((await db(table).count({ n: '*' }).first())!.n);
    const raw = await count('environment_readings');
    const hourly = await count('environment_hourly');

    // A room's history, as the console's chart asks for it, over loopback HTTP.
    const token = await app.adminToken();
    const query = async (range: string) => {
      const ms: number[] = [];
      let points = 0;
      for (let i = 0; i < QUERIES; i++) {
        const room = rooms[(i * 7919) % rooms.length]!;
        // Plain fetch: the test client's check of every answer against the OpenAPI document is not the server's time.
        const t0 = performance.now();
        const res = await fetch(`${app.url}/api/room/resources/${room}/environment?range=${range}&limit=10000`, {
          headers: { token, i18n: 'en' },
        });
        const body = (await res.json()) as {
          data: { indicators: Record<string, Array<Record<string, unknown>>> };
        };
        ms.push(performance.now() - t0);
        if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(body).slice(0, 300)}`);
        // Values answered: every non-null entry of the first column of each indicator's series.
        points = Object.values(body.data.indicators)
          .flat()
          .reduce((n, series) => {
            const first = Object.values(series).find(Array.isArray) as unknown[];
            return n + first.filter((v) => v !== null).length;
          }, 0);
      }
      return { ms, points };
    };
    const day = await query('24h');
    const week = await query('7d');

    const overMqtt = await mqttPhase(app, token);

    let bytes: number | undefined;
    if (app.dialect === 'sqlite') {
      const pages = (await db.raw('pragma page_count')) as Array<{ page_count: number }>;
      const size = (await db.raw('pragma page_size')) as Array<{ page_size: number }>;
      bytes = pages[0]!.page_count * size[0]!.page_size;
    }
    return {
      dialect: app.dialect,
      sensors: SENSORS,
      'simulated hours': HOURS,
      readings,
      'ingest throughput (readings/s, writing only)': Math.round(readings / (ingestMs / 1000)),
      'ingest + rollup wall time (s)': round(wallMs / 1000),
      'lag, a minute of 1,000 readings → all written, median / p95 (ms)': `${median(lags)} / ${percentile(lags, 95)}`,
      'rollup + retention run, median / p95 / max (ms)': `${median(rollups)} / ${percentile(rollups, 95)} / ${round(Math.max(...rollups))}`,
      'raw rows stored': raw,
      'raw rows per day': Math.round((raw / HOURS) * 24),
      'hourly rows per day': Math.round((hourly / HOURS) * 24),
      ...(bytes !== undefined ? { 'database size (MB, SQLite)': round(bytes / 1048576) } : {}),
      'room history 24h: points a room': day.points,
      'room history 24h, median / p95 (ms; goal p95 ≤ 20)': `${median(day.ms)} / ${percentile(day.ms, 95)}`,
      'room history 7d: points a room': week.points,
      'room history 7d, median / p95 (ms)': `${median(week.ms)} / ${percentile(week.ms, 95)}`,
      ...overMqtt,
    };
  } finally {
    await app.stop();
  }
}

const BROKER = process.env.ATRIUM_BENCH_MQTT ?? 'mqtt://127.0.0.1:1883';
const ROUNDS = 10;

/** The sensors publish on the real broker; the mqtt-environment provider pushes each message to the service. */
async function mqttPhase(app: TestApp, token: string): Promise<Record<string, unknown>> {
  if (BROKER === 'none') return { 'over MQTT': 'skipped (ATRIUM_BENCH_MQTT=none)' };
  let client: mqtt.MqttClient;
  try {
    client = await mqtt.connectAsync(BROKER, { connectTimeout: 2000, reconnectPeriod: 0 });
  } catch (err) {
    return { 'over MQTT': `skipped: ${BROKER} did not answer (${(err as Error).message})` };
  }
  try {
    const prefix = `atrium-bench/${randomBytes(4).toString('hex')}`;
    const saved = await app.put(
      '/api/inte/settings/environment',
      { provider: 'mqtt-environment', settings: { url: BROKER, stateTopic: `${prefix}/{deviceId}` } },
      { token },
    );
    if (saved.status !== 200) throw new Error(`mqtt-environment: ${saved.status} ${JSON.stringify(saved.body)}`);
    await new Promise((r) => setTimeout(r, 1000)); // the provider subscribes
    const { db } = app.cradle;
    // Rows received since the round began, over the received_at index: counting the whole table (1.44 million
    // rows) took MariaDB longer than the ingest itself.
    const receivedSince = async (mark: number) =>
      Number((await db('environment_readings').where('received_at', '>=', mark).count({ n: '*' }).first())!.n);
    const lags: number[] = [];
    let missing = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const mark = app.clock.now();
      const t0 = performance.now();
      for (let s = 0; s < SENSORS; s++)
        client.publish(
          `${prefix}/env-b-${s}`,
          JSON.stringify({ temperature: 22 + (round % 3), humidity: 45, co2: 600 + round, voc: 0.2, pm25: 10 }),
        );
      const end = t0 + 10_000;
      let stored = 0;
      while (performance.now() < end) {
        stored = await receivedSince(mark);
        if (stored >= SENSORS) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      lags.push(performance.now() - t0);
      missing += Math.max(0, SENSORS - stored);
      await new Promise((r) => setTimeout(r, 1000));
    }
    return {
      'over MQTT: rounds of 1,000 messages': ROUNDS,
      'over MQTT: first message → last reading written, median / p95 (ms)': `${median(lags)} / ${percentile(lags, 95)}`,
      'over MQTT: readings missing after 10 s': missing,
    };
  } finally {
    await client.endAsync(true);
  }
}
