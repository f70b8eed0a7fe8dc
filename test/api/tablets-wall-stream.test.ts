/**
 * The wall screen's live stream (docs/product-rules.md R19.12), on SQLite and MariaDB: GET /pad/wall/stream on a
 * wall's credential carries, within 2 s, the booking changes of the rooms the wall shows (its panel's place) with
 * subjects as a bystander sees them, and not those of a room elsewhere; a wall of every panel hears both places; a
 * door tablet's credential and a user's token are refused.
 */
import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { admin, BASE, book, staff, type Who } from '../helpers/bookings.ts';
import { openEventStream, type OpenStream } from '../helpers/event-stream.ts';
import { createPlace, createResource, setParams } from '../helpers/places-fixture.ts';

const LIVE_MS = 2_000;

/** The wall's stream on its credential (refused answers are the tests' failures). */
async function openStream(base: string, credential: string): Promise<OpenStream> {
  const stream = await openEventStream(`${base}/api/pad/wall/stream`, { authorization: `Device ${credential}` });
  if (stream.status !== 200) throw new Error(`the stream answered ${stream.status}`);
  return stream;
}

async function until(done: () => boolean, ms = LIVE_MS): Promise<boolean> {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return done();
}

perDialect(test, (dialect, app) => {
  let root: Who;
  let alice: Who;
  let oak = 0;
  let far = 0;
  let hour = 9;

  const pair = async (body: Record<string, unknown>): Promise<string> => {
    const code = await app().post<{ data: { code: string } }>('/api/sys/tablets/pairing', body, { token: root.token });
    if (code.status !== 200) throw new Error(JSON.stringify(code.body));
    const res = await app().post<{ data: { credential: string } }>('/api/pad/pair', {
      code: code.body.data.code,
      language: 'en',
    });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.data.credential;
  };
  const bookOn = async (resourceId: number, subject: string): Promise<number> => {
    const h = hour++;
    const res = await book(app(), alice, {
      resourceId,
      meetingDate: '2027-03-02',
      startTime: `${String(h).padStart(2, '0')}:00`,
      endTime: `${String(h + 1).padStart(2, '0')}:00`,
      subject,
    });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.data.id;
  };

  test.serial.before(async () => {
    app().clock.set(BASE);
    root = await admin(app());
    alice = await staff(app(), 'wall-stream-alice');
    const place = await createPlace(app());
    const other = await createPlace(app());
    oak = await createResource(app(), place, { name: 'Oak' });
    far = await createResource(app(), other, { name: 'Far away' });
    for (const [name, locationId] of [
      ['Lobby', place.locationId],
      ['Annex', other.locationId],
    ] as const) {
      const res = await app().post('/api/room/dashboard/panels', { name, locationId }, { token: root.token });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    }
    await setParams(app(), { showOthersSubject: false });
  });

  test.serial(
    `${dialect}: a wall of one panel hears its rooms within 2 s, subjects hidden, and not a room elsewhere`,
    async (t) => {
      const panels = await app().get<{ data: Array<{ id: number; name: string }> }>('/api/room/dashboard/panels', {
        token: root.token,
      });
      const lobby = panels.body.data.find((p) => p.name === 'Lobby')!.id;
      const stream = await openStream(app().url, await pair({ wall: true, panelId: lobby }));
      try {
        t.true(await until(() => stream.text().includes('event: ready')), 'ready');
        t.true(stream.text().includes(`"resourceIds":[${oak}]`), stream.text().slice(0, 300));
        const elsewhere = await bookOn(far, 'Far plans');
        const here = await bookOn(oak, 'Secret board');
        t.true(await until(() => stream.text().includes(`"id":${here}`)), 'the booking on its room within 2 s');
        t.true(stream.text().includes('event: booking.created'));
        t.false(stream.text().includes('Secret board'), 'the subject stays hidden');
        // Frames go out in change order: the later booking's arrival means the earlier one was passed over.
        t.false(stream.text().includes(`"id":${elsewhere}`), 'nothing of a room the wall does not show');
      } finally {
        await stream.close();
      }
    },
  );

  test.serial(`${dialect}: a wall of every panel hears every panel’s rooms`, async (t) => {
    const stream = await openStream(app().url, await pair({ wall: true }));
    try {
      t.true(await until(() => stream.text().includes('event: ready')), 'ready');
      const elsewhere = await bookOn(far, 'Annex plans');
      t.true(await until(() => stream.text().includes(`"id":${elsewhere}`)), 'the other panel’s room');
    } finally {
      await stream.close();
    }
  });

  test.serial(`${dialect}: a door tablet and a user are refused`, async (t) => {
    const door = await pair({ resourceId: oak });
    const res = await fetch(`${app().url}/api/pad/wall/stream`, { headers: { authorization: `Device ${door}` } });
    t.is(res.status, 403);
    await res.body?.cancel();
    t.is((await app().get('/api/pad/wall/stream', { token: alice.token })).status, 403);
  });
});
