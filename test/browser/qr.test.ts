/**
 * The door tablet's QR code end to end (docs/product-rules.md R19.9), in Chromium against the real server: the
 * paired tablet shows a QR code for its room; a phone-sized page (390×844) opening its address while signed out
 * signs in and comes back, checks in to its meeting, and the tablet shows "in use" within 2 s through its stream;
 * opened again there is nothing left to check in to; "Book this room" opens the booking form at the offered start;
 * a forged code is refused in words; the page in cn and ja; axe finds nothing serious. Writes
 * docs/screenshots/qr-tablet.png and qr-phone.png.
 */
import path from 'node:path';
import anyTest, { type TestFn } from 'ava';
import type { Browser, Page } from 'puppeteer-core';
import { ADMIN_PASSWORD, type TestApp } from '../helpers/app.ts';
import { createPlace, createResource } from '../helpers/places-fixture.ts';
import { browserSuite, newPage, seriousViolations, submitLogin, withPage } from './helpers.ts';

const test = anyTest as TestFn;

let app: TestApp;
let browser: Browser;
let token: string;
let cedar: number;
/** Tomorrow (UTC, the room's zone), where the server's clock stands at 10:05. */
let date: string;

const SHOTS = path.resolve('docs/screenshots');
const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

async function call<T = Record<string, unknown>>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await app.request(method, `/api${url}`, { token, body });
  if (res.body.code !== 0) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as T;
}

const text = (page: Page, selector: string) =>
  page.evaluate((s) => document.querySelector(s)?.textContent ?? '', selector);

/** Opens /pad paired for Cedar through the keypad, and answers the address its QR code encodes. */
async function openTablet(page: Page): Promise<string> {
  await page.setViewport({ width: 1280, height: 800 });
  await page.goto(`${app.url}/pad`);
  await page.waitForSelector('[data-testid="pad-pairing"]', { visible: true });
  const { code } = await call<{ code: string }>('POST', '/sys/tablets/pairing', { resourceId: cedar });
  for (const digit of code) await page.click(`[data-testid="pad-pairing"] [data-key="${digit}"]`);
  await page.click('[data-testid="pad-pair"]');
  await page.waitForSelector('[data-testid="pad-screen"][data-stream="ready"] [data-testid="pad-state"]', {
    visible: true,
  });
  await page.click('.pad-language [data-lang="en"]');
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('[data-testid="pad-qr-image"]');
    return Boolean(img && img.complete && img.naturalWidth > 0);
  });
  return page.$eval('[data-testid="pad-qr-image"]', (img) => img.getAttribute('data-url') ?? '');
}

/** The tablet's address on the test server (the public URL may name another host). */
const onTestServer = (url: string) => {
  const u = new URL(url);
  return `${app.url}${u.pathname}${u.search}`;
};

async function chooseLanguage(page: Page, lang: 'cn' | 'en' | 'ja'): Promise<void> {
  await page.click(`.language-switch [data-lang="${lang}"]`);
  await page.waitForFunction(
    (l) => document.querySelector(`.language-switch [data-lang="${l}"]`)?.getAttribute('aria-pressed') === 'true',
    {},
    lang,
  );
}

browserSuite(
  test,
  'door tablet QR code',
  {},
  async (s) => {
    ({ app, browser } = s);
    const tomorrow = new Date(Math.floor(app.clock.now() / 86_400_000 + 1) * 86_400_000);
    date = tomorrow.toISOString().slice(0, 10);
    app.clock.set(tomorrow.getTime() + (10 * 60 + 5) * 60_000);
    token = await app.adminToken();
    cedar = await createResource(app, await createPlace(app), { name: 'Cedar', capacity: 6 });
    await call('POST', '/bookings', {
      resourceId: cedar,
      meetingDate: date,
      startTime: '10:00',
      endTime: '11:00',
      subject: 'Standup',
    });
  },
  registerTests,
);

function registerTests(): void {
  test.serial(
    'the tablet shows a QR code; a signed-out phone signs in, checks in, and the tablet is in use within 2 s',
    async (t) => {
      await withPage(t, browser, async ({ page: tablet }) => {
        const url = await openTablet(tablet);
        t.regex(url, /\/qr\?room=\d+&t=[0-9a-z]+\.[\w-]+$/);
        t.is(await text(tablet, '#pad-qr-title'), 'Scan to check in or book', 'padQrCodeBooking is on');
        t.is(await tablet.$eval('[data-state]', (el) => el.getAttribute('data-state')), 'awaitingCheckIn');
        t.deepEqual(await seriousViolations(tablet), [], 'the tablet with its QR code: no serious axe violations');
        await tablet.screenshot({ path: path.join(SHOTS, 'qr-tablet.png') as `${string}.png` });

        // The phone: its own browser context, so it shares no session with anyone.
        const context = await browser.createBrowserContext();
        try {
          const phone = await newPage(context as unknown as Browser);
          const { page } = phone;
          await page.setViewport(PHONE);
          await page.goto(onTestServer(url));
          await page.waitForSelector('#login-username', { visible: true });
          const redirect = new URL(page.url()).searchParams.get('redirect') ?? '';
          t.is(redirect, new URL(url).pathname + new URL(url).search, 'the login page keeps the way back');
          await submitLogin(page, app, 'admin', ADMIN_PASSWORD);
          await page.waitForSelector('[data-testid="qr-checkin"]', { visible: true });
          t.is(new URL(page.url()).pathname, '/qr', 'back on the QR page after signing in');
          await chooseLanguage(page, 'en');
          t.is(await text(page, '[data-testid="qr-room"]'), 'Cedar');
          t.is(await text(page, '[data-testid="qr-state"]'), 'Busy until 11:00', 'the meeting holds the room');
          t.is(await text(page, '[data-testid="qr-checkin"]'), 'Check in to Standup 10:00–11:00');
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          t.true(width <= 390, `no sideways scrolling on a phone (${width} px)`);
          t.deepEqual(await seriousViolations(page), [], 'the phone page: no serious axe violations');

          // Keyboard: the check-in button is reached with Tab and pressed with Enter.
          await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
          for (let i = 0; i < 8; i++) {
            await page.keyboard.press('Tab');
            if (await page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'qr-checkin')) break;
          }
          t.is(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'qr-checkin');
          await page.keyboard.press('Enter');
          await page.waitForSelector('[data-testid="qr-done"]', { visible: true });
          const started = Date.now();
          await tablet.waitForFunction(
            () => document.querySelector('[data-testid="pad-state"]')?.getAttribute('data-state') === 'inUse',
            { timeout: 2000 },
          );
          t.true(Date.now() - started <= 2000);
          t.regex(await text(page, '[data-testid="qr-done"]'), /^Checked inStandup, 10:00–11:00/);
          t.is(await text(page, '[data-testid="qr-state"]'), 'Busy until 11:00');
          t.deepEqual(await seriousViolations(page), [], 'checked in: no serious axe violations');
          await page.screenshot({ path: path.join(SHOTS, 'qr-phone.png') as `${string}.png` });

          await chooseLanguage(page, 'cn');
          await page.waitForFunction(
            () => document.querySelector('[data-testid="qr-state"]')?.textContent === '使用中，至 11:00',
          );
          t.regex(await text(page, '[data-testid="qr-done"]'), /^已签到/);
          t.is(await text(page, '[data-testid="qr-book"]'), '预订此会议室');
          await chooseLanguage(page, 'ja');
          await page.waitForFunction(
            () => document.querySelector('[data-testid="qr-state"]')?.textContent === '11:00 まで使用中',
          );
          t.regex(await text(page, '[data-testid="qr-done"]'), /^チェックインしました/);
          t.deepEqual(await seriousViolations(page), [], 'ja: no serious axe violations');
          await chooseLanguage(page, 'en');

          // Opened again: nothing left to check in to, said in words.
          await page.reload();
          await page.waitForSelector('[data-testid="qr-nothing"]', { visible: true });
          t.is(await text(page, '[data-testid="qr-nothing"] h2'), 'Nothing to check in to');
          t.deepEqual(await seriousViolations(page), [], 'nothing to check in to: no serious axe violations');

          // "Book this room": the booking form at the room, the date and the end of the meeting holding it.
          const href = await page.$eval('[data-testid="qr-book"]', (a) => a.getAttribute('href') ?? '');
          t.is(href, `/center/reserve?resourceId=${cedar}&date=${date}&start=11%3A00`);
          await page.click('[data-testid="qr-book"]');
          await page.waitForSelector('[data-testid="booking-form"]', { visible: true });
          t.is(await text(page, '[data-testid="booking-when"]'), `Cedar · ${date} 11:00–11:15`);
          t.is(await page.evaluate(() => window.location.search), '', 'closing the form will not open it again');

          // A forged code is refused in words.
          const forged = new URL(url);
          forged.searchParams.set('t', `${forged.searchParams.get('t')!.slice(0, -3)}abc`);
          await page.goto(onTestServer(forged.toString()));
          await page.waitForSelector('[data-testid="qr-error"]', { visible: true });
          t.regex(await text(page, '[data-testid="qr-error"]'), /This QR code is not valid/);
          await page.goto(`${app.url}/qr?room=${cedar}`);
          await page.waitForSelector('[data-testid="qr-error"]', { visible: true });
          t.regex(await text(page, '[data-testid="qr-error"]'), /not a room's QR code/);
          t.deepEqual(await seriousViolations(page), [], 'an error: no serious axe violations');
          t.deepEqual(phone.errors, [], 'no uncaught errors on the phone');
        } finally {
          await context.close();
        }
      });
    },
  );
}
