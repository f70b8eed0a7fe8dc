/**
 * The wall screen follows its live stream (docs/product-rules.md R19.12, R12.6): a booking made through the API on a
 * room the wall shows appears on it within about 2 s (the wall's own refresh is every 30 s), over one stream of the
 * wall's rooms on its device credential.
 */
import anyTest, { type TestFn } from 'ava';
import type { Browser, Page } from 'puppeteer-core';
import type { TestApp } from '../helpers/app.ts';
import { BASE, book, staff } from '../helpers/bookings.ts';
import { createPlace, createResource } from '../helpers/places-fixture.ts';
import { browserSuite, withPage } from './helpers.ts';

const test = anyTest as TestFn;

let app: TestApp;
let browser: Browser;
let oak = 0;
let credential = '';

browserSuite(
  test,
  'wall-live',
  {},
  async (s) => {
    ({ app, browser } = s);
    app.clock.set(BASE); // Monday 2027-03-01 08:00 UTC
    const token = await app.adminToken();
    const place = await createPlace(app);
    oak = await createResource(app, place, { name: 'Oak' });
    await createResource(app, place, { name: 'Elm' });
    const res = await app.post<{ data: { id: number } }>(
      '/api/room/dashboard/panels',
      { name: 'Lobby', locationId: place.locationId },
      { token },
    );
    const code = await app.post<{ data: { code: string } }>(
      '/api/sys/tablets/pairing',
      { wall: true, panelId: res.body.data.id },
      { token },
    );
    const paired = await app.post<{ data: { credential: string } }>('/api/pad/pair', {
      code: code.body.data.code,
      purpose: 'wall',
      language: 'en',
    });
    credential = paired.body.data.credential;
  },
  registerTests,
);

const stateOf = (page: Page, id: number) =>
  page.$eval(`[data-testid="live-resource"][data-id="${id}"] [data-testid="live-state"]`, (el) => el.textContent ?? '');

function registerTests(): void {
  test.serial('a booking on a room of the wall shows within about 2 s, through the wall’s stream', async (t) => {
    await withPage(t, browser, async ({ page }) => {
      const streams: string[] = [];
      page.on('request', (req) => {
        if (req.url().includes('/stream')) streams.push(new URL(req.url()).pathname);
      });
      await page.goto(`${app.url}/wall`);
      await page.evaluate((c) => {
        localStorage.clear();
        localStorage.setItem('wallCredential', c);
      }, credential);
      await page.goto(`${app.url}/wall`);
      await page.waitForSelector(`[data-testid="live-resource"][data-id="${oak}"]`, { visible: true });
      t.regex(await stateOf(page, oak), /free/i);
      // The stream is asked for once the wall shows its rooms; give it a moment to be open.
      for (let i = 0; i < 100 && streams.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 300));

      const alice = await staff(app, 'wall-live-alice');
      const made = await book(app, alice, {
        resourceId: oak,
        meetingDate: '2027-03-01',
        startTime: '10:00',
        endTime: '11:00',
        subject: 'Board',
      });
      t.is(made.status, 200, JSON.stringify(made.body));
      const started = Date.now();
      await page.waitForFunction(
        (id) =>
          document
            .querySelector(`[data-testid="live-resource"][data-id="${id}"] [data-testid="live-state"]`)
            ?.textContent?.includes('10:00'),
        { timeout: 5_000 },
        oak,
      );
      t.true(Date.now() - started < 5_000, 'shown long before the 30 s refresh');
      t.deepEqual([...new Set(streams)], ['/api/pad/wall/stream'], 'one stream, the wall’s');
    });
  });
}
