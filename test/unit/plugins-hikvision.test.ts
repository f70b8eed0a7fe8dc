/**
 * The Hikvision providers (plugins/hikvision-access, plugins/hikvision-face) against fake ISAPI terminals on
 * 127.0.0.1 (test/fixtures/fakes/hikvision.ts) that demand MD5 digest: grants become terminal users with cards
 * and a validity window in the terminal's local time, a second grant of the same booking and lock replaces the
 * first, revokes delete (a revoke of nothing succeeds), doors open, cards read and faces matched on the alert
 * stream reach `watch`; faces are enrolled and removed in the face library. A wrong password, a terminal's
 * refusal and a silent terminal throw.
 */
import test from 'ava';
import {
  createTestContext,
  type AccessProvider,
  type CardRead,
  type FaceIdentified,
  type FaceProvider,
  type TestContext,
} from '../../core/plugin-sdk/index.ts';
import hikAccess, { employeeNoOf } from '../../plugins/hikvision-access/index.ts';
import hikFace from '../../plugins/hikvision-face/index.ts';
import { fakeHikvision, type FakeHikvision } from '../fixtures/fakes/hikvision.ts';

const NOW = Date.UTC(2027, 2, 1, 8, 0); // 17:00 in Tokyo
const MIN = 60_000;
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('a face, as far as the fake can tell')]);

function access(fake: FakeHikvision, extra: Record<string, unknown> = {}) {
  const settings = hikAccess.settings.parse({
    password: 'Term1nal!',
    terminals: [{ id: 'door-a', name: 'Door A', url: fake.url, timeZone: 'Asia/Tokyo' }],
    ...extra,
  });
  const ctx = createTestContext(settings, { kind: 'access', pluginId: 'hikvision-access', now: NOW });
  return { p: hikAccess.create(ctx) as AccessProvider, ctx };
}

function face(fake: FakeHikvision): { p: FaceProvider; ctx: TestContext<unknown> } {
  const settings = hikFace.settings.parse({
    password: 'Term1nal!',
    terminals: [{ id: 'face-1', name: 'Lobby', url: fake.url }],
  });
  const ctx = createTestContext(settings, { kind: 'face', pluginId: 'hikvision-face', now: NOW });
  return { p: hikFace.create(ctx) as FaceProvider, ctx: ctx as TestContext<unknown> };
}

async function until(what: string, check: () => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

test('the definitions: password sealed, terminals an endpoint, time zones checked', (t) => {
  for (const def of [hikAccess, hikFace]) {
    t.deepEqual(def.secrets, ['password']);
    t.deepEqual(def.endpoints, ['terminals']);
  }
  t.is(hikAccess.kind, 'access');
  t.is(hikFace.kind, 'face');
  const terminal = { id: 'door-a', name: 'Door A', url: 'http://10.0.0.9', timeZone: 'Asia/Shanghai' };
  const parsed = hikAccess.settings.parse({ password: 'x', terminals: [terminal] });
  t.is(parsed.username, 'admin');
  t.is(parsed.terminals[0]!.doorNo, 1);
  t.false(
    hikAccess.settings.safeParse({ password: 'x', terminals: [{ ...terminal, timeZone: 'Mars/Olympus' }] }).success,
  );
  t.false(hikAccess.settings.safeParse({ password: 'x', terminals: [terminal, terminal] }).success);
  t.regex(employeeNoOf('alice'), /^atr[0-9a-f]{24}$/);
});

test('a grant makes users with cards, the window in the terminal zone; a second grant replaces; revoke deletes', async (t) => {
  const fake = await fakeHikvision();
  t.teardown(fake.close);
  const { p } = access(fake);
  const alice = employeeNoOf('alice');
  const bob = employeeNoOf('bob');
  const grant = {
    bookingId: 7,
    lockId: 'door-a',
    people: [
      { username: 'alice', cardNo: '1001' },
      { username: 'bob', cardNo: '1002' },
      { username: 'carol', cardNo: null },
    ],
    from: NOW + 50 * MIN,
    to: NOW + 130 * MIN,
  };
  await p.grant(grant);
  t.deepEqual([...fake.users.keys()].sort(), [alice, bob].sort(), 'carol has no card: not on the terminal');
  t.like(fake.users.get(alice), {
    name: 'alice',
    userType: 'normal',
    Valid: { enable: true, beginTime: '2027-03-01T17:50:00', endTime: '2027-03-01T19:10:00', timeType: 'local' },
    doorRight: '1',
  });
  t.deepEqual(fake.cards.get('1001'), { employeeNo: alice, cardType: 'normalCard' });
  t.deepEqual(fake.cards.get('1002'), { employeeNo: bob, cardType: 'normalCard' });

  await p.grant(grant);
  t.is(fake.users.size, 2, 'the same grant twice is harmless');

  // The booking moves and loses bob: his user goes, alice's window follows.
  await p.grant({
    ...grant,
    people: [{ username: 'alice', cardNo: '1001' }],
    from: NOW + 110 * MIN,
    to: NOW + 190 * MIN,
  });
  t.deepEqual([...fake.users.keys()], [alice]);
  t.false(fake.cards.has('1002'));
  t.like(fake.users.get(alice)!.Valid, { beginTime: '2027-03-01T18:50:00', endTime: '2027-03-01T20:10:00' });

  await p.revoke(7, 'door-a');
  t.is(fake.users.size, 0);
  t.is(fake.cards.size, 0);
  const calls = fake.requests.length;
  await p.revoke(7, 'door-a');
  await p.revoke(404, 'door-a');
  t.is(fake.requests.length, calls, 'nothing granted: nothing to call, and success');
});

test("two bookings of one person at one door share the person's user; a changed card replaces the old one", async (t) => {
  const fake = await fakeHikvision();
  t.teardown(fake.close);
  const { p } = access(fake);
  const alice = employeeNoOf('alice');
  await p.grant({
    bookingId: 1,
    lockId: 'door-a',
    people: [{ username: 'alice', cardNo: '1001' }],
    from: NOW,
    to: NOW + 60 * MIN,
  });
  await p.grant({
    bookingId: 2,
    lockId: 'door-a',
    people: [{ username: 'alice', cardNo: '1001' }],
    from: NOW + 240 * MIN,
    to: NOW + 300 * MIN,
  });
  t.like(fake.users.get(alice)!.Valid, { beginTime: '2027-03-01T17:00:00', endTime: '2027-03-01T22:00:00' });
  await p.revoke(1, 'door-a');
  t.like(fake.users.get(alice)!.Valid, { beginTime: '2027-03-01T21:00:00', endTime: '2027-03-01T22:00:00' });

  await p.grant({
    bookingId: 2,
    lockId: 'door-a',
    people: [{ username: 'alice', cardNo: '2001' }],
    from: NOW + 240 * MIN,
    to: NOW + 300 * MIN,
  });
  t.deepEqual([...fake.cards.keys()], ['2001'], 'the old card is gone from the terminal');
  await p.revoke(2, 'door-a');
  t.is(fake.users.size, 0);
});

test("the terminal's refusal throws with its subStatusCode", async (t) => {
  const fake = await fakeHikvision();
  t.teardown(fake.close);
  const { p } = access(fake);
  await p.grant({
    bookingId: 1,
    lockId: 'door-a',
    people: [{ username: 'alice', cardNo: '1001' }],
    from: NOW,
    to: NOW + MIN,
  });
  const err = await t.throwsAsync(
    p.grant({
      bookingId: 2,
      lockId: 'door-a',
      people: [{ username: 'mallory', cardNo: '1001' }],
      from: NOW,
      to: NOW + MIN,
    }),
  );
  t.regex(err!.message, /CardInfo\/SetUp failed with 6 Invalid Content \(cardNoAlreadyExist\)/);
  await t.throwsAsync(p.revoke(1, 'door-b'), { message: /no Hikvision terminal "door-b"/ });
});

test('open sends the remote control command; health reads deviceInfo', async (t) => {
  const fake = await fakeHikvision({ doors: 2 });
  t.teardown(fake.close);
  const { p } = access(fake, {
    terminals: [{ id: 'door-a', name: 'Door A', url: fake.url, timeZone: 'Asia/Tokyo', doorNo: 2 }],
  });
  await p.open!('door-a');
  t.deepEqual(fake.opened, [2]);
  const health = await p.health!();
  t.true(health.ok);
  t.regex(health.detail!, /Door A: DS-K1T671MF V3\.2\.30/);
  t.is(fake.requests.filter((r) => !r.authorized).length, 1, 'one challenge, reused');
});

test('a wrong password throws after one refused answer; health fails', async (t) => {
  const fake = await fakeHikvision();
  t.teardown(fake.close);
  const { p } = access(fake, { password: 'guess' });
  const err = await t.throwsAsync(p.open!('door-a'));
  t.regex(err!.message, /refused the user name or password/);
  t.is(fake.requests.length, 2, 'challenged, answered once, refused: no loop towards a lock-out');
  t.deepEqual(fake.opened, []);
  t.false((await p.health!()).ok);
});

test('a terminal that does not answer throws within the timeout', async (t) => {
  const fake = await fakeHikvision({ hang: true });
  t.teardown(fake.close);
  const { p } = access(fake, { timeoutMs: 1000 });
  const started = Date.now();
  const err = await t.throwsAsync(
    p.grant({ bookingId: 1, lockId: 'door-a', people: [{ username: 'alice', cardNo: '1' }], from: NOW, to: NOW + MIN }),
  );
  const took = Date.now() - started;
  t.regex(err!.message, /^Hikvision Door A \(127\.0\.0\.1:\d+\) unreachable: /);
  t.true(took >= 900 && took < 5000, `gave up after ${took} ms`);
});

test('a card read on the alert stream reaches watch', async (t) => {
  const fake = await fakeHikvision();
  t.teardown(fake.close);
  const { p } = access(fake);
  const reads: CardRead[] = [];
  const stop = await p.watch!((r) => reads.push(r));
  t.teardown(stop);
  await until('the alert stream', () => fake.streams() === 1);
  fake.accessEvent({ cardNo: '1001', employeeNoString: employeeNoOf('alice') });
  fake.accessEvent({ subEventType: 75, currentVerifyMode: 'face', employeeNoString: 'x' }); // no card: not a read
  fake.accessEvent({ cardNo: '1002' }, '2027-03-01T18:01:02+09:00');
  await until('two reads', () => reads.length === 2);
  t.deepEqual(reads, [
    { readerId: 'door-a', cardNo: '1001', at: Date.parse('2027-03-01T17:55:00+09:00') },
    { readerId: 'door-a', cardNo: '1002', at: Date.parse('2027-03-01T18:01:02+09:00') },
  ]);

  // The terminal drops the stream: it is opened again (after a second's pause) and reads go on.
  fake.dropStreams();
  await until('the stream to drop', () => fake.streams() === 0);
  await until('the stream to be reopened', () => fake.streams() === 1);
  fake.accessEvent({ cardNo: '1003' });
  await until('a third read', () => reads.length === 3);
  t.is(reads[2]!.cardNo, '1003');
  stop();
  await until('the stream to close', () => fake.streams() === 0);
});

test('faces: enrol puts a user and its face in the library, again replaces, remove deletes; matches reach watch', async (t) => {
  const fake = await fakeHikvision();
  t.teardown(fake.close);
  const { p } = face(fake);
  await p.enrol({ userId: 12, username: 'alice', name: 'Alice Liddell', images: [JPEG] });
  t.like(fake.users.get('atrf12'), { name: 'Alice Liddell', userType: 'normal' });
  const stored = fake.faces.get('1/atrf12');
  t.deepEqual(stored?.record, { faceLibType: 'blackFD', FDID: '1', FPID: 'atrf12' });
  t.deepEqual(stored?.image, JPEG);
  t.is(stored?.type, 'image/jpeg');

  const second = Buffer.concat([JPEG, Buffer.from(' and a better one')]);
  await p.enrol({ userId: 12, username: 'alice', name: 'Alice Liddell', images: [second] });
  t.deepEqual(fake.faces.get('1/atrf12')?.image, second, 'a new upload replaces the face');

  const matches: FaceIdentified[] = [];
  const stop = await p.watch!((m) => matches.push(m));
  t.teardown(stop);
  await until('the alert stream', () => fake.streams() === 1);
  fake.accessEvent({ subEventType: 75, currentVerifyMode: 'cardOrFace', employeeNoString: 'atrf12' });
  fake.accessEvent({ subEventType: 75, employeeNoString: 'atrf99' }); // not enrolled by Atrium
  fake.accessEvent({ subEventType: 1, cardNo: '1001' }); // a card, not a face
  fake.accessEvent({ subEventType: 75, employeeNoString: 'atrf12' }, '2027-03-01T17:56:00+09:00');
  await until('two matches', () => matches.length === 2);
  t.deepEqual(matches[0], {
    terminalId: 'face-1',
    username: 'alice',
    score: 1,
    at: Date.parse('2027-03-01T17:55:00+09:00'),
  });

  await p.remove(12, 'alice');
  t.false(fake.faces.has('1/atrf12'));
  t.false(fake.users.has('atrf12'));
  await p.remove(12, 'alice'); // repeated: harmless
  await p.remove(404, 'nobody');
  t.like(await p.health!(), { ok: true });
});

test("a picture the terminal refuses throws with the terminal's reason", async (t) => {
  const fake = await fakeHikvision();
  t.teardown(fake.close);
  const { p } = face(fake);
  const err = await t.throwsAsync(
    p.enrol({ userId: 3, username: 'bob', name: 'Bob', images: [Buffer.from('GIF89a')] }),
  );
  t.regex(err!.message, /FaceDataRecord failed with 6 Invalid Content \(badParameters\)/);
  await t.throwsAsync(p.enrol({ userId: 3, username: 'bob', name: 'Bob', images: [] }), { message: /no face image/ });
});
