import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { seedUsage, type UsageFixture } from '../helpers/usage-fixture.ts';
import { createUser, STAFF_PASSWORD } from '../helpers/users.ts';

perDialect(test, (dialect, app) => {
  let fx: UsageFixture;
  let admin: string;
  test.serial(`${dialect}: set up a week of bookings`, async (t) => {
    fx = await seedUsage(app());
    admin = await app().adminToken();
    t.is(fx.roomIds.length, 2);
  });

  test.serial(`${dialect}: utilisation is booked over open time, per resource and per location`, async (t) => {
    const q = `from=${fx.from}&to=${fx.to}&locationId=${fx.locationId}`;
    const byResource = await app().get<{
      data: Array<{ name: string; openMinutes: number; bookedMinutes: number; utilisation: number }>;
    }>(`/api/room/dashboard/utilisation?${q}&groupBy=resource`, { token: admin });
    t.is(byResource.status, 200);
    const sakura = byResource.body.data.find((r) => r.name === 'Sakura')!;
    t.is(sakura.openMinutes, 5 * 8 * 60);
    t.is(sakura.bookedMinutes, 6 * 60, 'the cancelled booking does not count');
    t.is(sakura.utilisation, 0.15);
    const byLocation = await app().get<{ data: Array<{ openMinutes: number; bookedMinutes: number }> }>(
      `/api/room/dashboard/utilisation?${q}&groupBy=location`,
      { token: admin },
    );
    t.deepEqual(
      byLocation.body.data.map((r) => [r.openMinutes, r.bookedMinutes]),
      [[2 * 5 * 8 * 60, 7 * 60]],
    );
  });

  test.serial(`${dialect}: heat map, no-show rate and top resources`, async (t) => {
    const q = `from=${fx.from}&to=${fx.to}&locationId=${fx.locationId}`;
    const heat = await app().get<{ data: number[][] }>(`/api/room/dashboard/heatmap?${q}`, { token: admin });
    t.is(heat.body.data.length, 7);
    t.is(heat.body.data[1]![10], 1, 'Monday 10:00');
    t.is(heat.body.data[2]![9], 1, 'Tuesday 09:00');
    t.is(
      heat.body.data.flat().reduce((a, b) => a + b, 0),
      3,
    );
    const noShow = await app().get<{ data: { expected: number; noShows: number; rate: number } }>(
      `/api/room/dashboard/noshow?${q}`,
      { token: admin },
    );
    t.deepEqual(noShow.body.data, { expected: 4, noShows: 1, rate: 0.25 });
    const top = await app().get<{ data: Array<{ name: string }> }>(`/api/room/dashboard/top?${q}&limit=1`, {
      token: admin,
    });
    t.deepEqual(
      top.body.data.map((r) => r.name),
      ['Sakura'],
    );
    const bad = await app().get(`/api/room/dashboard/top?from=${fx.to}&to=${fx.from}`, { token: admin });
    t.is(bad.status, 400);
  });

  test.serial(`${dialect}: dashboard panels are created, changed and deleted`, async (t) => {
    const created = await app().post<{ data: { id: number; bookingSlideSeconds: number } }>(
      '/api/room/dashboard/panels',
      { name: 'Lobby', locationId: fx.locationId, bookingSlideSeconds: 15 },
      { token: admin },
    );
    t.is(created.status, 200);
    t.is(created.body.data.bookingSlideSeconds, 15);
    const id = created.body.data.id;
    t.is((await app().post('/api/room/dashboard/panels', { name: 'Nowhere' }, { token: admin })).status, 400);
    t.is(
      (
        await app().put(
          `/api/room/dashboard/panels/${id}`,
          { name: 'Lobby 2', locationId: fx.locationId, environmentSlideSeconds: 2 },
          { token: admin },
        )
      ).status,
      400,
    );
    t.is(
      (
        await app().put(
          `/api/room/dashboard/panels/${id}`,
          { name: 'Lobby 2', locationId: fx.locationId },
          { token: admin },
        )
      ).status,
      200,
    );
    t.is((await app().delete(`/api/room/dashboard/panels/${id}`, { token: admin })).status, 200);
    t.is((await app().get(`/api/room/dashboard/panels/${id}`, { token: admin })).status, 404);
  });

  for (const [type, expectRows] of [
    ['bookings', 5],
    ['utilisation', 2],
    ['noShows', 1],
    ['charges', 2],
  ] as const) {
    test.serial(`${dialect}: a ${type} report is generated, downloaded and opens in exceljs`, async (t) => {
      const req = await app().post<{ data: { id: number; status: string } }>(
        '/api/room/reports',
        { type, from: fx.from, to: fx.to, locationId: fx.locationId },
        { token: admin },
      );
      t.is(req.status, 200, JSON.stringify(req.body));
      await app().cradle.reportsService.idle();
      await app().cradle.reportsService.runPending();
      const report = await app().get<{ data: { status: string; rowCount: number; downloadUrl: string } }>(
        `/api/room/reports/${req.body.data.id}`,
        { token: admin },
      );
      t.is(report.body.data.status, 'done');
      t.is(report.body.data.rowCount, expectRows);
      const file = await fetch(app().url + report.body.data.downloadUrl, { headers: { token: admin } });
      t.is(file.status, 200);
      t.regex(file.headers.get('content-disposition') ?? '', /attachment; filename="atrium-/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.from(await file.arrayBuffer()) as unknown as ArrayBuffer);
      t.is(workbook.worksheets[0]!.rowCount, expectRows + 1, 'a header row and the data');
      const stored = await app().cradle.db('reports').where({ id: req.body.data.id }).first('file_path');
      const mode = fs.statSync(path.join(app().cradle.config.dataDir, String(stored.file_path))).mode & 0o777;
      t.is(
        mode.toString(8),
        '600',
        "a report holds people's bookings: owner-only, like the rest of the data directory",
      );
    });
  }

  test.serial(`${dialect}: the charges report nets refunds per department`, async (t) => {
    const { rows } = await import('../../core/modules/reports/kinds/charges.ts').then((m) => ({
      rows: m.chargesReport.rows,
    }));
    const result = await rows(app().cradle.db, { from: fx.from, to: fx.to, locationId: fx.locationId }, 'en');
    t.deepEqual(result.map((r) => [r.department, r.amount]).sort(), [
      ['Engineering', 40],
      ['Sales', 30],
    ]);
  });

  test.serial(`${dialect}: empty, single-day and oversized requests are refused at once`, async (t) => {
    const empty = await app().post(
      '/api/room/reports',
      { type: 'bookings', from: '2020-01-01', to: '2020-01-31' },
      { token: admin, lang: 'en' },
    );
    t.is(empty.status, 422);
    t.is(empty.body.msg, 'No data to export');
    const sameDay = await app().post(
      '/api/room/reports',
      { type: 'bookings', from: fx.from, to: fx.from },
      { token: admin },
    );
    t.is(sameDay.body.key, 'report.sameDay');
    await app().put('/api/sys/params', { reportRowLimit: 2 }, { token: admin });
    const tooMuch = await app().post(
      '/api/room/reports',
      { type: 'bookings', from: fx.from, to: fx.to },
      { token: admin, lang: 'cn' },
    );
    t.is(tooMuch.status, 422);
    t.regex(tooMuch.body.msg, /请先筛选/);
    await app().put('/api/sys/params', { reportRowLimit: 100000 }, { token: admin });
    t.is(
      (await app().post('/api/room/reports', { type: 'nonsense', from: fx.from, to: fx.to }, { token: admin })).status,
      400,
    );
  });

  test.serial(`${dialect}: only the creator and report administrators may download`, async (t) => {
    const list = await app().get<{ data: { items: Array<{ id: number }> } }>('/api/room/reports', { token: admin });
    const id = list.body.data.items[0]!.id;
    await createUser(app(), 'nosy');
    const staff = await app().tokenFor('nosy', STAFF_PASSWORD);
    t.is((await app().get(`/api/room/reports/${id}/download`, { token: staff })).status, 403);
    // A report viewer who is neither creator nor administrator sees nothing of others.
    const { db, rolesService } = app().cradle;
    const [roleId] = await db('roles').insert({ name: `viewer-${dialect}`, created_at: 0, updated_at: 0 });
    await db('role_permissions').insert([
      { role_id: roleId, permission: 'room:report:view' },
      { role_id: roleId, permission: 'room:report:add' },
    ]);
    const viewerId = await createUser(app(), 'viewer', { role: 'staff' });
    await db('user_roles').insert({ user_id: viewerId, role_id: roleId });
    t.truthy(await rolesService.permissionsOfUser(viewerId));
    const viewer = await app().tokenFor('viewer', STAFF_PASSWORD);
    t.is((await app().get(`/api/room/reports/${id}/download`, { token: viewer })).status, 403);
    t.is((await app().get<{ data: { total: number } }>('/api/room/reports', { token: viewer })).body.data.total, 0);
    t.is((await app().delete(`/api/room/reports/${id}`, { token: admin })).status, 200);
    t.is((await app().get(`/api/room/reports/${id}`, { token: admin })).status, 404);
  });
});
