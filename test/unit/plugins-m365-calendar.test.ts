/**
 * The Microsoft 365 calendar provider (plugins/m365-calendar) alone against the fake Graph of room mailboxes
 * (test/fixtures/fakes/graph-calendar.ts): a booking's event is created in the room mailbox (the template's, or the
 * room's mailbox once `changes` saw it) with its transactionId and the Atrium category, updated in place keeping its
 * iCalUId, removed on cancel; `changes` lists the Outlook meetings (iCalUId, UTC times, organiser, a series' RRULE)
 * and not Atrium's own, then only what changed (an update, a deletion as cancelled); a stale deltaLink falls back to
 * a fresh delta; a room that cannot be read does not stop the others; a series' occurrences are reported once as
 * recurring; `decline` posts the reason, and the room's own decline is not reported back as a cancellation; busy
 * times from getSchedule; subscriptions made with the handshake and renewed; a 401 refreshes the token, a 429 waits;
 * health reads the Places room list.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import {
  createTestContext,
  type BookingSnapshot,
  type CalendarProvider,
  type TestContext,
} from '../../core/plugin-sdk/index.ts';
import m365, { rruleOf, type Settings } from '../../plugins/m365-calendar/index.ts';
import { fakeGraphCalendar, type FakeGraphCalendar } from '../fixtures/fakes/graph-calendar.ts';

const HOUR = 3600_000;
const T0 = Date.UTC(2026, 2, 2, 9);
const ROOM = 'room-1@contoso.example';

function booking(over: Partial<BookingSnapshot> = {}): BookingSnapshot {
  return {
    id: 1,
    resourceId: 1,
    resourceName: 'Room 1',
    resourceType: 1,
    locationName: null,
    floorName: null,
    organiserId: 7,
    subject: 'Weekly planning',
    timeZone: 'Europe/Paris',
    state: 'confirmed',
    checkStatus: 0,
    checkInCode: '1234',
    seriesId: null,
    reminderMinutes: 0,
    remarks: null,
    sequence: 0,
    innerAttendeeIds: [],
    outerAttendees: [],
    meetingDate: '2026-03-02',
    startTime: '10:00',
    endTime: '11:00',
    wholeDay: false,
    startAt: T0,
    endAt: T0 + HOUR,
    ...over,
  };
}

let fake: FakeGraphCalendar;
let ctxNow = T0 - 24 * HOUR;
test.before(async () => {
  fake = await fakeGraphCalendar({ now: () => ctxNow });
  fake.rooms.push({ emailAddress: ROOM, displayName: 'Room 1' });
});
test.after.always(async () => {
  await fake?.close();
});

function provider(over: Partial<Settings> = {}): { p: CalendarProvider; ctx: TestContext<Settings> } {
  const settings = m365.settings.parse({
    tenantId: fake.tenantId,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    authorityUrl: fake.url,
    graphUrl: fake.url,
    defaultMailboxTemplate: 'room-{resourceId}@contoso.example',
    ...over,
  });
  const ctx = createTestContext(settings, { kind: 'calendar', pluginId: 'm365-calendar', now: ctxNow });
  return { p: m365.create(ctx) as CalendarProvider, ctx };
}

test('the definition: kind calendar, secrets sealed, addresses are endpoints, defaults', (t) => {
  t.is(m365.kind, 'calendar');
  t.deepEqual(m365.secrets, ['clientSecret', 'clientState']);
  t.true(m365.endpoints!.includes('graphUrl'));
  const s = m365.settings.parse({ tenantId: 't', clientId: 'c', clientSecret: 's' });
  t.is(s.windowDays, 180);
  t.is(s.graphUrl, 'https://graph.microsoft.com');
  t.false(m365.settings.safeParse({ tenantId: 't', clientId: 'c', clientSecret: 's', graphUrl: 'ftp://x' }).success);
});

test('recurrence patterns as RRULEs', (t) => {
  t.is(
    rruleOf({
      pattern: { type: 'weekly', interval: 2, daysOfWeek: ['monday', 'wednesday'] },
      range: { type: 'numbered', numberOfOccurrences: 5 },
    }),
    'FREQ=WEEKLY;BYDAY=MO,WE;INTERVAL=2;COUNT=5',
  );
  t.is(
    rruleOf({ pattern: { type: 'daily', interval: 1 }, range: { type: 'endDate', endDate: '2026-04-01' } }),
    'FREQ=DAILY;UNTIL=20260401T235959Z',
  );
  t.is(
    rruleOf({ pattern: { type: 'relativeMonthly', daysOfWeek: ['friday'], index: 'last' } }),
    'FREQ=MONTHLY;BYDAY=-1FR',
  );
});

test.serial('upsert creates the event in the room mailbox, updates it in place, cancel deletes it', async (t) => {
  const { p } = provider();
  const first = await p.upsertEvent(booking({ id: 11 }));
  const [created] = fake.events(ROOM).filter((e) => e.transactionId === 'atrium-booking-11');
  t.truthy(created, 'made in the template’s mailbox with transactionId = the booking');
  t.deepEqual(created!.categories, ['Atrium']);
  t.is(Date.parse(`${created!.start.dateTime}Z`.replace(/\.\d+Z$/, 'Z')), T0);
  t.is(created!.subject, 'Weekly planning');
  const uid = created!.iCalUId;

  const again = await p.upsertEvent(
    booking({ id: 11, subject: 'Renamed', startAt: T0 + HOUR, endAt: T0 + 2 * HOUR, sequence: 1 }),
    first,
  );
  t.is(again.externalId, first.externalId);
  const updated = fake.events(ROOM).find((e) => e.id === created!.id)!;
  t.is(updated.subject, 'Renamed');
  t.is(updated.iCalUId, uid, 'iCalUId kept');
  t.true(fake.requests.some((r) => r.method === 'PATCH' && r.path.includes('/events/')));

  // A create retried after a lost answer makes no second event (transactionId).
  const retried = await p.upsertEvent(booking({ id: 11 }));
  t.is(retried.externalId, first.externalId);
  t.is(fake.events(ROOM).filter((e) => e.transactionId === 'atrium-booking-11').length, 1);

  await p.cancelEvent(booking({ id: 11 }), first);
  t.false(fake.events(ROOM).some((e) => e.id === created!.id));
  await t.notThrowsAsync(p.cancelEvent(booking({ id: 11 }), first), 'already gone is fine');
  // Deleted in Outlook meanwhile: the update writes it again.
  const back = await p.upsertEvent(booking({ id: 11 }), first);
  t.not(back.externalId, first.externalId);
});

test.serial('changes: Outlook meetings listed, Atrium’s own left out, then only what changed', async (t) => {
  const mailbox = 'room-2@contoso.example';
  const { p, ctx } = provider();
  await p.upsertEvent(booking({ id: 21, resourceId: 2 }));
  const meeting = fake.addEvent(mailbox, {
    subject: 'Outlook sync',
    startAt: T0 + 3 * HOUR,
    endAt: T0 + 4 * HOUR,
    organizer: { name: 'Olga Outlook', address: 'olga@contoso.example' },
  });
  fake.addEvent(mailbox, {
    subject: 'Standup',
    startAt: T0 + 5 * HOUR,
    endAt: T0 + 5.5 * HOUR,
    type: 'seriesMaster',
    recurrence: { pattern: { type: 'weekly', interval: 1, daysOfWeek: ['tuesday'] }, range: { type: 'noEnd' } },
  });
  fake.pageSize = 1;
  const first = await p.changes!([{ resourceId: 2, ref: mailbox }]);
  fake.pageSize = 10;
  t.is(first.events.length, 2, JSON.stringify(first.events));
  t.like(
    first.events.find((e) => e.uid === meeting.iCalUId),
    {
      resourceId: 2,
      startAt: T0 + 3 * HOUR,
      endAt: T0 + 4 * HOUR,
      subject: 'Outlook sync',
      organiser: { name: 'Olga Outlook', email: 'olga@contoso.example' },
      status: 'confirmed',
      rrule: null,
    },
  );
  t.is(first.events.find((e) => e.subject === 'Standup')!.rrule, 'FREQ=WEEKLY;BYDAY=TU');
  t.true(
    fake.requests
      .filter((r) => r.path.includes('calendarView/delta'))
      .every((r) => r.prefer === 'outlook.timezone="UTC"'),
  );
  t.truthy(first.state);

  const none = await p.changes!([{ resourceId: 2, ref: mailbox }], first.state);
  t.deepEqual(none.events, []);

  fake.updateEvent(mailbox, meeting.id, { startAt: T0 + 6 * HOUR, endAt: T0 + 7 * HOUR });
  const moved = await p.changes!([{ resourceId: 2, ref: mailbox }], none.state);
  t.like(moved.events, [{ uid: meeting.iCalUId, startAt: T0 + 6 * HOUR, status: 'confirmed' }]);

  fake.deleteEvent(mailbox, meeting.id);
  const gone = await p.changes!([{ resourceId: 2, ref: mailbox }], moved.state);
  t.like(gone.events, [{ uid: meeting.iCalUId, status: 'cancelled' }]);

  // A stale deltaLink: a fresh delta (everything again, the core's rows make it unchanged).
  fake.staleDeltaLinks();
  const again = await p.changes!([{ resourceId: 2, ref: mailbox }], gone.state);
  t.deepEqual(
    again.events.map((e) => e.subject),
    ['Standup'],
  );
  t.true(ctx.logs.some((l) => l.level === 'warn' && String(l.msg).includes('stale')));

  // The room's mailbox is remembered for the way out.
  const { p: p2 } = provider({ defaultMailboxTemplate: '' });
  const ctx2Room = 'board@contoso.example';
  await t.throwsAsync(p2.upsertEvent(booking({ id: 22, resourceId: 9 })), { message: /no mailbox for resource 9/ });
  await p2.changes!([{ resourceId: 9, ref: ctx2Room }]);
  await p2.upsertEvent(booking({ id: 22, resourceId: 9 }));
  t.true(fake.events(ctx2Room).some((e) => e.transactionId === 'atrium-booking-22'));
});

test.serial(
  'a room that cannot be read is logged and the others read; with none readable, changes throws',
  async (t) => {
    const { p, ctx } = provider({ defaultMailboxTemplate: '' });
    const good = 'room-8@contoso.example';
    fake.addEvent(good, { subject: 'Readable', startAt: T0, endAt: T0 + HOUR });
    const listed = await p.changes!([
      { resourceId: 80, ref: '' },
      { resourceId: 8, ref: good },
    ]);
    t.deepEqual(
      listed.events.map((e) => e.subject),
      ['Readable'],
    );
    t.true(ctx.logs.some((l) => l.level === 'warn' && String(l.msg).includes('reading a room failed')));
    await t.throwsAsync(p.changes!([{ resourceId: 80, ref: '' }]), { message: /room 80 has no mailbox/ });
  },
);

test.serial('occurrences of a series (as calendarView delta lists them) are reported once, as recurring', async (t) => {
  const mailbox = 'room-7@contoso.example';
  const { p } = provider();
  for (const day of [0, 7, 14])
    fake.addEvent(mailbox, {
      subject: 'Weekly',
      startAt: T0 + day * 24 * HOUR,
      endAt: T0 + day * 24 * HOUR + HOUR,
      type: 'occurrence',
      seriesMasterId: 'AAMk-series-7',
    });
  const listed = await p.changes!([{ resourceId: 7, ref: mailbox }]);
  t.is(listed.events.length, 1);
  t.like(listed.events[0], { subject: 'Weekly', status: 'confirmed' });
  t.truthy(listed.events[0]!.rrule);
});

test.serial(
  'decline posts the reason to the meeting; the room’s decline is not read back as a cancellation',
  async (t) => {
    const mailbox = 'room-3@contoso.example';
    const { p } = provider();
    const first = await p.changes!([{ resourceId: 3, ref: mailbox }]);
    const meeting = fake.addEvent(mailbox, { subject: 'Clash', startAt: T0, endAt: T0 + HOUR });
    const listed = await p.changes!([{ resourceId: 3, ref: mailbox }], first.state);
    const event = listed.events[0]!;
    await p.decline!(event, { resourceId: 3, ref: mailbox }, 'The room is taken at that time');
    t.like(fake.declines.at(-1), {
      mailbox,
      id: meeting.id,
      comment: 'The room is taken at that time',
      sendResponse: true,
    });
    const after = await p.changes!([{ resourceId: 3, ref: mailbox }], listed.state);
    t.deepEqual(after.events, []);
    await t.notThrowsAsync(p.decline!(event, { resourceId: 3, ref: mailbox }, 'again'), 'gone already');
  },
);

test.serial('busy times from getSchedule', async (t) => {
  const mailbox = 'room-4@contoso.example';
  fake.addEvent(mailbox, { subject: 'Busy', startAt: T0 + HOUR, endAt: T0 + 2 * HOUR });
  const { p } = provider();
  t.deepEqual(await p.busyTimes!(mailbox, T0, T0 + 8 * HOUR), [{ startAt: T0 + HOUR, endAt: T0 + 2 * HOUR }]);
});

test.serial(
  'change notifications: a subscription per room after the handshake, renewed with less than a day left',
  async (t) => {
    const seen: string[] = [];
    const receiver = http.createServer((req, res) => {
      const token = new URL(req.url ?? '/', 'http://x').searchParams.get('validationToken');
      seen.push(token ?? 'notification');
      req.resume();
      if (token) {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(token);
      } else res.writeHead(202).end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const notificationUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/inte/event/notifications`;
    try {
      const mailbox = 'room-5@contoso.example';
      const { p, ctx } = provider({ notificationUrl, clientState: 'shared-secret-5' });
      await p.changes!([{ resourceId: 5, ref: mailbox }]);
      const subs = [...fake.subscriptions.values()].filter((s) => s.resource === `/users/${mailbox}/events`);
      t.is(subs.length, 1);
      t.like(subs[0], { changeType: 'created,updated,deleted', clientState: 'shared-secret-5', notificationUrl });
      t.true(Date.parse(subs[0]!.expirationDateTime) - ctxNow <= 4230 * 60_000);
      t.is(seen.length, 1, 'validated by the handshake');
      await p.changes!([{ resourceId: 5, ref: mailbox }]);
      t.is(fake.subscriptions.size, subs.length, 'not made twice');
      const before = subs[0]!.expirationDateTime;
      ctx.advance(2.5 * 24 * HOUR);
      ctxNow += 2.5 * 24 * HOUR;
      await p.changes!([{ resourceId: 5, ref: mailbox }]);
      t.true(Date.parse(fake.subscriptions.get(subs[0]!.id)!.expirationDateTime) > Date.parse(before), 'renewed');
      t.deepEqual(await fake.notify(mailbox), [202]);
      // Another room mirrored, then the first one no longer: its subscription is deleted at Graph, the other kept.
      const other = 'room-7@contoso.example';
      await p.changes!([
        { resourceId: 5, ref: mailbox },
        { resourceId: 7, ref: other },
      ]);
      const otherSub = [...fake.subscriptions.values()].find((s) => s.resource === `/users/${other}/events`);
      t.truthy(otherSub);
      await p.changes!([{ resourceId: 7, ref: other }]);
      t.false(fake.subscriptions.has(subs[0]!.id), 'the unmirrored room is unsubscribed');
      t.true(fake.subscriptions.has(otherSub!.id));
      // No room left (the core calls once with none): every subscription goes; one Graph already dropped is no error.
      fake.subscriptions.delete(otherSub!.id);
      await p.changes!([]);
      t.deepEqual(await ctx.kv.get('subscribed'), []);
      t.false(ctx.logs.some((l) => String(l.msg).includes('deleting a subscription failed')));
      // A refused handshake is logged; the poll goes on.
      const { p: p2, ctx: c2 } = provider({ notificationUrl: `${fake.url}/nowhere`, clientState: 'x' });
      await t.notThrowsAsync(p2.changes!([{ resourceId: 6, ref: 'room-6@contoso.example' }]));
      t.true(c2.logs.some((l) => l.level === 'warn' && String(l.msg).includes('subscribing')));
    } finally {
      ctxNow = T0 - 24 * HOUR;
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  },
);

test.serial('a refused token is fetched again once; a 429 waits for Retry-After; a wrong secret is said', async (t) => {
  const { p } = provider();
  await p.busyTimes!(ROOM, T0, T0 + HOUR);
  const issued = fake.tokensIssued();
  fake.revokeTokens();
  await p.busyTimes!(ROOM, T0, T0 + HOUR);
  t.is(fake.tokensIssued(), issued + 1);
  fake.throttle(1, 0);
  await t.notThrowsAsync(p.busyTimes!(ROOM, T0, T0 + HOUR));
  const { p: bad } = provider({ clientSecret: 'wrong' });
  await t.throwsAsync(bad.busyTimes!(ROOM, T0, T0 + HOUR), { message: /invalid_client.*AADSTS7000215/ });
});

test.serial('health reads the tenant’s room list', async (t) => {
  const { p } = provider();
  const h = await p.health!();
  t.true(h.ok);
  t.regex(h.detail ?? '', /1 room/);
});
