/**
 * Book by floor plan speaks as Book by list does (issue 24): one polite live region on the screen tells the place
 * chosen, a place that cannot be booked over the range, a booking made and a booking refused with the server's reason,
 * in the user's language.
 */
import anyTest, { type TestFn } from 'ava';
import type { Browser, Page } from 'puppeteer-core';
import type { TestApp } from '../helpers/app.ts';
import { book, staff } from '../helpers/bookings.ts';
import { createPlace, createResource } from '../helpers/places-fixture.ts';
import { createUser, STAFF_PASSWORD } from '../helpers/users.ts';
import { dayFromNow, fillBookingForm, setValue, signInAs, waitForText } from './center-helpers.ts';
import { browserSuite, withPage } from './helpers.ts';

const test = anyTest as TestFn;

let app: TestApp;
let browser: Browser;
let d2: number;
const DAY = dayFromNow(1);
const ANNOUNCE = '[data-testid="reservedesk-announce"]';
const place = (name: string, state: string) => `g.fp-item[aria-label="${name} 09:00–12:00 ${state}"]`;

browserSuite(
  test,
  'floor plan for screen readers',
  {},
  async (s) => {
    ({ app, browser } = s);
    await createUser(app, 'alice');
    const at = await createPlace(app);
    const d1 = await createResource(app, at, { name: 'D-1', type: 1, capacity: 1 });
    d2 = await createResource(app, at, { name: 'D-2', type: 1, capacity: 1 });
    await createResource(app, at, { name: 'D-3', type: 1, capacity: 1 });
    const bob = await staff(app, 'bob');
    await book(app, bob, { resourceId: d1, meetingDate: DAY, startTime: '10:00', endTime: '11:00' });
  },
  registerTests,
);

/** Waits until the live region says `re`, and answers what it says. */
const announced = (page: Page, re: RegExp) => waitForText(page, ANNOUNCE, re);

async function openPlan(page: Page, lang = 'en'): Promise<void> {
  await signInAs(page, app, 'alice');
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
  await page.goto(`${app.url}/center/reservedesk`);
  await setValue(page, '#f-date', DAY);
  await page.select('#p-start', '09:00');
  await page.select('#p-end', '12:00');
}

/** Moves the plan's one tab stop to `selector` with the arrow keys and presses `key` there. */
async function pressOn(page: Page, selector: string, key: 'Enter' | 'Space'): Promise<void> {
  await page.waitForSelector(selector);
  await page.$eval('g.fp-item[tabindex="0"]', (el) => (el as SVGGElement).focus());
  for (let i = 0; i < 10 && !(await page.evaluate((s) => document.activeElement?.matches(s), selector)); i++)
    await page.keyboard.press('ArrowRight');
  await page.keyboard.press(key);
}

function registerTests(): void {
  test.serial('book by floor plan: choice, a place not free, booked and refused are announced politely', async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await openPlan(page);
      await page.waitForSelector(place('D-2', 'free'));
      const regions = await page.$$eval('[data-testid="reservedesk-page"] [aria-live]', (els) =>
        els.map(
          (el) => `${el.getAttribute('role')} ${el.getAttribute('aria-live')} ${(el as HTMLElement).dataset.testid}`,
        ),
      );
      t.deepEqual(regions, ['status polite reservedesk-announce']);
      t.is(await page.$eval(ANNOUNCE, (el) => el.textContent), '', 'nothing is said before a choice');

      // A place booked over the range: told why it cannot be chosen.
      await pressOn(page, place('D-1', 'booked'), 'Enter');
      t.is(
        await announced(page, /cannot be booked/),
        'D-1 09:00–12:00 is booked and cannot be booked. Choose another place or time.',
      );

      // A place chosen, then booked.
      await pressOn(page, place('D-2', 'free'), 'Space');
      t.is(await announced(page, /^Selected/), 'Selected D-2 09:00–12:00.');
      await fillBookingForm(page, 'Focus');
      await page.click('[data-testid="booking-submit"]');
      await page.waitForSelector('[data-testid="checkin-code"]');
      t.is(await announced(page, /^Booked/), 'Booked D-2 09:00–12:00.');
      await page.click('[data-testid="booked-close"]');
      await page.waitForSelector(place('D-2', 'my booking'));

      // A booking refused: the desk was taken meanwhile.
      await page.click(place('D-3', 'free'));
      await announced(page, /^Selected D-3/);
      await fillBookingForm(page, 'Late');
      const bobToken = await app.tokenFor('bob', STAFF_PASSWORD);
      const d3 = Number(await page.$eval(place('D-3', 'free'), (el) => el.getAttribute('data-id')));
      const res = await app.post(
        '/api/bookings',
        { resourceId: d3, meetingDate: DAY, startTime: '09:00', endTime: '12:00', subject: 'Bob first' },
        { token: bobToken },
      );
      t.is(res.status, 200);
      await page.click('[data-testid="booking-submit"]');
      t.regex(await announced(page, /^Not booked/), /^Not booked: D-3 09:00–12:00\. \S.+/);
      t.not(d3, d2);
    });
  });

  test.serial('book by floor plan: the announcement follows the language', async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await openPlan(page, 'ja');
      await pressOn(page, 'g.fp-item[aria-label="D-1 09:00–12:00 予約済み"]', 'Enter');
      t.is(
        await announced(page, /予約できません/),
        'D-1 09:00–12:00 は予約済みのため予約できません。別の場所か時間を選んでください。',
      );
      await page.evaluate(() => localStorage.setItem('lang', 'en'));
    });
  });
}
