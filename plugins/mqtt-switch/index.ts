/**
 * Room switches (relays, smart plugs, lights) over MQTT. The defaults follow Zigbee2MQTT's documented MQTT
 * topics: a command is published on `zigbee2mqtt/<friendly_name>/set` as `{"state":"ON"}` / `{"state":"OFF"}`,
 * and the device answers with its state on `zigbee2mqtt/<friendly_name>` (`"state": "ON"`). Other firmware is
 * mapped through the templates (plugins/mqtt-shared), for instance:
 *
 * - Tasmota: command `cmnd/{deviceId}/POWER` with payloads `ON`/`OFF`, state `stat/{deviceId}/POWER`, path `$`;
 * - Shelly (Gen1): command `shellies/{deviceId}/relay/0/command` with `on`/`off`, state
 *   `shellies/{deviceId}/relay/0`, path `$`, values `on`/`off`.
 *
 * A switching is done only when the device says so: `setState` publishes the command (QoS 1, not retained, so a
 * device that restarts later is not switched by an old command) and waits, at most `ackTimeoutMs`, for the state
 * topic to report the new state; otherwise it throws and Atrium's outbox retries it. While it waits the command
 * is published again after every reconnect and every few seconds, only while connected: after a broker restart
 * the device may subscribe again later than Atrium, and commands are idempotent (ON twice stays ON), whereas a
 * command queued while offline could reach the device after its call had already failed. No device is listed
 * until configured or seen reporting its state.
 */
import { definePlugin, z, type SwitchDevice } from '../../core/plugin-sdk/index.ts';
import {
  assertDeviceId,
  brokerEndpoints,
  brokerFields,
  brokerSecrets,
  connectBroker,
  deviceList,
  jsonPath,
  readPath,
  topicTemplate,
  TopicTemplate,
} from '../mqtt-shared/mqtt.ts';

const Settings = z
  .object({
    ...brokerFields,
    commandTopic: topicTemplate('zigbee2mqtt/{deviceId}/set', 'topic a command is published on'),
    payloadOn: z.string().min(1).max(1000).default('{"state":"ON"}').describe('payload that switches on'),
    payloadOff: z.string().min(1).max(1000).default('{"state":"OFF"}').describe('payload that switches off'),
    stateTopic: topicTemplate('zigbee2mqtt/{deviceId}', 'topic the device reports its state on'),
    statePath: jsonPath('state', 'path of the state in that payload ($: the payload itself)'),
    stateOn: z.string().min(1).max(100).default('ON').describe('state value meaning on'),
    stateOff: z.string().min(1).max(100).default('OFF').describe('state value meaning off'),
    ackTimeoutMs: z.coerce
      .number()
      .int()
      .min(1000)
      .max(30_000)
      .default(10_000)
      .describe('milliseconds to wait for the device to report the new state before the switching is retried'),
    devices: deviceList,
  })
  .superRefine((s, ctx) => {
    if (s.commandTopic === s.stateTopic)
      ctx.addIssue({ code: 'custom', path: ['stateTopic'], message: 'must differ from the command topic' });
    if (s.stateOn === s.stateOff)
      ctx.addIssue({ code: 'custom', path: ['stateOff'], message: 'must differ from the on value' });
  });

interface Pending {
  on: boolean;
  topic: string;
  payload: string;
  /** Published at least once: only a report after that acknowledges. */
  published: boolean;
  settle(err?: Error): void;
}

export default definePlugin({
  id: 'mqtt-switch',
  kind: 'switch',
  names: { cn: 'MQTT 开关', en: 'MQTT (switches)', ja: 'MQTT（スイッチ）' },
  settings: Settings,
  secrets: [...brokerSecrets],
  endpoints: [...brokerEndpoints],
  // Above the longest acknowledgement wait, so the host's bound never cuts a wait short.
  timeoutMs: 35_000,
  create(ctx) {
    const s = ctx.settings;
    const command = new TopicTemplate(s.commandTopic);
    const stateTopic = new TopicTemplate(s.stateTopic);
    const states = new Map<string, { on: boolean; at: number }>();
    const pending = new Map<string, Pending>();

    const stateOf = (payload: unknown): boolean | undefined => {
      const v = readPath(payload, s.statePath);
      if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') return undefined;
      return String(v) === s.stateOn ? true : String(v) === s.stateOff ? false : undefined;
    };

    const broker = connectBroker(ctx, [stateTopic.filter], (t, payload) => {
      const deviceId = stateTopic.deviceOf(t);
      if (!deviceId) return;
      const on = stateOf(payload);
      if (on === undefined) return;
      states.set(deviceId, { on, at: ctx.clock.now() });
      const p = pending.get(deviceId);
      if (p?.published && p.on === on) p.settle();
    });
    const { client } = broker;

    const publish = (p: Pending) => {
      if (!client.connected) return;
      p.published = true;
      client
        .publishAsync(p.topic, p.payload, { qos: 1, retain: false })
        .catch((err: Error) => ctx.logger.warn({ topic: p.topic, error: err.message }, 'MQTT command not published'));
    };
    // Registered after connectBroker's own handler, so the state subscription precedes the command on the wire.
    client.on('connect', () => {
      for (const p of pending.values()) publish(p);
    });

    return {
      async listDevices() {
        const out = new Map<string, SwitchDevice>();
        for (const d of s.devices) out.set(d.id, { id: d.id, name: d.name || d.id, on: states.get(d.id)?.on });
        for (const [id, st] of states) if (!out.has(id)) out.set(id, { id, name: id, on: st.on });
        return [...out.values()];
      },
      async setState(deviceId, on) {
        assertDeviceId(deviceId);
        pending.get(deviceId)?.settle(new Error(`switching ${deviceId} superseded by a later command`));
        return new Promise<void>((resolve, reject) => {
          const resendEvery = Math.max(500, Math.min(2_000, Math.floor(s.ackTimeoutMs / 4)));
          const resend = setInterval(() => publish(p), resendEvery);
          const timer = setTimeout(() => {
            const why = client.connected
              ? `${deviceId} did not report ${on ? s.stateOn : s.stateOff} on ${stateTopic.topicOf(deviceId)}`
              : `broker ${new URL(s.url).host} not reachable`;
            p.settle(new Error(`no acknowledgement within ${s.ackTimeoutMs} ms: ${why}`));
          }, s.ackTimeoutMs);
          const p: Pending = {
            on,
            topic: command.topicOf(deviceId),
            payload: on ? s.payloadOn : s.payloadOff,
            published: false,
            settle(err) {
              clearInterval(resend);
              clearTimeout(timer);
              if (pending.get(deviceId) === p) pending.delete(deviceId);
              if (err) reject(err);
              else resolve();
            },
          };
          pending.set(deviceId, p);
          publish(p);
        });
      },
      async getState(deviceId) {
        const st = states.get(deviceId);
        if (!st) throw new Error(`${deviceId} has not reported its state since the start`);
        return st.on;
      },
      health: () => broker.health(),
      async close() {
        for (const p of [...pending.values()]) p.settle(new Error('provider stopped'));
        await broker.close();
      },
    };
  },
});
