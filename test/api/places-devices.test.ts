import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { createUser, STAFF_PASSWORD } from '../helpers/users.ts';

type Device = {
  id: number;
  name: string;
  deviceNo: string;
  kind: string;
  macAddress: string | null;
  resourceId: number | null;
  resourceName: string | null;
};

perDialect(test, (dialect, app) => {
  let admin: string;
  let roomId: number;
  let locId: number;
  const device = (over: Record<string, unknown> = {}) => ({
    name: 'Door pad',
    deviceNo: 'PAD-001',
    kind: 'pad',
    ...over,
  });

  test.serial(`${dialect}: devices are created, listed, searched and changed; device IDs are unique`, async (t) => {
    admin = await app().adminToken();
    const loc = await app().post<{ data: { id: number } }>(
      '/api/room/locations',
      { name: 'HQ', timeZone: 'Europe/Paris' },
      { token: admin },
    );
    locId = loc.body.data.id;
    roomId = (
      await app().post<{ data: { id: number } }>(
        '/api/room/resources',
        { name: 'Louvre', type: 0, capacity: 6, pricePerHour: 0, locationId: loc.body.data.id },
        { token: admin },
      )
    ).body.data.id;
    const pad = await app().post<{ data: Device }>(
      '/api/room/devices',
      device({
        macAddress: 'aa-bb-cc-dd-ee-0f',
        resourceId: roomId,
        showOnTerminal: true,
        connected: true,
        lastSeenAt: 1_700_000_000_000,
      }),
      { token: admin },
    );
    t.is(pad.status, 200, JSON.stringify(pad.body));
    t.is(pad.body.data.macAddress, 'AA:BB:CC:DD:EE:0F');
    t.is(pad.body.data.resourceName, 'Louvre');
    const dup = await app().post('/api/room/devices', device({ name: 'Other' }), { token: admin, lang: 'en' });
    t.is(dup.status, 409);
    t.is(dup.body.msg, 'Device ID PAD-001 is already in use');
    const badMac = await app().post(
      '/api/room/devices',
      device({ deviceNo: 'X', macAddress: 'zz:zz', kind: 'toaster' }),
      { token: admin },
    );
    t.is(badMac.status, 400);
    t.deepEqual(badMac.body.errors!.map((e) => e.field).sort(), ['kind', 'macAddress']);
    await app().post(
      '/api/room/devices',
      device({ name: 'Relay 1', deviceNo: 'RL-1', kind: 'relay', identifier: 'ch-1' }),
      { token: admin },
    );
    await app().post(
      '/api/room/devices',
      device({
        name: 'Air sensor',
        deviceNo: 'ENV-1',
        kind: 'environment',
        macAddress: '00:11:22:33:44:55',
        resourceId: roomId,
      }),
      { token: admin },
    );
    await app().post(
      '/api/room/devices',
      device({ name: 'Presence', deviceNo: 'OCC-1', kind: 'occupancy', macAddress: '00:11:22:33:44:66' }),
      { token: admin },
    );
    const list = await app().get<{ data: { items: Device[]; total: number } }>('/api/room/devices?pageSize=2', {
      token: admin,
    });
    t.is(list.body.data.total, 4);
    t.is(list.body.data.items.length, 2);
    t.is(
      (await app().get<{ data: { total: number } }>('/api/room/devices?kind=relay', { token: admin })).body.data.total,
      1,
    );
    t.is(
      (await app().get<{ data: { total: number } }>('/api/room/devices?q=44:66', { token: admin })).body.data.total,
      1,
    );
    t.is(
      (
        await app().get<{ data: { total: number } }>(`/api/room/devices?resourceId=${roomId}&connected=true`, {
          token: admin,
        })
      ).body.data.total,
      1,
    );
    const room = await app().get<{ data: { deviceIds: number[] } }>(`/api/room/resources/${roomId}`, { token: admin });
    t.is(room.body.data.deviceIds.length, 2, 'the resource lists its devices');
    const moved = await app().put<{ data: Device }>(
      `/api/room/devices/${pad.body.data.id}`,
      device({ resourceId: null }),
      { token: admin },
    );
    t.is(moved.body.data.resourceId, null);
    t.is(
      (await app().get<{ data: { deviceIds: number[] } }>(`/api/room/resources/${roomId}`, { token: admin })).body.data
        .deviceIds.length,
      1,
    );
    t.is((await app().get('/api/room/devices/99999', { token: admin })).status, 404);
    t.is((await app().put('/api/room/devices/99999', device(), { token: admin })).status, 404);
  });

  test.serial(`${dialect}: relay, environment and occupancy lists`, async (t) => {
    const relays = await app().post<{ data: Array<{ id: number; identifier: string }> }>(
      '/api/roRoom/getRelayList',
      {},
      { token: admin },
    );
    t.is(relays.status, 200);
    t.deepEqual(
      relays.body.data.map((r) => r.identifier),
      ['ch-1'],
    );
    const env = await app().get<{ data: Array<{ macAddress: string; deviceName: string; roomName: string | null }> }>(
      '/api/inte/environment/deviceList',
      { token: admin },
    );
    t.deepEqual(
      env.body.data.map((d) => [d.macAddress, d.deviceName, d.roomName]),
      [['00:11:22:33:44:55', 'Air sensor', 'Louvre']],
    );
    const occ = await app().get<{ data: Array<{ deviceName: string; roomName: string | null }> }>(
      '/api/inte/occupancy/deviceList',
      { token: admin },
    );
    t.deepEqual(
      occ.body.data.map((d) => [d.deviceName, d.roomName]),
      [['Presence', null]],
    );
  });

  test.serial(`${dialect}: a resource has at most 7 devices`, async (t) => {
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) {
      ids.push(
        (
          await app().post<{ data: Device }>(
            '/api/room/devices',
            device({ name: `Lock ${i}`, deviceNo: `LK-${i}`, kind: 'lock' }),
            { token: admin },
          )
        ).body.data.id,
      );
    }
    const eight = await app().put(
      `/api/room/resources/${roomId}`,
      { name: 'Louvre', type: 0, capacity: 6, pricePerHour: 0, locationId: locId, deviceIds: ids },
      { token: admin },
    );
    t.is(eight.status, 400);
    const seven = await app().put<{ data: { deviceIds: number[] } }>(
      `/api/room/resources/${roomId}`,
      { name: 'Louvre', type: 0, capacity: 6, pricePerHour: 0, locationId: locId, deviceIds: ids.slice(0, 7) },
      { token: admin },
    );
    t.is(seven.status, 200, JSON.stringify(seven.body));
    t.is(seven.body.data.deviceIds.length, 7);
    const over = await app().put(
      '/api/room/devices/' + ids[7],
      device({ name: 'Lock 7', deviceNo: 'LK-7', kind: 'lock', resourceId: roomId }),
      { token: admin, lang: 'en' },
    );
    t.is(over.status, 422);
    t.is(over.body.msg, 'A resource has at most 7 devices');
    t.is((await app().delete(`/api/room/devices/${ids[0]}`, { token: admin })).status, 200);
    t.is(
      (await app().get<{ data: { deviceIds: number[] } }>(`/api/room/resources/${roomId}`, { token: admin })).body.data
        .deviceIds.length,
      6,
    );
  });

  test.serial(`${dialect}: staff may not see or manage devices (403)`, async (t) => {
    await createUser(app(), 'places-staff-d');
    const staff = await app().tokenFor('places-staff-d', STAFF_PASSWORD);
    t.is((await app().get('/api/room/devices', { token: staff })).status, 403);
    t.is((await app().post('/api/room/devices', device({ deviceNo: 'S' }), { token: staff })).status, 403);
    t.is((await app().post('/api/roRoom/getRelayList', {}, { token: staff })).status, 403);
    t.is((await app().get('/api/inte/environment/deviceList', { token: staff })).status, 403);
  });
});

perDialect(test, (dialect, app) => {
  test.serial(`${dialect}: odd input to every places call answers 4xx, never 500`, async (t) => {
    const admin = await app().adminToken();
    const bodies: unknown[] = [
      [],
      'x',
      42,
      { name: 123 },
      { locationId: 'abc', type: '0' },
      { name: 'x'.repeat(5000), timeZone: 'UTC', locationId: 1e20 },
      { desks: [{ name: 'a', x: 'b', y: null }] },
      { weekdays: [{ weekday: 9 }], disabledPeriods: [{ startDate: '2027-02-31', startTime: '25:00' }] },
      { deviceNo: null, macAddress: 12 },
      { uploadId: 'nope' },
    ];
    const paths = [
      '/api/room/locations',
      '/api/room/floors',
      '/api/room/resources',
      '/api/room/devices',
      '/api/room/icons',
      '/api/room/floors/1/desks',
    ];
    for (const path of paths) {
      for (const body of bodies) {
        const r = await app().post(path, body, { token: admin, lang: 'cn' });
        t.true(r.status >= 400 && r.status < 500, `${path} ${JSON.stringify(body).slice(0, 60)} → ${r.status}`);
        t.truthy(r.body.msg);
      }
      const put = await app().put(`${path.replace('/1/desks', '')}/0`, {}, { token: admin });
      t.true(put.status >= 400 && put.status < 500, `PUT ${path}/0 → ${put.status}`);
    }
    for (const q of ['page=0', 'pageSize=-1', 'type=abc', 'minCapacity=x', 'locationId=1.5', 'q=' + 'x'.repeat(200)]) {
      t.is((await app().get(`/api/room/resources?${q}`, { token: admin })).status, 400, q);
    }
    t.is(
      (await app().get('/api/room/resources?q=%25_%5C', { token: admin })).status,
      200,
      'LIKE wildcards are plain text',
    );
  });
});
