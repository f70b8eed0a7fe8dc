import test from 'ava';
import { SecretBox } from '../../core/secret-box.ts';
import { perDialect } from '../helpers/app.ts';
import type { BookingEventName } from '../../core/event-types.ts';
import {
  FIXTURE_PLUGINS,
  outboxRows,
  recordChange,
  runJob,
  saveNotify,
  seedPlace,
  snapshot,
} from '../helpers/notify.ts';
import { createUser, STAFF_PASSWORD } from '../helpers/users.ts';

interface Kind {
  kind: string;
  screen: string;
  names: { en: string };
  selected: string;
  providers: Array<{
    id: string;
    secrets: string[];
    settingsSchema: { properties?: Record<string, { writeOnly?: boolean }> };
  }>;
}

perDialect(
  test,
  (dialect, app) => {
    let admin: string;
    let userId: number;
    const violation = () => recordChange(app(), 'user.violation', { userId, violationCount: 1 });

    test.serial(
      `${dialect}: kinds list every provider with its settings as JSON Schema, vendor plugins included`,
      async (t) => {
        admin = await app().adminToken();
        userId = await createUser(app(), 'host-user');
        const res = await app().get<{ data: { kinds: Kind[]; loadErrors: unknown[] } }>('/api/inte/kinds', {
          token: admin,
        });
        t.is(res.status, 200);
        t.deepEqual(
          res.body.data.kinds.map((k) => k.kind),
          ['environment', 'occupancy', 'face', 'eink', 'access', 'notify', 'apps', 'calendar', 'switch'],
        );
        t.deepEqual(res.body.data.loadErrors, []);
        const notify = res.body.data.kinds.find((k) => k.kind === 'notify')!;
        t.is(notify.selected, 'none');
        t.deepEqual(notify.providers.map((p) => p.id).sort(), [
          'none',
          'notify-dingtalk',
          'notify-email',
          'notify-flaky',
          'notify-log',
          'notify-mqtt',
          'notify-wecom',
        ]);
        const email = notify.providers.find((p) => p.id === 'notify-email')!;
        t.deepEqual(email.secrets, ['password']);
        t.truthy(email.settingsSchema.properties?.host);
        t.true(email.settingsSchema.properties?.password?.writeOnly);
        const doc = (await (await fetch(`${app().url}/api/docs/openapi.json`)).json()) as {
          paths: Record<string, unknown>;
        };
        t.truthy(
          Object.keys(doc.paths).find((p) => p.includes('/inte/settings/') && p.endsWith('/test')),
          'the integration calls are in the OpenAPI document',
        );
      },
    );

    test.serial(`${dialect}: settings with bad values are refused with field errors`, async (t) => {
      const bad = await app().put(
        '/api/inte/settings/notify',
        { provider: 'notify-email', settings: { host: '', port: 70000, account: 'not-an-address' } },
        { token: admin },
      );
      t.is(bad.status, 400);
      t.deepEqual(bad.body.errors!.map((e) => e.field).sort(), ['settings.account', 'settings.host', 'settings.port']);
      const exchange = await app().put(
        '/api/inte/settings/notify',
        {
          provider: 'notify-email',
          settings: { variant: 'exchange', host: 'mail.corp', account: 'rooms@corp.example' },
        },
        { token: admin },
      );
      t.deepEqual(exchange.body.errors!.map((e) => e.field).sort(), [
        'settings.domain',
        'settings.hostUsername',
        'settings.password',
      ]);
      const unknown = await app().put(
        '/api/inte/settings/notify',
        { provider: 'notify-pigeon', settings: {} },
        { token: admin },
      );
      t.deepEqual(
        unknown.body.errors!.map((e) => e.field),
        ['provider'],
      );
      const wrongKind = await app().put(
        '/api/inte/settings/switch',
        { provider: 'notify-log', settings: {} },
        { token: admin },
      );
      t.is(wrongKind.status, 400);
      t.is((await app().get('/api/inte/settings/teleport', { token: admin })).status, 400);
    });

    test.serial(
      `${dialect}: secrets are sealed at rest, never returned, and kept when a save omits them`,
      async (t) => {
        const settings = { host: 'smtp.example.org', port: 465, account: 'rooms@example.org', password: 'S3cret-pw' };
        t.is(
          (await app().put('/api/inte/settings/notify', { provider: 'notify-email', settings }, { token: admin }))
            .status,
          200,
        );
        const read = await app().get<{
          data: { provider: string; settings: Record<string, unknown>; secretsSet: Record<string, boolean> };
        }>('/api/inte/settings/fr'.replace('fr', 'notify'), { token: admin });
        t.is(read.body.data.provider, 'notify-email');
        t.false('password' in read.body.data.settings);
        t.deepEqual(read.body.data.secretsSet, { password: true });
        t.false(JSON.stringify(read.body).includes('S3cret-pw'));
        const row = await app().cradle.db('integration_settings').where({ kind: 'notify' }).first();
        const stored = JSON.parse(row.settings) as Record<string, string>;
        t.true(SecretBox.isSealed(stored.password));
        t.false(String(row.settings).includes('S3cret-pw'));
        // A save without the password (as the console sends it) keeps the stored one, for the same server only.
        const put = (changes: Record<string, unknown>) =>
          app().put(
            '/api/inte/settings/notify',
            { provider: 'notify-email', settings: { ...settings, password: '', ...changes } },
            { token: admin },
          );
        t.is((await put({ fromName: 'Rooms' })).status, 200);
        t.is((await put({ host: 'smtp2.example.org' })).status, 400);
        const again = JSON.parse(
          (await app().cradle.db('integration_settings').where({ kind: 'notify' }).first()).settings,
        ) as Record<string, string>;
        t.is(again.fromName, 'Rooms');
        t.is(again.host, 'smtp.example.org');
        t.is(app().cradle.secretBox.decrypt(again.password!), 'S3cret-pw');
        const log = await app()
          .cradle.db('operation_logs')
          .where({ action: 'inte.settings.save' })
          .orderBy('id', 'desc')
          .first();
        t.false(String(log.summary).includes('S3cret-pw'));
      },
    );

    test.serial(`${dialect}: integration settings need the kind's permission`, async (t) => {
      await createUser(app(), 'host-staff');
      const staff = await app().tokenFor('host-staff', STAFF_PASSWORD);
      t.is((await app().get('/api/inte/settings/notify', { token: staff })).status, 403);
      t.is((await app().put('/api/inte/settings/notify', { provider: 'none' }, { token: staff })).status, 403);
      t.is((await app().get('/api/inte/outbox', { token: staff })).status, 403);
    });

    test.serial(
      `${dialect}: changing settings reloads the provider at once, and another process's change is picked up`,
      async (t) => {
        await saveNotify(app(), admin, 'notify-flaky', { mode: 'ok', token: 'abc123' });
        t.is((await app().cradle.pluginHost.active('notify'))?.def.id, 'notify-flaky');
        await saveNotify(app(), admin, 'notify-log');
        t.is((await app().cradle.pluginHost.active('notify'))?.def.id, 'notify-log');
        // As if another process saved: only the row changes; this process notices within a second (settings are read at most once a second).
        await app()
          .cradle.db('integration_settings')
          .where({ kind: 'notify' })
          .update({
            provider: 'notify-flaky',
            settings: JSON.stringify({ mode: 'ok' }),
            updated_at: app().clock.now() + 1,
          });
        const changed = performance.now();
        let seen = (await app().cradle.pluginHost.active('notify'))?.def.id;
        while (seen !== 'notify-flaky' && performance.now() - changed < 3000) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          seen = (await app().cradle.pluginHost.active('notify'))?.def.id;
        }
        t.is(seen, 'notify-flaky');
        t.true(performance.now() - changed < 1500, 'picked up within the settings age');
        await saveNotify(app(), admin, 'none');
        t.is(await app().cradle.pluginHost.active('notify'), undefined);
      },
    );

    test.serial(`${dialect}: test connection runs the provider's health check with the given settings`, async (t) => {
      const ok = await app().post<{ data: { ok: boolean; detail: string } }>(
        '/api/inte/settings/notify/test',
        { provider: 'notify-flaky', settings: { mode: 'ok', token: 'xyz' } },
        { token: admin },
      );
      t.deepEqual([ok.status, ok.body.data.ok, ok.body.data.detail], [200, true, 'token set']);
      const failing = await app().post<{ data: { ok: boolean; detail: string } }>(
        '/api/inte/settings/notify/test',
        { provider: 'notify-flaky', settings: { mode: 'fail' } },
        { token: admin },
      );
      t.deepEqual([failing.body.data.ok, failing.body.data.detail], [false, 'unhealthy: fail']);
      const bad = await app().post(
        '/api/inte/settings/notify/test',
        { provider: 'notify-flaky', settings: { mode: 'sideways' } },
        { token: admin },
      );
      t.is(bad.status, 400);
    });

    test.serial(
      `${dialect}: a failing provider is retried with backoff, then parked without losing the message`,
      async (t) => {
        await saveNotify(app(), admin, 'notify-flaky', { mode: 'fail' });
        await violation();
        const [queued] = await outboxRows(app(), { topic: 'user.violation' });
        t.is(queued!.state, 'pending');
        await runJob(app(), 'integrations.outbox');
        let [row] = await outboxRows(app(), { id: queued!.id });
        t.deepEqual([row!.state, row!.attempts, row!.last_error], ['pending', 1, 'vendor said no (503)']);
        t.true(row!.next_attempt_at >= app().clock.now() + 29_000, 'first retry after about 30 s');
        await runJob(app(), 'integrations.outbox', 5_000);
        t.is((await outboxRows(app(), { id: queued!.id }))[0]!.attempts, 1, 'not before its time');
        const delays: number[] = [];
        for (let attempt = 2; attempt <= 6; attempt++) {
          const before = (await outboxRows(app(), { id: queued!.id }))[0]!;
          await runJob(app(), 'integrations.outbox', before.next_attempt_at - app().clock.now() + 1_000);
          row = (await outboxRows(app(), { id: queued!.id }))[0]!;
          t.is(row.attempts, attempt);
          if (row.state === 'pending') delays.push(row.next_attempt_at - app().clock.now());
        }
        t.is(row!.state, 'parked');
        t.deepEqual(
          delays.map((d) => Math.round(d / 1000)),
          [60, 120, 240, 480],
        );
        const parked = await app().get<{
          data: { items: Array<{ id: number; state: string; lastError: string; attempts: number; summary: string }> };
        }>('/api/inte/outbox?kind=notify&state=parked', { token: admin });
        const item = parked.body.data.items.find((i) => i.id === queued!.id)!;
        t.deepEqual([item.state, item.attempts, item.lastError], ['parked', 6, 'vendor said no (503)']);
        t.is(item.summary, '违约记录通知 → host-user', "in the user's language: cn by default");
        // The vendor is back: an administrator retries, and the same message goes out.
        await saveNotify(app(), admin, 'notify-flaky', { mode: 'ok' });
        t.is((await app().post(`/api/inte/outbox/${queued!.id}/retry`, {}, { token: admin })).status, 200);
        await runJob(app(), 'integrations.outbox');
        t.is((await outboxRows(app(), { id: queued!.id }))[0]!.state, 'done');
        const sent = await app().cradle.db('plugin_kv').where({ plugin: 'notify-flaky', key: 'sent' }).first();
        const messages = JSON.parse(sent.value) as Array<{ id: string; event: string; subject: string }>;
        t.deepEqual(
          messages.map((m) => [m.id, m.event]),
          [[String(queued!.id), 'user.violation']],
        );
        t.is(messages[0]!.subject, queued!.message.subject);
        t.is(
          (await app().post(`/api/inte/outbox/${queued!.id}/retry`, {}, { token: admin })).status,
          422,
          'a done delivery is not retried',
        );
      },
    );

    test.serial(`${dialect}: a hanging provider times out; requests and events are unaffected`, async (t) => {
      await saveNotify(app(), admin, 'notify-flaky', { mode: 'hang' });
      await violation();
      const [queued] = (await outboxRows(app(), { state: 'pending' })).slice(-1);
      const started = Date.now();
      await runJob(app(), 'integrations.outbox');
      t.true(Date.now() - started < 5_000);
      const row = (await outboxRows(app(), { id: queued!.id }))[0]!;
      t.is(row.state, 'pending');
      t.regex(row.last_error!, /did not answer within 300 ms/);
      t.is((await app().get('/api/inte/settings/notify', { token: admin })).status, 200);
    });

    test.serial(`${dialect}: a provider that cannot start shows as failing; nothing else breaks`, async (t) => {
      const saved = await saveNotify(app(), admin, 'notify-flaky', { mode: 'broken' });
      t.false(saved.started.running);
      t.regex(saved.started.error!, /broken on purpose/);
      const view = await app().get<{ data: { health: { state: string; detail: string } } }>(
        '/api/inte/settings/notify',
        { token: admin },
      );
      t.is(view.body.data.health.state, 'failing');
      t.regex(view.body.data.health.detail, /broken on purpose/);
      await violation();
      await runJob(app(), 'integrations.outbox');
      const last = (await outboxRows(app())).slice(-1)[0]!;
      t.regex(last.last_error!, /failed to start/);
    });

    test.serial(`${dialect}: the health job records each running provider's health`, async (t) => {
      await saveNotify(app(), admin, 'notify-flaky', { mode: 'ok', token: 'abc' });
      await runJob(app(), 'integrations.health', 300_000);
      const view = await app().get<{ data: { health: { state: string; detail: string; at: number } } }>(
        '/api/inte/settings/notify',
        { token: admin },
      );
      t.deepEqual([view.body.data.health.state, view.body.data.health.detail], ['ok', 'token set']);
      t.truthy(view.body.data.health.at);
    });

    test.serial(
      `${dialect}: bookings are synced to the calendar through the outbox; a calendar that is down never fails a booking`,
      async (t) => {
        const place = await seedPlace(app(), 'cal');
        const kv = async (id: number) => {
          const row = await app()
            .cradle.db('plugin_kv')
            .where({ plugin: 'calendar-memory', key: `event:${id}` })
            .first();
          return row ? (JSON.parse(row.value) as Record<string, unknown>) : undefined;
        };
        const emit = (name: BookingEventName, over: Parameters<typeof snapshot>[1]) =>
          recordChange(app(), name, { booking: snapshot(place, { id: 4242, ...over }), actorId: place.organiserId });
        await emit('booking.created', {});
        t.is((await outboxRows(app(), { kind: 'calendar' })).length, 0, 'nothing while no calendar is selected');
        t.is(
          (
            await app().put(
              '/api/inte/settings/event',
              { provider: 'calendar-memory', settings: { down: true } },
              { token: admin },
            )
          ).status,
          200,
        );
        await emit('booking.created', {});
        await emit('booking.created', { id: 4243, state: 'pending', checkStatus: 4 });
        await runJob(app(), 'integrations.outbox');
        const [row] = await app().cradle.db('outbox').where({ kind: 'calendar' });
        t.deepEqual([row.topic, row.state, row.last_error], ['upsertEvent', 'pending', 'calendar unreachable']);
        t.is(
          (await app().cradle.db('outbox').where({ kind: 'calendar' })).length,
          1,
          'a request awaiting approval is not synced',
        );
        await app().put(
          '/api/inte/settings/event',
          { provider: 'calendar-memory', settings: { down: false } },
          { token: admin },
        );
        await runJob(app(), 'integrations.outbox', 60_000);
        t.deepEqual(await kv(4242), { subject: 'Planning <b>Q3</b> & budget', sequence: 0, state: 'confirmed' });
        await emit('booking.updated', { sequence: 1, subject: 'Planning (moved)' });
        await runJob(app(), 'integrations.outbox');
        t.deepEqual(await kv(4242), {
          subject: 'Planning (moved)',
          sequence: 1,
          state: 'confirmed',
          previous: 'ext-4242-0',
        });
        await emit('booking.cancelled', { sequence: 2, state: 'cancelled' });
        await runJob(app(), 'integrations.outbox');
        t.like(await kv(4242), { state: 'cancelled', previous: 'ext-4242-1' });
        await app().put('/api/inte/settings/event', { provider: 'none' }, { token: admin });
      },
    );
  },
  { config: { pluginPaths: FIXTURE_PLUGINS } },
);
