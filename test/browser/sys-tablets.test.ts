/**
 * The administrators' door-tablet screen (/sys/status, docs/product-rules.md R19) in Chromium against the real
 * server: the empty list says how to pair; an administrator pairs a tablet for a room (desks are not offered), the
 * code shown pairs through POST /api/pad/pair and the screen notices it, the list then shows the tablet online with
 * its app version and screen; rename; reload (the tablet is told); revoke after a confirmation saying the tablet will
 * show the pairing screen, the list then shows it revoked and its credential is refused; re-pairing it shows a
 * new code that pairs the same tablet again; axe finds nothing serious.
 * The device screen pairs a door tablet from the row of a tablet device mounted at a room; a room's form replaces
 * its QR code after a confirmation.
 */
import anyTest, { type TestFn } from 'ava';
import type { Browser, Page } from 'puppeteer-core';
import type { TestApp } from '../helpers/app.ts';
import { createPlace, createResource } from '../helpers/places-fixture.ts';
import { browserSuite, fill, rowWith, seriousViolations, waitForGone, withPage } from './helpers.ts';
import { openAsAdmin } from './sys-helpers.ts';

const test = anyTest as TestFn;

let app: TestApp;
let browser: Browser;
let token: string;
let oak: number;
let desk: number;

browserSuite(
  test,
  'sys-tablets',
  {},
  async (s) => {
    ({ app, browser } = s);
    token = await app.adminToken();
    const place = await createPlace(app);
    oak = await createResource(app, place, { name: 'Oak' });
    desk = await createResource(app, place, { name: 'Desk 7', type: 1, capacity: 1 });
  },
  registerTests,
);

interface Tablet {
  id: number;
  name: string;
  state: string;
  online: boolean;
  reloadRequestedAt: number | null;
}

async function tabletsNow(): Promise<Tablet[]> {
  const res = await app.request('GET', '/api/sys/tablets?page=1&pageSize=50', { token });
  return (res.body.data as { items: Tablet[] }).items;
}

const text = (page: Page, selector: string) =>
  page.evaluate((s) => document.querySelector(s)?.textContent ?? '', selector);

async function waitForText(page: Page, selector: string, part: string): Promise<void> {
  await page.waitForFunction((s, p) => (document.querySelector(s)?.textContent ?? '').includes(p), {}, selector, part);
}

function registerTests(): void {
  test.serial(
    'pair a tablet for a room, see it online; rename, reload, revoke after confirming, re-pair; axe finds nothing serious',
    async (t) => {
      await withPage(t, browser, async ({ page }) => {
        await openAsAdmin(page, app, '/sys/status');
        await page.waitForSelector('[data-testid="tablets-table"] [data-testid="crud-empty"]', { visible: true });
        t.regex(await text(page, '[data-testid="crud-empty"]'), /Pair a tablet.*8-digit code/, 'says how to pair');
        t.deepEqual(await seriousViolations(page), [], 'the empty list');

        // Pair: rooms only, an optional name.
        await page.click('[data-testid="tablets-add"]');
        await page.waitForSelector('#tablet-pair-resourceId', { visible: true });
        await page.waitForSelector(`#tablet-pair-resourceId option[value="${oak}"]`);
        const offered = await page.$$eval('#tablet-pair-resourceId option', (els) =>
          els.map((el) => (el as HTMLOptionElement).value),
        );
        t.false(offered.includes(String(desk)), 'a desk is not offered');
        await page.select('#tablet-pair-resourceId', String(oak));
        await fill(page, '#tablet-pair-name', 'Oak door');
        await page.click('[data-testid="tablet-pair-form"] [data-testid="form-save"]');

        // The code large, its QR, the time left and where to enter it.
        await page.waitForSelector('[data-testid="tablet-code-digits"]', { visible: true });
        const code = await page.$eval('[data-testid="tablet-code-digits"]', (el) => el.getAttribute('data-code') ?? '');
        t.regex(code, /^\d{8}$/);
        t.is((await text(page, '[data-testid="tablet-code-digits"]')).replace(/\s/g, ''), code);
        await page.waitForSelector('[data-testid="tablet-qr"] svg');
        t.regex(await text(page, '[data-testid="tablet-code-left"]'), /(10:00|9:5\d)/);
        const dialog = await text(page, '[data-testid="tablet-code"]');
        t.regex(dialog, /Open \S+\/pad on the tablet and enter the code/);
        t.false(dialog.includes(`code=${code}`), 'the address shown carries no code');
        t.deepEqual(await seriousViolations(page), [], 'the pairing code dialog');

        // The tablet pairs with the code; the dialog notices.
        const paired = await app.request('POST', '/api/pad/pair', {
          body: { code, appVersion: '1.4.2', screen: '1280x800' },
        });
        t.is(paired.status, 200, JSON.stringify(paired.body));
        const credential = (paired.body.data as { credential: string }).credential;
        await waitForText(page, '[data-testid="tablet-paired"]', 'Oak door now shows Oak');
        await page.click('[data-testid="tablet-code-close"]');
        await waitForGone(page, 'tablet-code');

        // The list shows it online, with its app and screen.
        let row = await rowWith(page, 'tablets-table', 'Oak door');
        await page.waitForSelector(`${row} [data-online="true"]`);
        const cells = await text(page, row);
        for (const part of ['Oak', 'Online', '1.4.2', '1280x800', 'Active']) t.true(cells.includes(part), part);

        // Rename.
        await page.click(`${row} [data-testid="row-edit"]`);
        await fill(page, '#tablets-name', 'Oak entrance');
        await page.click('[data-testid="tablets-form"] [data-testid="form-save"]');
        await waitForGone(page, 'tablets-form');
        row = await rowWith(page, 'tablets-table', 'Oak entrance');
        t.is((await tabletsNow())[0]?.name, 'Oak entrance');

        // Reload: the tablet is told on its next call.
        await page.click(`${row} [data-testid="row-reload"]`);
        await waitForText(page, '[data-testid="toast"]', 'Oak entrance reloads its screen');
        await waitForText(page, row, 'Reload requested');
        const me = await app.request('GET', '/api/pad/me', { headers: { authorization: `Device ${credential}` } });
        t.true((me.body.data as { reloadRequested: boolean }).reloadRequested);

        // Revoke, after a confirmation that says what the tablet will show.
        await page.click(`${row} [data-testid="row-revoke"]`);
        await page.waitForSelector('[data-testid="confirm-delete"]', { visible: true });
        t.regex(await text(page, '#confirm-delete-text'), /Revoke "Oak entrance"\?.*pairing screen/);
        t.deepEqual(await seriousViolations(page), [], 'the confirmation');
        await page.click('[data-testid="confirm-delete-yes"]');
        await waitForGone(page, 'confirm-delete');
        await page.waitForSelector(`${row} [data-state="revoked"]`);
        t.true((await text(page, row)).includes('Revoked'));
        t.is(await page.$(`${row} [data-testid="row-revoke"]`), null, 'no revoke for a revoked tablet');
        t.true(await page.$eval(`${row} [data-testid="row-reload"]`, (el) => (el as HTMLButtonElement).disabled));
        const [revoked] = await tabletsNow();
        t.like(revoked, { state: 'revoked', online: false });
        const refused = await app.request('GET', '/api/pad/me', { headers: { authorization: `Device ${credential}` } });
        t.is(refused.status, 401);

        // Re-pair the revoked tablet: a new code for it, which pairs it again under its name.
        await page.click(`${row} [data-testid="row-repair"]`);
        await page.waitForSelector('[data-testid="confirm-delete"]', { visible: true });
        t.regex(await text(page, '#confirm-delete-text'), /Re-pair "Oak entrance"\?/);
        await page.click('[data-testid="confirm-delete-yes"]');
        await waitForText(page, '#tablet-code-title', 'New pairing code for Oak entrance');
        const again = await page.$eval(
          '[data-testid="tablet-code-digits"]',
          (el) => el.getAttribute('data-code') ?? '',
        );
        t.not(again, code);
        t.is((await app.request('POST', '/api/pad/pair', { body: { code: again } })).status, 200);
        await waitForText(page, '[data-testid="tablet-paired"]', 'Oak entrance now shows Oak');
        await page.click('[data-testid="tablet-code-close"]');
        await page.waitForSelector(`${row} [data-state="active"] `);
        await page.waitForSelector(`${row} [data-online="true"]`);
        t.is((await tabletsNow()).length, 1, 'the same tablet, paired again');

        // Offline only: nothing matches now.
        await page.select('#tablets-f-online', 'false');
        await waitForText(page, '[data-testid="crud-empty"]', 'No tablet matches');
        t.deepEqual(await seriousViolations(page), [], 'the list');
      });
    },
  );

  test.serial("a room's QR code is replaced from its form, after a confirmation", async (t) => {
    const secret = async () =>
      (await app.cradle.db('room_qr_codes').where({ resource_id: oak }).first())?.secret as string | undefined;
    await withPage(t, browser, async ({ page }) => {
      await openAsAdmin(page, app, '/room/room');
      const row = await rowWith(page, 'resource-table', 'Oak');
      await page.click(`${row} [data-testid="row-edit"]`);
      await page.waitForSelector('[data-testid="qrcode"]', { visible: true });
      const before = await secret();
      t.truthy(before, 'the picture made the secret');
      await page.click('[data-testid="qr-rotate"]');
      await page.waitForSelector('[data-testid="confirm-delete"]', { visible: true });
      t.regex(await text(page, '#confirm-delete-text'), /printed before stop working/);
      t.deepEqual(await seriousViolations(page), [], 'the confirmation');
      await page.click('[data-testid="confirm-delete"] .negative.button');
      await waitForText(page, '[data-testid="toast"]', 'New QR code made');
      t.not(await secret(), before, 'a new secret: the printed code is refused');
    });
  });

  test.serial("the device screen pairs a door tablet from its row, for the device's room", async (t) => {
    const made = await app.request('POST', '/api/room/devices', {
      token,
      body: { name: 'Oak pad', deviceNo: 'PAD-OAK', kind: 'pad', resourceId: oak },
    });
    t.is(made.status, 200, JSON.stringify(made.body));
    await withPage(t, browser, async ({ page }) => {
      await openAsAdmin(page, app, '/room/equipment');
      await page.waitForSelector('[data-testid="equipment-table"] [data-testid="row-pair-tablet"]', { visible: true });
      await page.click('[data-testid="row-pair-tablet"]');
      await page.waitForSelector('[data-testid="tablet-code-digits"]', { visible: true });
      t.regex(await text(page, '#tablet-code-title'), /Oak/);
      const code = (await text(page, '[data-testid="tablet-code-digits"]')).replace(/\D/g, '');
      t.is(code.length, 8);
      const paired = await app.request('POST', '/api/pad/pair', { body: { code } });
      t.is(paired.status, 200, JSON.stringify(paired.body));
      t.is((paired.body.data as { tablet: { room: { id: number } } }).tablet.room.id, oak);
      await page.waitForSelector('[data-testid="tablet-paired"]', { visible: true });
      t.deepEqual(await seriousViolations(page), [], 'the code dialog on the device screen');
    });
  });
}
