/**
 * The wall screen on a device credential (/wall, docs/product-rules.md R19.12) in Chromium against the real server:
 * an administrator pairs a wall screen for one panel from the tablet status screen; a browser without any user
 * session opens /wall, enters the code on the keypad and shows that panel's place (its rooms, not another place's);
 * the status screen lists it as a wall screen; revoked, the wall shows the pairing screen again, never the sign-in
 * page; axe finds nothing serious.
 */
import anyTest, { type TestFn } from 'ava';
import type { Browser, Page } from 'puppeteer-core';
import type { TestApp } from '../helpers/app.ts';
import { createPlace, createResource } from '../helpers/places-fixture.ts';
import { browserSuite, rowWith, seriousViolations, waitForGone, withPage } from './helpers.ts';
import { openAsAdmin } from './sys-helpers.ts';

const test = anyTest as TestFn;

let app: TestApp;
let browser: Browser;
let token: string;
let lobby: number;
let code = '';

browserSuite(
  test,
  'wall',
  {},
  async (s) => {
    ({ app, browser } = s);
    token = await app.adminToken();
    const place = await createPlace(app);
    await createResource(app, place, { name: 'Oak' });
    await createResource(app, place, { name: 'Elm' });
    const other = await createPlace(app);
    await createResource(app, other, { name: 'Far away' });
    const panel = async (name: string, locationId: number) => {
      const res = await app.request('POST', '/api/room/dashboard/panels', { token, body: { name, locationId } });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      return (res.body.data as { id: number }).id;
    };
    lobby = await panel('Lobby', place.locationId);
    await panel('Annex', other.locationId);
  },
  registerTests,
);

const text = (page: Page, selector: string) =>
  page.evaluate((s) => document.querySelector(s)?.textContent ?? '', selector);

async function waitForText(page: Page, selector: string, part: string): Promise<void> {
  await page.waitForFunction((s, p) => (document.querySelector(s)?.textContent ?? '').includes(p), {}, selector, part);
}

function registerTests(): void {
  test.serial('the status screen pairs a wall screen for one panel', async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await openAsAdmin(page, app, '/sys/status');
      // The screen may still be loading its list under a busy machine.
      await page.waitForSelector('[data-testid="tablets-add"]', { visible: true });
      await page.click('[data-testid="tablets-add"]');
      await page.waitForSelector('#tablet-pair-resourceId option[value="wall"]');
      await page.select('#tablet-pair-resourceId', 'wall');
      await page.waitForSelector(`#tablet-pair-panelId option[value="${lobby}"]`);
      await page.select('#tablet-pair-panelId', String(lobby));
      t.deepEqual(await seriousViolations(page), [], 'the pairing form with a wall screen');
      await page.click('[data-testid="tablet-pair-form"] [data-testid="form-save"]');

      await page.waitForSelector('[data-testid="tablet-code-digits"]', { visible: true });
      code = await page.$eval('[data-testid="tablet-code-digits"]', (el) => el.getAttribute('data-code') ?? '');
      t.regex(code, /^\d{8}$/);
      t.regex(await text(page, '#tablet-code-title'), /wall screen/i);
      t.regex(await text(page, '[data-testid="tablet-code"]'), /\/wall on the tablet/);
      await page.click('[data-testid="tablet-code-close"]');
      await waitForGone(page, 'tablet-code');
    });
  });

  test.serial('/wall without a session pairs with the code and shows the panel; revoked, it pairs again', async (t) => {
    t.truthy(code, 'the previous test issued a code');
    await withPage(t, browser, async ({ page }) => {
      // No user session in this browser: the wall holds only its device credential.
      await page.goto(`${app.url}/wall`);
      await page.evaluate(() => localStorage.clear());
      await page.goto(`${app.url}/wall`);
      await page.waitForSelector('[data-testid="pad-pairing"]', { visible: true });
      t.regex(await text(page, '#pad-pairing-title'), /wall screen/i);
      t.deepEqual(await seriousViolations(page), [], 'the pairing screen');
      for (const digit of code) await page.click(`[data-testid="pad-pairing"] [data-key="${digit}"]`);
      await page.click('[data-testid="pad-pair"]');

      await page.waitForSelector('.dashboard-wall', { visible: true });
      await waitForText(page, '[data-testid="wall-place"]', 'Lobby');
      await page.waitForSelector('[data-testid="live-resource"]', { visible: true });
      const rooms = await page.$$eval('[data-testid="live-resource"] h3', (els) => els.map((el) => el.textContent));
      t.deepEqual([...rooms].sort(), ['Elm', 'Oak'], "the panel's place only");
      t.is(await page.evaluate(() => localStorage.getItem('token')), null, 'no user session');
      t.truthy(await page.evaluate(() => localStorage.getItem('wallCredential')));
      t.deepEqual(await seriousViolations(page), [], 'the wall');

      // Listed as a wall screen of its panel.
      const listed = await app.request('GET', '/api/sys/tablets?page=1&pageSize=50', { token });
      const wall = (
        listed.body.data as { items: Array<{ id: number; purpose: string; panelName: string }> }
      ).items.find((x) => x.purpose === 'wall')!;
      t.is(wall.panelName, 'Lobby');

      // Revoked: the next calls are refused and the wall pairs again, never signing in.
      t.is((await app.request('POST', `/api/sys/tablets/${wall.id}/revoke`, { token })).status, 200);
      await page.reload();
      await page.waitForSelector('[data-testid="pad-pairing"]', { visible: true });
      t.is(new URL(page.url()).pathname, '/wall');
      t.is(await page.evaluate(() => localStorage.getItem('wallCredential')), null, 'the credential is forgotten');
    });
  });

  test.serial('the status screen lists the wall screen with its panel', async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await openAsAdmin(page, app, '/sys/status');
      const row = await rowWith(page, 'tablets-table', 'Lobby');
      t.true((await text(page, row)).includes('Wall screen · Lobby'));
    });
  });
}
