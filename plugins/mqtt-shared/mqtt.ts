/**
 * MQTT for building devices, shared by plugins/mqtt-environment, plugins/mqtt-occupancy and plugins/mqtt-switch
 * (this folder has no entry, so it is no plugin itself; each integration kind is its own plugin, and each runs its
 * own connection).
 *
 * - Broker settings: `url` (mqtt:// or mqtts://), `username`, `password` (sealed), `rejectUnauthorized` and `ca`
 *   for TLS, `clientId`, `qos`, `reconnectMs`.
 * - Topic templates hold `{deviceId}` as one whole topic level (`zigbee2mqtt/{deviceId}`), so the subscription is
 *   the template with `+` in its place and the level tells which device spoke. A device id is therefore one level:
 *   a Zigbee2MQTT friendly name with `/` in it cannot be used.
 * - A JSON path is a dot path into the payload (`occupancy`, `sensor.temp`, `sensors.0.value`), or `$` for the
 *   whole payload (a bare `ON` as Tasmota's `stat/<topic>/POWER` or `21.5` as many sensors send it). Paths are
 *   data, never code: they walk own properties only, and `__proto__`, `constructor` and `prototype` are refused.
 * - The session is persistent (`clean: false`) under a client id that stays the same across restarts, so the
 *   broker keeps the subscriptions and queues QoS 1 messages while Atrium is away; the subscriptions are sent
 *   again on every connect all the same, because a broker that restarted without persistence has forgotten them.
 */
import { hostname } from 'node:os';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { z, type PluginContext } from '../../core/plugin-sdk/index.ts';

const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);
const PATH = /^(\$|[^.\s]+(\.[^.\s]+)*)$/;
/** Larger payloads are not sensor states; they are dropped unread. */
const MAX_PAYLOAD = 64 * 1024;

/** A JSON path setting: dot segments, no prototype access. */
export const jsonPath = (fallback: string, description: string) =>
  z
    .string()
    .max(200)
    .regex(PATH, 'a dot path such as sensor.temp, or $ for the whole payload')
    .refine(
      (p) => !p.split('.').some((s) => FORBIDDEN_SEGMENTS.has(s)),
      '__proto__, constructor and prototype are not allowed',
    )
    .default(fallback)
    .describe(description);

/** A topic template setting: `{deviceId}` exactly once, as a whole level; no wildcards of its own. */
export const topicTemplate = (fallback: string, description: string) =>
  z
    .string()
    .min(1)
    .max(200)
    .refine((t) => !/[#+\0]/.test(t), 'no wildcards (+ and # come from {deviceId})')
    .refine(
      (t) => t.split('/').filter((level) => level === '{deviceId}').length === 1 && t.split('{deviceId}').length === 2,
      '{deviceId} exactly once, as a whole topic level (zigbee2mqtt/{deviceId})',
    )
    .default(fallback)
    .describe(description);

/** The devices an administrator lists by hand, before (or besides) those the broker has shown. */
export const deviceList = z
  .array(
    z.object({
      id: z.string().min(1).max(200),
      name: z.string().max(200).optional(),
      roomName: z.string().max(200).optional(),
    }),
  )
  .max(1000)
  .default([])
  .describe('devices to list before they have reported: [{"id": "…", "name": "…"}] (those seen are added)');

/** The devices listed by hand, then those seen on the broker that are not, each once. */
export function listedAndSeen(
  listed: z.infer<typeof deviceList>,
  seen: Iterable<string>,
): Array<{ id: string; name: string; roomName?: string }> {
  const out = new Map<string, { id: string; name: string; roomName?: string }>();
  for (const d of listed) out.set(d.id, { id: d.id, name: d.name || d.id, roomName: d.roomName });
  for (const id of seen) if (!out.has(id)) out.set(id, { id, name: id });
  return [...out.values()];
}

/** Hands `value` to every listener (a copy each); a listener that throws is logged and the others still hear it. */
export function tellAll<T extends object>(
  listeners: Iterable<(value: T) => void>,
  value: T,
  logger: { warn(obj: object, msg?: string): void },
  what: string,
): void {
  for (const listen of listeners) {
    try {
      listen({ ...value });
    } catch (err) {
      logger.warn({ error: err instanceof Error ? err.message : String(err) }, `${what} listener failed`);
    }
  }
}

/** The broker fields every MQTT plugin has; spread into its z.object. */
export const brokerFields = {
  url: z
    .string()
    .regex(/^mqtts?:\/\/[^\s/]+/, 'mqtt:// or mqtts:// address')
    .refine((u) => URL.canParse(u), 'not a valid address')
    .describe('broker address, e.g. mqtt://broker:1883 or mqtts://broker:8883'),
  username: z.string().max(200).optional().describe('user name at the broker (empty: anonymous)'),
  password: z.string().max(500).optional().describe('password at the broker'),
  rejectUnauthorized: z
    .boolean()
    .default(true)
    .describe('mqtts: refuse a broker certificate that does not verify (turn off only for testing)'),
  ca: z
    .string()
    .max(20_000)
    .regex(/^(|\s*-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----\s*)$/, 'a PEM certificate')
    .optional()
    .describe('mqtts: PEM certificate of the authority that signed the broker certificate (empty: the system ones)'),
  clientId: z
    .string()
    .max(100)
    .regex(/^[^\s#+/]*$/, 'no spaces, /, + or #')
    .optional()
    .describe('client id; keep it the same so the broker keeps the session (empty: atrium-<plugin>-<host name>)'),
  qos: z
    .union([z.literal(0), z.literal(1), z.literal(2)])
    .default(1)
    .describe('quality of service of the subscriptions (1: every message at least once)'),
  reconnectMs: z.coerce
    .number()
    .int()
    .min(200)
    .max(60_000)
    .default(5_000)
    .describe('milliseconds between attempts to reach the broker again'),
};
export const brokerSecrets = ['password'] as const;
/** Where the password goes and how safely: changing one of these asks for the password again. */
export const brokerEndpoints = ['url', 'rejectUnauthorized', 'ca'] as const;

export interface BrokerSettings {
  url: string;
  username?: string;
  password?: string;
  rejectUnauthorized: boolean;
  ca?: string;
  clientId?: string;
  qos: 0 | 1 | 2;
  reconnectMs: number;
}

/** A device id is one topic level: no separators, no wildcards. */
export function assertDeviceId(deviceId: string): void {
  if (!deviceId || /[/#+\0]/.test(deviceId)) throw new Error(`device id "${deviceId}" cannot be an MQTT topic level`);
}

/** A topic template with its subscription filter and the way back from a topic to its device. */
export class TopicTemplate {
  readonly filter: string;
  private readonly levels: string[];
  private readonly index: number;

  constructor(readonly template: string) {
    this.levels = template.split('/');
    this.index = this.levels.indexOf('{deviceId}');
    if (this.index < 0) throw new Error(`topic template "${template}" has no {deviceId} level`);
    this.filter = this.levels.map((l, i) => (i === this.index ? '+' : l)).join('/');
  }

  topicOf(deviceId: string): string {
    assertDeviceId(deviceId);
    return this.levels.map((l, i) => (i === this.index ? deviceId : l)).join('/');
  }

  /** The device a topic belongs to, or undefined when it does not fit the template. */
  deviceOf(topic: string): string | undefined {
    const parts = topic.split('/');
    if (parts.length !== this.levels.length) return undefined;
    for (let i = 0; i < parts.length; i++) if (i !== this.index && parts[i] !== this.levels[i]) return undefined;
    return parts[this.index] || undefined;
  }
}

/** The payload as JSON; text that is not JSON stays text (only `$` reads it). Undefined when too large. */
export function parsePayload(payload: Buffer): unknown {
  if (payload.length > MAX_PAYLOAD) return undefined;
  const text = payload.toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return new RawText(text.trim());
  }
}

/** A payload that is not JSON: visible to `$` only, so a dot path never reads into a string. */
export class RawText {
  constructor(readonly text: string) {}
}

/** The value at `path` in a parsed payload; undefined when absent. Own properties only. */
export function readPath(payload: unknown, path: string): unknown {
  if (path === '$') return payload instanceof RawText ? payload.text : payload;
  let at: unknown = payload;
  for (const segment of path.split('.')) {
    if (FORBIDDEN_SEGMENTS.has(segment)) return undefined;
    if (at === null || typeof at !== 'object' || at instanceof RawText) return undefined;
    if (Array.isArray(at)) {
      if (!/^\d+$/.test(segment)) return undefined;
      at = at[Number(segment)];
    } else {
      if (!Object.prototype.hasOwnProperty.call(at, segment)) return undefined;
      at = (at as Record<string, unknown>)[segment];
    }
  }
  return at;
}

/** A number from a JSON number or a numeric string (`"21.5"`); undefined otherwise. */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

export interface Broker {
  client: MqttClient;
  /** Connected now, or within `waitMs`; throws with the last connection error otherwise. */
  health(waitMs?: number): Promise<{ ok: true; detail: string }>;
  close(): Promise<void>;
}

/**
 * Connects in the background (create() waits for nothing) and subscribes to `filters` on every connect. Each
 * message on them goes to `onMessage` with its parsed payload; a throwing handler is logged, never fatal.
 */
export function connectBroker(
  ctx: PluginContext<BrokerSettings>,
  filters: string[],
  onMessage: (topic: string, payload: unknown) => void,
): Broker {
  const s = ctx.settings;
  const host = new URL(s.url).host;
  const options: IClientOptions = {
    clientId: s.clientId || defaultClientId(ctx.pluginId),
    // The broker keeps the subscriptions and the QoS 1 messages of a short absence.
    clean: false,
    // Sent again on every connect below, whatever the broker remembered: mqtt.js' own copy would only repeat it.
    resubscribe: false,
    username: s.username || undefined,
    password: s.password || undefined,
    connectTimeout: 10_000,
    reconnectPeriod: s.reconnectMs,
    rejectUnauthorized: s.rejectUnauthorized,
    ...(s.ca?.trim() ? { ca: s.ca } : {}),
  };
  const client = mqtt.connect(s.url, options);
  let lastError: string | undefined;
  let wasConnected = false;
  client.on('error', (err) => {
    // A broker away for an hour would otherwise log the same refusal every few seconds.
    if (err.message !== lastError) ctx.logger.warn({ error: err.message, broker: host }, 'MQTT connection error');
    lastError = err.message;
  });
  client.on('offline', () => {
    if (wasConnected) ctx.logger.warn({ broker: host }, 'MQTT broker lost; reconnecting');
    wasConnected = false;
  });
  client.on('connect', (connack) => {
    lastError = undefined;
    wasConnected = true;
    ctx.logger.info({ broker: host, sessionPresent: connack.sessionPresent }, 'MQTT connected');
    if (!filters.length) return;
    client
      .subscribeAsync(filters, { qos: s.qos })
      .then((granted) => {
        const refused = granted.filter((g) => g.qos === 128).map((g) => g.topic);
        if (refused.length) ctx.logger.error({ topics: refused }, 'MQTT broker refused the subscription');
      })
      .catch((err: Error) => ctx.logger.error({ error: err.message, topics: filters }, 'MQTT subscribe failed'));
  });
  client.on('message', (topic, payload) => {
    try {
      onMessage(topic, parsePayload(payload));
    } catch (err) {
      ctx.logger.warn({ topic, error: err instanceof Error ? err.message : String(err) }, 'MQTT message not handled');
    }
  });
  return {
    client,
    async health(waitMs = 5_000) {
      // A refusal already seen is the answer; a first connection still under way gets a moment.
      if (!client.connected && lastError) throw new Error(`not connected to ${host}: ${lastError}`);
      if (!client.connected) {
        await new Promise<void>((resolve, reject) => {
          const done = () => {
            clearTimeout(timer);
            client.off('connect', onConnect);
            client.off('error', onError);
          };
          const onConnect = () => {
            done();
            resolve();
          };
          const onError = (err: Error) => {
            done();
            reject(new Error(`not connected to ${host}: ${err.message}`));
          };
          const timer = setTimeout(() => {
            done();
            reject(new Error(`not connected to ${host} within ${waitMs} ms`));
          }, waitMs);
          client.on('connect', onConnect);
          client.on('error', onError);
        });
      }
      return { ok: true, detail: `connected to ${host}` };
    },
    async close() {
      await client.endAsync(true);
    },
  };
}

/**
 * The same on every start of this installation on this machine, so the broker finds the session again; the host
 * name keeps two Atrium servers on one broker from taking the session (and the connection) from each other.
 */
export function defaultClientId(pluginId: string): string {
  const host = hostname()
    .replace(/[^A-Za-z0-9_.-]/g, '')
    .slice(0, 40);
  return `atrium-${pluginId}${host ? `-${host}` : ''}`;
}
