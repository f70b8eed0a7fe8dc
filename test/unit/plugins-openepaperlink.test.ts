/**
 * The OpenEPaperLink provider (plugins/eink-openepaperlink) against a fake access point on 127.0.0.1
 * (test/fixtures/fakes/openepaperlink.ts): the tags listed over every page of /get_db with their sizes from the tag
 * types; a label drawn by the core uploaded to /imgupload as a JPEG at its size, for the tag's MAC, undithered; the
 * AP's refusals (busy, unknown tag) and a silent AP throw, for the outbox to retry.
 */
import test from 'ava';
import jpeg from 'jpeg-js';
import { renderLabel } from '../../core/modules/building/index.ts';
import { createTestContext, type EinkProvider, type LabelContent } from '../../core/plugin-sdk/index.ts';
import openepaperlink, { macOf } from '../../plugins/eink-openepaperlink/index.ts';
import { fakeOpenEPaperLink } from '../fixtures/fakes/openepaperlink.ts';

const TAGS = [
  { mac: '0000021F6A3B4C5D', alias: 'Everest door', hwType: 0x01 },
  { mac: '0000021F6A3B4C5E', hwType: 0x03 },
  { mac: '0000021F6A3B4C5F', alias: 'Odd one', hwType: 0x99 },
];

function provider(settings: Record<string, unknown>): EinkProvider {
  const parsed = openepaperlink.settings.parse(settings);
  const ctx = createTestContext(parsed, { kind: 'eink', pluginId: 'eink-openepaperlink' });
  return openepaperlink.create(ctx) as EinkProvider;
}

/** A label as the core draws it, drawn once for every test. */
const image = renderLabel({
  lang: 'cn',
  roomName: '会议室 Everest',
  current: { subject: '季度复盘', startTime: '10:00', endTime: '11:00' },
  next: null,
  freeFrom: '11:00',
  width: 296,
  height: 128,
});

async function label(labelId: string): Promise<LabelContent> {
  return { labelId, resourceName: '会议室 Everest', bookings: [], image: await image, freeFrom: '11:00' };
}

test('the definition: kind, names, the url an endpoint, settings with defaults', (t) => {
  t.is(openepaperlink.kind, 'eink');
  t.deepEqual(Object.keys(openepaperlink.names).sort(), ['cn', 'en', 'ja']);
  t.deepEqual(openepaperlink.endpoints, ['url']);
  t.is(openepaperlink.settings.parse({ url: 'http://10.0.0.9' }).timeoutMs, 10_000);
  t.false(openepaperlink.settings.safeParse({ url: 'ftp://10.0.0.9' }).success);
  t.false(openepaperlink.settings.safeParse({ url: 'http://10.0.0.9', timeoutMs: 10 }).success);
  t.is(macOf('00:00:02:1f:6a:3b:4c:5d'), '0000021F6A3B4C5D');
});

test('listLabels reads every page of /get_db, with each tag type’s size', async (t) => {
  const ap = await fakeOpenEPaperLink({ tags: TAGS, pageSize: 2 });
  t.teardown(ap.close);
  const p = provider({ url: ap.url });
  t.deepEqual(await p.listLabels!(), [
    { id: '0000021F6A3B4C5D', name: 'Everest door', width: 296, height: 128 },
    { id: '0000021F6A3B4C5E', name: '0000021F6A3B4C5E', width: 212, height: 104 },
    { id: '0000021F6A3B4C5F', name: 'Odd one' },
  ]);
  await p.listLabels!();
  t.is(ap.requests.filter((r) => r === '/tagtypes/01.json').length, 1, 'a tag type is asked once');
  t.like(await p.health!(), { ok: true, detail: '3 tag(s) known to the access point' });
});

test('update uploads the drawn label as a JPEG at its size, for the tag’s MAC, undithered', async (t) => {
  const ap = await fakeOpenEPaperLink({ tags: TAGS });
  t.teardown(ap.close);
  const p = provider({ url: ap.url });
  await p.update(await label('00:00:02:1f:6a:3b:4c:5d'));
  t.is(ap.uploads.length, 1);
  const [up] = ap.uploads;
  t.like(up, { mac: '0000021F6A3B4C5D', dither: '0', type: 'image/jpeg', filename: '0000021F6A3B4C5D.jpg' });
  const decoded = jpeg.decode(up!.bytes, { useTArray: true });
  t.deepEqual([decoded.width, decoded.height], [296, 128]);
  let dark = 0;
  for (let i = 0; i < 296 * 32 * 4; i += 4) if (decoded.data[i]! < 128) dark++;
  t.true(dark > 100, `the title is drawn: ${dark} dark pixels`);
});

test('the access point’s refusals and silence throw, for the outbox to retry', async (t) => {
  const ap = await fakeOpenEPaperLink({ tags: TAGS });
  t.teardown(ap.close);
  const p = provider({ url: ap.url, timeoutMs: 1000 });
  ap.busy = true;
  await t.throwsAsync(p.update(await label('0000021F6A3B4C5D')), { message: /HTTP 409 .*Come back later/ });
  ap.busy = false;
  await t.throwsAsync(p.update(await label('00000000DEADBEEF')), { message: /HTTP 400 .*mac not found/ });
  await t.throwsAsync(p.update({ ...(await label('0000021F6A3B4C5D')), image: undefined }), {
    message: /no label image/,
  });
  t.is(ap.uploads.length, 0);
  await ap.close();
  await t.throwsAsync(p.update(await label('0000021F6A3B4C5D')), { message: /unreachable/ });
});
