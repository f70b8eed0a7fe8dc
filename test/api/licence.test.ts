import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import test from 'ava';
import {
  issueLicence,
  LicenceFormatError,
  readLicence,
  type LicencePayload,
} from '../../core/modules/licences/index.ts';
import { perDialect, type TestApp } from '../helpers/app.ts';
import { createUser, STAFF_PASSWORD } from '../helpers/users.ts';

const vendor = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const stranger = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const DAY = 86_400_000;

interface Status {
  state: string;
  licence: LicencePayload | null;
  limits: { rooms: number; desks: number; devices: number } | null;
  usage: { rooms: number; desks: number; devices: number };
}

function payload(over: Partial<LicencePayload> = {}): LicencePayload {
  return {
    version: '1.0.0',
    productSn: 'ATR-TEST-0001',
    status: 'official',
    deviceCount: 1,
    roomLimit: 2,
    deskLimit: 3,
    deviceLimit: 1,
    authCode: 'AUTH-1234-5678',
    registeredAt: Date.now(),
    expiresAt: Date.now() + 365 * DAY,
    ...over,
  };
}

function upload(text: string | Uint8Array, name = 'licence.txt'): FormData {
  const fd = new FormData();
  fd.append('file', new Blob([typeof text === 'string' ? text : new Uint8Array(text)], { type: 'text/plain' }), name);
  return fd;
}

/** Changes the byte at `i` to another printable byte. */
function tamper(text: string, i: number): string {
  const b = Buffer.from(text, 'utf8');
  b[i] = b[i] === 0x41 ? 0x42 : 0x41;
  return b.toString('utf8');
}

test('every single changed byte of a licence file makes it a data error', (t) => {
  const text = issueLicence(payload(), vendor.privateKey);
  const key = createPublicKey(vendor.publicKey);
  t.is(readLicence(text, key).productSn, 'ATR-TEST-0001');
  for (let i = 0; i < Buffer.byteLength(text); i++) {
    t.throws(() => readLicence(tamper(text, i), key), { instanceOf: LicenceFormatError }, `byte ${i}`);
  }
  t.is(readLicence(text.replace(/\n/g, '\r\n'), key).productSn, 'ATR-TEST-0001', 'CRLF line ends are read');
  t.throws(
    () => readLicence(issueLicence(payload(), stranger.privateKey), key),
    { instanceOf: LicenceFormatError },
    'another signer',
  );
});

async function place(app: TestApp): Promise<{ locationId: number; floorId: number }> {
  const { db, clock } = app.cradle;
  const now = clock.now();
  const [locationId] = await db('locations').insert({
    name: 'HQ',
    time_zone: 'Asia/Tokyo',
    created_at: now,
    updated_at: now,
  });
  const [floorId] = await db('floors').insert({
    location_id: locationId,
    name: '1F',
    display_name: '1F',
    created_at: now,
    updated_at: now,
  });
  return { locationId: Number(locationId), floorId: Number(floorId) };
}

async function addResources(app: TestApp, locationId: number, type: number, n: number): Promise<void> {
  const { db, clock } = app.cradle;
  for (let i = 0; i < n; i++)
    await db('resources').insert({
      name: `R${type}-${i}-${Math.random()}`,
      type,
      location_id: locationId,
      time_zone: 'Asia/Tokyo',
      created_at: clock.now(),
      updated_at: clock.now(),
    });
}

perDialect(
  test,
  (dialect, app) => {
    let admin: string;
    let where: { locationId: number; floorId: number };
    const register = (text: string | Uint8Array, name?: string) =>
      app().request<{ data: Status }>('POST', '/api/sys/licence', { token: admin, rawBody: upload(text, name) });

    test.serial(`${dialect}: without a licence the installation is unregistered and unlimited`, async (t) => {
      admin = await app().adminToken();
      where = await place(app());
      const res = await app().get<{ data: Status }>('/api/sys/licence', { token: admin });
      t.is(res.status, 200);
      t.is(res.body.data.state, 'unregistered');
      t.is(res.body.data.limits, null);
      t.deepEqual(res.body.data.usage, { rooms: 0, desks: 0, devices: 0 });
      await t.notThrowsAsync(app().cradle.licenceService.assertCanAdd(app().cradle.db, 'room', 10_000));
    });

    test.serial(`${dialect}: uploads: only a .txt file holding text, not too large, properly signed`, async (t) => {
      const good = issueLicence(payload(), vendor.privateKey);
      const exe = await register(good, 'licence.exe');
      t.is(exe.status, 400);
      t.is(exe.body.key, 'licence.notTxt');
      const binary = await register(new Uint8Array([0x4d, 0x5a, 0x00, 0x01, 0x02]), 'licence.txt');
      t.is(binary.status, 400);
      t.is(binary.body.key, 'licence.notText');
      const invalidUtf8 = await register(new Uint8Array([0xff, 0xfe, 0x41]), 'licence.txt');
      t.is(invalidUtf8.body.key, 'licence.notText');
      t.is((await register('x'.repeat(70_000))).status, 413);
      const none = await app().request('POST', '/api/sys/licence', { token: admin, rawBody: new FormData() });
      t.is(none.status, 400);
      for (const i of [40, 100, good.length - 40]) {
        const res = await register(tamper(good, i));
        t.is(res.status, 400, `byte ${i}`);
        t.is(res.body.key, 'licence.dataError');
      }
      const foreign = await register(issueLicence(payload(), stranger.privateKey));
      t.is(foreign.body.key, 'licence.dataError');
      const old = await register(issueLicence(payload({ expiresAt: app().clock.now() - DAY }), vendor.privateKey));
      t.is(old.status, 422);
      t.is(old.body.key, 'licence.alreadyExpired');
      t.is(
        (await app().get<{ data: Status }>('/api/sys/licence', { token: admin })).body.data.state,
        'unregistered',
        'nothing was registered',
      );
    });

    test.serial(`${dialect}: registering a licence ends every session`, async (t) => {
      await createUser(app(), 'lic-staff');
      const staff = await app().tokenFor('lic-staff', STAFF_PASSWORD);
      const res = await register(issueLicence(payload(), vendor.privateKey));
      t.is(res.status, 200, JSON.stringify(res.body));
      t.is(res.body.data.state, 'registered');
      t.deepEqual(res.body.data.limits, { rooms: 2, desks: 3, devices: 1 });
      t.is(res.body.data.licence!.authCode, 'AUTH-1234-5678');
      t.is((await app().get('/api/sys/licence', { token: admin })).status, 401, 'the administrator signs in again');
      t.is((await app().get('/api/sys/settings/security', { token: staff })).status, 401);
      admin = await app().adminToken();
      const status = await app().get<{ data: Status }>('/api/sys/licence', { token: admin });
      t.is(status.body.data.state, 'registered');
      const log = await app().get<{ data: { items: Array<{ action: string }> } }>(
        '/api/sys/logs/operations?action=sys.licence.register',
        { token: admin },
      );
      t.is(log.body.data.items.length, 1);
    });

    test.serial(`${dialect}: the room limit refuses the next room, with the limit in the message`, async (t) => {
      await addResources(app(), where.locationId, 0, 2);
      const { licenceService, db } = app().cradle;
      const err = await t.throwsAsync(licenceService.assertCanAdd(db, 'room', 1));
      t.is((err as { key?: string }).key, 'licence.limitReached.room');
      await t.notThrowsAsync(licenceService.assertCanAdd(db, 'desk', 3));
      const res = await app().post(
        '/api/room/resources',
        { name: 'Third room', type: 0, capacity: 4, locationId: where.locationId, pricePerHour: 0 },
        { token: admin, lang: 'en' },
      );
      t.is(res.status, 422, JSON.stringify(res.body));
      t.is(res.body.key, 'licence.limitReached.room');
      t.like(res.body, { kind: 'room', limit: 2, used: 2 });
      t.regex(res.body.msg, /at most 2 meeting rooms/);
      const cn = await app().post(
        '/api/room/resources',
        { name: 'Third room', type: 0, capacity: 4, locationId: where.locationId, pricePerHour: 0 },
        { token: admin, lang: 'cn' },
      );
      t.regex(cn.body.msg, /最多允许 2 个会议室/);
      t.deepEqual((await app().get<{ data: Status }>('/api/sys/licence', { token: admin })).body.data.usage, {
        rooms: 2,
        desks: 0,
        devices: 0,
      });
    });

    test.serial(`${dialect}: the desk limit counts a bulk creation as a whole`, async (t) => {
      await addResources(app(), where.locationId, 1, 2);
      const bulk = await app().post(
        `/api/room/floors/${where.floorId}/desks`,
        {
          desks: [
            { name: 'D-a', x: 1, y: 1 },
            { name: 'D-b', x: 2, y: 2 },
          ],
        },
        { token: admin, lang: 'ja' },
      );
      t.is(bulk.status, 422, JSON.stringify(bulk.body));
      t.is(bulk.body.key, 'licence.limitReached.desk');
      t.regex(bulk.body.msg, /デスクは最大 3 件/);
      const one = await app().post(
        `/api/room/floors/${where.floorId}/desks`,
        { desks: [{ name: 'D-c', x: 3, y: 3 }] },
        { token: admin },
      );
      t.is(one.status, 200, JSON.stringify(one.body));
      const err = await t.throwsAsync(app().cradle.licenceService.assertCanAdd(app().cradle.db, 'desk', 1));
      t.is((err as { key?: string }).key, 'licence.limitReached.desk');
    });

    test.serial(`${dialect}: the device limit refuses the second device`, async (t) => {
      const first = await app().post('/api/room/devices', { name: 'Pad 1', deviceNo: 'PAD-0001' }, { token: admin });
      t.is(first.status, 200, JSON.stringify(first.body));
      const second = await app().post('/api/room/devices', { name: 'Pad 2', deviceNo: 'PAD-0002' }, { token: admin });
      t.is(second.status, 422);
      t.is(second.body.key, 'licence.limitReached.device');
      t.regex(second.body.msg, /at most 1 devices/);
      const { db, clock, licenceService } = app().cradle;
      await db('devices').insert({ name: 'raw', device_no: 'RAW-1', created_at: clock.now(), updated_at: clock.now() });
      t.deepEqual((await app().get<{ data: Status }>('/api/sys/licence', { token: admin })).body.data.usage.devices, 2);
      await t.throwsAsync(licenceService.assertCanAdd(db, 'device', 1));
    });

    test.serial(`${dialect}: a limit of 0 is unlimited; JSON and content-field registration work too`, async (t) => {
      const res = await app().post<{ data: Status }>(
        '/api/sys/licence/text',
        { content: issueLicence(payload({ roomLimit: 0, deskLimit: 0, deviceLimit: 0 }), vendor.privateKey) },
        { token: admin },
      );
      t.is(res.status, 200, JSON.stringify(res.body));
      admin = await app().adminToken();
      await t.notThrowsAsync(app().cradle.licenceService.assertCanAdd(app().cradle.db, 'room', 1000));
      const fd = new FormData();
      fd.append('content', issueLicence(payload({ productSn: 'ATR-FIELD' }), vendor.privateKey));
      const field = await app().request<{ data: Status }>('POST', '/api/sys/licence', { token: admin, rawBody: fd });
      t.is(field.status, 200, JSON.stringify(field.body));
      t.is(field.body.data.licence!.productSn, 'ATR-FIELD');
      admin = await app().adminToken();
      t.is(
        (await app().post('/api/sys/licence/text', { content: 'nonsense' }, { token: admin })).body.key,
        'licence.dataError',
      );
      t.is((await app().post('/api/sys/licence/text', {}, { token: admin })).status, 400);
    });

    test.serial(
      `${dialect}: a stored licence changed by one byte shows as dataError and refuses additions`,
      async (t) => {
        const { db, licenceService } = app().cradle;
        const row = await db('licences').first('id', 'content');
        await db('licences')
          .where({ id: row.id })
          .update({ content: tamper(String(row.content), 60) });
        const res = await app().get<{ data: Status }>('/api/sys/licence', { token: admin });
        t.is(res.body.data.state, 'dataError');
        t.is(res.body.data.licence, null);
        const err = await t.throwsAsync(licenceService.assertCanAdd(db, 'room', 1));
        t.is((err as { key?: string }).key, 'licence.invalid');
      },
    );

    test.serial(`${dialect}: a licence expires with time and then refuses additions`, async (t) => {
      const res = await register(
        issueLicence(payload({ roomLimit: 0, expiresAt: app().clock.now() + DAY }), vendor.privateKey),
      );
      t.is(res.status, 200);
      app().clock.advance(2 * DAY);
      admin = await app().adminToken();
      t.is((await app().get<{ data: Status }>('/api/sys/licence', { token: admin })).body.data.state, 'expired');
      const room = await app().post(
        '/api/room/resources',
        { name: 'Late room', type: 0, capacity: 4, locationId: where.locationId, pricePerHour: 0 },
        { token: admin },
      );
      t.is(room.status, 422);
      t.is(room.body.key, 'licence.expired');
    });

    test.serial(`${dialect}: delete needs licenceDelete and makes the installation unregistered`, async (t) => {
      const staff = await app().tokenFor('lic-staff', STAFF_PASSWORD);
      t.is((await app().delete('/api/sys/licence', { token: staff })).status, 403);
      t.is((await app().get('/api/sys/licence', { token: staff })).status, 403);
      const res = await app().delete<{ data: Status }>('/api/sys/licence', { token: admin });
      t.is(res.status, 200);
      t.is(res.body.data.state, 'unregistered');
    });
  },
  { config: { licencePublicKey: vendor.publicKey } },
);

test('the built-in vendor key is used when none is configured', async (t) => {
  const { startTestApp } = await import('../helpers/app.ts');
  const app = await startTestApp();
  try {
    const admin = await app.adminToken();
    const res = await app.post(
      '/api/sys/licence/text',
      { content: issueLicence(payload(), vendor.privateKey) },
      { token: admin },
    );
    t.is(res.status, 400, 'a test key is not the vendor key');
    t.is(res.body.key, 'licence.dataError');
    t.is((await app.get<{ data: Status }>('/api/sys/licence', { token: admin })).body.data.state, 'unregistered');
  } finally {
    await app.stop();
  }
});
