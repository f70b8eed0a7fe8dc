/**
 * E-ink door labels on the booking lifecycle (docs/product-rules.md R20.4), on SQLite and MariaDB, with a provider
 * that records the labels it is asked to draw (test/fixtures/plugins/eink-recording): a change to a room's day
 * pushes its label, drawn at the label's size; changes within 30 s give one push showing the newest day; every label
 * is redrawn once at the start of its room's day, and when a meeting of its room starts or ends; a failing provider
 * parks its rows while the booking stands. The
 * drawn PNG is checked pixel by pixel: its size, ink in the title, and Chinese glyphs rather than blanks or boxes.
 */
import test from 'ava';
import { createRequire } from 'node:module';
import { renderLabel, type LabelSpec } from '../../core/modules/building/index.ts';
import type { LabelContent } from '../../core/plugin-sdk/index.ts';
import { perDialect } from '../helpers/app.ts';
import { recordingKind } from '../helpers/building.ts';
import { BASE, book, staff, type Who } from '../helpers/bookings.ts';
import { deliverUntilParked, dispatchChanges, FIXTURE_PLUGINS } from '../helpers/notify.ts';
import { createPlace, createResource, setParams } from '../helpers/places-fixture.ts';

/** pngjs comes with qrcode (a dependency): PNG decoding for the checks, without a package of its own. */
const { PNG } = createRequire(import.meta.url)('pngjs') as {
  PNG: { sync: { read(data: Buffer): { width: number; height: number; data: Buffer } } };
};

const at = (day: number, h: number, m = 0) => Date.UTC(2027, 2, day, h, m);

/** Dark pixels (luma under half) of an RGBA image in the rows [top, bottom). */
function ink(rgba: Uint8Array, width: number, top: number, bottom: number): number {
  let n = 0;
  for (let y = top; y < bottom; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      if (0.299 * rgba[i]! + 0.587 * rgba[i + 1]! + 0.114 * rgba[i + 2]! < 128) n++;
    }
  return n;
}

perDialect(
  test,
  (dialect, app) => {
    let roomA = 0;
    let roomB = 0;
    let alice: Who;
    let admin = '';

    const eink = recordingKind<LabelContent>(app, 'eink', () => admin);
    const { select: selectEink, rows: einkRows } = eink;
    /** The labels drawn since the last time, by label. */
    const delivered = async (): Promise<LabelContent[]> =>
      (await eink.delivered()).sort((x, y) => x.labelId.localeCompare(y.labelId));
    const meeting = async (resourceId: number, start: string, end: string, subject: string, date = '2027-03-01') => {
      const res = await book(app(), alice, { resourceId, meetingDate: date, startTime: start, endTime: end, subject });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      return res.body.data;
    };
    const cancel = (id: number) =>
      app().post(`/api/bookings/${id}/cancel`, { reason: 'moved' }, { token: alice.token });

    test.serial.before(async () => {
      app().clock.set(BASE);
      admin = await app().adminToken();
      alice = await staff(app(), `alice_eink_${dialect}`);
      const place = await createPlace(app());
      roomA = await createResource(app(), place, { name: 'Everest' });
      roomB = await createResource(app(), place, { name: '会议室甲' });
      const devices = [
        { name: 'Door tag', deviceNo: `ESL-A-${dialect}`, kind: 'label', identifier: 'tag-a', resourceId: roomA },
        { name: 'Big tag', deviceNo: `ESL-B-${dialect}`, kind: 'label', identifier: 'tag-big', resourceId: roomB },
        { name: 'Lights', deviceNo: `REL-A-${dialect}`, kind: 'relay', identifier: 'lights-a', resourceId: roomA },
      ];
      for (const d of devices) {
        const res = await app().post('/api/room/devices', d, { token: admin });
        if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      }
    });

    test.serial(`${dialect}: without an eink provider nothing is queued`, async (t) => {
      const b = await meeting(roomA, '17:00', '18:00', 'Before labels');
      await dispatchChanges(app());
      t.deepEqual(await einkRows(), []);
      t.is((await cancel(b.id)).status, 200);
      await dispatchChanges(app());
      t.deepEqual(await einkRows(), []);
    });

    test.serial(`${dialect}: a booking change pushes its room's label, drawn at the label's size`, async (t) => {
      await selectEink('eink-recording');
      await delivered();
      await meeting(roomA, '10:00', '11:00', 'Design review');
      const [label, ...more] = await delivered();
      t.deepEqual(more, []);
      t.like(label, { labelId: 'tag-a', resourceName: 'Everest', freeFrom: '08:00' });
      t.deepEqual(label!.bookings, [
        { subject: 'Design review', organiser: `alice_eink_${dialect}`, startTime: '10:00', endTime: '11:00' },
      ]);
      t.like(label!.image, { width: 296, height: 128 }, 'no size from the provider: the 2.9" tag');
      const png = PNG.sync.read(Buffer.from(label!.image!.png));
      t.is(png.width, 296);
      t.is(png.height, 128);
      t.true(ink(png.data, 296, 0, 32) > 100, 'the room name is drawn in the title');
      // A meeting of another day leaves today's label as it is.
      await meeting(roomA, '10:00', '11:00', 'Tomorrow', '2027-03-02');
      t.deepEqual(await delivered(), []);
    });

    test.serial(`${dialect}: changes within 30 s give one push, showing the day as it is then`, async (t) => {
      app().clock.set(BASE + 5_000);
      const standup = await meeting(roomA, '09:00', '09:30', 'Standup');
      t.deepEqual(await delivered(), [], 'the last push was 5 s ago: this one waits');
      const rows = await einkRows();
      const waiting = rows.filter((r) => r.state === 'pending');
      t.is(waiting.length, 1);
      const due = Number(waiting[0].next_attempt_at);
      t.is(due - Number(rows[rows.length - 2].updated_at), 30_000, '30 s after the last push');
      app().clock.set(BASE + 10_000);
      const review = (await app()
        .cradle.db('bookings')
        .where({ resource_id: roomA, subject: 'Design review' })
        .first('id')) as { id: number };
      t.is((await cancel(Number(review.id))).status, 200);
      t.deepEqual(await delivered(), []);
      t.is((await einkRows()).filter((r) => r.state === 'pending').length, 1, 'the second change joined the row');
      app().clock.set(due + 1_000);
      const [label, ...more] = await delivered();
      t.deepEqual(more, []);
      t.deepEqual(
        label!.bookings.map((b) => b.subject),
        ['Standup'],
        'the newest day: the review cancelled, the standup next',
      );
      // Once more under way: the label shows it as current and when the room is free again.
      app().clock.set(at(1, 9, 5));
      t.is((await cancel(standup.id)).status, 200);
      const [after] = await delivered();
      t.deepEqual(after!.bookings, []);
      t.is(after!.freeFrom, '09:05');
    });

    test.serial(`${dialect}: subjects as a bystander sees them`, async (t) => {
      await setParams(app(), { showOthersSubject: false });
      app().clock.set(at(1, 10));
      await meeting(roomA, '11:00', '12:00', 'Secret plans');
      const [label] = await delivered();
      t.deepEqual(
        label!.bookings.map((b) => `${b.startTime} ${b.subject}`),
        ['11:00 已预约'],
        "hidden, in the room's language",
      );
      await setParams(app(), { showOthersSubject: true });
    });

    test.serial(`${dialect}: a Chinese label at the provider's size shows its glyphs`, async (t) => {
      app().clock.set(at(1, 13));
      await meeting(roomB, '14:00', '15:00', '季度复盘');
      const [label] = await delivered();
      t.like(label, { labelId: 'tag-big', resourceName: '会议室甲' });
      const png = PNG.sync.read(Buffer.from(label!.image!.png));
      t.deepEqual([png.width, png.height], [400, 300], 'the size listLabels names');
      const title = ink(png.data, 400, 0, 75);
      t.true(title > 300, `ink in the title: ${title}`);
      // Not blanks: without fonts the same label has no ink in its title; not boxes: other words, other pixels.
      const spec: LabelSpec = {
        lang: 'cn',
        roomName: '会议室甲',
        current: null,
        next: null,
        freeFrom: 'now',
        width: 400,
        height: 300,
      };
      const bare = await renderLabel(spec, { systemFonts: false });
      t.is(ink(bare.rgba, 400, 0, 75), 0);
      const other = await renderLabel({ ...spec, roomName: '大厅东区' });
      const same = await renderLabel(spec);
      t.notDeepEqual(
        Buffer.from(other.rgba.subarray(0, 400 * 75 * 4)),
        Buffer.from(same.rgba.subarray(0, 400 * 75 * 4)),
      );
      t.is(ink(same.rgba, 400, 0, 75), title, 'the delivered title is the room name in Noto Sans CJK');
    });

    test.serial(`${dialect}: every label is redrawn once at the start of its room's day`, async (t) => {
      await delivered();
      app().clock.set(at(2, 0, 1));
      t.true(await app().running.scheduler!.runIfDue('building.eink'));
      const labels = await delivered();
      t.deepEqual(
        labels.map((l) => l.labelId),
        ['tag-a', 'tag-big'],
      );
      t.deepEqual(
        labels[0]!.bookings.map((b) => `${b.startTime} ${b.subject}`),
        ['10:00 Tomorrow'],
        "the new day's meetings",
      );
      app().clock.set(at(2, 0, 3));
      t.true(await app().running.scheduler!.runIfDue('building.eink'));
      t.deepEqual(await delivered(), [], 'once');
      app().clock.set(at(2, 1));
      t.true(await app().running.scheduler!.runIfDue('building.eink'));
      t.deepEqual(await delivered(), []);
    });

    test.serial(`${dialect}: a meeting starting or ending redraws its room's label, once`, async (t) => {
      const sweep = () => app().running.scheduler!.runIfDue('building.eink');
      app().clock.set(at(2, 10, 0) + 30_000);
      t.true(await sweep());
      const [started, ...more] = await delivered();
      t.deepEqual(more, [], 'only the room whose meeting started');
      t.like(started, { labelId: 'tag-a', freeFrom: '11:00' });
      app().clock.set(at(2, 10, 2));
      t.true(await sweep());
      t.deepEqual(await delivered(), [], 'once');
      app().clock.set(at(2, 11, 0) + 30_000);
      t.true(await sweep());
      const [ended] = await delivered();
      t.like(ended, { labelId: 'tag-a', bookings: [] });
    });

    test.serial(`${dialect}: a failing provider never fails the booking; its row parks`, async (t) => {
      app().clock.set(at(2, 8));
      admin = await app().adminToken();
      alice = await staff(app(), `alice_eink_${dialect}`);
      await selectEink('eink-recording', { mode: 'fail' });
      const b = await meeting(roomA, '15:00', '16:00', 'Still booked', '2027-03-02');
      t.is(b.state, 'confirmed');
      await dispatchChanges(app());
      const [row] = (await einkRows()).filter((r) => r.state === 'pending');
      t.truthy(row);
      t.like(await deliverUntilParked(app(), t, Number(row.id)), {
        state: 'parked',
        attempts: 6,
        error: 'access point said no (409 Come back later)',
      });
      t.is(String((await app().cradle.db('bookings').where({ id: b.id }).first('state')).state), 'confirmed');
      await selectEink('eink-recording');
    });
  },
  // Tokens last a day of test time: the tests sign in again when they move the clock to the next day.
  { config: { pluginPaths: FIXTURE_PLUGINS, accessTokenTtlSeconds: 86_400 } },
);
