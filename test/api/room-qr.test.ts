/**
 * The room QR code (docs/product-rules.md R19.9), on SQLite and MariaDB: the code encodes the room's phone address
 * with its secret (made on first use) and the PNG route still answers a picture; a wrong secret is 403; a rotation
 * (logged without the secret) refuses the codes printed before; the organiser checks in from the phone without the
 * code, logged with channel qr, when padAuthMethods offers the QR code; a stranger has nothing to check in to and is refused; a booking of another room
 * is refused. A door tablet's code (GET /api/pad/qr) carries a token instead of the secret: accepted for three
 * minutes on the injected clock, refused when forged, for another room, or with the printed secret beside it, and
 * only offered when padAuthMethods has qr; a phone checks in with it. bookAt: the current slot in the room's zone
 * when it is free, the end of the meeting holding it, null without padQrCodeBooking.
 */
import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { BASE, book, HOUR, MIN, staff, type Who } from '../helpers/bookings.ts';
import { createPlace, createResource, setParams } from '../helpers/places-fixture.ts';
import { pairTablet } from '../helpers/tablets.ts';

interface QrRoom {
  room: { id: number; name: string; timeZone: string };
  checkIn: { id: number; subject: string; startAt: number; endAt: number } | null;
  free: boolean;
  busyUntil: number | null;
  offerBooking: boolean;
  bookAt: { date: string; startTime: string } | null;
}

const at = (hh: number, mm = 0) => BASE + (hh - 8) * HOUR + mm * MIN;

perDialect(test, (dialect, app) => {
  let roomA = 0;
  let roomB = 0;
  let roomTokyo = 0;
  let alice: Who;
  const device = { headers: {} as Record<string, string> };
  let carol: Who;

  const secretOf = async (room: number) => {
    const url = new URL(await app().cradle.roomQrService.url(room));
    return { url, s: url.searchParams.get('s') ?? '' };
  };
  const look = (who: Who, room: number, s: string, proof: 's' | 'token' = 's') =>
    app().get<{ data: QrRoom; key?: string }>(`/api/qr/room?room=${room}&${proof}=${encodeURIComponent(s)}`, {
      token: who.token,
    });
  const checkIn = (who: Who, body: { room: number; s?: string; token?: string; bookingId: number }) =>
    app().post<{ data: QrRoom; key?: string }>('/api/qr/room/checkin', body, { token: who.token });
  const meeting = async (room: number, start: string, end: string) => {
    const res = await book(app(), alice, {
      resourceId: room,
      meetingDate: '2027-03-01',
      startTime: start,
      endTime: end,
      subject: 'Roadmap',
    });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.data;
  };

  test.serial.before(async () => {
    app().clock.set(at(8));
    const place = await createPlace(app());
    roomA = await createResource(app(), place, { name: 'Everest', capacity: 10 });
    roomB = await createResource(app(), place, { name: 'K2', capacity: 4 });
    roomTokyo = await createResource(app(), place, { name: 'Fuji', capacity: 6, timeZone: 'Asia/Tokyo' });
    alice = await staff(app(), `qr_alice_${dialect}`);
    carol = await staff(app(), `qr_carol_${dialect}`);
    device.headers = (await pairTablet(app(), roomA)).headers;
  });

  /** The tablet's code now: its address and the token it carries. */
  const tabletCode = async () => {
    const res = await app().get<{ data: { url: string; expiresAt: number }; key?: string }>('/api/pad/qr', device);
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    const url = new URL(res.body.data.url);
    return { url, expiresAt: res.body.data.expiresAt, token: url.searchParams.get('t') ?? '' };
  };

  test.serial(`${dialect}: the code is the room's phone address with its secret; the PNG still answers`, async (t) => {
    const { url, s } = await secretOf(roomA);
    t.is(url.pathname, '/qr');
    t.is(url.searchParams.get('room'), String(roomA));
    t.regex(s, /^[A-Za-z0-9_-]{24,}$/);
    t.is((await secretOf(roomA)).s, s, 'made once, then kept');
    t.not((await secretOf(roomB)).s, s, 'each room has its own');
    const png = await app().get(`/api/room/resources/${roomA}/qrcode`, { token: await app().adminToken() });
    t.is(png.status, 200);
    t.regex(png.headers.get('content-type') ?? '', /^image\/png/);

    const res = await look(alice, roomA, s);
    t.is(res.status, 200, JSON.stringify(res.body));
    t.like(res.body.data, { room: { id: roomA, name: 'Everest' }, checkIn: null, free: true, busyUntil: null });
    // One character changed (a secret that happens to end in x must not stay itself).
    const wrong = await look(alice, roomA, `${s.slice(0, -1)}${s.endsWith('x') ? 'y' : 'x'}`);
    t.is(wrong.status, 403);
    t.is(wrong.body.key, 'qr.wrongSecret');
    t.is((await look(alice, roomB, s)).status, 403, "another room's secret");
  });

  test.serial(`${dialect}: a rotation refuses the codes printed before, and is logged without a secret`, async (t) => {
    const { s: old } = await secretOf(roomB);
    const admin = await app().adminToken();
    const rotated = await app().post<{ data: { url: string; rotatedAt: number } }>(
      `/api/sys/tablets/rooms/${roomB}/qr/rotate`,
      {},
      { token: admin },
    );
    t.is(rotated.status, 200, JSON.stringify(rotated.body));
    const { s } = await secretOf(roomB);
    t.not(s, old);
    t.is(rotated.body.data.url, (await secretOf(roomB)).url.toString());
    t.is((await look(alice, roomB, old)).status, 403, 'the old code stops working at once');
    t.is((await look(alice, roomB, s)).status, 200);
    const log = (await app()
      .cradle.db('operation_logs')
      .where({ action: 'sys.tablets.rotateQr', target: String(roomB) })
      .first()) as { summary: string };
    t.truthy(log);
    t.false(log.summary.includes(s) || log.summary.includes(old), 'no secret in the log');
    t.is(
      (await app().post(`/api/sys/tablets/rooms/${roomB}/qr/rotate`, {}, { token: alice.token })).status,
      403,
      'tablets.manage only',
    );
  });

  test.serial(
    `${dialect}: the organiser checks in from the phone; a stranger and another room are refused`,
    async (t) => {
      app().clock.set(at(8, 50));
      alice = await staff(app(), `qr_alice_${dialect}`);
      carol = await staff(app(), `qr_carol_${dialect}`);
      const m = await meeting(roomA, '09:00', '10:00');
      const other = await meeting(roomB, '09:00', '10:00');
      const { s } = await secretOf(roomA);

      const seen = await look(alice, roomA, s);
      t.is(seen.status, 200, JSON.stringify(seen.body));
      t.like(seen.body.data, {
        checkIn: { id: m.id, subject: 'Roadmap', startAt: at(9), endAt: at(10) },
        free: true,
        offerBooking: true,
      });
      const stranger = await look(carol, roomA, s);
      t.is(stranger.body.data.checkIn, null, 'a stranger has nothing to check in to');
      const refused = await checkIn(carol, { room: roomA, s, bookingId: m.id });
      t.is(refused.status, 403);
      t.is(refused.body.key, 'qr.notYourMeeting');
      const elsewhere = await checkIn(alice, { room: roomA, s, bookingId: other.id });
      t.is(elsewhere.status, 403, 'a booking of another room');
      t.is(elsewhere.body.key, 'qr.otherRoom');
      t.is((await checkIn(alice, { room: roomA, s: 'nope', bookingId: m.id })).status, 403);

      await setParams(app(), { padAuthMethods: '|password|' });
      const off = await checkIn(alice, { room: roomA, s, bookingId: m.id });
      t.is(off.status, 403, 'the QR code is not offered');
      t.is(off.body.key, 'pad.methodOff');
      await setParams(app(), { padAuthMethods: '|password|qr|' });

      const ok = await checkIn(alice, { room: roomA, s, bookingId: m.id });
      t.is(ok.status, 200, JSON.stringify(ok.body));
      t.is(ok.body.data.checkIn, null, 'checked in: nothing left to check in to');
      const row = (await app().cradle.db('bookings').where({ id: m.id }).first('state')) as { state: string };
      t.is(row.state, 'checkedIn');
      const log = (await app()
        .cradle.db('reservation_logs')
        .where({ booking_id: m.id, action: 'checkedIn' })
        .first()) as { detail: string };
      t.like(JSON.parse(log.detail), { channel: 'qr' });

      app().clock.set(at(9, 10));
      alice = await staff(app(), `qr_alice_${dialect}`);
      const busy = await look(alice, roomA, s);
      t.like(busy.body.data, { free: false, busyUntil: at(10), checkIn: null });
    },
  );

  test.serial(
    `${dialect}: the tablet's code is valid three minutes, for its room only, when qr is offered`,
    async (t) => {
      app().clock.set(at(9, 30));
      alice = await staff(app(), `qr_alice_${dialect}`);
      const { url, token, expiresAt } = await tabletCode();
      t.is(url.origin + url.pathname, `${app().cradle.config.publicUrl}/qr`);
      t.is(url.searchParams.get('room'), String(roomA));
      t.is(url.searchParams.get('s'), null, 'the printed secret is not shown on the tablet');
      // The test clock runs on from where it was set.
      t.true(expiresAt >= at(9, 33) && expiresAt < at(9, 33) + 10_000, String(expiresAt - at(9, 33)));
      t.regex(token, /^[0-9a-z]+\.[A-Za-z0-9_-]{43}$/);

      const seen = await look(alice, roomA, token, 'token');
      t.is(seen.status, 200, JSON.stringify(seen.body));
      t.like(seen.body.data, { room: { id: roomA, name: 'Everest' }, free: false, busyUntil: at(10) });

      const forged = await look(alice, roomA, `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`, 'token');
      t.is(forged.status, 403);
      t.is(forged.body.key, 'qr.wrongSecret');
      const later = `${(expiresAt + 3_600_000).toString(36)}.${token.split('.')[1]}`;
      t.is(
        (await look(alice, roomA, later, 'token')).body.key,
        'qr.wrongSecret',
        'a later expiry breaks the signature',
      );
      const elsewhere = await look(alice, roomB, token, 'token');
      t.is(elsewhere.status, 403, "a token of another room's tablet");
      t.is(elsewhere.body.key, 'qr.wrongSecret');
      const { s } = await secretOf(roomA);
      const both = await app().get(`/api/qr/room?room=${roomA}&s=${encodeURIComponent(s)}&token=${token}`, {
        token: alice.token,
      });
      t.is(both.status, 400, 'exactly one proof');
      t.is((await app().get(`/api/qr/room?room=${roomA}`, { token: alice.token })).status, 400, 'a proof is needed');

      app().clock.set(expiresAt - 1500);
      t.is((await look(alice, roomA, token, 'token')).status, 200, 'still valid just before three minutes');
      app().clock.set(expiresAt);
      const expired = await look(alice, roomA, token, 'token');
      t.is(expired.status, 403);
      t.is(expired.body.key, 'qr.expired');
      const cn = await app().get<{ msg: string }>(`/api/qr/room?room=${roomA}&token=${token}`, {
        token: alice.token,
        lang: 'cn',
      });
      t.is(cn.body.msg, '此二维码已过期，请重新扫描门口平板上的二维码');

      t.is((await app().get('/api/pad/qr', { token: alice.token })).status, 403, "a user's token is no tablet");
      await setParams(app(), { padAuthMethods: '|password|' });
      const off = await app().get<{ key?: string }>('/api/pad/qr', device);
      t.is(off.status, 403, 'not offered without qr in padAuthMethods');
      t.is(off.body.key, 'pad.methodOff');
      await setParams(app(), { padAuthMethods: '|password|qr|' });
    },
  );

  test.serial(`${dialect}: a phone checks in with the tablet's code`, async (t) => {
    app().clock.set(at(10, 55));
    alice = await staff(app(), `qr_alice_${dialect}`);
    carol = await staff(app(), `qr_carol_${dialect}`);
    const m = await meeting(roomA, '11:00', '12:00');
    const { token } = await tabletCode();
    const seen = await look(alice, roomA, token, 'token');
    t.like(seen.body.data, { checkIn: { id: m.id }, free: true });
    t.is((await checkIn(carol, { room: roomA, token, bookingId: m.id })).body.key, 'qr.notYourMeeting');
    const ok = await checkIn(alice, { room: roomA, token, bookingId: m.id });
    t.is(ok.status, 200, JSON.stringify(ok.body));
    t.is(ok.body.data.checkIn, null);
    const row = (await app().cradle.db('bookings').where({ id: m.id }).first('state')) as { state: string };
    t.is(row.state, 'checkedIn');
  });

  test.serial(
    `${dialect}: bookAt is the current slot when free, the meeting's end when busy, null when off`,
    async (t) => {
      app().clock.set(at(11, 37));
      alice = await staff(app(), `qr_alice_${dialect}`);
      const { s: a } = await secretOf(roomA);
      const { s: tokyo } = await secretOf(roomTokyo);
      const busy = await look(alice, roomA, a);
      t.like(busy.body.data, { free: false, busyUntil: at(12), offerBooking: true });
      t.deepEqual(busy.body.data.bookAt, { date: '2027-03-01', startTime: '12:00' }, 'once the meeting ends');
      const free = await look(alice, roomTokyo, tokyo);
      t.like(free.body.data, { free: true, room: { timeZone: 'Asia/Tokyo' } });
      // 11:37 UTC is 20:37 in Tokyo: the 15-minute slot under way began at 20:30 there.
      t.deepEqual(free.body.data.bookAt, { date: '2027-03-01', startTime: '20:30' });

      await setParams(app(), { padQrCodeBooking: false });
      const off = await look(alice, roomTokyo, tokyo);
      t.like(off.body.data, { offerBooking: false, bookAt: null });
      await setParams(app(), { padQrCodeBooking: true });
    },
  );
});
