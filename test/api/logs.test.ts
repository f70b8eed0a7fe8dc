import test from 'ava';
import { logReservation, shapeOf } from '../../core/modules/logs/index.ts';
import { perDialect, type TestApp } from '../helpers/app.ts';
import { createUser, STAFF_PASSWORD } from '../helpers/users.ts';

const DAY = 86_400_000;
interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
interface OpItem {
  id: number;
  username: string;
  action: string;
  target: string | null;
  summary: unknown;
  ip: string | null;
  createdAt: number;
}
interface ResItem {
  id: number;
  bookingId: number | null;
  resourceName: string | null;
  username: string | null;
  action: string;
  detail: unknown;
}
interface SqlItem {
  shape: string;
  count: number;
  meanMs: number;
  maxMs: number;
  totalMs: number;
  slowCount: number;
}

/** A resource and `n` bookings of `userId`, written directly: the booking module is not what is tested here. */
async function bookings(
  app: TestApp,
  userId: number,
  n: number,
): Promise<{ resourceId: number; bookingIds: number[] }> {
  const { db, clock } = app.cradle;
  const now = clock.now();
  const [loc] = await db('locations').insert({ name: `L${now}`, time_zone: 'UTC', created_at: now, updated_at: now });
  const [resourceId] = await db('resources').insert({
    name: 'Log Room',
    type: 0,
    location_id: loc,
    time_zone: 'UTC',
    created_at: now,
    updated_at: now,
  });
  const bookingIds: number[] = [];
  for (let i = 0; i < n; i++) {
    const [id] = await db('bookings').insert({
      resource_id: resourceId,
      organiser_id: userId,
      meeting_date: '2026-01-01',
      start_time: '09:00',
      end_time: '10:00',
      start_at: now,
      end_at: now + 3_600_000,
      time_zone: 'UTC',
      subject: `B${i}`,
      check_in_code: '123456',
      state: 'ended',
      created_at: now,
      updated_at: now,
    });
    bookingIds.push(Number(id));
  }
  return { resourceId: Number(resourceId), bookingIds };
}

test('statement shapes drop literals and collapse lists', (t) => {
  t.is(
    shapeOf("select * from `users` where `name` = 'alice' and id in (1, 2, 3) limit 10"),
    'select * from `users` where `name` = ? and id in (?, ...) limit ?',
  );
  t.is(
    shapeOf('insert into `t` (`a`, `b`) values (?, ?), (?, ?), (?, ?)'),
    'insert into `t` (`a`, `b`) values (?, ...), ...',
  );
  t.is(shapeOf("select   'it''s'  , -4.5e3 from t1"), 'select ? , ? from t1');
  t.is(shapeOf('select * from `t2` where `x` in (?)'), 'select * from `t2` where `x` in (?)');
});

perDialect(test, (dialect, app) => {
  let admin: string;
  let staffId: number;
  test.serial(`${dialect}: operation log: who, what, when, from where; paged and searchable`, async (t) => {
    admin = await app().adminToken();
    for (const [i, name] of ['alpha', 'beta', 'gamma'].entries()) {
      t.is(
        (await app().post('/api/sys/dict', { name, code: `log-${name}`, sort: i + 1 }, { token: admin })).status,
        200,
      );
    }
    await app().put('/api/sys/settings/pad', { padBooking: false }, { token: admin });
    const page = await app().get<{ data: Page<OpItem> }>('/api/sys/logs/operations?pageSize=2', { token: admin });
    t.is(page.status, 200);
    t.is(page.body.data.items.length, 2);
    t.true(page.body.data.total >= 4);
    const newest = page.body.data.items[0]!;
    t.is(newest.action, 'sys.params.update');
    t.is(newest.username, 'admin');
    t.truthy(newest.ip);
    t.deepEqual(newest.summary, { before: { padBooking: true }, after: { padBooking: false } });
    const second = await app().get<{ data: Page<OpItem> }>('/api/sys/logs/operations?pageSize=2&page=2', {
      token: admin,
    });
    t.notDeepEqual(
      second.body.data.items.map((i) => i.id),
      page.body.data.items.map((i) => i.id),
    );
    const byAction = await app().get<{ data: Page<OpItem> }>('/api/sys/logs/operations?action=sys.dict.create', {
      token: admin,
    });
    t.is(byAction.body.data.total, 3);
    const prefix = await app().get<{ data: Page<OpItem> }>('/api/sys/logs/operations?action=sys.dict.*', {
      token: admin,
    });
    t.is(prefix.body.data.total, 3);
    const q = await app().get<{ data: Page<OpItem> }>('/api/sys/logs/operations?q=sys.params', { token: admin });
    t.true(q.body.data.items.every((i) => i.action.includes('sys.params')));
    const byUser = await app().get<{ data: Page<OpItem> }>('/api/sys/logs/operations?username=nobody', {
      token: admin,
    });
    t.is(byUser.body.data.total, 0);
    const target = byAction.body.data.items[0]!.target!;
    t.is(
      (await app().get<{ data: Page<OpItem> }>(`/api/sys/logs/operations?target=${target}`, { token: admin })).body.data
        .total,
      1,
    );
  });

  test.serial(`${dialect}: operation log date ranges, in days (with a zone) or epoch ms`, async (t) => {
    const { db } = app().cradle;
    const old = Date.UTC(2025, 0, 15, 23, 30);
    await db('operation_logs').insert({ user_id: 1, username: 'admin', action: 'test.old', created_at: old });
    const utc = await app().get<{ data: Page<OpItem> }>('/api/sys/logs/operations?from=2025-01-15&to=2025-01-15', {
      token: admin,
    });
    t.deepEqual(
      utc.body.data.items.map((i) => i.action),
      ['test.old'],
    );
    const tokyo = await app().get<{ data: Page<OpItem> }>(
      '/api/sys/logs/operations?from=2025-01-16&to=2025-01-16&tz=Asia/Tokyo',
      { token: admin },
    );
    t.deepEqual(
      tokyo.body.data.items.map((i) => i.action),
      ['test.old'],
      '23:30 UTC is the 16th in Tokyo',
    );
    const ms = await app().get<{ data: Page<OpItem> }>(`/api/sys/logs/operations?from=${old}&to=${old + 1}`, {
      token: admin,
    });
    t.is(ms.body.data.total, 1);
    const none = await app().get<{ data: Page<OpItem> }>('/api/sys/logs/operations?from=2025-01-17&to=2025-01-20', {
      token: admin,
    });
    t.is(none.body.data.total, 0);
    const reversed = await app().get('/api/sys/logs/operations?from=2025-01-20&to=2025-01-17', {
      token: admin,
      lang: 'en',
    });
    t.is(reversed.status, 400);
    t.is(reversed.body.key, 'logs.badRange');
    for (const bad of ['from=yesterday', 'from=2025-13-45', 'tz=Mars/Olympus', 'pageSize=10000', 'page=0']) {
      t.is((await app().get(`/api/sys/logs/operations?${bad}`, { token: admin })).status, 400, bad);
    }
  });

  test.serial(`${dialect}: reservation log: filters by booking, resource, user, action and date`, async (t) => {
    staffId = await createUser(app(), 'log-staff');
    const { resourceId, bookingIds } = await bookings(app(), staffId, 2);
    const { db } = app().cradle;
    const now = app().clock.now();
    await db.transaction(async (trx) => {
      await logReservation(trx, now, {
        bookingId: bookingIds[0],
        resourceId,
        userId: staffId,
        action: 'created',
        detail: { subject: 'B0' },
      });
      await logReservation(trx, now, {
        bookingId: bookingIds[0],
        resourceId,
        userId: staffId,
        action: 'cancelled',
        detail: { reason: 'ill' },
      });
      await logReservation(trx, now, { bookingId: bookingIds[1], resourceId, userId: staffId, action: 'created' });
    });
    const all = await app().get<{ data: Page<ResItem> }>('/api/sys/logs/reservations', { token: admin });
    t.is(all.status, 200);
    t.is(all.body.data.total, 3);
    t.is(all.body.data.items[0]!.resourceName, 'Log Room');
    t.is(all.body.data.items[0]!.username, 'log-staff');
    t.deepEqual(all.body.data.items[1]!.detail, { reason: 'ill' });
    t.is(
      (
        await app().get<{ data: Page<ResItem> }>(`/api/sys/logs/reservations?bookingId=${bookingIds[0]}`, {
          token: admin,
        })
      ).body.data.total,
      2,
    );
    t.is(
      (await app().get<{ data: Page<ResItem> }>('/api/sys/logs/reservations?action=created', { token: admin })).body
        .data.total,
      2,
    );
    t.is(
      (
        await app().get<{ data: Page<ResItem> }>(
          `/api/sys/logs/reservations?resourceId=${resourceId}&userId=${staffId}`,
          { token: admin },
        )
      ).body.data.total,
      3,
    );
    t.is(
      (await app().get<{ data: Page<ResItem> }>('/api/sys/logs/reservations?q=Log%20Room', { token: admin })).body.data
        .total,
      3,
    );
    t.is(
      (
        await app().get<{ data: Page<ResItem> }>('/api/sys/logs/reservations?from=2020-01-01&to=2020-01-02', {
          token: admin,
        })
      ).body.data.total,
      0,
    );
    t.is((await app().get('/api/sys/logs/reservations?bookingId=abc', { token: admin })).status, 400);
  });

  test.serial(`${dialect}: both logs export as CSV with the list's filters`, async (t) => {
    const { db, logExports } = app().cradle;
    await db('operation_logs').insert({
      username: 'evil',
      action: 'test.csv',
      target: '=HYPERLINK("x")',
      summary: JSON.stringify({ note: 'a,b' }),
      created_at: Date.UTC(2025, 5, 1, 12),
    });
    const res = await fetch(`${app().url}/api/sys/logs/operations/export?action=test.csv&tz=Asia/Tokyo`, {
      headers: { token: admin },
    });
    t.is(res.status, 200);
    t.regex(res.headers.get('content-type')!, /text\/csv/);
    t.regex(res.headers.get('content-disposition')!, /attachment; filename="operation-log-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = await res.text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    t.is(lines[0], 'id,time,username,action,target,ip,summary');
    t.is(lines.length, 2);
    t.true(lines[1]!.includes(',2025-06-01 21:00:00,evil,test.csv,"\'=HYPERLINK(""x"")",'), lines[1]);
    const reservations = await fetch(`${app().url}/api/sys/logs/reservations/export?action=created`, {
      headers: { token: admin },
    });
    t.is(reservations.status, 200);
    t.is((await reservations.text()).trim().split('\r\n').length, 3);
    const empty = await app().get('/api/sys/logs/operations/export?action=none.at.all', { token: admin, lang: 'en' });
    t.is(empty.status, 422);
    t.is(empty.body.msg, 'No data to export');
    logExports.maxRows = 2;
    try {
      const many = await app().get('/api/sys/logs/reservations/export', { token: admin, lang: 'en' });
      t.is(many.status, 422);
      t.regex(many.body.msg, /Too much data to export \(3 rows, at most 2\); filter first/);
    } finally {
      logExports.maxRows = 50_000;
    }
  });

  test.serial(`${dialect}: logs need their permissions`, async (t) => {
    const staff = await app().tokenFor('log-staff', STAFF_PASSWORD);
    for (const path of [
      '/api/sys/logs/operations',
      '/api/sys/logs/reservations',
      '/api/sys/logs/sql',
      '/api/sys/logs/operations/export',
      '/api/sys/logs/reservations/export',
    ]) {
      t.is((await app().get(path, { token: staff })).status, 403, path);
      t.is((await app().get(path)).status, 401, path);
    }
  });

  test.serial(
    `${dialect}: the SQL monitor counts statement shapes without literals, with mean, max and slow runs`,
    async (t) => {
      const { db, sqlMonitor } = app().cradle;
      await db.raw("select count(*) as n from params where `key` = 'very-private-literal-42'");
      await db.raw("select count(*) as n from params where `key` = 'another-literal'");
      sqlMonitor.record('select * from `sql_monitor_probe` where id = 1', 5);
      sqlMonitor.record('select * from `sql_monitor_probe` where id = 2', 500);
      sqlMonitor.record('select * from `sql_monitor_probe` where id = 3', 1);
      const res = await app().get<{ data: Page<SqlItem> & { slowMs: number } }>('/api/sys/logs/sql?pageSize=500', {
        token: admin,
      });
      t.is(res.status, 200);
      t.false(JSON.stringify(res.body).includes('very-private-literal'), 'literals never reach the table');
      const params = res.body.data.items.find((i) => i.shape === 'select count(*) as n from params where `key` = ?');
      t.truthy(params);
      t.true(params!.count >= 2);
      const probe = res.body.data.items.find((i) => i.shape.includes('sql_monitor_probe'))!;
      t.is(probe.shape, 'select * from `sql_monitor_probe` where id = ?');
      t.is(probe.count, 3);
      t.is(probe.maxMs, 500);
      t.is(probe.meanMs, Math.round((506 / 3) * 1000) / 1000);
      t.is(probe.slowCount, 1, `slow at ${res.body.data.slowMs} ms`);
      t.false(
        res.body.data.items.some((i) => i.shape.includes('sql_stats')),
        'the monitor does not count its own writes',
      );
      t.true(
        res.body.data.items.some((i) => /^insert into `dictionary`/.test(i.shape)),
        'statements inside transactions are counted too',
      );
      const slow = await app().get<{ data: Page<SqlItem> }>('/api/sys/logs/sql?slowOnly=true&sort=max&pageSize=500', {
        token: admin,
      });
      t.true(slow.body.data.items.every((i) => i.slowCount > 0));
      t.is(slow.body.data.items[0]!.shape, probe.shape);
      const found = await app().get<{ data: Page<SqlItem> }>('/api/sys/logs/sql?q=sql_monitor_probe&sort=mean', {
        token: admin,
      });
      t.is(found.body.data.total, 1);
      // Totals add up across flushes, and the threshold follows the parameter.
      await app().put('/api/sys/settings/logs', { sqlSlowMs: 2 }, { token: admin });
      await sqlMonitor.flush();
      t.is(sqlMonitor.slowMs, 2);
      sqlMonitor.record('select * from `sql_monitor_probe` where id = 4', 3);
      const again = await app().get<{ data: Page<SqlItem> }>('/api/sys/logs/sql?q=sql_monitor_probe', { token: admin });
      t.is(again.body.data.items[0]!.count, 4);
      t.is(again.body.data.items[0]!.slowCount, 2);
      t.is((await app().get('/api/sys/logs/sql?sort=bogus', { token: admin })).status, 400);
    },
  );

  test.serial(
    `${dialect}: the retention job deletes logs and decided approvals past their days; 0 keeps forever`,
    async (t) => {
      const { db, clock } = app().cradle;
      const now = clock.now();
      const { resourceId, bookingIds } = await bookings(app(), staffId, 4);
      await db('operation_logs').insert([
        { username: 'old', action: 'retention.old', created_at: now - 40 * DAY },
        { username: 'new', action: 'retention.new', created_at: now - 5 * DAY },
      ]);
      await db('reservation_logs').insert([
        { booking_id: bookingIds[0], resource_id: resourceId, action: 'retention.old', created_at: now - 40 * DAY },
        { booking_id: bookingIds[0], resource_id: resourceId, action: 'retention.new', created_at: now - 5 * DAY },
      ]);
      await db('approvals').insert([
        { booking_id: bookingIds[0], state: 'approved', decided_at: now - 40 * DAY, created_at: now - 41 * DAY },
        { booking_id: bookingIds[1], state: 'pending', created_at: now - 40 * DAY },
        { booking_id: bookingIds[2], state: 'denied', decided_at: now - 5 * DAY, created_at: now - 6 * DAY },
        { booking_id: bookingIds[3], state: 'expired', created_at: now - 40 * DAY },
      ]);
      await db('job_leases').insert([
        { job: 'test.job', due_at: now - 8 * DAY, holder: 'h', started_at: now - 8 * DAY, finished_at: now - 8 * DAY },
        { job: 'test.job', due_at: now - 1 * DAY, holder: 'h', started_at: now - DAY, finished_at: now - DAY },
      ]);
      t.is(
        (
          await app().put(
            '/api/sys/settings/logs',
            { sysLogDays: 0, reservationLogDays: 0, approvalLogDays: 0 },
            { token: admin },
          )
        ).status,
        200,
      );
      const scheduler = app().running.scheduler!;
      t.true(await scheduler.runIfDue('logs.retention'));
      t.is((await db('operation_logs').where({ action: 'retention.old' })).length, 1, '0 keeps forever');
      t.is((await db('approvals')).length, 4);

      t.is(
        (
          await app().put(
            '/api/sys/settings/logs',
            { sysLogDays: 30, reservationLogDays: 30, approvalLogDays: 30 },
            { token: admin },
          )
        ).status,
        200,
      );
      app().clock.advance(3_600_000);
      t.true(await scheduler.runIfDue('logs.retention'));
      t.is((await db('operation_logs').where({ action: 'retention.old' })).length, 0);
      t.is((await db('operation_logs').where({ action: 'retention.new' })).length, 1);
      t.deepEqual(await db('reservation_logs').where('action', 'like', 'retention.%').pluck('action'), [
        'retention.new',
      ]);
      t.deepEqual(
        (await db('approvals').orderBy('booking_id').pluck('state')).sort(),
        ['denied', 'pending'],
        'pending approvals are kept, old decided ones go',
      );
      t.is((await db('bookings').whereIn('id', bookingIds)).length, 4, 'the bookings themselves stay');
      t.deepEqual(
        await db('job_leases')
          .where({ job: 'test.job' })
          .pluck('due_at')
          .then((r) => r.map(Number)),
        [now - DAY],
        'finished scheduler runs are kept a week',
      );
      t.false(await scheduler.runIfDue('logs.retention'), 'one run per due time');
    },
  );
});
