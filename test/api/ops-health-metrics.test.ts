/**
 * Operations (docs/monitoring.md): liveness and readiness for load balancers, and the Prometheus metrics at
 * /metrics, behind an API key with the metrics scope on the main port, or without one on ATRIUM_METRICS_ADDRESS.
 */
import test from 'ava';
import type { Readiness } from '../../core/modules/system/service.ts';
import { perDialect, startTestApp, type TestApp } from '../helpers/app.ts';
import { admin, BASE, book, HOUR, MIN, staff, type BookingData, type Who } from '../helpers/bookings.ts';
import { createPlace, createResource, setParams } from '../helpers/places-fixture.ts';

interface Sample {
  labels: Record<string, string>;
  value: number;
}

/** The samples of `name` in exposition text, with their labels. */
function samples(text: string, name: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || !line.startsWith(name)) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!;
    out.push({ labels, value: Number(m[3]) });
  }
  return out;
}

/** The value of `name` with (at least) these labels; 0 when there is no such sample. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number {
  const found = samples(text, name).filter((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return found.reduce((sum, s) => sum + s.value, 0);
}

const METRICS_SCOPE = 'sys:metrics:view';

perDialect(
  test,
  (dialect, app) => {
    let root: Who;
    let alice: Who;
    let room: number;
    let metricsKey: string;
    let logKey: string;

    const scrape = async (headers: Record<string, string> = { authorization: `Bearer ${metricsKey}` }) => {
      const res = await fetch(`${app().url}/metrics`, { headers, signal: AbortSignal.timeout(30_000) });
      return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
    };

    test.serial.before(async () => {
      app().clock.set(BASE);
      root = await admin(app());
      alice = await staff(app(), 'alice');
      room = await createResource(app(), await createPlace(app()), { name: 'Oak' });
    });

    test.serial(`${dialect}: live answers 200 without looking at anything`, async (t) => {
      const res = await app().get<{ data: { status: string; version: string; uptimeSeconds: number } }>(
        '/api/health/live',
      );
      t.is(res.status, 200);
      t.is(res.body.data.status, 'ok');
      t.true(res.body.data.uptimeSeconds >= 0);
    });

    test.serial(`${dialect}: ready answers 200 with each check's result`, async (t) => {
      const res = await app().get<{ data: Readiness }>('/api/health/ready');
      t.is(res.status, 200, JSON.stringify(res.body));
      t.is(res.body.data.status, 'ok');
      t.like(res.body.data.checks, {
        database: { ok: true },
        migrations: { ok: true, pending: [], unknown: [] },
        scheduler: { ok: true, enabled: false, hung: [], stale: [] },
      });
    });

    test.serial(`${dialect}: ready answers 503 when a migration is pending or unknown`, async (t) => {
      const { db } = app().cradle;
      const last = (await db('knex_migrations').orderBy('id', 'desc').first()) as Record<string, unknown>;
      await db('knex_migrations').where({ id: last.id }).del();
      try {
        const pending = await app().get<{ data: Readiness }>('/api/health/ready', { lang: 'en' });
        t.is(pending.status, 503);
        t.is(pending.body.code, 503);
        t.is(pending.body.key, 'common.unavailable');
        t.is(pending.body.data.status, 'down');
        t.deepEqual(pending.body.data.checks.migrations.pending, [last.name]);
        t.true(pending.body.data.checks.database.ok);
      } finally {
        await db('knex_migrations').insert(last);
      }
      await db('knex_migrations').insert({
        name: '29991231000000_from_a_newer_version.cjs',
        batch: 99,
        migration_time: new Date(),
      });
      try {
        const unknown = await app().get<{ data: Readiness }>('/api/health/ready');
        t.is(unknown.status, 503);
        t.deepEqual(unknown.body.data.checks.migrations, {
          ok: false,
          pending: [],
          unknown: ['29991231000000_from_a_newer_version.cjs'],
        });
      } finally {
        await db('knex_migrations').where({ name: '29991231000000_from_a_newer_version.cjs' }).del();
      }
      t.is((await app().get('/api/health/ready')).status, 200);
    });

    test.serial(
      `${dialect}: ready answers 503 while the database is unreachable; live and the metrics still answer`,
      async (t) => {
        const { db } = app().cradle;
        await db.destroy();
        try {
          const down = await app().get<{ data: Readiness }>('/api/health/ready');
          t.is(down.status, 503);
          t.false(down.body.data.checks.database.ok);
          t.truthy(down.body.data.checks.database.error);
          t.false(down.body.data.checks.migrations.ok);
          t.is((await app().get('/api/health/live')).status, 200);
          // The metrics still answer (on the listener, which needs no key): what needs the database is left out.
          const res = await fetch(`${app().running.metrics!.url}/metrics`);
          t.is(res.status, 200);
          const text = await res.text();
          t.true(Number.isNaN(valueOf(text, 'atrium_outbox_oldest_due_age_seconds')));
          t.deepEqual(samples(text, 'atrium_outbox_depth'), []);
        } finally {
          db.initialize();
        }
        t.is((await app().get('/api/health/ready')).status, 200);
        // Counted as the gauges failed: seen from the next scrape on.
        const after = await (await fetch(`${app().running.metrics!.url}/metrics`)).text();
        t.true(valueOf(after, 'atrium_metrics_collect_errors_total', { collector: 'outbox_depth' }) >= 1);
        t.true(valueOf(after, 'atrium_metrics_collect_errors_total', { collector: 'outbox_oldest_due' }) >= 1);
      },
    );

    test.serial(`${dialect}: ready fails while this process's scheduler has not ticked for 30 s`, async (t) => {
      const scheduler = app().running.scheduler!;
      scheduler.startedAt = Date.now() - 60_000;
      try {
        const stuck = await app().get<{ data: Readiness }>('/api/health/ready');
        t.is(stuck.status, 503);
        t.like(stuck.body.data.checks.scheduler, { ok: false, enabled: true, lastTickSecondsAgo: null });
        scheduler.lastTickAt = Date.now() - 1000;
        const ticking = await app().get<{ data: Readiness }>('/api/health/ready');
        t.is(ticking.status, 200);
        t.like(ticking.body.data.checks.scheduler, { ok: true, enabled: true });
      } finally {
        scheduler.startedAt = undefined;
        scheduler.lastTickAt = undefined;
      }
    });

    test.serial(`${dialect}: a lease another holder left unfinished is reported, not failing`, async (t) => {
      const { db, clock } = app().cradle;
      const dueAt = Math.floor(clock.now() / HOUR) * HOUR + 1000 * HOUR;
      const startedAt = clock.now() - 4 * HOUR;
      await db('job_leases').insert({
        job: 'logs.retention',
        due_at: dueAt,
        holder: 'gone-host:4242:deadbeef',
        started_at: startedAt,
      });
      try {
        const res = await app().get<{ data: Readiness }>('/api/health/ready');
        t.is(res.status, 200);
        t.deepEqual(res.body.data.checks.scheduler.stale, [
          { job: 'logs.retention', dueAt, holder: 'gone-host:4242:deadbeef', startedAt },
        ]);
      } finally {
        await db('job_leases').where({ job: 'logs.retention', due_at: dueAt }).del();
      }
    });

    test.serial(`${dialect}: the metrics permission is in the role editor's catalogue`, async (t) => {
      const tree = await app().get<{
        data: Array<{
          name: string;
          children: Array<{ name: string; titleEn: string; actions: Array<{ code: string }> }>;
        }>;
      }>('/api/sys/permissions', { token: root.token });
      const screen = tree.body.data.find((s) => s.name === 'sys')!.children.find((c) => c.name === 'metrics')!;
      t.deepEqual(
        screen.actions.map((a) => a.code),
        [METRICS_SCOPE],
      );
      t.truthy(screen.titleEn);
    });

    test.serial(`${dialect}: /metrics needs a key with the metrics scope`, async (t) => {
      const made = async (scopes: string[]) => {
        const res = await app().post<{ data: { key: string } }>(
          '/api/sys/keys',
          { name: scopes.join(' '), scopes },
          { token: root.token },
        );
        t.is(res.status, 200, JSON.stringify(res.body));
        return res.body.data.key;
      };
      metricsKey = await made([METRICS_SCOPE]);
      logKey = await made(['sys:log:view']);

      const none = await scrape({});
      t.is(none.status, 401);
      t.regex(none.type, /json/);
      t.is((await scrape({ authorization: 'Bearer atr_0000000000000000.nonsense' })).status, 401);
      const session = await scrape({ authorization: `Bearer ${root.token}` });
      t.is(session.status, 401, 'a session token is not a key');
      t.is((await scrape({ authorization: `Bearer ${logKey}` })).status, 403);
      t.is((await scrape({ 'x-api-key': logKey })).status, 403);

      const ways: Array<Record<string, string>> = [
        { authorization: `Bearer ${metricsKey}` },
        { authorization: `ApiKey ${metricsKey}` },
        { 'x-api-key': metricsKey },
      ];
      for (const headers of ways) {
        const ok = await scrape(headers);
        t.is(ok.status, 200);
        t.regex(ok.type, /^text\/plain; version=0\.0\.4/);
      }
      const post = await fetch(`${app().url}/metrics`, { method: 'POST', headers: { 'x-api-key': metricsKey } });
      t.is(post.status, 405);
    });

    test.serial(`${dialect}: the exposition text has the process, pool, stream and outbox metrics`, async (t) => {
      const { text } = await scrape();
      for (const line of [
        '# TYPE atrium_http_request_duration_seconds histogram',
        '# TYPE atrium_bookings_created_total counter',
        '# TYPE atrium_outbox_deliveries_total counter',
        '# TYPE atrium_outbox_depth gauge',
        '# TYPE atrium_outbox_oldest_due_age_seconds gauge',
        '# TYPE atrium_job_runs_total counter',
        '# TYPE process_cpu_user_seconds_total counter',
        '# TYPE nodejs_eventloop_lag_seconds gauge',
      ])
        t.true(text.includes(line), line);
      t.is(samples(text, 'atrium_db_pool_connections').length, 4);
      t.is(valueOf(text, 'atrium_db_pool_max'), dialect === 'sqlite' ? 1 : 10);
      t.is(valueOf(text, 'atrium_live_stream_clients'), 0);
      t.is(valueOf(text, 'atrium_scheduler_running'), 0);
      t.is(valueOf(text, 'atrium_outbox_deliveries_total', { kind: 'notify', result: 'done' }), 0);
      t.true(samples(text, 'atrium_job_period_seconds').some((s) => s.labels.job === 'logs.retention'));
      const errors = valueOf(text, 'atrium_metrics_collect_errors_total');
      t.is(valueOf((await scrape()).text, 'atrium_metrics_collect_errors_total'), errors, 'no gauge fails');
    });

    test.serial(`${dialect}: request durations are labelled by route template, never the raw path`, async (t) => {
      t.is((await app().get('/api/bookings/123', { token: root.token })).status, 404);
      t.is((await app().get('/api/no/such/route')).status, 404);
      const { text } = await scrape();
      const counts = samples(text, 'atrium_http_request_duration_seconds_count');
      t.true(
        counts.some((s) => s.labels.route === '/api/bookings/:id' && s.labels.status === '404' && s.value >= 1),
        'the template with its status',
      );
      t.false(
        counts.some((s) => /\/(?:123|route)$/.test(s.labels.route ?? '')),
        'no raw path is a label',
      );
      t.true(counts.some((s) => s.labels.route === 'unmatched' && s.labels.status === '404'));
      t.true(counts.some((s) => s.labels.route === '/api/health/ready' && s.labels.status === '503'));
      t.true(counts.some((s) => s.labels.route === '/metrics' && s.labels.status === '401'));
    });

    test.serial(`${dialect}: booking created and cancelled counters count this process's changes`, async (t) => {
      const before = (await scrape()).text;
      const made = await book(app(), alice, {
        resourceId: room,
        meetingDate: '2027-03-02',
        startTime: '09:00',
        endTime: '10:00',
      });
      t.is(made.status, 200, JSON.stringify(made.body));
      const booking: BookingData = made.body.data;
      const cancel = await app().post(
        `/api/bookings/${booking.id}/cancel`,
        { reason: 'no need' },
        { token: alice.token },
      );
      t.is(cancel.status, 200, JSON.stringify(cancel.body));
      const after = (await scrape()).text;
      t.is(valueOf(after, 'atrium_bookings_created_total') - valueOf(before, 'atrium_bookings_created_total'), 1);
      t.is(valueOf(after, 'atrium_bookings_cancelled_total') - valueOf(before, 'atrium_bookings_cancelled_total'), 1);
      t.is(
        valueOf(after, 'atrium_bookings_auto_cancelled_total'),
        valueOf(before, 'atrium_bookings_auto_cancelled_total'),
      );
      const counts = samples(after, 'atrium_http_request_duration_seconds_count');
      t.true(counts.some((s) => s.labels.route === '/api/bookings/:id/cancel' && s.labels.method === 'POST'));
    });

    test.serial(`${dialect}: a no-show cancelled by the job counts as auto-cancelled`, async (t) => {
      await setParams(app(), { autoCancelResource: '0' });
      app().clock.set(BASE);
      const before = (await scrape()).text;
      const made = await book(app(), alice, {
        resourceId: room,
        meetingDate: '2027-03-01',
        startTime: '10:00',
        endTime: '11:00',
      });
      t.is(made.status, 200, JSON.stringify(made.body));
      app().clock.set(BASE + 2 * HOUR + 20 * MIN);
      t.true(await app().running.scheduler!.runIfDue('bookings.noShow'));
      const after = (await scrape()).text;
      const auto = (text: string) => valueOf(text, 'atrium_bookings_auto_cancelled_total');
      t.is(auto(after) - auto(before), 1);
      const runs = (text: string) => valueOf(text, 'atrium_job_runs_total', { job: 'bookings.noShow', result: 'ok' });
      t.is(runs(after) - runs(before), 1);
    });

    test.serial(
      `${dialect}: the outbox gauges show a queued row and its age; deliveries count by result`,
      async (t) => {
        const { db, outbox } = app().cradle;
        const before = (await scrape()).text;
        const id = await outbox.enqueue(db, { kind: 'notify', provider: null, topic: 'ops.test', payload: {} });
        try {
          app().clock.advance(90_000);
          const after = (await scrape()).text;
          t.is(
            valueOf(after, 'atrium_outbox_depth', { kind: 'notify' }) -
              valueOf(before, 'atrium_outbox_depth', { kind: 'notify' }),
            1,
          );
          t.true(valueOf(after, 'atrium_outbox_oldest_due_age_seconds') >= 90);
          // A failed delivery is counted by its result (the worker writes it through the outbox).
          const [row] = await outbox.claim('notify');
          t.is(row?.id, id);
          t.is(await outbox.failed(row!, new Error('provider down')), 'retry');
          const failed = (await scrape()).text;
          t.is(
            valueOf(failed, 'atrium_outbox_deliveries_total', { kind: 'notify', result: 'retry' }) -
              valueOf(before, 'atrium_outbox_deliveries_total', { kind: 'notify', result: 'retry' }),
            1,
          );
        } finally {
          await db('outbox').where({ id }).del();
        }
        t.is(valueOf((await scrape()).text, 'atrium_outbox_oldest_due_age_seconds'), 0);
      },
    );

    test.serial(`${dialect}: a job run is counted and timed, and its last run read from the leases`, async (t) => {
      const before = (await scrape()).text;
      app().clock.advance(HOUR);
      t.true(await app().running.scheduler!.runIfDue('logs.retention'));
      const after = (await scrape()).text;
      const runs = (text: string) => valueOf(text, 'atrium_job_runs_total', { job: 'logs.retention', result: 'ok' });
      t.is(runs(after) - runs(before), 1);
      t.is(valueOf(after, 'atrium_job_duration_seconds_count', { job: 'logs.retention' }), runs(after));
      const dueAt = Math.floor(app().clock.now() / HOUR) * HOUR;
      t.is(valueOf(after, 'atrium_job_last_run_timestamp_seconds', { job: 'logs.retention' }), dueAt / 1000);
    });

    test.serial(`${dialect}: the metrics address serves /metrics without a key`, async (t) => {
      const listener = app().running.metrics!;
      t.regex(listener.url, /^http:\/\/127\.0\.0\.1:\d+$/);
      const res = await fetch(`${listener.url}/metrics`);
      t.is(res.status, 200);
      t.regex(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
      const text = await res.text();
      t.true(valueOf(text, 'atrium_bookings_created_total') >= 1);
      t.is((await fetch(`${listener.url}/api/health/live`)).status, 404);
    });
  },
  { config: { metricsAddress: '127.0.0.1:0' } },
);

test.serial('the metrics listener closes with the server', async (t) => {
  let app: TestApp | undefined = await startTestApp({ config: { metricsAddress: '127.0.0.1:0' } });
  try {
    const url = `${app.running.metrics!.url}/metrics`;
    t.is((await fetch(url)).status, 200);
    await app.stop();
    app = undefined;
    await t.throwsAsync(fetch(url, { signal: AbortSignal.timeout(5000) }));
  } finally {
    await app?.stop();
  }
});

test.serial('without a metrics address no second listener starts', async (t) => {
  const app = await startTestApp();
  try {
    t.is(app.running.metrics, undefined);
  } finally {
    await app.stop();
  }
});
