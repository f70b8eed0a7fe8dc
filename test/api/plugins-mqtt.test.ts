import { randomBytes } from 'node:crypto';
import test from 'ava';
import mqtt from 'mqtt';
import { perDialect } from '../helpers/app.ts';
import { createUser } from '../helpers/users.ts';
import { outboxRows, recordChange, runJob, saveNotify } from '../helpers/notify.ts';

// Against the real Mosquitto broker of the development and CI machines.
const BROKER = 'mqtt://127.0.0.1:1883';

perDialect(test, (dialect, app) => {
  const prefix = `atrium-test/${randomBytes(4).toString('hex')}`;
  let listener: mqtt.MqttClient;
  const received: Array<{ topic: string; body: Record<string, unknown> }> = [];

  test.serial.before(async () => {
    listener = await mqtt.connectAsync(BROKER);
    listener.on('message', (topic, payload) =>
      received.push({ topic, body: JSON.parse(payload.toString()) as Record<string, unknown> }),
    );
    await listener.subscribeAsync(`${prefix}/notify/#`, { qos: 1 });
  });
  test.serial.after.always(async () => {
    await listener?.endAsync(true);
  });

  const until = async (check: () => Promise<boolean> | boolean) => {
    const end = Date.now() + 5_000;
    while (!(await check())) {
      if (Date.now() > end) throw new Error('timed out waiting');
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  test.serial(
    `${dialect}: MQTT: notifications are published on the send topic; the receive topic is listened to`,
    async (t) => {
      const admin = await app().adminToken();
      const ok = await app().post<{ data: { ok: boolean } }>(
        '/api/inte/settings/notify/test',
        { provider: 'notify-mqtt', settings: { url: BROKER } },
        { token: admin },
      );
      t.true(ok.body.data.ok);
      const down = await app().post<{ data: { ok: boolean; detail: string } }>(
        '/api/inte/settings/notify/test',
        { provider: 'notify-mqtt', settings: { url: 'mqtt://127.0.0.1:1' } },
        { token: admin },
      );
      t.false(down.body.data.ok);
      t.regex(down.body.data.detail, /ECONNREFUSED|did not answer/);
      const bad = await app().put(
        '/api/inte/settings/notify',
        { provider: 'notify-mqtt', settings: { url: 'http://x', sendTopic: 'a/#' } },
        { token: admin },
      );
      t.deepEqual(bad.body.errors!.map((e) => e.field).sort(), ['settings.sendTopic', 'settings.url']);
      await saveNotify(app(), admin, 'notify-mqtt', {
        url: BROKER,
        sendTopic: `${prefix}/notify/{event}/{lang}`,
        receiveTopic: `${prefix}/receipts`,
      });
      const userId = await createUser(app(), 'mqtt-user');
      await recordChange(app(), 'user.blocklisted', { userId, violationCount: 3, releaseAt: Date.UTC(2026, 11, 8) });
      await runJob(app(), 'integrations.outbox');
      const row = (await outboxRows(app())).slice(-1)[0]!;
      t.is(row.state, 'done');
      await until(() => received.length === 1);
      t.is(received[0]!.topic, `${prefix}/notify/user.blocklisted/cn`);
      t.like(received[0]!.body, {
        id: String(row.id),
        event: 'user.blocklisted',
        lang: 'cn',
        subject: '您已被加入黑名单',
        to: [{ name: 'mqtt-user', username: 'mqtt-user', email: 'mqtt-user@example.org' }],
      });

      await listener.publishAsync(`${prefix}/receipts`, JSON.stringify({ id: row.id, status: 'shown' }), { qos: 1 });
      const kept = async () =>
        (await app().cradle.db('plugin_kv').where({ plugin: 'notify-mqtt', key: 'received' }).first())?.value as
          string | undefined;
      await until(async () => Boolean(await kept()));
      const [first] = JSON.parse((await kept())!) as Array<{ topic: string; payload: string }>;
      t.deepEqual([first!.topic, JSON.parse(first!.payload)], [`${prefix}/receipts`, { id: row.id, status: 'shown' }]);
      await saveNotify(app(), admin, 'none');
    },
  );
});
