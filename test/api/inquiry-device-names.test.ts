/**
 * The inquiry's device filter by name (docs/product-rules.md R12.5): each chosen name must be on the room as some
 * device of that name, whatever its id; the names for the picker are listed to staff, searched and paged.
 */
import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { admin, BASE, staff, type Who } from '../helpers/bookings.ts';
import { createPlace, createResource, type Place } from '../helpers/places-fixture.ts';

interface Available {
  resources: Array<{ id: number; name: string }>;
}
interface Names {
  items: string[];
  total: number;
  page: number;
  pageSize: number;
}

perDialect(test, (dialect, app) => {
  let place: Place;
  let alpha: number;
  let beta: number;
  let gamma: number;
  let sam: Who;
  let seq = 0;

  const mount = async (token: string, name: string, resourceId: number | null) => {
    const res = await app().post(
      '/api/room/devices',
      { name, deviceNo: `DN-${dialect}-${++seq}`, kind: 'other', resourceId },
      { token },
    );
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  };

  test.serial.before(async () => {
    app().clock.set(BASE);
    place = await createPlace(app());
    alpha = await createResource(app(), place, { name: 'Alpha' });
    beta = await createResource(app(), place, { name: 'Beta' });
    gamma = await createResource(app(), place, { name: 'Gamma' });
    const root = await admin(app());
    sam = await staff(app(), 'sam');
    await mount(root.token, 'Projector', alpha);
    await mount(root.token, 'Whiteboard', alpha);
    await mount(root.token, 'Projector', beta);
    await mount(root.token, 'Whiteboard', beta);
    await mount(root.token, 'Projector', gamma);
    await mount(root.token, 'Video bar', gamma);
    // Not mounted: equips no room, and is no name to choose.
    await mount(root.token, 'Spare speaker', null);
  });

  const inquire = (extra: string) =>
    app().get<{ data: Available }>(
      `/api/bookings/available?date=2027-03-03&startTime=09:00&endTime=10:00&locationId=${place.locationId}${extra}`,
      { token: sam.token },
    );
  const ids = (r: { body: { data: Available } }) => r.body.data.resources.map((x) => x.id).sort((a, b) => a - b);

  test.serial(`${dialect}: rooms with different devices of the same name all match`, async (t) => {
    const res = await inquire('&deviceNames=Projector');
    t.is(res.status, 200, JSON.stringify(res.body));
    t.deepEqual(
      ids(res),
      [alpha, beta, gamma].sort((a, b) => a - b),
    );
    // Letter case aside, as both databases compare it.
    t.deepEqual(ids(await inquire('&deviceNames=projector')), ids(res));
  });

  test.serial(`${dialect}: a room lacking one of two names is left out`, async (t) => {
    const res = await inquire('&deviceNames=Projector&deviceNames=Whiteboard');
    t.is(res.status, 200, JSON.stringify(res.body));
    t.deepEqual(
      ids(res),
      [alpha, beta].sort((a, b) => a - b),
    );
    t.deepEqual(ids(await inquire('&deviceNames=Whiteboard&deviceNames=Video%20bar')), []);
    t.deepEqual(ids(await inquire('&deviceNames=Spare%20speaker')), [], 'an unmounted device equips no room');
    t.deepEqual(ids(await inquire('&deviceNames=Nothing%20so%20named')), []);
  });

  test.serial(`${dialect}: device ids still filter, and combine with names`, async (t) => {
    const gammaBar = (await app().cradle.db('devices').where({ name: 'Video bar' }).first('id')) as { id: number };
    t.deepEqual(ids(await inquire(`&deviceIds=${gammaBar.id}`)), [gamma]);
    t.deepEqual(ids(await inquire(`&deviceIds=${gammaBar.id}&deviceNames=Whiteboard`)), []);
    t.deepEqual(ids(await inquire(`&deviceIds=${gammaBar.id}&deviceNames=Projector`)), [gamma]);
  });

  test.serial(`${dialect}: the names for the picker: distinct, searched, paged, to staff`, async (t) => {
    const all = await app().get<{ data: Names }>('/api/bookings/device-names', { token: sam.token });
    t.is(all.status, 200, JSON.stringify(all.body));
    t.deepEqual(all.body.data.items, ['Projector', 'Video bar', 'Whiteboard']);
    t.is(all.body.data.total, 3);
    const searched = await app().get<{ data: Names }>('/api/bookings/device-names?q=board', { token: sam.token });
    t.deepEqual(searched.body.data.items, ['Whiteboard']);
    const paged = await app().get<{ data: Names }>('/api/bookings/device-names?page=2&pageSize=2', {
      token: sam.token,
    });
    t.deepEqual(paged.body.data.items, ['Whiteboard']);
    t.is(paged.body.data.total, 3);
    const none = await app().get<{ data: Names }>('/api/bookings/device-names?q=%25_', { token: sam.token });
    t.deepEqual(none.body.data.items, [], 'wildcards are searched literally');
    t.is((await app().get('/api/bookings/device-names')).status, 401);
  });

  test.serial(`${dialect}: the names of the rooms' devices, or of the desks'`, async (t) => {
    const desk = await createResource(app(), place, { name: 'Desk 1', type: 1 });
    await mount((await admin(app())).token, 'Docking station', desk);
    const names = async (query: string) =>
      (await app().get<{ data: Names }>(`/api/bookings/device-names${query}`, { token: sam.token })).body.data.items;
    t.deepEqual(await names('?type=0'), ['Projector', 'Video bar', 'Whiteboard']);
    t.deepEqual(await names('?type=1'), ['Docking station']);
    t.deepEqual(await names(''), ['Docking station', 'Projector', 'Video bar', 'Whiteboard']);
    t.is((await app().get('/api/bookings/device-names?type=x', { token: sam.token })).status, 400);
  });

  test.serial(`${dialect}: bad input is a 400`, async (t) => {
    const tooMany = Array.from({ length: 11 }, (_, i) => `&deviceNames=n${i}`).join('');
    for (const bad of [tooMany, `&deviceNames=${'x'.repeat(101)}`, '&deviceNames=%20%20', '&deviceIds=1,x']) {
      const res = await inquire(bad);
      t.is(res.status, 400, bad);
      t.truthy(res.body.msg);
    }
    t.is((await app().get('/api/bookings/device-names?pageSize=101', { token: sam.token })).status, 400);
  });
});
