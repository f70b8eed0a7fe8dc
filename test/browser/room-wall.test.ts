/**
 * The wall screen's pages in Chromium against the real server: a place whose
 * room has a meeting running now shows it on its bookings page, then its
 * sensor values (read through the fixture environment provider) with their
 * units on its environment page; the next place, without rooms, has no
 * environment page and shows the empty state; axe-core finds nothing serious.
 */
import anyTest, { type TestFn } from 'ava';
import type { Browser } from 'puppeteer-core';
import type { TestApp } from '../helpers/app.ts';
import { FIXTURE_PLUGINS } from '../helpers/notify.ts';
import { createPlace, createResource } from '../helpers/places-fixture.ts';
import { browserSuite, rowWith, seriousViolations, withPage } from './helpers.ts';
import { openSignedIn } from './room-helpers.ts';

const test = anyTest as TestFn;

let app: TestApp;
let browser: Browser;
let oakId: number;

const SLOT = 15 * 60_000;
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

async function call(token: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await app.request(method, `/api${path}`, { token, body });
  if (res.body.code !== 0) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

browserSuite(
  test,
  'room wall',
  { config: { pluginPaths: FIXTURE_PLUGINS } },
  async (s) => {
    ({ app, browser } = s);
    const token = await app.adminToken();
    const place = await createPlace(app); // UTC, created before the empty one: the first slide
    const oak = await createResource(app, place, { name: 'Oak' });
    oakId = oak;
    await createResource(app, place, { name: 'Elm' });
    await createPlace(app); // no rooms
    // A meeting in the current quarter hour (booking the slot already begun is allowed), an hour long or to midnight.
    const now = app.clock.now();
    const start = Math.floor(now / SLOT) * SLOT;
    const startMinutes = Math.round((start % 86_400_000) / 60_000);
    await call(token, 'POST', '/bookings', {
      resourceId: oak,
      meetingDate: new Date(start).toISOString().slice(0, 10),
      startTime: hhmm(startMinutes),
      endTime: hhmm(Math.min(startMinutes + 60, 1440)),
      subject: 'Wall sync',
    });
    await call(token, 'POST', '/room/devices', {
      name: 'Oak air',
      deviceNo: 'OAK-ENV',
      kind: 'sensor',
      identifier: 'env-1',
      resourceId: oak,
    });
    await call(token, 'PUT', '/inte/settings/environment', { provider: 'environment-fixed', settings: {} });
    // An hour ago the sensor pushed a reading, kept as the room's history (R20.3): the wall draws its last day.
    const fixed = (await app.cradle.pluginHost.active('environment'))!.provider as unknown as {
      push(reading: { deviceId: string; at: number; temperature: number }): void;
    };
    fixed.push({ deviceId: 'env-1', at: app.clock.now() - 3_600_000, temperature: 22 });
    for (let i = 0; i < 50 && !(await app.cradle.db('environment_readings').first()); i++)
      await new Promise((r) => setTimeout(r, 50));
  },
  registerTests,
);

function registerTests(): void {
  test.serial(
    "wall: a place's bookings page, then its environment page with units; a place without sensors has none; accessible",
    async (t) => {
      await withPage(t, browser, async ({ page }) => {
        await openSignedIn(page, app, '/room/dashboardx', { bare: true });
        await page.waitForSelector('[data-testid="wall-pause"]', { visible: true });
        await page.click('[data-testid="wall-pause"]');
        t.is(
          await page.$eval('[data-testid="wall-pause"]', (el) => el.getAttribute('aria-pressed')),
          'true',
          'paused is announced as pressed',
        );
        const card = `[data-testid="live-resource"][data-id="${oakId}"]`;
        await page.waitForSelector(`[data-testid="dashboard-live"][data-view="bookings"] ${card}`, { visible: true });
        t.is(await page.$eval(`${card} h3`, (el) => el.textContent), 'Oak');
        const text = (sel: string) =>
          page.evaluate((s) => document.querySelector(s)?.textContent ?? '', `${card} ${sel}`);
        t.is(await text('[data-testid="live-subject"]'), 'Wall sync');
        t.is(await text('[data-testid="live-state"]'), 'In use');
        t.is(await page.$(`${card} [data-testid="live-readings"]`), null, 'the values wait for the environment page');
        const states = await page.$$eval('[data-testid="live-resource"]', (els) =>
          els.map((el) => [
            el.querySelector('h3')?.textContent,
            el.querySelector('[data-testid="live-state"]')?.textContent,
          ]),
        );
        t.deepEqual(
          states.find(([name]) => name === 'Elm'),
          ['Elm', 'Free'],
        );
        t.true((await page.$eval('#live-title', (el) => el.textContent ?? '')).startsWith('Now in '));
        t.regex(
          await page.$eval('[data-testid="wall-slide"]', (el) => el.textContent ?? ''),
          /^Place 1 of 2 · Bookings, 10 s$/,
        );
        t.deepEqual(await seriousViolations(page), [], 'no serious or critical axe violations on the bookings page');

        await page.click('[data-testid="wall-next"]');
        await page.waitForSelector(`[data-testid="dashboard-live"][data-view="environment"] ${card}`, {
          visible: true,
        });
        t.true((await page.$eval('#live-title', (el) => el.textContent ?? '')).startsWith('Environment in '));
        await page.waitForFunction(
          (c) => document.querySelector(`${c} [data-testid="live-temperature"]`)?.textContent === '23.5 °C',
          {},
          card,
        );
        t.is(await text('[data-testid="live-humidity"]'), '41%');
        t.is(await text('[data-testid="live-co2"]'), '612 ppm');
        t.is(await text('[data-testid="live-pm25"]'), '8 µg/m³');
        t.is(await text('[data-testid="live-tvoc"]'), '', 'only the values the sensor has');
        t.is(await text('[data-testid="live-subject"]'), '', 'meetings stay on the bookings page');
        await page.waitForSelector(`${card} [data-testid="live-history"] path.series`);
        t.regex(await text('[data-testid="live-history"] figcaption'), /^Temperature, last 24 hours$/);
        t.regex(
          await page.$eval('[data-testid="wall-slide"]', (el) => el.textContent ?? ''),
          /^Place 1 of 2 · Environment, 10 s$/,
        );
        t.deepEqual(await seriousViolations(page), [], 'no serious or critical axe violations on the environment page');

        await page.click('[data-testid="wall-next"]');
        await page.waitForSelector('[data-testid="live-empty"]', { visible: true });
        t.is(await page.$('[data-testid="live-resource"]'), null);
        t.regex(
          await page.$eval('[data-testid="wall-slide"]', (el) => el.textContent ?? ''),
          /^Place 2 of 2 · Bookings/,
        );
        await page.click('[data-testid="wall-next"]');
        await page.waitForSelector(`[data-testid="dashboard-live"][data-view="bookings"] ${card}`, { visible: true });
        t.regex(
          await page.$eval('[data-testid="wall-slide"]', (el) => el.textContent ?? ''),
          /^Place 1 of 2 · Bookings/,
          'a place without sensor values has no environment page',
        );
      });
    },
  );

  test.serial(
    "room form: the room's environment over 24 hours, a chart per indicator its sensor measured",
    async (t) => {
      await withPage(t, browser, async ({ page }) => {
        // The wall screen's reads above were kept as the room's history (R20.3).
        await openSignedIn(page, app, '/room/room');
        const row = await rowWith(page, 'resource-table', 'Oak');
        await page.click(`${row} [data-testid="row-edit"]`);
        await page.waitForSelector('[data-testid="environment-history"]', { visible: true });
        await page.waitForSelector('[data-testid="environment-chart-temperature"] path.series');
        t.regex(
          (await page.$eval('[data-testid="environment-chart-temperature"]', (el) => el.getAttribute('aria-label'))) ??
            '',
          /Temperature in Oak/,
        );
        await page.click('[data-testid="environment-range-7d"]');
        await page.waitForFunction(
          () => document.querySelector('[data-testid="environment-range-7d"]')?.getAttribute('aria-pressed') === 'true',
        );
        await page.waitForSelector('[data-testid="environment-chart-temperature"], [data-testid="environment-empty"]');
        t.deepEqual(await seriousViolations(page), [], 'no serious or critical axe violations on the room form');
      });
    },
  );
}
