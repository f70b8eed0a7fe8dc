import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { futureBooking, removeBooking } from '../helpers/places.ts';
import { createUser, STAFF_PASSWORD } from '../helpers/users.ts';

type Page<T> = { data: { items: T[]; total: number } };
interface Res {
  id: number;
  name: string;
  locationName: string;
  floorName: string | null;
  type: number;
  capacity: number;
  timeZone: string;
  status: number;
  weekdays: Array<{ weekday: number; enabled: boolean; timeFrom: string; timeTo: string }>;
  disabledPeriods: Array<{ startAt: number; endAt: number; reason: string | null }>;
  approverIds: number[];
  exemptUserIds: number[];
  groupIds: number[];
  deviceIds: number[];
  position: { x: number; y: number } | null;
}

perDialect(test, (dialect, app) => {
  let admin: string;
  let locId: number;
  let floorId: number;
  let userId: number;
  let roomId: number;
  const room = (over: Record<string, unknown> = {}) => ({
    name: 'Everest',
    type: 0,
    capacity: 12,
    pricePerHour: 4800,
    locationId: locId,
    floorId,
    ...over,
  });

  test.serial(`${dialect}: a room with every field, its zone defaulting to the location's`, async (t) => {
    admin = await app().adminToken();
    locId = (
      await app().post<{ data: { id: number } }>(
        '/api/room/locations',
        { name: 'HQ', timeZone: 'Asia/Shanghai' },
        { token: admin },
      )
    ).body.data.id;
    floorId = (
      await app().post<{ data: { id: number } }>(
        '/api/room/floors',
        { locationId: locId, name: '3F' },
        { token: admin },
      )
    ).body.data.id;
    userId = await createUser(app(), 'places-approver');
    const [groupId] = await app().cradle.db('user_groups').insert({ name: 'Board', created_at: 1, updated_at: 1 });
    const r = await app().post<{ data: Res }>(
      '/api/room/resources',
      room({
        area: 30.5,
        description: 'Big room',
        cableCount: 2,
        portCount: 4,
        outletCount: 8,
        teleconferenceNo: '+86 21 5555',
        allDay: false,
        status: 1,
        startDate: '2026-01-01',
        endDate: '2030-12-31',
        wholeDay: false,
        weekdays: [
          { weekday: 1, enabled: true, timeFrom: '08:00', timeTo: '24:00' },
          { weekday: 0, enabled: false },
        ],
        disabledPeriods: [
          {
            startDate: '2031-01-01',
            startTime: '00:00',
            endDate: '2031-01-01',
            endTime: '24:00',
            reason: 'Renovation',
          },
        ],
        approverIds: [userId],
        exemptUserIds: [userId],
        groupIds: [Number(groupId)],
        sensorId: 'S1',
        cardReaderId: 'C1',
        lockId: 'L1',
        position: { x: 120, y: 80.5 },
        sort: 1,
      }),
      { token: admin },
    );
    t.is(r.status, 200, JSON.stringify(r.body));
    const v = r.body.data;
    roomId = v.id;
    t.is(v.timeZone, 'Asia/Shanghai');
    t.deepEqual([v.locationName, v.floorName], ['HQ', '3F']);
    t.is(v.weekdays.length, 7);
    t.deepEqual(v.weekdays[1], { weekday: 1, enabled: true, timeFrom: '08:00', timeTo: '24:00' });
    t.false(v.weekdays[0]!.enabled);
    t.deepEqual(v.weekdays[3], { weekday: 3, enabled: true, timeFrom: '00:00', timeTo: '24:00' });
    // 2031-01-01 00:00 in Shanghai is 2030-12-31 16:00 UTC; 24:00 is the next midnight.
    t.is(v.disabledPeriods[0]!.startAt, Date.UTC(2030, 11, 31, 16));
    t.is(v.disabledPeriods[0]!.endAt, Date.UTC(2031, 0, 1, 16));
    t.deepEqual([v.approverIds, v.exemptUserIds, v.groupIds], [[userId], [userId], [Number(groupId)]]);
    t.deepEqual(v.position, { x: 120, y: 80.5 });
    const got = await app().get<{ data: Res }>(`/api/room/resources/${roomId}`, { token: admin });
    t.deepEqual(got.body.data, v);
  });

  test.serial(`${dialect}: validation: weekday times, periods, references, types not offered`, async (t) => {
    const bad = await app().post(
      '/api/room/resources',
      room({
        capacity: 0,
        weekdays: [{ weekday: 2, enabled: true, timeFrom: '18:00', timeTo: '09:00' }],
        startDate: '2027-01-02',
        endDate: '2027-01-01',
      }),
      { token: admin },
    );
    t.is(bad.status, 400);
    t.deepEqual(bad.body.errors!.map((e) => e.field).sort(), ['capacity', 'endDate', 'weekdays.0.timeTo']);
    const missing = await app().post('/api/room/resources', { type: 0 }, { token: admin, lang: 'ja' });
    t.is(missing.status, 400);
    t.is(missing.body.msg, '一部の項目が正しくありません');
    t.true(
      ['name', 'capacity', 'locationId', 'pricePerHour'].every((f) => missing.body.errors!.some((e) => e.field === f)),
    );
    const period = await app().post(
      '/api/room/resources',
      room({ disabledPeriods: [{ startAt: 2000, endAt: 1000 }] }),
      { token: admin },
    );
    t.is(period.status, 400);
    const refs = await app().post(
      '/api/room/resources',
      room({ approverIds: [99999], deviceIds: [99999], iconId: 99999 }),
      { token: admin },
    );
    t.is(refs.status, 400);
    t.deepEqual(refs.body.errors!.map((e) => e.field).sort(), ['approverIds', 'deviceIds', 'iconId']);
    t.is(
      (await app().post('/api/room/resources', room({ deviceIds: [1, 2, 3, 4, 5, 6, 7, 8] }), { token: admin })).status,
      400,
      'at most 7 devices',
    );
    t.is((await app().post('/api/room/resources', room({ timeZone: 'Nowhere/City' }), { token: admin })).status, 400);
    const other = await app().post('/api/room/resources', room({ type: 2 }), { token: admin, lang: 'en' });
    t.is(other.status, 400);
    t.regex(other.body.msg, /type 2 is not offered/);
    await app().put('/api/sys/params', { availableResource: '0' }, { token: admin });
    t.is(
      (await app().post('/api/room/resources', room({ type: 1, name: 'D1' }), { token: admin })).status,
      400,
      'desks switched off',
    );
    t.is(
      (await app().post(`/api/room/floors/${floorId}/desks`, { desks: [{ name: 'D1', x: 1, y: 1 }] }, { token: admin }))
        .status,
      400,
    );
    t.is(
      (await app().put(`/api/room/resources/${roomId}`, room({ type: 1 }), { token: admin })).status,
      400,
      'nor may a room become one',
    );
    t.is(
      (await app().put(`/api/room/resources/${roomId}`, room(), { token: admin })).status,
      200,
      'existing rooms stay editable',
    );
    await app().put('/api/sys/params', { availableResource: '0,1,2' }, { token: admin });
    t.is(
      (await app().post('/api/room/resources', room({ type: 2, name: 'Phone booth' }), { token: admin })).status,
      200,
    );
    const [otherLoc] = await app()
      .cradle.db('locations')
      .insert({ name: 'Elsewhere', time_zone: 'UTC', created_at: 1, updated_at: 1 });
    t.is(
      (await app().post('/api/room/resources', room({ locationId: Number(otherLoc) }), { token: admin })).status,
      422,
      'floor of another location',
    );
    t.is((await app().get('/api/room/resources/99999', { token: admin })).status, 404);
    t.is((await app().delete('/api/room/resources/99999', { token: admin })).status, 404);
  });

  test.serial(`${dialect}: list filters, search, paging and the resourceSort parameter`, async (t) => {
    for (const [name, capacity] of [
      ['Alps', 4],
      ['Fuji', 6],
      ['Denali', 2],
    ] as const) {
      t.is((await app().post('/api/room/resources', room({ name, capacity }), { token: admin })).status, 200);
    }
    const names = async (q: string) =>
      (await app().get<Page<Res>>(`/api/room/resources?${q}`, { token: admin })).body.data.items.map((r) => r.name);
    await app().put('/api/sys/params', { resourceSort: 'name' }, { token: admin });
    t.deepEqual(await names('type=0'), ['Alps', 'Denali', 'Everest', 'Fuji']);
    await app().put('/api/sys/params', { resourceSort: 'capacity' }, { token: admin });
    t.deepEqual(await names('type=0'), ['Everest', 'Fuji', 'Alps', 'Denali']);
    t.deepEqual(await names('type=0&minCapacity=5'), ['Everest', 'Fuji']);
    t.deepEqual(await names('q=eve'), ['Everest']);
    t.deepEqual(await names(`floorId=${floorId}&type=0&page=2&pageSize=3`), ['Denali']);
    const page = await app().get<Page<Res>>(`/api/room/resources?locationId=${locId}&pageSize=2`, { token: admin });
    t.is(page.body.data.total, 5);
    t.is(page.body.data.items.length, 2);
    t.is((await app().get('/api/room/resources?pageSize=5000', { token: admin })).status, 400);
  });

  test.serial(
    `${dialect}: future bookings block disabling and deleting; a new disabled period over one too`,
    async (t) => {
      const full = (await app().get<{ data: Res }>(`/api/room/resources/${roomId}`, { token: admin })).body.data;
      const bookingId = await futureBooking(app(), roomId);
      const disable = await app().put(`/api/room/resources/${roomId}`, room({ status: 0 }), {
        token: admin,
        lang: 'en',
      });
      t.is(disable.status, 422);
      t.regex(disable.body.msg, /Bound meetings block disabling or deleting/);
      const now = app().clock.now();
      const period = await app().put(
        `/api/room/resources/${roomId}`,
        room({ disabledPeriods: [{ startAt: now, endAt: now + 86_400_000, reason: 'Paint' }] }),
        { token: admin },
      );
      t.is(period.status, 422);
      const over = await app().put(
        `/api/room/resources/${roomId}`,
        room({ status: 0, startDate: '2029-12-01', endDate: '2030-01-31' }),
        { token: admin },
      );
      t.is(over.status, 422, "disabled dates over the booking's date");
      const del = await app().delete(`/api/room/resources/${roomId}`, { token: admin, lang: 'cn' });
      t.is(del.status, 422);
      t.regex(del.body.msg, /存在绑定的会议/);
      t.is(
        (await app().get<{ data: Res }>(`/api/room/resources/${roomId}`, { token: admin })).body.data.status,
        1,
        'nothing changed',
      );
      // A change that leaves it open passes; then the booking is over and the room may close.
      const renamed = await app().put<{ data: Res }>(
        `/api/room/resources/${roomId}`,
        room({ name: 'Everest II', approverIds: full.approverIds }),
        { token: admin },
      );
      t.is(renamed.status, 200);
      t.deepEqual(renamed.body.data.groupIds, [], 'PUT replaces the lists');
      await app().cradle.db('bookings').where({ id: bookingId }).update({ state: 'cancelled' });
      t.is((await app().put(`/api/room/resources/${roomId}`, room({ status: 0 }), { token: admin })).status, 200);
      const history = await app().delete(`/api/room/resources/${roomId}`, { token: admin, lang: 'en' });
      t.is(history.status, 422, 'past bookings keep it for the reports');
      t.regex(history.body.msg, /disable it instead/);
      await removeBooking(app(), bookingId);
      t.is((await app().delete(`/api/room/resources/${roomId}`, { token: admin })).status, 200);
      t.is((await app().get(`/api/room/resources/${roomId}`, { token: admin })).status, 404);
    },
  );

  test.serial(`${dialect}: QR code PNG and bulk desks on a floor`, async (t) => {
    const anyRoom = (await app().get<Page<Res>>('/api/room/resources?type=0', { token: admin })).body.data.items[0]!;
    const qr = await fetch(`${app().url}/api/room/resources/${anyRoom.id}/qrcode`, { headers: { token: admin } });
    t.is(qr.status, 200);
    t.is(qr.headers.get('content-type'), 'image/png');
    const bytes = Buffer.from(await qr.arrayBuffer());
    t.is(bytes.readUInt32BE(16), 100, 'default 100 px wide');
    const big = Buffer.from(
      await (
        await fetch(`${app().url}/api/room/resources/${anyRoom.id}/qrcode?size=300`, { headers: { token: admin } })
      ).arrayBuffer(),
    );
    t.is(big.readUInt32BE(16), 300);
    t.is((await app().get(`/api/room/resources/${anyRoom.id}/qrcode?size=5`, { token: admin })).status, 400);
    const desks = Array.from({ length: 50 }, (_, i) => ({ name: `D-${i + 1}`, x: 10 * i, y: 20 }));
    const bulk = await app().post<{ data: { ids: number[] } }>(
      `/api/room/floors/${floorId}/desks`,
      { desks },
      { token: admin },
    );
    t.is(bulk.status, 200, JSON.stringify(bulk.body));
    t.is(bulk.body.data.ids.length, 50);
    const listed = await app().get<Page<Res>>(`/api/room/resources?type=1&floorId=${floorId}&pageSize=100`, {
      token: admin,
    });
    t.is(listed.body.data.total, 50);
    t.deepEqual(listed.body.data.items.find((d) => d.name === 'D-3')!.position, { x: 20, y: 20 });
    t.is(listed.body.data.items[0]!.timeZone, 'Asia/Shanghai');
    t.is((await app().post(`/api/room/floors/99999/desks`, { desks }, { token: admin })).status, 404);
    t.is((await app().post(`/api/room/floors/${floorId}/desks`, { desks: [] }, { token: admin })).status, 400);
  });

  test.serial(`${dialect}: staff may not manage resources (403)`, async (t) => {
    await createUser(app(), 'places-staff-r');
    const staff = await app().tokenFor('places-staff-r', STAFF_PASSWORD);
    t.is((await app().post('/api/room/resources', room(), { token: staff })).status, 403);
    t.is((await app().delete(`/api/room/resources/1`, { token: staff })).status, 403);
    t.is(
      (await app().post(`/api/room/floors/${floorId}/desks`, { desks: [{ name: 'x', x: 1, y: 1 }] }, { token: staff }))
        .status,
      403,
    );
    t.is((await app().get('/api/room/resources/1/qrcode', { token: staff })).status, 403);
  });
});
