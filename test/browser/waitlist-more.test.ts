/**
 * Joining a waitlist from more places (docs/product-rules.md R25.2): a taken room found by the room inquiry with
 * the taken ones shown (R12.5), and a taken desk picked on Book by floor plan for a period; each entry is then
 * listed in My Booking's "My waitlists".
 */
import anyTest, { type TestFn } from 'ava';
import type { Browser, Page } from 'puppeteer-core';
import type { TestApp } from '../helpers/app.ts';
import { book, staff, type Who } from '../helpers/bookings.ts';
import { createPlace, createResource } from '../helpers/places-fixture.ts';
import { dayFromNow, setValue, signInAs, waitForText } from './center-helpers.ts';
import { browserSuite, rowWith, seriousViolations, waitForGone, withPage } from './helpers.ts';

const test = anyTest as TestFn;

let app: TestApp;
let browser: Browser;
const DAY = dayFromNow(2);

browserSuite(
  test,
  'waitlist from the inquiry and the floor plan',
  {},
  async (s) => {
    ({ app, browser } = s);
    const place = await createPlace(app);
    const cedar = await createResource(app, place, { name: 'Cedar' });
    await createResource(app, place, { name: 'Linden' });
    const desk = await createResource(app, place, { name: 'Desk W-1', type: 1, capacity: 1 });
    await createResource(app, place, { name: 'Desk W-2', type: 1, capacity: 1 });
    const olga: Who = await staff(app, 'olga');
    await staff(app, 'wanda');
    for (const resourceId of [cedar, desk]) {
      const res = await book(app, olga, { resourceId, meetingDate: DAY, startTime: '10:00', endTime: '11:00' });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    }
  },
  registerTests,
);

/** Joins the waitlist whose button is inside `scope`, with a subject, and waits for the form to close. */
async function joinFrom(page: Page, scope: string, subject: string): Promise<void> {
  await page.waitForSelector(`${scope} [data-testid="waitlist-join"]`, { visible: true });
  await page.click(`${scope} [data-testid="waitlist-join"]`);
  await page.waitForSelector('#waitlist-subject', { visible: true });
  await page.type('#waitlist-subject', subject);
  await page.click('[data-testid="waitlist-join-submit"]');
  await waitForGone(page, 'waitlist-join-modal');
}

/** My Booking's "My waitlists" lists the entry, still waiting. */
async function listedWaiting(page: Page, subject: string): Promise<string> {
  await page.goto(`${app.url}/center/meeting`);
  return waitForText(page, '[data-testid="my-waitlists"] tr[data-state="waiting"]', new RegExp(subject));
}

function registerTests(): void {
  test.serial('a taken room of the inquiry is waited for with the inquiry’s range', async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await signInAs(page, app, 'wanda');
      await page.goto(`${app.url}/center/search`);
      await setValue(page, '#f-date', DAY);
      await page.select('#s-start', '10:00');
      await page.select('#s-end', '11:00');
      await page.click('[data-testid="search-run"]');
      await page.waitForSelector('[data-testid="search-results"] tr[data-taken="false"]');
      t.falsy(await page.$('[data-testid="search-results"] tr[data-taken="true"]'), 'taken ones only on request');
      t.false(await page.$eval('[data-testid="search-results"]', (el) => el.textContent?.includes('Cedar') ?? false));

      // Shown from the keyboard: the answer on screen follows at once, without searching again.
      await page.focus('#s-taken');
      await page.keyboard.press('Space');
      const row = await rowWith(page, 'search-results', 'Cedar');
      t.is(await page.$eval(row, (el) => el.getAttribute('data-taken')), 'true');
      // Told in words, not by colour alone; a free room is still booked, not waited for.
      t.regex(await page.$eval(`${row} [data-testid="search-availability"]`, (el) => el.textContent ?? ''), /Taken/);
      const free = await rowWith(page, 'search-results', 'Linden');
      t.regex(await page.$eval(free, (el) => el.textContent ?? ''), /Free/);
      t.falsy(await page.$(`${free} [data-testid="waitlist-join"]`));
      t.deepEqual(await seriousViolations(page), []);

      await joinFrom(page, row, 'Waiting from the inquiry');
      const entry = await app.cradle.db('waitlist_entries').where({ subject: 'Waiting from the inquiry' }).first();
      t.like(entry, { meeting_date: DAY, start_time: '10:00', end_time: '11:00', state: 'waiting' });
      t.regex(await listedWaiting(page, 'Waiting from the inquiry'), /Cedar/);
    });
  });

  test.serial('a taken desk picked on the floor plan for a period is waited for', async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await signInAs(page, app, 'wanda');
      await page.goto(`${app.url}/center/reservedesk`);
      await setValue(page, '#f-date', DAY);
      await page.select('#p-start', '09:30');
      await page.select('#p-end', '10:30');
      await page.waitForSelector('g.fp-item[aria-label="Desk W-2 09:30–10:30 free"]');
      await page.click('g.fp-item[aria-label="Desk W-1 09:30–10:30 booked"]');
      await waitForText(page, '[data-testid="plan-taken"]', /Desk W-1 09:30–10:30/);

      await joinFrom(page, '[data-testid="plan-taken"]', 'Waiting from the plan');
      await waitForGone(page, 'plan-taken');
      const entry = await app.cradle.db('waitlist_entries').where({ subject: 'Waiting from the plan' }).first();
      t.like(entry, { meeting_date: DAY, start_time: '09:30', end_time: '10:30', state: 'waiting' });
      t.regex(await listedWaiting(page, 'Waiting from the plan'), /Desk W-1/);
    });
  });
}
