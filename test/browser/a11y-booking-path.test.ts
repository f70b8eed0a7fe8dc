/**
 * A screen-reader pass over the booking path (issue 24): Book by list has one polite live region (not one per cell)
 * that tells the chosen range, a range that overlaps a booking, a booking made and a booking refused; the grid's
 * cells name their state in words and the legend draws each state's glyph.
 */
import anyTest, { type TestFn } from 'ava';
import type { Browser, Page } from 'puppeteer-core';
import type { TestApp } from '../helpers/app.ts';
import { book, staff } from '../helpers/bookings.ts';
import { createPlace, createResource } from '../helpers/places-fixture.ts';
import { createUser, STAFF_PASSWORD } from '../helpers/users.ts';
import { cell, dayFromNow, dragCells, fillBookingForm, signInAs } from './center-helpers.ts';
import { browserSuite, seriousViolations, withPage } from './helpers.ts';

const test = anyTest as TestFn;

let app: TestApp;
let browser: Browser;
let everest: number;
const DAY = dayFromNow(1);
const ANNOUNCE = '[data-testid="reserve-announce"]';

browserSuite(
  test,
  'booking path for screen readers',
  {},
  async (s) => {
    ({ app, browser } = s);
    await createUser(app, 'alice');
    const place = await createPlace(app);
    everest = await createResource(app, place, { name: 'Everest', capacity: 10 });
    await createResource(app, place, { name: 'K2', capacity: 6 });
    const bob = await staff(app, 'bob');
    await book(app, bob, { resourceId: everest, meetingDate: DAY, startTime: '10:00', endTime: '11:00' });
  },
  registerTests,
);

/** Waits until the live region says `re`, and answers what it says. */
async function announced(page: Page, re: RegExp): Promise<string> {
  await page.waitForFunction(
    (sel, src) => new RegExp(src).test(document.querySelector(sel)?.textContent ?? ''),
    {},
    ANNOUNCE,
    re.source,
  );
  return page.$eval(ANNOUNCE, (el) => el.textContent ?? '');
}

function registerTests(): void {
  test.serial('book by list: selection, conflict, booking made and refused are announced politely', async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await signInAs(page, app, 'alice');
      await page.goto(`${app.url}/center/reserve?date=${DAY}`);
      await page.waitForSelector(cell('Everest', '10:00', 'booked'));

      // One polite status region for the screen; no cell is a live region.
      const regions = await page.$$eval(
        '[data-testid="reserve-page"] [aria-live], [data-testid="reserve-page"] [role="status"]',
        (els) =>
          els.map(
            (el) => `${el.getAttribute('role')} ${el.getAttribute('aria-live')} ${(el as HTMLElement).dataset.testid}`,
          ),
      );
      t.deepEqual(regions, ['status polite reserve-announce']);
      t.is(await page.$eval(ANNOUNCE, (el) => el.textContent), '', 'nothing is said before a choice');

      // Cells name their state in words; the legend draws each state's glyph beside its text.
      t.truthy(await page.$(cell('Everest', '14:00', 'free')));
      const legend = await page.$$eval('.tg-legend li', (els) =>
        els.map((li) => {
          const swatch = li.querySelector('.tg-swatch')!;
          return `${li.textContent} ${getComputedStyle(swatch, '::after').content}`;
        }),
      );
      for (const expected of ['free none', 'my booking "★"', 'booked "●"', 'past "–"', 'conflict "✕"'])
        t.true(legend.includes(expected), `${expected} in ${legend.join(' | ')}`);

      // Keyboard: space starts a range, shift + arrows extend it; the range is announced once it rests.
      await page.$eval(cell('Everest', '14:00', 'free'), (el) => (el as HTMLElement).focus());
      await page.keyboard.press('Space');
      await page.keyboard.down('Shift');
      for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
      await page.keyboard.up('Shift');
      t.is(
        await announced(page, /Selected Everest 14:00–15:00/),
        'Selected Everest 14:00–15:00. Press Book to continue.',
      );

      // A range over a booking: told as a conflict.
      await dragCells(page, cell('Everest', '09:30', 'free'), cell('Everest', '10:15', 'booked'));
      t.is(
        await announced(page, /overlaps/),
        'Everest 09:30–10:30 overlaps a booking and cannot be booked. Choose another time.',
      );

      // A booking made.
      await dragCells(page, cell('Everest', '15:00', 'free'), cell('Everest', '15:45', 'free'));
      await announced(page, /Selected Everest 15:00–16:00/);
      await page.click('[data-testid="open-booking"]');
      await fillBookingForm(page, 'Planning');
      t.deepEqual(await seriousViolations(page), [], 'the booking form: no serious axe violations');
      await page.click('[data-testid="booking-submit"]');
      await page.waitForSelector('[data-testid="checkin-code"]');
      t.is(await announced(page, /^Booked/), 'Booked Everest 15:00–16:00.');
      await page.click('[data-testid="booked-close"]');
      await page.waitForSelector(cell('Everest', '15:00', 'my booking'));

      // A booking refused: the time was taken meanwhile.
      await dragCells(page, cell('Everest', '17:00', 'free'), cell('Everest', '17:15', 'free'));
      await announced(page, /Selected Everest 17:00–17:30/);
      await page.click('[data-testid="open-booking"]');
      await fillBookingForm(page, 'Late');
      const bobToken = await app.tokenFor('bob', STAFF_PASSWORD);
      const res = await app.post(
        '/api/bookings',
        { resourceId: everest, meetingDate: DAY, startTime: '17:00', endTime: '18:00', subject: 'Bob first' },
        { token: bobToken },
      );
      t.is(res.status, 200);
      await page.click('[data-testid="booking-submit"]');
      t.regex(await announced(page, /^Not booked/), /^Not booked: Everest 17:00–17:30\. \S.+/);
      // Not hovering the clicked button: axe would read its hover colour (seriousViolations waits out transitions).
      await page.mouse.move(0, 0);
      t.deepEqual(await seriousViolations(page), [], 'the refusal: no serious axe violations');
    });
  });

  test.serial('book by list: the announcement follows the language', async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await signInAs(page, app, 'alice');
      await page.evaluate(() => localStorage.setItem('lang', 'cn'));
      await page.goto(`${app.url}/center/reserve?date=${DAY}`);
      await page.waitForSelector(cell('Everest', '12:00', '空闲'));
      await dragCells(page, cell('Everest', '12:00', '空闲'), cell('Everest', '12:15', '空闲'));
      t.is(await announced(page, /已选择/), '已选择 Everest 12:00–12:30。按“预约”继续。');
      await page.evaluate(() => localStorage.setItem('lang', 'en'));
    });
  });
}
