/**
 * The wall screen on a device credential (docs/product-rules.md R19.12), on SQLite and MariaDB: an administrator's
 * pairing code for the wall (one panel or every panel) pairs it as a door tablet pairs; its credential reads the
 * dashboard's panel list (only its panel when paired to one), the live state (subjects as a bystander sees them) and
 * the figures, and nothing else: the door tablets' routes and the users' routes refuse it, as the wall routes refuse a
 * door tablet's credential. The wall is listed, renamed, re-paired, reloaded and revoked as a tablet is.
 */
import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { admin, BASE, book, staff, type Who } from '../helpers/bookings.ts';
import { createPlace, createResource, setParams, type Place } from '../helpers/places-fixture.ts';

interface Code {
  code: string;
  url: string;
  purpose: string;
  resourceId: number | null;
  resourceName: string | null;
  panelId: number | null;
  panelName: string | null;
  tabletId: number | null;
}
interface Me {
  tabletId: number;
  name: string;
  purpose: string;
  room: { id: number } | null;
  panel: { id: number; name: string } | null;
  reloadRequested: boolean;
}
interface Tablet {
  id: number;
  name: string;
  purpose: string;
  resourceId: number | null;
  resourceName: string;
  panelId: number | null;
  panelName: string | null;
  state: string;
}
interface LiveResource {
  id: number;
  name: string;
  current: { subject: string | null; organiserName: string } | null;
}

const device = (credential: string) => ({ headers: { authorization: `Device ${credential}` } });

perDialect(test, (dialect, app) => {
  let root: Who;
  let alice: Who;
  let place: Place;
  let other: Place;
  let oak = 0;
  let panel = 0;
  let otherPanel = 0;

  test.serial.beforeEach(async () => {
    root = await admin(app());
  });

  const codeFor = async (body: Record<string, unknown>): Promise<Code> => {
    const res = await app().post<{ data: Code }>('/api/sys/tablets/pairing', body, { token: root.token });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.data;
  };
  const pairWall = async (body: Record<string, unknown> = { wall: true }) => {
    const res = await app().post<{ data: { credential: string; tablet: Me } }>(
      '/api/pad/pair',
      { code: (await codeFor(body)).code, language: 'en' },
      { lang: 'en' },
    );
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.data;
  };
  const tablets = async (query = ''): Promise<Tablet[]> => {
    const res = await app().get<{ data: { items: Tablet[] } }>(`/api/sys/tablets${query}`, { token: root.token });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.data.items;
  };
  const newPanel = async (name: string, locationId: number) => {
    const res = await app().post<{ data: { id: number } }>(
      '/api/room/dashboard/panels',
      { name, locationId },
      { token: root.token },
    );
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.data.id;
  };

  test.serial.before(async () => {
    app().clock.set(BASE); // Monday 2027-03-01 08:00 UTC
    place = await createPlace(app());
    other = await createPlace(app());
    oak = await createResource(app(), place, { name: 'Oak' });
    await createResource(app(), other, { name: 'Far away' });
    alice = await staff(app(), 'wall-alice');
    root = await admin(app());
    panel = await newPanel('Lobby', place.locationId);
    otherPanel = await newPanel('Annex', other.locationId);
    const running = await book(app(), alice, {
      resourceId: oak,
      meetingDate: '2027-03-01',
      startTime: '08:00',
      endTime: '09:00',
      subject: 'Board meeting',
    });
    if (running.status !== 200) throw new Error(JSON.stringify(running.body));
  });

  test.serial(`${dialect}: a wall pairs with its own address and reads the dashboard as a bystander`, async (t) => {
    const code = await codeFor({ wall: true, panelId: panel });
    t.is(code.url, `${app().cradle.config.publicUrl}/wall?code=${code.code}`);
    t.like(code, { purpose: 'wall', resourceId: null, resourceName: null, panelId: panel, panelName: 'Lobby' });
    const res = await app().post<{ data: { credential: string; tablet: Me } }>('/api/pad/pair', { code: code.code });
    t.is(res.status, 200, JSON.stringify(res.body));
    const { credential, tablet } = res.body.data;
    t.like(tablet, { name: 'Lobby', purpose: 'wall', room: null, panel: { id: panel, name: 'Lobby' } });
    const auth = device(credential);

    const me = await app().get<{ data: Me }>('/api/pad/me', auth);
    t.is(me.status, 200);
    t.like(me.body.data, { purpose: 'wall', panel: { id: panel } });

    const panels = await app().get<{ data: Array<{ id: number }> }>('/api/room/dashboard/panels', auth);
    t.is(panels.status, 200, JSON.stringify(panels.body));
    t.deepEqual(
      panels.body.data.map((p) => p.id),
      [panel],
      'a wall paired to one panel sees that one',
    );

    await setParams(app(), { showOthersSubject: false });
    const live = await app().get<{ data: { items: LiveResource[] } }>(
      `/api/room/dashboard/live?locationId=${place.locationId}`,
      auth,
    );
    t.is(live.status, 200, JSON.stringify(live.body));
    const oakNow = live.body.data.items.find((r) => r.id === oak)!;
    t.is(oakNow.current!.subject, null, 'a bystander does not see the subject');
    await setParams(app(), { showOthersSubject: true });
    const shown = await app().get<{ data: { items: LiveResource[] } }>(
      `/api/room/dashboard/live?locationId=${place.locationId}`,
      auth,
    );
    t.is(shown.body.data.items.find((r) => r.id === oak)!.current!.subject, 'Board meeting');

    const q = `from=2027-02-22&to=2027-03-01&locationId=${place.locationId}`;
    for (const path of ['utilisation', 'heatmap', 'noshow', 'top']) {
      const figures = await app().get(
        `/api/room/dashboard/${path}?${q}${path === 'utilisation' ? '&groupBy=floor' : ''}`,
        auth,
      );
      t.is(figures.status, 200, `${path}: ${JSON.stringify(figures.body)}`);
    }
    t.is((await app().get('/api/room/locations?page=1&pageSize=100', auth)).status, 200);
    // The room's last day of sensor values, drawn beside them (R20.3).
    t.is((await app().get(`/api/room/resources/${oak}/environment?range=24h`, auth)).status, 200);
    // A wall of one panel reads that panel's place whatever it asks.
    const elsewhere = await app().get<{ data: { items: LiveResource[] } }>(
      `/api/room/dashboard/live?locationId=${other.locationId}`,
      auth,
    );
    t.deepEqual(
      elsewhere.body.data.items.map((r) => r.name),
      ['Oak'],
    );
  });

  test.serial(`${dialect}: a wall of every panel sees them all; the list shows it as a wall`, async (t) => {
    const { credential, tablet } = await pairWall();
    t.like(tablet, { name: 'Wall screen', purpose: 'wall', room: null, panel: null });
    const panels = await app().get<{ data: Array<{ id: number }> }>('/api/room/dashboard/panels', device(credential));
    t.deepEqual(
      panels.body.data.map((p) => p.id),
      [panel, otherPanel],
    );
    const anywhere = await app().get<{ data: { items: LiveResource[] } }>(
      `/api/room/dashboard/live?locationId=${other.locationId}`,
      device(credential),
    );
    t.deepEqual(
      anywhere.body.data.items.map((r) => r.name),
      ['Far away'],
      'a wall of every panel reads any place',
    );
    const listed = (await tablets()).find((x) => x.id === tablet.tabletId)!;
    t.like(listed, { purpose: 'wall', resourceId: null, resourceName: '', panelId: null, panelName: null });
    t.false(
      (await tablets(`?resourceId=${oak}`)).some((x) => x.id === tablet.tabletId),
      'a room filter leaves walls out',
    );
    const named = (await tablets()).filter((x) => x.purpose === 'wall' && x.panelId === panel);
    t.true(named.every((x) => x.panelName === 'Lobby'));
  });

  test.serial(
    `${dialect}: the wall's credential is refused on door and user routes, a door's on the wall routes`,
    async (t) => {
      const { credential } = await pairWall({ wall: true, panelId: panel });
      const auth = device(credential);
      for (const path of ['/api/pad/day', `/api/pad/rooms/${oak}`, '/api/pad/stream']) {
        const res = await app().get(path, auth);
        t.is(res.status, 403, `${path}: a door route refuses a wall`);
      }
      t.is((await app().post('/api/pad/checkin', { bookingId: 1, code: '1234' }, auth)).status, 403);
      for (const [method, path] of [
        ['GET', '/api/sys/user/info'],
        ['GET', '/api/bookings'],
        ['GET', '/api/sys/tablets'],
        ['POST', '/api/room/dashboard/panels'],
        ['GET', `/api/room/dashboard/panels/${panel}`],
      ] as const) {
        const res = await app().request(method, path, { ...auth, body: method === 'POST' ? {} : undefined });
        t.is(res.status, 401, `${method} ${path}`);
        t.is(res.body.key, 'tablets.notForDevices', `${method} ${path}`);
      }

      const door = await codeFor({ resourceId: oak });
      t.is(door.url, `${app().cradle.config.publicUrl}/pad?code=${door.code}`);
      // A door tablet's code typed on a wall screen is refused, and stays usable at the door.
      const onWall = await app().post('/api/pad/pair', { code: door.code, purpose: 'wall' }, { lang: 'en' });
      t.is(onWall.status, 400);
      t.is(onWall.body.key, 'tablets.doorCode');
      const doorPaired = await app().post<{ data: { credential: string; tablet: Me } }>('/api/pad/pair', {
        code: door.code,
        purpose: 'door',
      });
      t.is(doorPaired.status, 200);
      t.is(doorPaired.body.data.tablet.purpose, 'door');
      const doorAuth = device(doorPaired.body.data.credential);
      t.is((await app().get('/api/pad/day', doorAuth)).status, 200);
      for (const path of ['/api/room/dashboard/panels', `/api/room/dashboard/live?locationId=${place.locationId}`])
        t.is((await app().get(path, doorAuth)).status, 403, `${path}: a wall route refuses a door tablet`);

      // Exactly one of a room and a wall.
      for (const body of [{ resourceId: oak, wall: true }, {}, { wall: false }, { wall: true, panelId: 999_999 }]) {
        const res = await app().post('/api/sys/tablets/pairing', body, { token: root.token });
        t.true([400, 404].includes(res.status), `${JSON.stringify(body)}: ${res.status}`);
      }
    },
  );

  test.serial(`${dialect}: rename, reload, re-pair and revoke work for a wall`, async (t) => {
    const { credential, tablet } = await pairWall({ wall: true, panelId: otherPanel, name: 'Hall' });
    t.is(tablet.name, 'Hall');
    const id = tablet.tabletId;
    const renamed = await app().put<{ data: Tablet }>(
      `/api/sys/tablets/${id}`,
      { name: 'Hall east' },
      { token: root.token },
    );
    t.like(renamed.body.data, { name: 'Hall east', purpose: 'wall', panelName: 'Annex' });
    t.is((await app().post(`/api/sys/tablets/${id}/reload`, {}, { token: root.token })).status, 200);
    const me = await app().get<{ data: Me }>('/api/pad/me', device(credential));
    t.true(me.body.data.reloadRequested);
    const reloaded = await app().post<{ data: Me }>('/api/pad/me/reloaded', {}, device(credential));
    t.false(reloaded.body.data.reloadRequested);

    const repair = await app().post<{ data: Code }>(`/api/sys/tablets/${id}/repair`, {}, { token: root.token });
    t.is(repair.status, 200, JSON.stringify(repair.body));
    t.like(repair.body.data, { purpose: 'wall', panelId: otherPanel, panelName: 'Annex', tabletId: id });
    t.true(repair.body.data.url.includes('/wall?code='));
    const refused = await app().get('/api/room/dashboard/panels', device(credential));
    t.is(refused.status, 401);
    t.is(refused.body.key, 'tablets.revoked');
    const again = await app().post<{ data: { credential: string; tablet: Me } }>('/api/pad/pair', {
      code: repair.body.data.code,
    });
    t.like(again.body.data.tablet, { tabletId: id, name: 'Hall east', purpose: 'wall', panel: { id: otherPanel } });
    const fresh = device(again.body.data.credential);
    const panels = await app().get<{ data: Array<{ id: number }> }>('/api/room/dashboard/panels', fresh);
    t.deepEqual(
      panels.body.data.map((p) => p.id),
      [otherPanel],
    );

    t.is((await app().post(`/api/sys/tablets/${id}/revoke`, {}, { token: root.token })).status, 200);
    const revoked = await app().get(`/api/room/dashboard/live?locationId=${other.locationId}`, fresh);
    t.is(revoked.status, 401);
    t.is(revoked.body.key, 'tablets.revoked');
  });

  test.serial(`${dialect}: removing a panel leaves its walls showing every panel`, async (t) => {
    const gone = await newPanel('Temporary', place.locationId);
    const { credential, tablet } = await pairWall({ wall: true, panelId: gone });
    t.is((await app().delete(`/api/room/dashboard/panels/${gone}`, { token: root.token })).status, 200);
    const me = await app().get<{ data: Me }>('/api/pad/me', device(credential));
    t.is(me.status, 200, JSON.stringify(me.body));
    t.like(me.body.data, { tabletId: tablet.tabletId, panel: null });
    const panels = await app().get<{ data: Array<{ id: number }> }>('/api/room/dashboard/panels', device(credential));
    t.true(panels.body.data.length >= 2);
  });
});
