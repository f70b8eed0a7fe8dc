/**
 * Notifications over MQTT, for building systems (door signs, displays, a
 * gateway to another channel): each message is published as JSON on the send
 * topic (`{event}` and `{lang}` are filled in), QoS 1 by default, so the
 * delivery is done when the broker acknowledges it. Messages arriving on the
 * receive topic (receipts, replies from a gateway) are logged and the last 20
 * kept in the plugin's kv.
 */
import mqtt from 'mqtt';
import { definePlugin, z, type NotifyMessage } from '../../core/plugin-sdk/index.ts';

const KEEP = 20;

const Settings = z.object({
  url: z
    .string()
    .regex(/^(mqtts?|wss?):\/\/.+/, 'mqtt://, mqtts://, ws:// or wss:// address')
    .describe('broker address, e.g. mqtt://broker:1883'),
  username: z.string().max(200).optional(),
  password: z.string().max(500).optional(),
  clientId: z.string().max(100).optional().describe('client id (a random one when empty)'),
  sendTopic: z
    .string()
    .min(1)
    .max(200)
    .refine((t) => !/[#+]/.test(t), 'no wildcards')
    .default('atrium/notify/{event}')
    .describe('topic of outgoing notifications; {event} and {lang} are filled in'),
  receiveTopic: z
    .string()
    .max(200)
    .optional()
    .describe('topic to listen on for receipts and replies (wildcards allowed)'),
  qos: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(1),
});

export default definePlugin({
  id: 'notify-mqtt',
  kind: 'notify',
  names: { cn: 'MQTT 消息', en: 'MQTT', ja: 'MQTT' },
  settings: Settings,
  secrets: ['password'],
  endpoints: ['url'],
  create(ctx) {
    const s = ctx.settings;
    // Connects in the background and reconnects by itself; create() itself waits for nothing.
    const client = mqtt.connect(s.url, {
      username: s.username,
      password: s.password,
      clientId: s.clientId,
      connectTimeout: 10_000,
      reconnectPeriod: 5_000,
    });
    client.on('error', (err) => ctx.logger.warn({ error: err.message }, 'MQTT connection error'));
    if (s.receiveTopic) {
      client.on(
        'connect',
        () =>
          void client
            .subscribeAsync(s.receiveTopic!, { qos: 1 })
            .catch((err: Error) => ctx.logger.error({ error: err.message }, 'MQTT subscribe failed')),
      );
      client.on('message', (topic, payload) => {
        const text = payload.toString('utf8').slice(0, 2000);
        ctx.logger.info({ topic, bytes: payload.length }, 'MQTT message received');
        void (async () => {
          const received = (await ctx.kv.get<unknown[]>('received')) ?? [];
          await ctx.kv.set('received', [{ topic, at: ctx.clock.now(), payload: text }, ...received].slice(0, KEEP));
        })().catch((err: Error) => ctx.logger.error({ error: err.message }, 'could not keep an MQTT message'));
      });
    }
    return {
      async send(message: NotifyMessage) {
        const topic = s.sendTopic.replace('{event}', message.event).replace('{lang}', message.lang);
        const strip = (r: NotifyMessage['to'][number]) => ({
          name: r.name,
          username: r.username,
          email: r.email,
          externalId: r.externalId,
        });
        const body = {
          id: message.id,
          event: message.event,
          lang: message.lang,
          to: message.to.map(strip),
          cc: message.cc.map(strip),
          subject: message.subject,
          text: message.text,
          html: message.html,
        };
        await client.publishAsync(topic, JSON.stringify(body), { qos: s.qos });
      },
      async health() {
        if (!client.connected) {
          await new Promise<void>((resolve, reject) => {
            client.once('connect', () => resolve());
            client.once('error', reject);
          });
        }
        return { ok: true, detail: `connected to ${new URL(s.url).host}` };
      },
      async close() {
        await client.endAsync(true);
      },
    };
  },
});
