/** "Find me a room" and "a desk near…" (docs/product-rules.md R12.7): ranking, the inquiry's rules, booking one. */
import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { BASE, book, staff, type Who } from '../helpers/bookings.ts';
import { createGroup, createPlace, createResource, type Place } from '../helpers/places-fixture.ts';
import { createUserWithPermissions, STAFF_PASSWORD } from '../helpers/users.ts';

const DAY = 86_400_000;
const DATE = '2027-03-02';

interface Suggestion {
  resource: { id: number; name: string; capacity: number; floorName: string | null; locationName: string | null };
  date: string;
  startTime: string;
  endTime: string;
  score: number;
  parts: { capacityFit: number; devices: number; closeness: number; freeTime: number };
  reasons: Array<{ code: string; params: Record<string, number> }>;
}

perDialect(test, (dialect, app) => {
  let alice: Who;
  let bob: Who;
  let carol: Who;
  let dave: Who;

  test.serial.before(async () => {
    app().clock.set(BASE);
    alice = await staff(app(), 'alice');
    bob = await staff(app(), 'bob');
    carol = await staff(app(), 'carol');
    dave = await staff(app(), 'dave');
  });

  const suggest = (who: Who, query: string, lang = 'en') =>
    app().get<{ data: { people: number; suggestions: Suggestion[] } }>(`/api/bookings/suggestions?${query}`, {
      token: who.token,
      lang,
    });
  const names = (s: Suggestion[]) => s.map((x) => x.resource.name);

  /** A second floor in the place's building. */
  async function floorIn(place: Place, name: string): Promise<number> {
    const [id] = await app()
      .cradle.db('floors')
      .insert({ location_id: place.locationId, name, display_name: name, sort: 1, created_at: BASE, updated_at: BASE });
    return Number(id);
  }

  test.serial(
    `${dialect}: a 4-person meeting gets the 4-seat room before the 12-seat one; too small is left out`,
    async (t) => {
      const place = await createPlace(app());
      await createResource(app(), place, { name: 'Twelve', capacity: 12 });
      await createResource(app(), place, { name: 'Four', capacity: 4 });
      await createResource(app(), place, { name: 'Two', capacity: 2 });
      const r = await suggest(
        alice,
        `date=${DATE}&from=09:00&to=12:00&durationMinutes=60&attendees=${bob.id},${carol.id},${dave.id}&locationId=${place.locationId}`,
      );
      t.is(r.status, 200, JSON.stringify(r.body));
      t.is(r.body.data.people, 4);
      t.deepEqual(names(r.body.data.suggestions), ['Four', 'Twelve']);
      const [first, second] = r.body.data.suggestions;
      t.is(first!.parts.capacityFit, 1);
      t.is(second!.parts.capacityFit, 0.333);
      t.true(first!.score > second!.score);
      t.like(first, { date: DATE, startTime: '09:00', endTime: '10:00' });
      t.deepEqual(first!.reasons[0], { code: 'seatsAll', params: { capacity: 4, people: 4 } });
    },
  );

  test.serial(`${dialect}: required devices leave out the rooms without them`, async (t) => {
    const place = await createPlace(app());
    const db = app().cradle.db;
    const equipped = await createResource(app(), place, { name: 'Equipped', capacity: 8 });
    // Mounted both ways the product records it: the device's room and the room's device list.
    const [screen] = await db('devices').insert({
      name: 'Screen',
      device_no: `sg-scr-${dialect}`,
      kind: 'other',
      resource_id: equipped,
      created_at: BASE,
      updated_at: BASE,
    });
    await createResource(app(), place, { name: 'Bare', capacity: 6 });
    await db('resource_devices').insert({ resource_id: equipped, device_id: screen });
    const base = `date=${DATE}&from=09:00&to=12:00&durationMinutes=30&locationId=${place.locationId}`;
    const any = await suggest(alice, base);
    t.deepEqual(names(any.body.data.suggestions).sort(), ['Bare', 'Equipped']);
    const withScreen = await suggest(alice, `${base}&deviceIds=${screen}`);
    t.is(withScreen.status, 200, JSON.stringify(withScreen.body));
    t.deepEqual(names(withScreen.body.data.suggestions), ['Equipped']);
    t.true(withScreen.body.data.suggestions[0]!.reasons.some((x) => x.code === 'hasDevices'));
    // By name, as the inquiry takes them (R12.5): a device of that name mounted anywhere in the room.
    const byName = await suggest(alice, `${base}&deviceNames=screen`);
    t.is(byName.status, 200, JSON.stringify(byName.body));
    t.deepEqual(names(byName.body.data.suggestions), ['Equipped']);
    const missing = await suggest(alice, `${base}&deviceNames=Screen&deviceNames=Hologram`);
    t.deepEqual(missing.body.data.suggestions, []);
  });

  test.serial(`${dialect}: the room on the attendees' usual floor comes first`, async (t) => {
    const place = await createPlace(app());
    const upper = await floorIn(place, 'Upper');
    await createResource(app(), place, { name: 'Lower room', capacity: 6 });
    await createResource(app(), place, { name: 'Upper room', capacity: 6, floorId: upper });
    // Where bob and carol have met over the last weeks: a small room upstairs the meeting cannot use.
    const booth = await createResource(app(), place, { name: 'Upper booth', capacity: 1, floorId: upper });
    app().clock.set(BASE - 20 * DAY);
    for (const [who, startTime, endTime] of [
      [bob, '10:00', '11:00'],
      [carol, '11:00', '12:00'],
    ] as const)
      for (const day of ['2027-02-10', '2027-02-11']) {
        const b = await book(app(), who, { resourceId: booth, meetingDate: day, startTime, endTime });
        t.is(b.status, 200, JSON.stringify(b.body));
      }
    app().clock.set(BASE);
    const r = await suggest(
      alice,
      `date=${DATE}&from=09:00&to=12:00&durationMinutes=60&attendees=${bob.id},${carol.id}&locationId=${place.locationId}`,
    );
    t.is(r.status, 200, JSON.stringify(r.body));
    t.deepEqual(names(r.body.data.suggestions), ['Upper room', 'Lower room']);
    const [upperRoom, lowerRoom] = r.body.data.suggestions;
    t.true(upperRoom!.parts.closeness > lowerRoom!.parts.closeness);
    t.deepEqual(
      upperRoom!.reasons.find((x) => x.code === 'sameFloor'),
      { code: 'sameFloor', params: { people: 2 } },
    );
    t.is(upperRoom!.resource.floorName, 'Upper');
  });

  test.serial(`${dialect}: a busy room is moved to its free time or left out; the inquiry's rules hold`, async (t) => {
    const place = await createPlace(app());
    const busy = await createResource(app(), place, { name: 'Busy', capacity: 4 });
    const outsiders = await createGroup(app(), `others-${dialect}`, [dave.id]);
    await createResource(app(), place, { name: 'Restricted', capacity: 4, groups: [outsiders] });
    await createResource(app(), place, { name: 'Closed Tuesday', capacity: 4, closedDays: [2] });
    await createResource(app(), place, { name: 'Disabled', capacity: 4, status: 0 });
    const held = await book(app(), bob, { resourceId: busy, meetingDate: DATE, startTime: '09:00', endTime: '10:00' });
    t.is(held.status, 200, JSON.stringify(held.body));
    const q = `date=${DATE}&durationMinutes=60&attendees=${bob.id}&locationId=${place.locationId}`;
    const later = await suggest(alice, `${q}&from=09:00&to=11:00`);
    t.is(later.status, 200, JSON.stringify(later.body));
    t.deepEqual(names(later.body.data.suggestions), ['Busy']);
    t.like(later.body.data.suggestions[0], { startTime: '10:00', endTime: '11:00' });
    const none = await suggest(alice, `${q}&from=09:00&to=10:00`);
    t.deepEqual(none.body.data.suggestions, []);
  });

  test.serial(`${dialect}: the first suggestion books as answered`, async (t) => {
    const place = await createPlace(app());
    await createResource(app(), place, { name: 'Bookable', capacity: 3 });
    const r = await suggest(
      alice,
      `date=${DATE}&from=13:00&to=15:00&durationMinutes=45&attendees=${bob.id}&locationId=${place.locationId}`,
    );
    const s = r.body.data.suggestions[0]!;
    const b = await book(app(), alice, {
      resourceId: s.resource.id,
      meetingDate: s.date,
      startTime: s.startTime,
      endTime: s.endTime,
      innerAttendees: [bob.id],
    });
    t.is(b.status, 200, JSON.stringify(b.body));
    t.like(b.body.data, { resourceId: s.resource.id, startTime: '13:00', endTime: '13:45', state: 'confirmed' });
    const again = await suggest(
      alice,
      `date=${DATE}&from=13:00&to=15:00&durationMinutes=45&attendees=${bob.id}&locationId=${place.locationId}`,
    );
    t.like(again.body.data.suggestions[0], { startTime: '13:45', endTime: '14:30' });
    const midnight = await suggest(
      alice,
      `date=${DATE}&from=00:00&to=01:00&durationMinutes=60&locationId=${place.locationId}`,
    );
    t.like(midnight.body.data.suggestions[0], { startTime: '00:00', endTime: '01:00' });
  });

  test.serial(`${dialect}: desks near a colleague: their floor first, the nearest on the plan first`, async (t) => {
    const place = await createPlace(app());
    const other = await floorIn(place, 'Other');
    const db = app().cradle.db;
    const desk = async (name: string, x: number, y: number, floorId?: number) => {
      const id = await createResource(app(), place, { name, type: 1, capacity: 1, floorId });
      await db('resources').where({ id }).update({ pos_x: x, pos_y: y });
      return id;
    };
    const bobs = await desk('Bob desk', 10, 10);
    await desk('Far desk', 600, 400);
    await desk('Near desk', 40, 10);
    await desk('Other floor desk', 10, 10, other);
    const held = await book(app(), bob, { resourceId: bobs, meetingDate: DATE, startTime: '09:00', endTime: '17:00' });
    t.is(held.status, 200, JSON.stringify(held.body));
    const r = await suggest(
      alice,
      `type=desk&date=${DATE}&from=09:00&to=17:00&durationMinutes=480&near=${bob.id}&locationId=${place.locationId}`,
    );
    t.is(r.status, 200, JSON.stringify(r.body));
    t.deepEqual(names(r.body.data.suggestions), ['Near desk', 'Far desk', 'Other floor desk']);
    t.true(r.body.data.suggestions[0]!.reasons.some((x) => x.code === 'nearColleague'));
  });

  test.serial(
    `${dialect}: desks near my team: beside where most of my department sit that day; another department does not pull`,
    async (t) => {
      const day = '2027-03-03';
      const people: Record<string, Who> = {};
      const departments = {
        'tm-lead': 'Acme / Sales',
        'tm-ann': 'Acme / Sales',
        'tm-ben': 'Acme / Sales',
        // A department below the caller's is part of the team (R21.7).
        'tm-eve': 'Acme / Sales / Inside',
        'tm-out': 'Acme / Support',
      };
      const db = app().cradle.db;
      for (const [name, path] of Object.entries(departments)) {
        people[name] = await staff(app(), name);
        // The directory sync writes the path (R21.7); no client can.
        await db('users').where({ username: name }).update({ department_path: path });
      }
      const place = await createPlace(app());
      const other = await floorIn(place, 'Other');
      const desk = async (name: string, x: number, y: number, floorId?: number) => {
        const id = await createResource(app(), place, { name, type: 1, capacity: 1, floorId });
        await db('resources').where({ id }).update({ pos_x: x, pos_y: y });
        return id;
      };
      const held = {
        'tm-ann': await desk('Ann desk', 10, 10),
        'tm-ben': await desk('Ben desk', 30, 10),
        'tm-eve': await desk('Eve desk', 600, 400, other),
        'tm-out': await desk('Out desk', 10, 10, other),
      };
      await desk('Beside team', 50, 10);
      await desk('Far', 600, 400);
      await desk('Beside out', 30, 10, other);
      for (const [name, resourceId] of Object.entries(held)) {
        const b = await book(app(), people[name]!, {
          resourceId,
          meetingDate: day,
          startTime: '09:00',
          endTime: '17:00',
        });
        t.is(b.status, 200, JSON.stringify(b.body));
      }
      const q = `type=desk&date=${day}&from=09:00&to=17:00&durationMinutes=480&locationId=${place.locationId}`;
      const r = await suggest(people['tm-lead']!, `${q}&nearTeam=mine`);
      t.is(r.status, 200, JSON.stringify(r.body));
      t.deepEqual(names(r.body.data.suggestions), ['Beside team', 'Far', 'Beside out']);
      t.deepEqual((r.body.data as { team?: unknown }).team, { name: 'Sales', members: 3 });
      t.true(r.body.data.suggestions[0]!.reasons.some((x) => x.code === 'nearTeam'));
      // Named as a colleague, the other department's person does pull the desk beside theirs first.
      const nearOut = await suggest(people['tm-lead']!, `${q}&near=${people['tm-out']!.id}`);
      t.is(names(nearOut.body.data.suggestions)[0], 'Beside out');
    },
  );

  test.serial(`${dialect}: near my team: bad input is a 400 in the caller's language`, async (t) => {
    const q = `date=${DATE}&from=09:00&to=17:00&durationMinutes=60`;
    const lead = await staff(app(), 'tm-lead');
    const probes: Array<[Who, string, RegExp]> = [
      [lead, `${q}&type=desk&nearTeam=theirs`, /./],
      [lead, `${q}&type=room&nearTeam=mine`, /デスク専用/],
      [lead, `${q}&type=desk&nearTeam=mine&near=${bob.id}`, /どちらか一方/],
      // alice has no department.
      [alice, `${q}&type=desk&nearTeam=mine`, /部署がない/],
    ];
    for (const [who, query, message] of probes) {
      const r = await suggest(who, query, 'ja');
      t.is(r.status, 400, `${query} → ${r.status} ${JSON.stringify(r.body)}`);
      t.regex(String(r.body.msg), /[\u3040-\u30ff\u4e00-\u9fff]/, `${query}: a message in the caller's language`);
      t.regex(String(r.body.msg), message, query);
    }
  });

  test.serial(`${dialect}: bad input is a 400 in the caller's language`, async (t) => {
    const probes = [
      `date=${DATE}&from=09:00&to=12:00&durationMinutes=7`,
      `date=${DATE}&from=12:00&to=09:00&durationMinutes=60`,
      `date=${DATE}&from=09:00&to=10:00&durationMinutes=90`,
      `date=${DATE}&from=09:00&to=12:00&durationMinutes=60&attendees=x`,
      `date=${DATE}&from=09:00&to=12:00&durationMinutes=60&attendees=999999`,
      `date=${DATE}&from=09:00&to=12:00&durationMinutes=60&attendees=${Array.from({ length: 51 }, (_, i) => i + 1).join(',')}`,
      `date=${DATE}&from=09:00&to=12:00&durationMinutes=60&type=car`,
      `date=2027-02-30&from=09:00&to=12:00&durationMinutes=60`,
    ];
    for (const q of probes) {
      const r = await suggest(alice, q, 'ja');
      t.is(r.status, 400, `${q} → ${r.status} ${JSON.stringify(r.body)}`);
      t.regex(String(r.body.msg), /[\u3040-\u30ff\u4e00-\u9fff]/, `${q}: a message in the caller's language`);
    }
  });

  test.serial(`${dialect}: suggestions need the inquiry's permission`, async (t) => {
    await createUserWithPermissions(app(), 'approver-only', ['center:approve:view']);
    await createUserWithPermissions(app(), 'suggest-only', ['center:suggest:view']);
    const q = `date=${DATE}&from=09:00&to=12:00&durationMinutes=60`;
    const denied = await suggest({ id: 0, token: await app().tokenFor('approver-only', STAFF_PASSWORD) }, q);
    t.is(denied.status, 403, JSON.stringify(denied.body));
    const allowed = await suggest({ id: 0, token: await app().tokenFor('suggest-only', STAFF_PASSWORD) }, q);
    t.is(allowed.status, 200, JSON.stringify(allowed.body));
    const anonymous = await app().get(`/api/bookings/suggestions?${q}`);
    t.is(anonymous.status, 401);
  });
});
