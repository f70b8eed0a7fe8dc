/**
 * The live stream of booking changes (docs/architecture.md A8.6) over real HTTP: a booking made through the API
 * arrives on an open stream within 2 s with its change id and type; a reconnect with Last-Event-ID replays what
 * was missed in order, or answers `reset` once that id is no longer kept; a resource restricted to groups the
 * caller is outside of sends nothing; the subject follows showOthersSubject; a booking made on one Atrium process
 * reaches a stream of another process on the same database.
 */
import test from 'ava';
import { bookingFeed, bookingsFor, LiveStream } from '../../core/modules/live/index.ts';
import { perDialect } from '../helpers/app.ts';
import { BASE, book, staff, type Who } from '../helpers/bookings.ts';
import { dispatchChanges } from '../helpers/notify.ts';
import { createGroup, createPlace, createResource, setParams } from '../helpers/places-fixture.ts';
import { startAtriumProcess } from '../helpers/process.ts';
import { createUserWithPermissions, STAFF_PASSWORD } from '../helpers/users.ts';

const LIVE_MS = 2_000;

interface Frame {
  id?: string;
  event: string;
  data: Record<string, unknown>;
}

/** A client of the stream that parses frames as a browser's EventSource does (comments kept apart). */
class Stream {
  readonly frames: Frame[] = [];
  /** The Last-Event-ID a browser would hold now: the last `id:` of any dispatched block. */
  lastId?: string;
  status = 0;
  headers?: Headers;
  private readonly abort = new AbortController();
  private done?: Promise<void>;

  async open(base: string, token: string, resourceIds: number[], lastEventId?: string, mine = false): Promise<this> {
    const headers: Record<string, string> = { token, i18n: 'en', accept: 'text/event-stream' };
    if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
    const query = [resourceIds.length ? `resourceIds=${resourceIds.join(',')}` : '', mine ? 'mine=true' : '']
      .filter(Boolean)
      .join('&');
    const res = await fetch(`${base}/api/live/bookings?${query}`, {
      headers,
      signal: this.abort.signal,
    });
    this.status = res.status;
    this.headers = res.headers;
    if (res.status !== 200) {
      this.frames.push({ event: 'error', data: (await res.json()) as Record<string, unknown> });
      return this;
    }
    this.done = this.read(res.body!);
    return this;
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          let data: string | undefined;
          let id: string | undefined;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const [field, ...rest] = line.split(':');
            const value = rest.join(':').replace(/^ /, '');
            if (field === 'event') event = value;
            else if (field === 'data') data = value;
            else if (field === 'id') id = value;
          }
          if (id !== undefined) this.lastId = id;
          if (data !== undefined) this.frames.push({ id, event, data: JSON.parse(data) as Record<string, unknown> });
        }
      }
    } catch {
      // aborted
    }
  }

  /** The first frame (from `from`) that matches, waiting at most `ms`. */
  async next(match: (f: Frame) => boolean, ms = LIVE_MS, from = 0): Promise<Frame> {
    const until = Date.now() + ms;
    for (;;) {
      const found = this.frames.slice(from).find(match);
      if (found) return found;
      if (Date.now() > until)
        throw new Error(`no such frame within ${ms} ms; got ${JSON.stringify(this.frames.map((f) => f.event))}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async close(): Promise<void> {
    this.abort.abort();
    await this.done;
  }
}

async function until(done: () => boolean, what: string, ms = LIVE_MS): Promise<void> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const bookingOf = (f: Frame) => f.data.booking as { id: number; resourceId: number; subject: string | null };
const isBooking = (event: string, id: number) => (f: Frame) => f.event === event && bookingOf(f)?.id === id;

perDialect(test, (dialect, app) => {
  let alice: Who;
  let bob: Who;
  let carol: Who;
  let roomA: number;
  let roomB: number;
  let board: number;
  let hour = 0;
  const streams: Stream[] = [];
  /** A new hour on 2027-03-02 for each booking, so none conflicts with another. */
  const slot = (resourceId: number) => {
    const h = hour++;
    return {
      resourceId,
      meetingDate: `2027-03-${String(2 + Math.floor(h / 20)).padStart(2, '0')}`,
      startTime: `${String((h % 20) + 2).padStart(2, '0')}:00`,
      endTime: `${String((h % 20) + 3).padStart(2, '0')}:00`,
    };
  };
  const open = async (who: Who, ids: number[], lastEventId?: string, base = app().url) => {
    const s = await new Stream().open(base, who.token, ids, lastEventId);
    streams.push(s);
    return s;
  };
  const changeIdOf = async (bookingId: number, type: string) =>
    Number(
      ((await app().cradle.db('domain_events').where({ booking_id: bookingId, type }).first('id')) as { id: number })
        .id,
    );
  const booked = async (who: Who, body: Record<string, unknown>) => {
    const r = await book(app(), who, body);
    if (r.status !== 200) throw new Error(JSON.stringify(r.body));
    return r.body.data.id;
  };

  test.serial.before(async () => {
    app().clock.set(BASE);
    const place = await createPlace(app());
    roomA = await createResource(app(), place, { name: 'Aoi' });
    roomB = await createResource(app(), place, { name: 'Beni' });
    alice = await staff(app(), `live-alice-${dialect}`);
    bob = await staff(app(), `live-bob-${dialect}`);
    carol = await staff(app(), `live-carol-${dialect}`);
    board = await createResource(app(), place, {
      name: 'Board',
      groups: [await createGroup(app(), `live-board-${dialect}`, [alice.id])],
    });
  });
  test.serial.afterEach.always(async () => {
    await Promise.all(streams.splice(0).map((s) => s.close()));
  });

  test.serial(
    `${dialect}: mine=true follows the caller's own bookings wherever they are, and those awaiting their approval`,
    async (t) => {
      const approved = await createResource(app(), await createPlace(app()), {
        name: `Approved ${dialect}`,
        approvers: [carol.id],
      });
      const mine = new Stream();
      streams.push(await mine.open(app().url, alice.token, [], undefined, true));
      t.is(mine.status, 200);
      await mine.next((f) => f.event === 'ready');
      const approvals = new Stream();
      streams.push(await approvals.open(app().url, carol.token, [], undefined, true));
      await approvals.next((f) => f.event === 'ready');
      // Alice's booking in a room she does not follow reaches her; Bob's there does not.
      const hers = await booked(alice, slot(roomB));
      const his = await booked(bob, slot(roomB));
      await mine.next(isBooking('booking.created', hers));
      // One awaiting Carol's approval reaches Carol.
      const pending = await booked(bob, slot(approved));
      await approvals.next(isBooking('booking.created', pending));
      const later = await booked(alice, slot(roomA));
      await mine.next(isBooking('booking.created', later));
      t.false(mine.frames.some(isBooking('booking.created', his)), "others' bookings elsewhere are not sent");
      t.false(approvals.frames.some(isBooking('booking.created', hers)));
      // Neither resources nor mine: refused.
      const none = await app().get('/api/live/bookings', { token: alice.token });
      t.is(none.status, 400);
    },
  );

  test.serial(
    `${dialect}: a booking made through the API arrives within 2 s with its change id and type`,
    async (t) => {
      const s = await open(bob, [roomA, roomB]);
      t.is(s.status, 200);
      t.regex(s.headers!.get('content-type') ?? '', /^text\/event-stream/);
      t.regex(s.headers!.get('cache-control') ?? '', /no-cache/);
      t.is(s.headers!.get('x-accel-buffering'), 'no');
      const ready = await s.next((f) => f.event === 'ready');
      t.deepEqual(ready.data, { resourceIds: [roomA, roomB] });

      const started = Date.now();
      const id = await booked(alice, { ...slot(roomA), subject: 'Planning' });
      const got = await s.next(isBooking('booking.created', id));
      t.true(Date.now() - started < LIVE_MS);
      t.is(Number(got.id), await changeIdOf(id, 'booking.created'));
      t.is(s.lastId, got.id, 'a reconnect would resume after it');
      const b = bookingOf(got) as unknown as Record<string, unknown>;
      t.is(b.resourceId, roomA);
      t.is(b.subject, 'Planning', 'others’ subjects are shown by default');
      t.is(b.state, 'confirmed');
      for (const secret of ['checkInCode', 'remarks', 'innerAttendeeIds', 'outerAttendees', 'phone'])
        t.false(secret in b, `${secret} is not sent`);

      const size = app().cradle.liveStream.size;
      await s.close();
      await until(() => app().cradle.liveStream.size === size - 1, 'closing the connection unsubscribes');
    },
  );

  test.serial(`${dialect}: a user without the grid's permission is refused`, async (t) => {
    const id = await createUserWithPermissions(app(), `live-none-${dialect}`, ['center:approve:view']);
    const who = { id, token: await app().tokenFor(`live-none-${dialect}`, STAFF_PASSWORD) };
    const s = await open(who, [roomA]);
    t.is(s.status, 403);
    const bad = await app().get('/api/live/bookings?resourceIds=1,x', { token: bob.token, lang: 'ja' });
    t.is(bad.status, 400);
    t.is(bad.body.errors?.[0]?.field, 'resourceIds');
  });

  test.serial(`${dialect}: the subject is hidden from others where showOthersSubject says so`, async (t) => {
    await setParams(app(), { showOthersSubject: false });
    try {
      const [bobs, alices] = [await open(bob, [roomB]), await open(alice, [roomB])];
      const id = await booked(alice, { ...slot(roomB), subject: 'Secret merger' });
      t.is(bookingOf(await bobs.next(isBooking('booking.created', id))).subject, null);
      t.is(bookingOf(await alices.next(isBooking('booking.created', id))).subject, 'Secret merger', 'the organiser');
    } finally {
      await setParams(app(), { showOthersSubject: true });
    }
  });

  test.serial(`${dialect}: a resource restricted to groups the caller is outside of sends nothing`, async (t) => {
    const refused = await app().get(`/api/live/bookings?resourceIds=${board}`, { token: carol.token, lang: 'cn' });
    t.is(refused.status, 404);
    t.regex(refused.body.msg, /[\u4e00-\u9fff]/);

    const carols = await open(carol, [roomA, board]);
    t.deepEqual((await carols.next((f) => f.event === 'ready')).data, { resourceIds: [roomA] });
    const alices = await open(alice, [board]);
    const secret = await booked(alice, slot(board));
    await alices.next(isBooking('booking.created', secret));
    const visible = await booked(alice, slot(roomA));
    await carols.next(isBooking('booking.created', visible));
    t.false(
      carols.frames.some((f) => bookingOf(f)?.id === secret),
      'nothing of the restricted room',
    );
  });

  test.serial(`${dialect}: a booking moved away tells the old resource's followers it left`, async (t) => {
    const id = await booked(alice, slot(roomA));
    const s = await open(bob, [roomA]);
    await s.next((f) => f.event === 'ready');
    const moved = await app().put(`/api/bookings/${id}`, { resourceId: roomB }, { token: alice.token });
    t.is(moved.status, 200, JSON.stringify(moved.body));
    const left = await s.next((f) => f.event === 'booking.left');
    t.deepEqual(left.data, { booking: { id, resourceId: roomA } });
    t.is(Number(left.id), await changeIdOf(id, 'booking.updated'));
  });

  test.serial(`${dialect}: a reconnect with Last-Event-ID receives what it missed, in order`, async (t) => {
    const first = await open(bob, [roomA]);
    const ready = await first.next((f) => f.event === 'ready');
    await first.close();
    const id = await booked(alice, slot(roomA));
    const other = await booked(alice, slot(roomB));
    t.is((await app().put(`/api/bookings/${id}`, { subject: 'Renamed' }, { token: alice.token })).status, 200);
    t.is(
      (await app().post(`/api/bookings/${id}/cancel`, { reason: 'No longer needed' }, { token: alice.token })).status,
      200,
    );

    const again = await open(bob, [roomA], ready.id);
    const cancelled = await again.next(isBooking('booking.cancelled', id));
    const got = again.frames.filter((f) => f.event.startsWith('booking.'));
    t.deepEqual(
      got.map((f) => f.event),
      ['booking.created', 'booking.updated', 'booking.cancelled'],
    );
    t.deepEqual(
      got.map((f) => Number(f.id)),
      [
        await changeIdOf(id, 'booking.created'),
        await changeIdOf(id, 'booking.updated'),
        await changeIdOf(id, 'booking.cancelled'),
      ],
    );
    t.is(bookingOf(got[1]!).subject, 'Renamed');
    t.false(
      again.frames.some((f) => bookingOf(f)?.id === other),
      'nothing of a resource it does not follow',
    );
    t.is(again.lastId, cancelled.id);
    t.false(
      again.frames.some((f) => f.event === 'reset'),
      'nothing to refetch',
    );
  });

  test.serial(
    `${dialect}: heartbeats move the client past what it was not shown; a stream ends after its lifetime`,
    async (t) => {
      const c = app().cradle;
      const stream = new LiveStream(c, bookingFeed(c), { heartbeatMs: 100 });
      try {
        const body = await stream.subscribe({
          select: bookingsFor(bob.id, [roomA]),
          hello: {},
          lifetimeMs: 1_500,
        });
        let text = '';
        body.on('data', (chunk: Buffer) => (text += chunk.toString()));
        const ended = new Promise((resolve) => body.once('close', resolve));
        const other = await booked(alice, slot(roomB));
        const changeId = await changeIdOf(other, 'booking.created');
        await until(() => text.includes(`: heartbeat\nid: ${changeId}\n\n`), 'a heartbeat with the id');
        t.false(text.includes('event: booking.'), 'nothing of a resource it does not follow');
        await ended;
        t.is(stream.size, 0, 'ended after its lifetime');
      } finally {
        await stream.close();
      }
    },
  );

  test.serial(`${dialect}: too many streams on one process are refused with a translated 429`, async (t) => {
    const options = app().cradle.liveStream.options as { maxClients: number };
    const before = options.maxClients;
    await until(() => app().cradle.liveStream.size === 0, 'the closed streams are unsubscribed');
    options.maxClients = 1;
    try {
      t.is((await open(bob, [roomA])).status, 200);
      const refused = await app().get(`/api/live/bookings?resourceIds=${roomA}`, { token: bob.token, lang: 'ja' });
      t.is(refused.status, 429);
      t.truthy(refused.headers.get('retry-after'));
      t.regex(refused.body.msg, /[\u3040-\u30ff]/);
    } finally {
      options.maxClients = before;
    }
  });

  test.serial(`${dialect}: a booking made on one process arrives on a stream of another`, async (t) => {
    t.timeout(90_000);
    const other = await startAtriumProcess(app());
    try {
      const s = await open(bob, [roomA, roomB], undefined, other.url);
      t.is(s.status, 200);
      await s.next((f) => f.event === 'ready', 10_000);
      const started = Date.now();
      const id = await booked(alice, slot(roomB));
      const got = await s.next(isBooking('booking.created', id));
      t.true(Date.now() - started < LIVE_MS, `${Date.now() - started} ms`);
      t.is(Number(got.id), await changeIdOf(id, 'booking.created'));
    } finally {
      await Promise.all(streams.splice(0).map((s) => s.close()));
      other.child.kill('SIGTERM');
      await other.ended;
    }
  });

  // Last: the retention empties the record.
  test.serial(`${dialect}: an id no longer kept gets reset, then the stream goes on`, async (t) => {
    const old = await booked(alice, slot(roomA));
    const oldId = await changeIdOf(old, 'booking.created');
    await dispatchChanges(app());
    const days = Number(await app().cradle.paramsService.get('changeRetentionDays'));
    app().clock.advance((days + 1) * 86_400_000);
    t.true((await app().cradle.changeRetention.purge(app().clock.now())) > 0);
    // The sign-ins expired with the days.
    alice = await staff(app(), `live-alice-${dialect}`);
    bob = await staff(app(), `live-bob-${dialect}`);
    // Bookings are made relative to the clock: a later day.
    hour = 20 * 30;
    const fresh = await booked(alice, { ...slot(roomA), meetingDate: '2027-03-10' });

    const s = await open(bob, [roomA], String(oldId - 1));
    const reset = await s.next((f) => f.event === 'reset');
    t.is(Number(reset.id), Number(reset.data.lastEventId));
    t.true(Number(reset.id) >= (await changeIdOf(fresh, 'booking.created')));
    t.false(
      s.frames.some((f) => f.event.startsWith('booking.')),
      'nothing replayed',
    );
    const later = await booked(alice, { ...slot(roomA), meetingDate: '2027-03-11' });
    await s.next(isBooking('booking.created', later));

    const future = await open(bob, [roomA], '999999999');
    await future.next((f) => f.event === 'reset');
    const garbage = await open(bob, [roomA], 'abc');
    await garbage.next((f) => f.event === 'reset');
  });
});
