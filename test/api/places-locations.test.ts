import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { futureBooking, png, removeBooking, upload } from '../helpers/places.ts';
import { createUser, STAFF_PASSWORD } from '../helpers/users.ts';

type Page<T> = { data: { items: T[]; total: number; page: number; pageSize: number } };
type Loc = { id: number; name: string; timeZone: string; floorCount: number };
type Floor = { id: number; locationId: number; name: string; displayName: string; planUploadId: string | null };

perDialect(test, (dialect, app) => {
  let admin: string;
  let staff: string;
  let locId: number;
  let floorId: number;

  test.serial(`${dialect}: locations are created, listed in pages, searched, changed`, async (t) => {
    admin = await app().adminToken();
    for (const [i, name] of ['Shanghai HQ', 'Tokyo Office', 'Berlin Hub'].entries()) {
      const r = await app().post<{ data: Loc }>(
        '/api/room/locations',
        { name, timeZone: ['Asia/Shanghai', 'Asia/Tokyo', 'Europe/Berlin'][i], sort: i },
        { token: admin },
      );
      t.is(r.status, 200, JSON.stringify(r.body));
      if (i === 0) locId = r.body.data.id;
    }
    const page = await app().get<Page<Loc>>('/api/room/locations?page=1&pageSize=2', { token: admin });
    t.is(page.body.data.total, 3);
    t.deepEqual(
      page.body.data.items.map((l) => l.name),
      ['Shanghai HQ', 'Tokyo Office'],
    );
    const page2 = await app().get<Page<Loc>>('/api/room/locations?page=2&pageSize=2', { token: admin });
    t.deepEqual(
      page2.body.data.items.map((l) => l.name),
      ['Berlin Hub'],
    );
    const found = await app().get<Page<Loc>>('/api/room/locations?q=tokyo', { token: admin });
    t.deepEqual(
      found.body.data.items.map((l) => l.name),
      ['Tokyo Office'],
    );
    const put = await app().put<{ data: Loc }>(
      `/api/room/locations/${locId}`,
      { name: 'Shanghai HQ 2', timeZone: 'Asia/Shanghai', address: '1 Century Ave' },
      { token: admin },
    );
    t.is(put.body.data.name, 'Shanghai HQ 2');
    const log = await app()
      .cradle.db('operation_logs')
      .where({ action: 'room.location.update', target: String(locId) })
      .first();
    t.truthy(log, 'the change is in the operation log');
  });

  test.serial(`${dialect}: bad input answers 400 with translated field errors, unknown ids 404`, async (t) => {
    const bad = await app().post(
      '/api/room/locations',
      { name: '', timeZone: 'Mars/Olympus' },
      { token: admin, lang: 'cn' },
    );
    t.is(bad.status, 400);
    t.is(bad.body.msg, '部分字段不合法');
    t.deepEqual(bad.body.errors!.map((e) => e.field).sort(), ['name', 'timeZone']);
    t.is((await app().get('/api/room/locations/99999', { token: admin })).status, 404);
    t.is((await app().put('/api/room/locations/99999', { name: 'x', timeZone: 'UTC' }, { token: admin })).status, 404);
    t.is((await app().delete('/api/room/locations/99999', { token: admin })).status, 404);
    t.is((await app().get('/api/room/locations/abc', { token: admin })).status, 400);
    const floor = await app().post('/api/room/floors', { locationId: 99999, name: '1F' }, { token: admin });
    t.is(floor.status, 400);
    t.is(floor.body.errors![0]!.field, 'locationId');
  });

  test.serial(`${dialect}: floors with a plan; no plan answers the catalogue message`, async (t) => {
    const plan = await upload(app(), admin, 'floorPlan', 'plan.png', await png(500));
    t.is(plan.status, 200, JSON.stringify(plan.body));
    const f = await app().post<{ data: Floor }>(
      '/api/room/floors',
      { locationId: locId, name: '3F', sort: 3, planUploadId: plan.body.bean!.id },
      { token: admin },
    );
    t.is(f.status, 200, JSON.stringify(f.body));
    t.is(f.body.data.displayName, '3F');
    floorId = f.body.data.id;
    const bare = await app().post<{ data: Floor }>(
      '/api/room/floors',
      { locationId: locId, name: '5F', displayName: '5F Open office', sort: 5 },
      { token: admin },
    );
    const picture = await fetch(`${app().url}/api/room/floors/${floorId}/plan`, { headers: { token: admin } });
    t.is(picture.status, 200);
    t.is(picture.headers.get('content-type'), 'image/png');
    const none = await app().get(`/api/room/floors/${bare.body.data.id}/plan`, { token: admin, lang: 'en' });
    t.is(none.status, 404);
    t.is(none.body.msg, 'No floor plan or icon for this floor');
    const noIcon = await app().get(`/api/room/floors/${floorId}/icon?kind=grid`, { token: admin, lang: 'ja' });
    t.is(noIcon.status, 404);
    t.is(noIcon.body.msg, 'このフロアにはフロアマップまたはアイコンがありません');
    const list = await app().get<Page<Floor>>(`/api/room/floors?locationId=${locId}`, { token: admin });
    t.deepEqual(
      list.body.data.items.map((x) => x.name),
      ['3F', '5F'],
    );
    t.is((await app().get<Page<Floor>>('/api/room/floors?q=open', { token: admin })).body.data.total, 1);
    const badRef = await app().post(
      '/api/room/floors',
      { locationId: locId, name: '9F', planUploadId: '00000000-0000-4000-8000-000000000000' },
      { token: admin },
    );
    t.is(badRef.status, 400);
    t.is((await app().get<{ data: Loc }>(`/api/room/locations/${locId}`, { token: admin })).body.data.floorCount, 2);
    t.is((await app().delete(`/api/room/floors/${bare.body.data.id}`, { token: admin })).status, 200);
  });

  test.serial(`${dialect}: bound bookings, rooms and floors block deletion; nothing is removed`, async (t) => {
    const room = await app().post<{ data: { id: number } }>(
      '/api/room/resources',
      { name: 'Everest', type: 0, capacity: 8, pricePerHour: 0, locationId: locId, floorId },
      { token: admin },
    );
    t.is(room.status, 200, JSON.stringify(room.body));
    const bookingId = await futureBooking(app(), room.body.data.id);
    const floorRefused = await app().delete(`/api/room/floors/${floorId}`, { token: admin, lang: 'en' });
    t.is(floorRefused.status, 422);
    t.regex(floorRefused.body.msg, /Bound meetings/);
    const locRefused = await app().delete(`/api/room/locations/${locId}`, { token: admin });
    t.is(locRefused.status, 422);
    t.regex(locRefused.body.msg, /Bound meetings/);
    await removeBooking(app(), bookingId);
    const rooms = await app().delete(`/api/room/floors/${floorId}`, { token: admin, lang: 'cn' });
    t.is(rooms.status, 422);
    t.regex(rooms.body.msg, /会议室/);
    t.is((await app().delete(`/api/room/resources/${room.body.data.id}`, { token: admin })).status, 200);
    const floors = await app().delete(`/api/room/locations/${locId}`, { token: admin, lang: 'en' });
    t.is(floors.status, 422);
    t.regex(floors.body.msg, /Bound floors/);
    t.is((await app().get(`/api/room/floors/${floorId}`, { token: admin })).status, 200, 'still there');
    t.is((await app().delete(`/api/room/floors/${floorId}`, { token: admin })).status, 200);
    t.is((await app().delete(`/api/room/locations/${locId}`, { token: admin })).status, 200);
    t.is((await app().get(`/api/room/locations/${locId}`, { token: admin })).status, 404);
  });

  test.serial(`${dialect}: staff read locations and floors but may not change them (403)`, async (t) => {
    await createUser(app(), 'places-staff-l');
    staff = await app().tokenFor('places-staff-l', STAFF_PASSWORD);
    t.is((await app().get('/api/room/locations', { token: staff })).status, 200, 'the booking centre reads locations');
    t.is((await app().get('/api/room/floors', { token: staff })).status, 200);
    t.is((await app().delete('/api/room/locations/1', { token: staff })).status, 403);
    t.is((await app().put('/api/room/floors/1', { locationId: 1, name: 'X' }, { token: staff })).status, 403);
    t.is((await app().post('/api/room/locations', { name: 'X', timeZone: 'UTC' }, { token: staff })).status, 403);
    t.is((await app().post('/api/room/floors', { locationId: 1, name: 'X' }, { token: staff })).status, 403);
    t.is((await app().get('/api/room/locations')).status, 401);
  });
});
