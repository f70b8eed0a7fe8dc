/**
 * Presence sensors over MQTT. Zigbee2MQTT publishes each device's state as JSON on `zigbee2mqtt/<friendly_name>`
 * (its documented MQTT topics) with presence as `occupancy: true|false`, so those are the defaults; a sensor that
 * publishes elsewhere (Tasmota, Shelly, a gateway) is mapped through the topic template and the path
 * (plugins/mqtt-shared).
 *
 * The value at the path is read as true/false or 1/0 (JSON or text); a message without it (a battery report, a
 * link-quality update) changes nothing, and other values are ignored. The last state of each sensor is kept in
 * memory for `states()`; a sensor that has not reported since the start is unknown (2), because an old state
 * would end or keep a meeting on a guess. `watch()` hears changes only: Zigbee2MQTT repeats the whole state on
 * every report, and door tablets act on each push.
 */
import {
  definePlugin,
  z,
  type Occupancy,
  type OccupancyDevice,
  type OccupancyState,
} from '../../core/plugin-sdk/index.ts';
import {
  brokerEndpoints,
  brokerFields,
  brokerSecrets,
  connectBroker,
  deviceList,
  jsonPath,
  listedAndSeen,
  readPath,
  tellAll,
  topicTemplate,
  TopicTemplate,
} from '../mqtt-shared/mqtt.ts';

const Settings = z.object({
  ...brokerFields,
  stateTopic: topicTemplate('zigbee2mqtt/{deviceId}', 'topic each sensor publishes its JSON state on'),
  presencePath: jsonPath('occupancy', 'path of the presence value (true/false or 1/0) in the payload'),
  devices: deviceList,
});

/** 1 or 0 for the values a presence sensor sends; undefined for anything else. */
function presence(value: unknown): Occupancy | undefined {
  if (value === true || value === 1) return 1;
  if (value === false || value === 0) return 0;
  if (typeof value === 'string') {
    const v = value.trim().toLowerCase();
    if (v === 'true' || v === '1') return 1;
    if (v === 'false' || v === '0') return 0;
  }
  return undefined;
}

export default definePlugin({
  id: 'mqtt-occupancy',
  kind: 'occupancy',
  names: { cn: 'MQTT 人体传感器', en: 'MQTT (presence sensors)', ja: 'MQTT（在室センサー）' },
  settings: Settings,
  secrets: [...brokerSecrets],
  endpoints: [...brokerEndpoints],
  create(ctx) {
    const s = ctx.settings;
    const topic = new TopicTemplate(s.stateTopic);
    const last = new Map<string, OccupancyState>();
    const watchers = new Set<(state: OccupancyState) => void>();

    const broker = connectBroker(ctx, [topic.filter], (t, payload) => {
      const deviceId = topic.deviceOf(t);
      if (!deviceId) return;
      const state = presence(readPath(payload, s.presencePath));
      if (state === undefined) return;
      const before = last.get(deviceId);
      const now: OccupancyState = { deviceId, state, at: ctx.clock.now() };
      last.set(deviceId, now);
      if (before?.state === state) return;
      tellAll(watchers, now, ctx.logger, 'presence');
    });

    return {
      async listDevices(): Promise<OccupancyDevice[]> {
        return listedAndSeen(s.devices, last.keys());
      },
      async states(deviceIds) {
        return deviceIds.map((id) => {
          const known = last.get(id);
          return known ? { ...known } : { deviceId: id, state: 2 as const, at: ctx.clock.now() };
        });
      },
      async watch(onChange) {
        watchers.add(onChange);
        return () => void watchers.delete(onChange);
      },
      health: () => broker.health(),
      async close() {
        watchers.clear();
        await broker.close();
      },
    };
  },
});
