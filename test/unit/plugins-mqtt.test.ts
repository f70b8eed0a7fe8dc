/**
 * The MQTT providers (plugins/mqtt-environment, plugins/mqtt-occupancy, plugins/mqtt-switch on
 * plugins/mqtt-shared) against a real Mosquitto: the shared broker of the development and CI machines on
 * 127.0.0.1:1883 (each test under its own random topic prefix and client ids, so parallel runs never meet), and,
 * for the broker restart, a private Mosquitto this file starts on a free port and stops again (the shared broker
 * is never restarted). Devices are simulated by a second client that publishes states the way Zigbee2MQTT does
 * (`<prefix>/<device>` with a JSON state) and answers commands on `<prefix>/<device>/set`.
 */
import test, { type ExecutionContext } from 'ava';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import {
  createTestContext,
  z,
  type EnvironmentProvider,
  type EnvironmentReading,
  type OccupancyProvider,
  type OccupancyState,
  type PluginKind,
  type SwitchProvider,
} from '../../core/plugin-sdk/index.ts';
import mqttEnvironment from '../../plugins/mqtt-environment/index.ts';
import mqttOccupancy from '../../plugins/mqtt-occupancy/index.ts';
import { defaultClientId, parsePayload, readPath, TopicTemplate } from '../../plugins/mqtt-shared/mqtt.ts';
import mqttSwitch from '../../plugins/mqtt-switch/index.ts';
import { skipBecause } from '../helpers/requires.ts';

const SHARED = { host: '127.0.0.1', port: 1883 };
const SHARED_URL = `mqtt://${SHARED.host}:${SHARED.port}`;
const MOSQUITTO = '/usr/sbin/mosquitto';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rid = () => randomBytes(4).toString('hex');

/** Waits for `check`, at most `ms`; throws naming `what` when it never holds. */
async function until(what: string, check: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** Whether something accepts TCP connections on host:port (one attempt, bounded). */
function accepts(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Builds a provider as the host does (settings parsed by the schema), under its own client id, and closes it when
 * the test ends; the persistent session it leaves on the broker is removed then as well.
 */
function start<P>(
  t: ExecutionContext,
  def: { settings: z.ZodType; create(ctx: never): unknown },
  kind: PluginKind,
  settings: Record<string, unknown>,
): P {
  const clientId = `atrium-test-${kind}-${rid()}`;
  const parsed = def.settings.parse({ clientId, reconnectMs: 200, ...settings });
  const ctx = createTestContext(parsed, { kind, pluginId: `mqtt-${kind}`, now: Date.UTC(2027, 2, 1, 8) });
  const provider = def.create(ctx as never) as P & { close(): Promise<void> };
  t.teardown(async () => {
    await provider.close();
    await forgetSession(String(settings.url ?? SHARED_URL), clientId);
  });
  return provider;
}

/** Ends a persistent session: connecting once with clean: true under its id drops what the broker kept. */
async function forgetSession(url: string, clientId: string): Promise<void> {
  const c = mqtt.connect(url, { clientId, clean: true, reconnectPeriod: 0, connectTimeout: 1_000 });
  c.on('error', () => undefined);
  await Promise.race([new Promise((r) => c.once('connect', r)), new Promise((r) => c.once('error', r)), sleep(1_000)]);
  await c.endAsync(true);
}

/** A plain client (a simulated device, or the test publishing); closed when the test ends. */
async function client(t: ExecutionContext, url = SHARED_URL, options: mqtt.IClientOptions = {}): Promise<MqttClient> {
  const c = await mqtt.connectAsync(url, { connectTimeout: 3_000, ...options });
  t.teardown(() => c.endAsync(true));
  return c;
}

/** A Zigbee2MQTT-like relay: answers each command on `<prefix>/<id>/set` with its state on `<prefix>/<id>`. */
function simulateRelay(c: MqttClient, prefix: string, answer = true) {
  const commands: Array<{ deviceId: string; payload: string }> = [];
  const subscribe = () => void c.subscribeAsync(`${prefix}/+/set`, { qos: 1 }).catch(() => undefined);
  c.on('connect', subscribe);
  c.on('message', (topic, payload) => {
    const m = topic.match(/^(.+)\/([^/]+)\/set$/);
    if (!m || m[1] !== prefix) return;
    commands.push({ deviceId: m[2]!, payload: payload.toString() });
    const state = (JSON.parse(payload.toString()) as { state: string }).state;
    if (answer) void c.publishAsync(`${prefix}/${m[2]}`, JSON.stringify({ state, linkquality: 90 }), { qos: 1 });
  });
  return { commands, ready: c.subscribeAsync(`${prefix}/+/set`, { qos: 1 }) };
}

const sharedUp = await accepts(SHARED.port, SHARED.host);
const shared = sharedUp ? test : undefined;
if (!shared) skipBecause(test, 'MQTT providers against Mosquitto', `no MQTT broker on ${SHARED.host}:${SHARED.port}`);

test('the definitions: kinds, secrets, endpoints, defaults, and a settings form the console can render', (t) => {
  for (const [def, kind] of [
    [mqttEnvironment, 'environment'],
    [mqttOccupancy, 'occupancy'],
    [mqttSwitch, 'switch'],
  ] as const) {
    t.is(def.kind, kind);
    t.is(def.id, `mqtt-${kind}`);
    t.deepEqual(def.secrets, ['password']);
    t.deepEqual(def.endpoints, ['url', 'rejectUnauthorized', 'ca']);
    const json = z.toJSONSchema(def.settings, { io: 'input', unrepresentable: 'any' }) as {
      properties: Record<string, { description?: string }>;
    };
    for (const [name, prop] of Object.entries(json.properties)) t.truthy(prop.description, `${def.id}.${name}`);
    t.false(def.settings.safeParse({ url: 'http://broker:1883' }).success, 'mqtt:// or mqtts:// only');
    t.false(def.settings.safeParse({ url: 'mqtt://[broker' }).success, 'an address URL can read');
    t.false(def.settings.safeParse({ url: 'mqtt://b', stateTopic: 'a/+/{deviceId}' }).success, 'no wildcards');
    t.false(def.settings.safeParse({ url: 'mqtt://b', stateTopic: 'a/dev-{deviceId}' }).success, 'a whole level');
    t.false(def.settings.safeParse({ url: 'mqtt://b', stateTopic: 'a/b' }).success, '{deviceId} needed');
    t.false(def.settings.safeParse({ url: 'mqtt://b', ca: 'not a certificate' }).success);
  }
  const env = mqttEnvironment.settings.parse({ url: 'mqtts://broker:8883' });
  t.like(env, {
    stateTopic: 'zigbee2mqtt/{deviceId}',
    temperaturePath: 'temperature',
    humidityPath: 'humidity',
    co2Path: 'co2',
    tvocPath: 'voc',
    pressurePath: 'pressure',
    hchoPath: 'formaldehyd',
    pm25Path: 'pm25',
    pm10Path: 'pm10',
    qos: 1,
    rejectUnauthorized: true,
    reconnectMs: 5_000,
  });
  t.deepEqual(env.devices, []);
  t.like(mqttOccupancy.settings.parse({ url: 'mqtt://b' }), { presencePath: 'occupancy' });
  t.like(mqttSwitch.settings.parse({ url: 'mqtt://b' }), {
    commandTopic: 'zigbee2mqtt/{deviceId}/set',
    stateTopic: 'zigbee2mqtt/{deviceId}',
    payloadOn: '{"state":"ON"}',
    payloadOff: '{"state":"OFF"}',
    statePath: 'state',
    stateOn: 'ON',
    stateOff: 'OFF',
    ackTimeoutMs: 10_000,
  });
  t.true(mqttSwitch.timeoutMs! > mqttSwitch.settings.parse({ url: 'mqtt://b', ackTimeoutMs: 30_000 }).ackTimeoutMs);
  t.false(
    mqttSwitch.settings.safeParse({ url: 'mqtt://b', commandTopic: 'z/{deviceId}', stateTopic: 'z/{deviceId}' })
      .success,
    'a command on the state topic would acknowledge itself',
  );
  t.regex(defaultClientId('mqtt-switch'), /^atrium-mqtt-switch(-[A-Za-z0-9_.-]+)?$/);
});

test('JSON paths walk own properties only; __proto__, constructor and prototype are refused', (t) => {
  for (const bad of ['__proto__', 'a.__proto__.b', 'constructor', 'x.constructor.prototype', 'prototype', 'a..b', '']) {
    t.false(mqttEnvironment.settings.safeParse({ url: 'mqtt://b', temperaturePath: bad }).success, bad);
    t.false(mqttOccupancy.settings.safeParse({ url: 'mqtt://b', presencePath: bad }).success, bad);
    t.false(mqttSwitch.settings.safeParse({ url: 'mqtt://b', statePath: bad }).success, bad);
  }
  const payload = parsePayload(Buffer.from('{"sensor":{"temp":21.5},"list":[{"v":1}],"__proto__":{"x":1}}'));
  t.is(readPath(payload, 'sensor.temp'), 21.5);
  t.is(readPath(payload, 'list.0.v'), 1);
  t.is(readPath(payload, 'sensor.toString'), undefined, 'inherited members are not read');
  t.is(readPath(payload, 'list.length'), undefined);
  t.is(readPath(payload, '__proto__.x'), undefined, 'even when the payload has such a key');
  t.is(readPath(parsePayload(Buffer.from('ON')), '$'), 'ON', '$ reads a bare payload');
  t.is(readPath(parsePayload(Buffer.from('ON')), 'state'), undefined, 'a path never reads into text');
  const topic = new TopicTemplate('tele/{deviceId}/SENSOR');
  t.is(topic.filter, 'tele/+/SENSOR');
  t.is(topic.deviceOf('tele/plug-1/SENSOR'), 'plug-1');
  t.is(topic.deviceOf('tele/plug-1/STATE'), undefined);
  t.is(topic.deviceOf('tele/a/b/SENSOR'), undefined);
  t.throws(() => topic.topicOf('a/b'), { message: /topic level/ });
});

(shared ?? test.skip)('environment: readings arrive, are mapped and merged; non-JSON is ignored', async (t) => {
  const prefix = `atrium-test/${rid()}/env`;
  const env = start<EnvironmentProvider>(t, mqttEnvironment, 'environment', {
    url: SHARED_URL,
    stateTopic: `${prefix}/{deviceId}`,
    devices: [{ id: 'configured-1', name: 'Room 1 sensor', roomName: 'Room 1' }],
  });
  const pushed: EnvironmentReading[] = [];
  const stop = await env.watch!((r) => pushed.push(r));
  t.like(await env.health!(), { ok: true, detail: `connected to ${SHARED.host}:${SHARED.port}` });
  const pub = await client(t);

  await pub.publishAsync(
    `${prefix}/air-1`,
    JSON.stringify({
      temperature: 21.5,
      humidity: 40,
      co2: 612,
      voc: 120,
      pressure: 1012.3,
      formaldehyd: 0.02,
      pm25: 5,
      pm10: '9',
      linkquality: 120,
    }),
    { qos: 1 },
  );
  await until('the first reading', () => pushed.length === 1);
  const at = Date.UTC(2027, 2, 1, 8);
  t.deepEqual(pushed[0], {
    deviceId: 'air-1',
    at,
    temperature: 21.5,
    humidity: 40,
    co2: 612,
    tvoc: 120,
    pressure: 1012.3,
    hcho: 0.02,
    pm25: 5,
    pm10: 9,
  });

  // Not JSON, and JSON without any indicator: nothing. A later partial message keeps the other values.
  await pub.publishAsync(`${prefix}/air-1`, 'temperature=30', { qos: 1 });
  await pub.publishAsync(`${prefix}/air-1`, JSON.stringify({ battery: 80, temperature: 'warm' }), { qos: 1 });
  await pub.publishAsync(`${prefix}/air-1/availability`, JSON.stringify({ temperature: 99 }), { qos: 1 });
  await pub.publishAsync(`${prefix}/air-1`, JSON.stringify({ temperature: 22.25, co2: null }), { qos: 1 });
  await until('the partial reading', () => pushed.length === 2);
  t.like(pushed[1], { deviceId: 'air-1', temperature: 22.25, humidity: 40, co2: 612, pm10: 9 });

  t.deepEqual(
    (await env.readings(['air-1', 'never-seen'])).map((r) => [r.deviceId, r.temperature, r.humidity]),
    [['air-1', 22.25, 40]],
  );
  t.deepEqual(await env.listDevices(), [
    { id: 'configured-1', name: 'Room 1 sensor', roomName: 'Room 1' },
    { id: 'air-1', name: 'air-1' },
  ]);
  stop();
  await pub.publishAsync(`${prefix}/air-1`, JSON.stringify({ temperature: 23 }), { qos: 1 });
  await until('the reading after stop', async () => (await env.readings(['air-1']))[0]?.temperature === 23);
  t.is(pushed.length, 2, 'no push after the watch stopped');
});

(shared ?? test.skip)('environment: nested paths map a Tasmota-style payload', async (t) => {
  const prefix = `atrium-test/${rid()}/tele`;
  const env = start<EnvironmentProvider>(t, mqttEnvironment, 'environment', {
    url: SHARED_URL,
    stateTopic: `${prefix}/{deviceId}/SENSOR`,
    temperaturePath: 'BME280.Temperature',
    humidityPath: 'BME280.Humidity',
    pressurePath: 'BME280.Pressure',
  });
  await env.health!();
  const pub = await client(t);
  const body = { Time: '2027-03-01T08:00:00', BME280: { Temperature: 19.8, Humidity: 51.2, Pressure: 1003.1 } };
  await pub.publishAsync(`${prefix}/tasmota-1/SENSOR`, JSON.stringify(body), { qos: 1 });
  await until('the nested reading', async () => (await env.readings(['tasmota-1'])).length === 1);
  t.like((await env.readings(['tasmota-1']))[0], { temperature: 19.8, humidity: 51.2, pressure: 1003.1 });
});

(shared ?? test.skip)('occupancy: presence changes reach watch; unknown sensors are 2', async (t) => {
  const prefix = `atrium-test/${rid()}/occ`;
  const occ = start<OccupancyProvider>(t, mqttOccupancy, 'occupancy', {
    url: SHARED_URL,
    stateTopic: `${prefix}/{deviceId}`,
  });
  const changes: OccupancyState[] = [];
  await occ.watch!((c) => changes.push(c));
  await occ.health!();
  const pub = await client(t);
  const send = (device: string, body: unknown) =>
    pub.publishAsync(`${prefix}/${device}`, JSON.stringify(body), { qos: 1 });

  t.deepEqual(
    (await occ.states(['pir-1'])).map((s) => s.state),
    [2],
  );
  await send('pir-1', { occupancy: true, battery: 90 });
  await until('presence', () => changes.length === 1);
  await send('pir-1', { occupancy: true, illuminance: 30 }); // the same state again: no push
  await send('pir-1', { battery: 89 }); // no presence value: no change
  await send('pir-1', { occupancy: 'maybe' }); // not a presence value: ignored
  await send('pir-2', { occupancy: 1 });
  await send('pir-1', { occupancy: false });
  await until('absence', () => changes.length === 3);
  t.deepEqual(
    changes.map((c) => [c.deviceId, c.state]),
    [
      ['pir-1', 1],
      ['pir-2', 1],
      ['pir-1', 0],
    ],
  );
  t.deepEqual(
    (await occ.states(['pir-1', 'pir-2', 'pir-3'])).map((s) => [s.deviceId, s.state]),
    [
      ['pir-1', 0],
      ['pir-2', 1],
      ['pir-3', 2],
    ],
  );
  t.deepEqual(
    (await occ.listDevices()).map((d) => d.id),
    ['pir-1', 'pir-2'],
  );
});

(shared ?? test.skip)('switch: a command is published and acknowledged by the device', async (t) => {
  const prefix = `atrium-test/${rid()}/sw`;
  const sw = start<SwitchProvider>(t, mqttSwitch, 'switch', {
    url: SHARED_URL,
    commandTopic: `${prefix}/{deviceId}/set`,
    stateTopic: `${prefix}/{deviceId}`,
  });
  const relay = simulateRelay(await client(t), prefix);
  await relay.ready;
  await sw.health!();

  await sw.setState('relay-1', true);
  t.deepEqual(relay.commands, [{ deviceId: 'relay-1', payload: '{"state":"ON"}' }]);
  t.true(await sw.getState!('relay-1'));
  await sw.setState('relay-1', false);
  t.is(relay.commands[1]!.payload, '{"state":"OFF"}');
  t.false(await sw.getState!('relay-1'));
  t.deepEqual(await sw.listDevices(), [{ id: 'relay-1', name: 'relay-1', on: false }]);
  await t.throwsAsync(sw.getState!('relay-2'), { message: /not reported/ });
  await t.throwsAsync(sw.setState('a/b', true), { message: /topic level/ });
});

(shared ?? test.skip)('switch: Tasmota-style bare payloads through the templates', async (t) => {
  const prefix = `atrium-test/${rid()}/tasmota`;
  const sw = start<SwitchProvider>(t, mqttSwitch, 'switch', {
    url: SHARED_URL,
    commandTopic: `${prefix}/cmnd/{deviceId}/POWER`,
    payloadOn: 'ON',
    payloadOff: 'OFF',
    stateTopic: `${prefix}/stat/{deviceId}/POWER`,
    statePath: '$',
  });
  const device = await client(t);
  await device.subscribeAsync(`${prefix}/cmnd/+/POWER`, { qos: 1 });
  device.on('message', (topic, payload) => {
    const id = topic.split('/').at(-2)!;
    void device.publishAsync(`${prefix}/stat/${id}/POWER`, payload.toString(), { qos: 1 });
  });
  await sw.health!();
  await sw.setState('plug-7', true);
  t.true(await sw.getState!('plug-7'));
});

(shared ?? test.skip)('switch: a device that never acknowledges makes setState throw within the timeout', async (t) => {
  const prefix = `atrium-test/${rid()}/mute`;
  const sw = start<SwitchProvider>(t, mqttSwitch, 'switch', {
    url: SHARED_URL,
    commandTopic: `${prefix}/{deviceId}/set`,
    stateTopic: `${prefix}/{deviceId}`,
    ackTimeoutMs: 1_500,
  });
  const mute = simulateRelay(await client(t), prefix, false);
  await mute.ready;
  // A wrong answer (the old state) does not acknowledge either.
  const other = await client(t);
  await other.subscribeAsync(`${prefix}/+/set`, { qos: 1 });
  other.on('message', () => void other.publishAsync(`${prefix}/lamp-1`, '{"state":"OFF"}', { qos: 1 }));
  await sw.health!();
  const began = Date.now();
  await t.throwsAsync(sw.setState('lamp-1', true), {
    message: /no acknowledgement within 1500 ms: lamp-1 did not report ON/,
  });
  const took = Date.now() - began;
  t.true(took >= 1_400 && took < 3_000, `took ${took} ms`);
  t.true(mute.commands.length >= 1, 'the command was published');
  t.true(mute.commands.every((c) => c.payload === '{"state":"ON"}'));
  t.false(await sw.getState!('lamp-1'));
});

test('health reports a broker that cannot be reached', async (t) => {
  const port = await freePort();
  const sw = start<SwitchProvider>(t, mqttSwitch, 'switch', { url: `mqtt://127.0.0.1:${port}` });
  await t.throwsAsync(sw.health!(), { message: new RegExp(`not connected to 127.0.0.1:${port}`) });
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** A Mosquitto of this test alone, on a free port, without persistence; stopped and started at will. */
async function privateBroker(t: ExecutionContext) {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-mosquitto-'));
  const conf = path.join(dir, 'mosquitto.conf');
  fs.writeFileSync(conf, `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\n`);
  let child: ChildProcess | undefined;
  const log: string[] = [];
  const up = async () => {
    child = spawn(MOSQUITTO, ['-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (d: Buffer) => log.push(d.toString()));
    child.stderr!.on('data', (d: Buffer) => log.push(d.toString()));
    const end = Date.now() + 5_000;
    while (!(await accepts(port))) {
      if (Date.now() > end || child.exitCode !== null) throw new Error(`mosquitto did not start: ${log.join('')}`);
      await sleep(50);
    }
  };
  const down = async () => {
    const c = child;
    child = undefined;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    await Promise.race([exited, sleep(3_000)]);
    if (c.exitCode === null && c.signalCode === null) {
      c.kill('SIGKILL');
      await Promise.race([exited, sleep(2_000)]);
    }
  };
  t.teardown(async () => {
    await down();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  await up();
  return { url: `mqtt://127.0.0.1:${port}`, up, down };
}

const restartTitle =
  'broker restart: a command sent while the broker is down arrives after it is back; subscriptions survive';
if (!fs.existsSync(MOSQUITTO)) skipBecause(test, restartTitle, `${MOSQUITTO} is missing (Debian package mosquitto)`);
else
  test(restartTitle, async (t) => {
    const broker = await privateBroker(t);
    const prefix = `atrium-test/${rid()}`;
    const sw = start<SwitchProvider>(t, mqttSwitch, 'switch', {
      url: broker.url,
      commandTopic: `${prefix}/{deviceId}/set`,
      stateTopic: `${prefix}/{deviceId}`,
      ackTimeoutMs: 10_000,
    });
    const occ = start<OccupancyProvider>(t, mqttOccupancy, 'occupancy', {
      url: broker.url,
      stateTopic: `${prefix}/{deviceId}`,
    });
    const changes: OccupancyState[] = [];
    await occ.watch!((c) => changes.push(c));
    // The device and the sensor reconnect by themselves, as Zigbee2MQTT does, and subscribe again on connect.
    const relay = simulateRelay(await client(t, broker.url, { reconnectPeriod: 200 }), prefix);
    await relay.ready;
    const sensor = await client(t, broker.url, { reconnectPeriod: 200 });
    await sw.health!();
    await occ.health!();
    await sensor.publishAsync(`${prefix}/pir-1`, '{"occupancy":true}', { qos: 1 });
    await until('presence before the restart', () => changes.length === 1);

    await broker.down();
    let settled: string | undefined;
    const switching = sw.setState('relay-1', true).then(
      () => void (settled = 'resolved'),
      (err: Error) => void (settled = `rejected: ${err.message}`),
    );
    await sleep(1_500);
    t.is(settled, undefined, 'setState does not resolve while the broker is down');
    t.deepEqual(relay.commands, []);
    await t.throwsAsync(sw.health!(), { message: /not connected/ });

    await broker.up();
    await switching;
    t.is(settled, 'resolved');
    t.true(relay.commands.length >= 1, 'the device received the command after the restart');
    t.true(relay.commands.every((c) => c.deviceId === 'relay-1' && c.payload === '{"state":"ON"}'));
    t.true(await sw.getState!('relay-1'));

    await until('the sensor to reconnect', () => sensor.connected);
    // The occupancy subscription was made before the restart; the broker forgot it, the provider made it again.
    await until(
      'presence after the restart',
      async () => {
        if (changes.length < 2)
          await sensor.publishAsync(`${prefix}/pir-1`, '{"occupancy":false}', { qos: 1 }).catch(() => undefined);
        return changes.length >= 2;
      },
      5_000,
    );
    t.deepEqual(changes.at(-1)!.state, 0);
    t.like(await sw.health!(), { ok: true });
  });
