/**
 * Environment sensors over MQTT. Zigbee2MQTT publishes each device's state as JSON on
 * `zigbee2mqtt/<friendly_name>` (its documented MQTT topics), so that is the default state topic and the default
 * paths are its property names (`temperature`, `humidity`, `co2`, `voc`, `pressure`, `formaldehyd`, `pm25`,
 * `pm10`); Tasmota (`tele/{deviceId}/SENSOR`, paths like `BME280.Temperature`), Shelly or any gateway that
 * publishes JSON per device are mapped through the topic template and the paths (plugins/mqtt-shared).
 *
 * Readings are pushed, not polled: the last one of each device is kept in memory and answers `readings()`, and
 * each message goes out through `watch()`. A message holding only some indicators keeps the device's other values
 * (a device may report them in separate messages; the dashboard replaces a device's reading with each push). A
 * payload that is not JSON, or holds none of the indicators, is ignored. The devices listed are those configured
 * and those that have reported since the start.
 */
import { definePlugin, z, type EnvironmentDevice, type EnvironmentReading } from '../../core/plugin-sdk/index.ts';
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
  toNumber,
  topicTemplate,
  TopicTemplate,
} from '../mqtt-shared/mqtt.ts';

const INDICATORS = ['temperature', 'humidity', 'co2', 'tvoc', 'pressure', 'hcho', 'pm25', 'pm10'] as const;
type Indicator = (typeof INDICATORS)[number];

const Settings = z.object({
  ...brokerFields,
  stateTopic: topicTemplate('zigbee2mqtt/{deviceId}', 'topic each sensor publishes its JSON state on'),
  temperaturePath: jsonPath('temperature', 'path of the temperature (°C) in the payload'),
  humidityPath: jsonPath('humidity', 'path of the relative humidity (%)'),
  co2Path: jsonPath('co2', 'path of the CO2 concentration (ppm)'),
  tvocPath: jsonPath('voc', 'path of the TVOC value'),
  pressurePath: jsonPath('pressure', 'path of the air pressure (hPa)'),
  hchoPath: jsonPath('formaldehyd', 'path of the formaldehyde (HCHO) value'),
  pm25Path: jsonPath('pm25', 'path of PM2.5 (µg/m³)'),
  pm10Path: jsonPath('pm10', 'path of PM10 (µg/m³)'),
  devices: deviceList,
});

export default definePlugin({
  id: 'mqtt-environment',
  kind: 'environment',
  names: { cn: 'MQTT 环境传感器', en: 'MQTT (environment sensors)', ja: 'MQTT（環境センサー）' },
  settings: Settings,
  secrets: [...brokerSecrets],
  endpoints: [...brokerEndpoints],
  create(ctx) {
    const s = ctx.settings;
    const topic = new TopicTemplate(s.stateTopic);
    const paths: Record<Indicator, string> = {
      temperature: s.temperaturePath,
      humidity: s.humidityPath,
      co2: s.co2Path,
      tvoc: s.tvocPath,
      pressure: s.pressurePath,
      hcho: s.hchoPath,
      pm25: s.pm25Path,
      pm10: s.pm10Path,
    };
    const last = new Map<string, EnvironmentReading>();
    const watchers = new Set<(reading: EnvironmentReading) => void>();

    const broker = connectBroker(ctx, [topic.filter], (t, payload) => {
      const deviceId = topic.deviceOf(t);
      if (!deviceId) return;
      const values: Partial<Record<Indicator, number>> = {};
      for (const indicator of INDICATORS) {
        const n = toNumber(readPath(payload, paths[indicator]));
        if (n !== undefined) values[indicator] = n;
      }
      if (!Object.keys(values).length) return;
      const reading: EnvironmentReading = { ...last.get(deviceId), ...values, deviceId, at: ctx.clock.now() };
      last.set(deviceId, reading);
      tellAll(watchers, reading, ctx.logger, 'reading');
    });

    return {
      async listDevices(): Promise<EnvironmentDevice[]> {
        return listedAndSeen(s.devices, last.keys());
      },
      async readings(deviceIds) {
        return deviceIds.flatMap((id) => {
          const r = last.get(id);
          return r ? [{ ...r }] : [];
        });
      },
      async watch(onReading) {
        watchers.add(onReading);
        return () => void watchers.delete(onReading);
      },
      health: () => broker.health(),
      async close() {
        watchers.clear();
        await broker.close();
      },
    };
  },
});
