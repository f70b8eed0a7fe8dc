/**
 * The Microsoft 365 calendar provider (plugins/m365-calendar) through the real core, on SQLite and MariaDB, against
 * the fake Graph of room mailboxes (test/fixtures/fakes/graph-calendar.ts): selected with PUT
 * /inte/settings/calendar and a room mirrored with its mailbox, a booking made in Atrium appears in the mailbox (and
 * is not read back as an outside event); an Outlook meeting by a known organiser becomes their booking after POST
 * /inte/event/pull; a meeting on a taken time is declined in the mailbox with the reason; the notification endpoint
 * answers Graph's validation handshake (the subscription is made against it), ignores a wrong clientState and pulls
 * on a genuine notification (docs/product-rules.md R23.5).
 */
import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { BASE, book, HOUR, staff, type Who } from '../helpers/bookings.ts';
import { dispatchChanges } from '../helpers/notify.ts';
import { createPlace, createResource } from '../helpers/places-fixture.ts';
import { fakeGraphCalendar, type FakeGraphCalendar } from '../fixtures/fakes/graph-calendar.ts';

const DAY2 = BASE + 24 * HOUR - 8 * HOUR; // Tuesday 2027-03-02 00:00 UTC
const at = (hour: number) => DAY2 + hour * HOUR;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

perDialect(test, (dialect, app) => {
  let fake: FakeGraphCalendar;
  let token: string;
  let room: number;
  let alice: Who;
  const mailbox = `boardroom-${dialect}@contoso.example`;
  const clientState = `client-state-${dialect}-0123456789`;
  const pull = async () => {
    const res = await app().post<{ data: Record<string, number> }>('/api/inte/event/pull', {}, { token });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.data;
  };
  const row = (uid: string) => app().cradle.db('calendar_events').where({ uid }).first();
  const drain = async () => {
    await dispatchChanges(app());
    app().clock.advance(1000);
    await app().cradle.outboxWorker.drainDue();
  };

  test.serial.before(async () => {
    fake = await fakeGraphCalendar({ now: () => app().clock.now() });
    app().clock.set(BASE);
    token = await app().adminToken();
    room = await createResource(app(), await createPlace(app()), { name: `Boardroom ${dialect}` });
    alice = await staff(app(), `m365-alice-${dialect}`);
    const saved = await app().put(
      '/api/inte/settings/calendar',
      {
        provider: 'm365-calendar',
        settings: {
          tenantId: fake.tenantId,
          clientId: fake.clientId,
          clientSecret: fake.clientSecret,
          authorityUrl: fake.url,
          graphUrl: fake.url,
          notificationUrl: `${app().url}/api/inte/event/notifications`,
          clientState,
        },
      },
      { token },
    );
    if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
    const mirrored = await app().put(`/api/inte/event/rooms/${room}`, { ref: mailbox }, { token });
    if (mirrored.status !== 200) throw new Error(JSON.stringify(mirrored.body));
  });
  test.serial.after.always(async () => {
    await fake?.close();
  });

  test.serial(`${dialect}: the tenant's rooms from the Places API are offered to mirror, searched`, async (t) => {
    fake.rooms.push(
      { emailAddress: mailbox, displayName: `Boardroom ${dialect}` },
      { emailAddress: `cedar-${dialect}@contoso.example`, displayName: 'Cedar' },
    );
    type Rooms = { data: { provider: string; rooms: Array<{ ref: string; name: string }>; error: string | null } };
    const all = await app().get<Rooms>('/api/inte/event/providerRooms', { token });
    t.is(all.status, 200);
    t.like(all.body.data, { provider: 'm365-calendar', error: null });
    t.true(all.body.data.rooms.some((r) => r.ref === mailbox && r.name === `Boardroom ${dialect}`));
    const searched = await app().get<Rooms>('/api/inte/event/providerRooms?q=cedar', { token });
    t.deepEqual(
      searched.body.data.rooms.map((r) => r.ref),
      [`cedar-${dialect}@contoso.example`],
    );
    t.is((await app().get('/api/inte/event/providerRooms', { token: alice.token })).status, 403);
  });

  test.serial(`${dialect}: a booking made in Atrium appears in the room mailbox, not read back`, async (t) => {
    t.like(await pull(), { events: 0 }, 'the first read learns the room’s mailbox');
    const made = await book(app(), alice, {
      resourceId: room,
      meetingDate: '2027-03-02',
      startTime: '14:00',
      endTime: '15:00',
      subject: 'Board review',
    });
    t.is(made.status, 200, JSON.stringify(made.body));
    await drain();
    const written = fake.events(mailbox).find((e) => e.transactionId === `atrium-booking-${made.body.data.id}`);
    t.truthy(written, JSON.stringify(fake.events(mailbox)));
    t.is(written!.subject, 'Board review');
    t.deepEqual(written!.categories, ['Atrium']);
    t.is(Date.parse(`${written!.start.dateTime.slice(0, 19)}Z`), at(14));
    t.like(await pull(), { events: 0 }, 'Atrium’s own event is left out');
  });

  test.serial(`${dialect}: an Outlook meeting becomes its organiser's booking`, async (t) => {
    const meeting = fake.addEvent(mailbox, {
      subject: 'Outlook planning',
      startAt: at(9),
      endAt: at(10),
      organizer: { name: 'Alice', address: `m365-alice-${dialect}@example.org` },
    });
    t.like(await pull(), { events: 1, booked: 1 });
    const r = await row(meeting.iCalUId);
    t.like(r, { state: 'booked', subject: 'Outlook planning' });
    t.like(await app().cradle.db('bookings').where({ id: r.booking_id }).first(), {
      organiser_id: alice.id,
      resource_id: room,
    });
    t.like(await pull(), { events: 0 });
  });

  test.serial(`${dialect}: a meeting on a taken time is declined in the mailbox with the reason`, async (t) => {
    const clash = fake.addEvent(mailbox, {
      subject: 'Clash',
      startAt: at(14) + 30 * 60_000,
      endAt: at(15) + 30 * 60_000,
      organizer: { name: 'Alice', address: `m365-alice-${dialect}@example.org` },
    });
    t.like(await pull(), { declined: 1 });
    const r = await row(clash.iCalUId);
    t.is(r.state, 'declined');
    t.truthy(r.reason);
    await drain();
    const declined = fake.declines.find((d) => d.iCalUId === clash.iCalUId);
    t.like(declined, { mailbox, comment: r.reason, sendResponse: true });
    t.false(
      fake.events(mailbox).some((e) => e.id === clash.id),
      'out of the room’s calendar',
    );
    t.like(await pull(), { cancelled: 0 }, 'the room’s own decline is not a cancellation');
    t.is((await row(clash.iCalUId)).state, 'declined');
  });

  test.serial(`${dialect}: change notifications: the handshake, a wrong clientState, a pull`, async (t) => {
    const hs = await fetch(`${app().url}/api/inte/event/notifications?validationToken=${encodeURIComponent('a b+c')}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
    });
    t.is(hs.status, 200);
    t.regex(hs.headers.get('content-type') ?? '', /^text\/plain/);
    t.is(await hs.text(), 'a b+c');
    const subs = [...fake.subscriptions.values()].filter((s) => s.resource === `/users/${mailbox}/events`);
    t.is(subs.length, 1, 'subscribed once, validated against Atrium');
    t.like(subs[0], { clientState, changeType: 'created,updated,deleted' });

    const meeting = fake.addEvent(mailbox, {
      subject: 'Pushed',
      startAt: at(11),
      endAt: at(12),
      organizer: { name: 'Alice', address: `m365-alice-${dialect}@example.org` },
    });
    t.deepEqual(await fake.notify(mailbox, 'created', 'not-the-state'), [202]);
    await sleep(300);
    t.falsy(await row(meeting.iCalUId), 'a wrong clientState pulls nothing');
    t.deepEqual(await fake.notify(mailbox, 'created'), [202]);
    let r: { state?: string } | undefined;
    for (let i = 0; i < 200 && !r; i++) {
      await sleep(100);
      r = await row(meeting.iCalUId);
    }
    t.like(r, { state: 'booked' });
  });
});
