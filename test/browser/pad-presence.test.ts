/**
 * The door tablet's presence panel (docs/product-rules.md R19.10) in Chromium against the real server, with an
 * occupancy provider that pushes as a vendor's feed does: the room found empty during a checked-in meeting says
 * since when; once the keep delay has passed (on the server's clock) the tablet offers "keep this meeting" with
 * the time the meeting ends otherwise; pressing it keeps the meeting; somebody coming back is shown; axe finds
 * nothing serious. Extending by card: refused until the room's reader reads the card, then done as its holder.
 */
import anyTest, { type TestFn } from 'ava';
import type { Browser, Page } from 'puppeteer-core';
import type { TestApp } from '../helpers/app.ts';
import { FIXTURE_PLUGINS } from '../helpers/notify.ts';
import { createPlace, createResource, setParams } from '../helpers/places-fixture.ts';
import { browserSuite, seriousViolations, withPage } from './helpers.ts';

const test = anyTest as TestFn;

let app: TestApp;
let browser: Browser;
let token: string;
let oak: number;
let meetingId: number;
/** Tomorrow 10:05 UTC (the room's zone), where the server's clock stands. */
let start: number;

async function call<T = Record<string, unknown>>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await app.request(method, `/api${url}`, { token, body });
  if (res.body.code !== 0) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as T;
}

const text = (page: Page, selector: string) =>
  page.evaluate((s) => document.querySelector(s)?.textContent ?? '', selector);

async function waitForText(page: Page, selector: string, expected: string, timeout = 15_000): Promise<void> {
  await page.waitForFunction(
    (s, e) => (document.querySelector(s)?.textContent ?? '').includes(e),
    { timeout },
    selector,
    expected,
  );
}

async function sense(state: 0 | 1): Promise<void> {
  const provider = (await app.cradle.pluginHost.active('occupancy'))!.provider as unknown as {
    push(s: unknown): void;
  };
  provider.push({ deviceId: 'occ-oak', state, at: app.clock.now() });
  for (let i = 0; i < 50; i++) {
    const row = await app.cradle.db('room_presence').where({ resource_id: oak }).first();
    if (row && Number(row.present) === state) return;
    await new Promise((r) => setTimeout(r, 40));
  }
  throw new Error('the presence report was not recorded');
}

browserSuite(
  test,
  'door tablet presence',
  { config: { pluginPaths: FIXTURE_PLUGINS } },
  async (s) => {
    ({ app, browser } = s);
    const tomorrow = new Date(Math.floor(app.clock.now() / 86_400_000 + 1) * 86_400_000);
    start = tomorrow.getTime() + (10 * 60 + 5) * 60_000;
    app.clock.set(start);
    token = await app.adminToken();
    oak = await createResource(app, await createPlace(app), { name: 'Oak', capacity: 8 });
    await call('POST', '/room/devices', {
      name: 'Oak sensor',
      deviceNo: 'OCC-OAK',
      kind: 'occupancy',
      identifier: 'occ-oak',
      resourceId: oak,
    });
    await call('PUT', '/inte/settings/occupancy', { provider: 'occupancy-pushed', settings: {} });
    await call('POST', '/room/devices', {
      name: 'Oak reader',
      deviceNo: 'RDR-OAK',
      kind: 'cardReader',
      identifier: 'rdr-oak',
      resourceId: oak,
    });
    await call('PUT', '/inte/settings/access', { provider: 'access-pushed', settings: {} });
    await app.cradle.db('users').where({ username: 'admin' }).update({ card_no: 'CARD-ADMIN' });
    await setParams(app, { bodySensor: 'on', keepButtonDelaySeconds: 60, noPersonEndSeconds: 600 });
    const booked = await call<{ id: number; checkInCode: string }>('POST', '/bookings', {
      resourceId: oak,
      meetingDate: tomorrow.toISOString().slice(0, 10),
      startTime: '10:00',
      endTime: '11:00',
      subject: 'Design review',
    });
    meetingId = booked.id;
    await call('POST', `/bookings/${meetingId}/checkin`, { code: booked.checkInCode });
  },
  () => {
    test.serial('an empty room offers keep after the delay; keeping and somebody coming back are shown', async (t) => {
      await withPage(t, browser, async ({ page }) => {
        await page.setViewport({ width: 1280, height: 800 });
        await sense(0);
        await page.goto(`${app.url}/pad`);
        await page.waitForSelector('[data-testid="pad-pairing"]', { visible: true });
        const { code } = await call<{ code: string }>('POST', '/sys/tablets/pairing', { resourceId: oak });
        for (const digit of code) await page.click(`[data-testid="pad-pairing"] [data-key="${digit}"]`);
        await page.click('[data-testid="pad-pair"]');
        await page.waitForSelector('[data-testid="pad-presence"]', { visible: true });
        t.regex(await text(page, '[data-testid="pad-presence"]'), /Nobody in the room since 10:05/);
        t.is(await page.$('[data-testid="pad-keep"]'), null, 'not before the keep delay');

        // Past the delay on the server's clock: the tablet learns the time at its next call.
        app.clock.set(start + 90_000);
        await page.waitForSelector('[data-testid="pad-keep"]', { visible: true, timeout: 15_000 });
        t.is(
          await text(page, '[data-testid="pad-presence-ends"]'),
          'The meeting ends at 10:15 unless someone comes back',
        );
        t.deepEqual(await seriousViolations(page), [], 'the keep button: no serious axe violations');
        await page.click('[data-testid="pad-keep"]');
        await waitForText(page, '[data-testid="pad-notice"]', 'The meeting is kept', 5000);
        t.is(await page.$('[data-testid="pad-keep"]'), null, 'kept: the delay starts again');
        const kept = await app.cradle.db('room_presence').where({ resource_id: oak }).first();
        t.true(Number(kept.kept_at) >= start + 90_000);

        await sense(1);
        await waitForText(page, '[data-testid="pad-presence"]', 'Someone is in the room');
        t.is(await page.$('[data-testid="pad-presence-ends"]'), null);

        // Extend with a card: held to the room's reader, then "continue with my card".
        await setParams(app, { padAuthMethods: '|password|card|' });
        await page.reload();
        await page.waitForSelector('[data-testid="pad-action-extend"]', { visible: true });
        await page.click('[data-testid="pad-action-extend"]');
        await page.click('[data-testid="pad-extend-minutes"] [data-choice="15"]');
        await page.waitForSelector('[data-testid="pad-extend-card"]', { visible: true });
        t.regex(await text(page, '.pad-auth-recognised'), /Hold your card to the room's reader/);
        await page.click('[data-testid="pad-extend-card"]');
        await waitForText(page, '[data-testid="pad-extend-error"]', 'No card was read', 5000);
        const reader = (await app.cradle.pluginHost.active('access'))!.provider as unknown as {
          push(r: unknown): void;
        };
        reader.push({ readerId: 'rdr-oak', cardNo: 'CARD-ADMIN', at: app.clock.now() });
        for (let i = 0; i < 50 && !(await app.cradle.db('room_recognitions').first()); i++)
          await new Promise((r) => setTimeout(r, 40));
        await page.click('[data-testid="pad-extend-card"]');
        await waitForText(page, '[data-testid="pad-notice"]', 'Extended until 11:15', 5000);
        const extended = await app.cradle.db('bookings').where({ id: meetingId }).first();
        t.is(Number(extended.end_at) - start, 70 * 60_000, 'the meeting now ends at 11:15');
      });
    });
  },
);
