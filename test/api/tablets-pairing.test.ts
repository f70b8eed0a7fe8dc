/**
 * Door tablets, pairing and the device credential (docs/product-rules.md R19), on SQLite and MariaDB: a pairing
 * code is single use, expires after 10 minutes on the manual clock and is stored hashed; wrong codes are throttled;
 * the credential admits the tablet routes of its own room only and is refused anywhere else; revocation, re-pairing,
 * online/offline after two minutes, reload requests, rename, the operation log and the administrators' permissions.
 */
import test from 'ava';
import { perDialect, type TestApp } from '../helpers/app.ts';
import { createPlace, createResource } from '../helpers/places-fixture.ts';
import { createUserWithPermissions, STAFF_PASSWORD } from '../helpers/users.ts';

const MIN = 60_000;

interface Code {
  code: string;
  url: string;
  expiresAt: number;
  resourceId: number;
  tabletId: number | null;
}
interface Tablet {
  id: number;
  name: string;
  resourceId: number;
  resourceName: string;
  state: string;
  online: boolean;
  lastSeenAt: number | null;
  appVersion: string | null;
  screen: string | null;
  language: string;
  reloadRequestedAt: number | null;
}
interface Me {
  tabletId: number;
  name: string;
  language: string;
  room: { id: number; name: string; capacity: number };
  reloadRequested: boolean;
}

const device = (credential: string, extra: Record<string, string> = {}) => ({
  headers: { authorization: `Device ${credential}`, ...extra },
});

perDialect(test, (dialect, app) => {
  let admin = '';
  let roomA = 0;
  let roomB = 0;
  let desk = 0;

  /** Moving the clock ends sessions: each test signs the administrator in afresh. */
  test.serial.beforeEach(async () => {
    admin = await app().adminToken();
  });

  const codeFor = async (resourceId: number, name?: string): Promise<Code> => {
    const res = await app().post<{ data: Code }>('/api/sys/tablets/pairing', { resourceId, name }, { token: admin });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.data;
  };
  const pair = (code: string, extra: Record<string, unknown> = {}, lang = 'en') =>
    app().post<{ data: { credential: string; tablet: Me } }>('/api/pad/pair', { code, ...extra }, { lang });
  const tablets = async (query = ''): Promise<Tablet[]> => {
    const res = await app().get<{ data: { items: Tablet[] } }>(`/api/sys/tablets${query}`, { token: admin });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.data.items;
  };
  const paired = async (resourceId: number, extra: Record<string, unknown> = {}) => {
    const res = await pair((await codeFor(resourceId)).code, extra);
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.data;
  };
  /** Forgets the wrong codes counted so far, so each test starts unthrottled. */
  const unthrottle = (a: TestApp) => a.cradle.db('sign_in_throttle').del();

  test.serial.before(async () => {
    const place = await createPlace(app());
    roomA = await createResource(app(), place, { name: 'Everest', capacity: 10 });
    roomB = await createResource(app(), place, { name: 'K2', capacity: 4 });
    desk = await createResource(app(), place, { name: 'Desk 1', type: 1 });
  });

  test.serial(`${dialect}: a pairing code pairs one tablet once, stored hashed, with an absolute URL`, async (t) => {
    const code = await codeFor(roomA, 'Everest door');
    t.regex(code.code, /^\d{8}$/);
    t.is(code.url, `${app().cradle.config.publicUrl}/pad?code=${code.code}`);
    t.true(code.url.startsWith('http'));
    t.true(Math.abs(code.expiresAt - (app().clock.now() + 10 * MIN)) < 5000, 'valid 10 minutes');
    const stored = await app().cradle.db('tablet_pairing_codes').select('code_hash');
    t.false(JSON.stringify(stored).includes(code.code), 'the code is kept only as its hash');

    const res = await pair(code.code, { language: 'ja', appVersion: '1.2.0', screen: '1280x800' });
    t.is(res.status, 200, JSON.stringify(res.body));
    const { credential, tablet } = res.body.data;
    t.true(credential.length >= 40);
    t.like(tablet, { name: 'Everest door', language: 'ja', room: { id: roomA, name: 'Everest', capacity: 10 } });
    t.false(tablet.reloadRequested);
    const row = await app().cradle.db('tablets').where({ id: tablet.tabletId }).first();
    t.not(row.credential_hash, credential);
    t.false(String(row.credential_hash).includes(credential));

    const again = await pair(code.code);
    t.is(again.status, 400, 'single use');
    t.is(again.body.key, 'tablets.codeInvalid');
    t.regex((await pair(code.code, {}, 'cn')).body.msg, /配对码/);

    const me = await app().get<{ data: Me }>('/api/pad/me', device(credential));
    t.is(me.status, 200);
    t.like(me.body.data, { tabletId: tablet.tabletId, room: { id: roomA } });
    const listed = (await tablets()).find((x) => x.id === tablet.tabletId)!;
    t.like(listed, {
      name: 'Everest door',
      resourceName: 'Everest',
      state: 'active',
      online: true,
      appVersion: '1.2.0',
      screen: '1280x800',
    });
    const log = await app().cradle.db('operation_logs').where({ action: 'sys.tablets.pairingCode' }).first();
    t.truthy(log);
    t.false(String(log.summary).includes(code.code), 'the log does not keep the code');
    t.truthy(await app().cradle.db('operation_logs').where({ action: 'sys.tablets.pair' }).first());
  });

  test.serial(`${dialect}: a code expires after 10 minutes; a desk gets none; bad input is 4xx`, async (t) => {
    await unthrottle(app());
    const code = await codeFor(roomB);
    app().clock.advance(10 * MIN);
    const late = await pair(code.code);
    t.is(late.status, 400);
    t.is(late.body.key, 'tablets.codeInvalid');
    const fresh = await codeFor(roomB);
    app().clock.advance(10 * MIN - 1000);
    t.is((await pair(fresh.code)).status, 200, 'valid until its 10 minutes are over');

    const forDesk = await app().post('/api/sys/tablets/pairing', { resourceId: desk }, { token: admin, lang: 'ja' });
    t.is(forDesk.status, 422);
    t.is(forDesk.body.key, 'tablets.notARoom');
    t.is((await app().post('/api/sys/tablets/pairing', { resourceId: 999999 }, { token: admin })).status, 404);
    t.is((await app().post('/api/sys/tablets/pairing', { resourceId: 'x' }, { token: admin })).status, 400);
    t.is((await pair('12ab')).status, 400);
    t.is((await pair((await codeFor(roomB)).code, { screen: 'huge' })).status, 400);
  });

  test.serial(`${dialect}: wrong codes make further tries wait`, async (t) => {
    await unthrottle(app());
    let status = 0;
    let tries = 0;
    while (status !== 429 && tries < 30) {
      tries++;
      status = (await pair(String(10_000_000 + tries))).status;
    }
    t.is(status, 429, `throttled after ${tries} wrong codes`);
    t.true(tries > 20, 'the first wrong codes only say so');
    const good = await codeFor(roomB);
    const refused = await pair(good.code);
    t.is(refused.status, 429, 'even a right code waits');
    t.truthy(refused.headers.get('retry-after'));
    app().clock.advance(10 * MIN - 1000);
    t.is((await pair(good.code)).status, 200, 'after the wait a right code pairs');
    await unthrottle(app());
  });

  test.serial(`${dialect}: the credential opens its own room's tablet routes and nothing else`, async (t) => {
    const { credential } = await paired(roomA);
    const auth = device(credential);
    t.is((await app().get('/api/pad/me', auth)).status, 200);
    const own = await app().get<{ data: { id: number; name: string } }>(`/api/pad/rooms/${roomA}`, auth);
    t.is(own.status, 200);
    t.like(own.body.data, { id: roomA, name: 'Everest' });
    const other = await app().get(`/api/pad/rooms/${roomB}`, { ...auth, lang: 'cn' });
    t.is(other.status, 403);
    t.is(other.body.key, 'tablets.otherRoom');

    // User routes, administration and another room's data: as if no user came.
    for (const [method, path] of [
      ['GET', '/api/sys/user/info'],
      ['GET', '/api/sys/menu/nav'],
      ['GET', '/api/auth/capabilities'],
      ['GET', '/api/bookings'],
      ['GET', `/api/room/resources/${roomA}`],
      ['GET', `/api/room/resources/${roomB}`],
      ['GET', '/api/room/devices'],
      ['GET', '/api/sys/tablets'],
      ['POST', '/api/sys/tablets/pairing'],
      ['GET', '/api/sys/users'],
      ['POST', '/api/bookings'],
    ] as const) {
      const res = await app().request(method, path, { ...auth, body: method === 'POST' ? {} : undefined });
      t.is(res.status, 401, `${method} ${path}`);
      t.is(res.body.key, 'tablets.notForDevices', `${method} ${path}`);
    }
    // A public route runs as for anyone.
    t.is((await app().get('/api/health', auth)).status, 200);
    // A user's token is not a tablet's.
    t.is((await app().get('/api/pad/me', { token: admin })).status, 403);
    t.is((await app().get('/api/pad/me')).status, 401);
    const forged = await app().get('/api/pad/me', device(`${credential.slice(0, -2)}xx`));
    t.is(forged.status, 401);
    t.is(forged.body.key, 'tablets.credentialInvalid');
  });

  test.serial(`${dialect}: every call marks the tablet seen; offline after two minutes`, async (t) => {
    const { credential, tablet } = await paired(roomB, { appVersion: '1.0.0' });
    const find = async () => (await tablets(`?resourceId=${roomB}`)).find((x) => x.id === tablet.tabletId)!;
    const seen = await find();
    t.like(seen, { online: true, appVersion: '1.0.0' });
    t.true(Math.abs(seen.lastSeenAt! - app().clock.now()) < 5000);
    app().clock.advance(2 * MIN - 1000);
    t.true((await find()).online);
    app().clock.advance(1000);
    t.false((await find()).online, 'two minutes without a call: offline');
    t.true((await tablets('?online=false')).some((x) => x.id === tablet.tabletId));
    t.false((await tablets('?online=true')).some((x) => x.id === tablet.tabletId));

    t.is((await app().get('/api/pad/me', device(credential, { 'x-app-version': '1.1.0' }))).status, 200);
    const back = await find();
    t.like(back, { online: true, appVersion: '1.1.0' });
    t.true(back.lastSeenAt! > seen.lastSeenAt! + 2 * MIN - 1000, 'seen again');
    t.true((await tablets('?online=true')).some((x) => x.id === tablet.tabletId));
  });

  test.serial(`${dialect}: rename, reload, revoke and re-pair, each logged`, async (t) => {
    const { credential, tablet } = await paired(roomA);
    const id = tablet.tabletId;
    const renamed = await app().put<{ data: Tablet }>(`/api/sys/tablets/${id}`, { name: 'Lobby' }, { token: admin });
    t.is(renamed.status, 200);
    t.is(renamed.body.data.name, 'Lobby');
    t.is((await app().put(`/api/sys/tablets/${id}`, { name: '' }, { token: admin })).status, 400);
    t.is((await app().put('/api/sys/tablets/999999', { name: 'x' }, { token: admin })).status, 404);

    t.is((await app().post(`/api/sys/tablets/${id}/reload`, {}, { token: admin })).status, 200);
    const me = await app().get<{ data: Me }>('/api/pad/me', device(credential));
    t.true(me.body.data.reloadRequested);
    t.is(me.body.data.name, 'Lobby');
    const done = await app().post<{ data: Me }>('/api/pad/me/reloaded', {}, device(credential));
    t.false(done.body.data.reloadRequested);
    const lang = await app().put<{ data: Me }>('/api/pad/me', { language: 'en' }, device(credential));
    t.is(lang.body.data.language, 'en');

    const revoked = await app().post<{ data: Tablet }>(`/api/sys/tablets/${id}/revoke`, {}, { token: admin });
    t.like(revoked.body.data, { state: 'revoked', online: false });
    const refused = await app().get('/api/pad/me', { ...device(credential), lang: 'ja' });
    t.is(refused.status, 401);
    t.is(refused.body.key, 'tablets.revoked');
    t.is((await app().post(`/api/sys/tablets/${id}/reload`, {}, { token: admin })).status, 422);

    const again = await app().post<{ data: Code }>(`/api/sys/tablets/${id}/repair`, {}, { token: admin });
    t.is(again.status, 200);
    t.is(again.body.data.tabletId, id);
    const repaired = await pair(again.body.data.code);
    t.is(repaired.status, 200);
    t.is(repaired.body.data.tablet.tabletId, id, 'the same tablet, its name kept');
    t.is(repaired.body.data.tablet.name, 'Lobby');
    t.is((await app().get('/api/pad/me', device(credential))).status, 401, 'the old credential stays refused');
    t.is((await app().get('/api/pad/me', device(repaired.body.data.credential))).status, 200);
    t.like(
      (await tablets()).find((x) => x.id === id),
      { state: 'active' },
    );

    // Re-pairing an active tablet revokes its credential at once.
    const next = await app().post<{ data: Code }>(`/api/sys/tablets/${id}/repair`, {}, { token: admin });
    t.is(next.status, 200);
    t.is((await app().get('/api/pad/me', device(repaired.body.data.credential))).status, 401);

    const actions = (
      await app()
        .cradle.db('operation_logs')
        .where({ target: String(id) })
        .where('action', 'like', 'sys.tablets.%')
    ).map((r: { action: string }) => r.action);
    for (const a of ['rename', 'reload', 'revoke', 'repair', 'pair'])
      t.true(actions.includes(`sys.tablets.${a}`), `${a} is logged`);
  });

  test.serial(`${dialect}: the status screen's or the device screen's codes admit the administration`, async (t) => {
    await createUserWithPermissions(app(), 'tab-status', ['sys:status:view']);
    await createUserWithPermissions(app(), 'tab-equip-view', ['room:equipment:view']);
    await createUserWithPermissions(app(), 'tab-none', ['sys:log:view']);
    const status = await app().tokenFor('tab-status', STAFF_PASSWORD);
    const equipView = await app().tokenFor('tab-equip-view', STAFF_PASSWORD);
    const none = await app().tokenFor('tab-none', STAFF_PASSWORD);
    t.is((await app().get('/api/sys/tablets', { token: status })).status, 200);
    t.is((await app().post('/api/sys/tablets/pairing', { resourceId: roomA }, { token: status })).status, 200);
    t.is((await app().get('/api/sys/tablets', { token: equipView })).status, 200);
    const viewOnly = await app().post('/api/sys/tablets/pairing', { resourceId: roomA }, { token: equipView });
    t.is(viewOnly.status, 403);
    t.is((await app().get('/api/sys/tablets', { token: none })).status, 403);
    const [one] = await tablets();
    for (const path of ['revoke', 'repair', 'reload'])
      t.is((await app().post(`/api/sys/tablets/${one!.id}/${path}`, {}, { token: none })).status, 403);
    t.is((await app().put(`/api/sys/tablets/${one!.id}`, { name: 'x' }, { token: none })).status, 403);
  });
});
