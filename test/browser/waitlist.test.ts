/**
 * The waitlist in the console (docs/product-rules.md R25): on Book by list a user selects a taken range and joins
 * its waitlist, asking to be booked automatically; when the holder cancels, the booking is made for them, and My
 * Booking lists it with the waitlist entry's state; leaving another entry is asked first.
 */
import anyTest, { type TestFn } from 'ava';
import type { Browser } from 'puppeteer-core';
import type { TestApp } from '../helpers/app.ts';
import { book, staff, type Who } from '../helpers/bookings.ts';
import { dispatchChanges } from '../helpers/notify.ts';
import { createPlace, createResource } from '../helpers/places-fixture.ts';
import { cell, dayFromNow, dragCells, setValue, signInAs, waitForText } from './center-helpers.ts';
import { browserSuite, seriousViolations, withPage } from './helpers.ts';

const test = anyTest as TestFn;

let app: TestApp;
let browser: Browser;
let olga: Who;
let heldId: number;
const DAY = dayFromNow(2);

browserSuite(
  test,
  'waitlist',
  {},
  async (s) => {
    ({ app, browser } = s);
    const place = await createPlace(app);
    const maple = await createResource(app, place, { name: 'Maple' });
    olga = await staff(app, 'olga');
    await staff(app, 'wanda');
    const held = await book(app, olga, { resourceId: maple, meetingDate: DAY, startTime: '10:00', endTime: '11:00' });
    if (held.status !== 200) throw new Error(JSON.stringify(held.body));
    heldId = held.body.data.id;
    // Taken times for leaving, and for waiting for exactly another's booking.
    await book(app, olga, { resourceId: maple, meetingDate: DAY, startTime: '14:00', endTime: '15:00' });
    await book(app, olga, { resourceId: maple, meetingDate: DAY, startTime: '16:00', endTime: '17:00' });
  },
  registerTests,
);

function registerTests(): void {
  test.serial('a taken range is joined, freed by a cancellation and booked for the one waiting', async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await signInAs(page, app, 'wanda');
      await page.goto(`${app.url}/center/reserve`);
      await setValue(page, '#f-date', DAY);
      // A selection starts on a free cell and may run over booked ones: 09:45-11:00 is then a conflict.
      await dragCells(page, cell('Maple', '09:45', 'free'), cell('Maple', '10:45', 'booked'));
      await page.waitForSelector('[data-testid="waitlist-join"]', { visible: true });
      t.falsy(await page.$('[data-testid="open-booking"]:not([disabled])'), 'a taken range is not booked');
      await page.click('[data-testid="waitlist-join"]');
      await page.waitForSelector('#waitlist-subject', { visible: true });
      await page.type('#waitlist-subject', 'Planning from the line');
      t.true(await page.$eval('#waitlist-auto', (el) => (el as HTMLInputElement).checked), 'automatic by default');
      t.deepEqual(await seriousViolations(page), []);
      await page.click('[data-testid="waitlist-join-submit"]');
      await page.waitForFunction(() => !document.querySelector('[data-testid="waitlist-join-modal"]'));
      const entry = await app.cradle.db('waitlist_entries').where({ meeting_date: DAY, start_time: '09:45' }).first();
      t.like(entry, { state: 'waiting', end_time: '11:00', subject: 'Planning from the line' });

      const cancelled = await app.post(`/api/bookings/${heldId}/cancel`, { reason: 'freed' }, { token: olga.token });
      t.is(cancelled.status, 200);
      await dispatchChanges(app);
      await app.cradle.outboxWorker.drainDue();

      await page.goto(`${app.url}/center/meeting`);
      await waitForText(page, '[data-testid="my-bookings"]', /Planning from the line/);
      const state = await waitForText(page, '[data-testid="my-waitlists"] [data-testid="waitlist-state"]', /Booked/);
      t.regex(state, /Booked for you/);
      await page.type('[data-testid="waitlist-search"] input', 'no such room');
      await page.waitForSelector('[data-testid="waitlists-empty"]', { visible: true });
      t.deepEqual(await seriousViolations(page), []);
    });
  });

  test.serial('an entry still waiting is left from My Booking after a confirmation', async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await signInAs(page, app, 'wanda');
      await page.goto(`${app.url}/center/reserve`);
      await setValue(page, '#f-date', DAY);
      await dragCells(page, cell('Maple', '13:45', 'free'), cell('Maple', '14:15', 'booked'));
      await page.click('[data-testid="waitlist-join"]');
      await page.waitForSelector('#waitlist-auto', { visible: true });
      await page.click('#waitlist-auto');
      await page.click('[data-testid="waitlist-join-submit"]');
      await page.waitForFunction(() => !document.querySelector('[data-testid="waitlist-join-modal"]'));

      await page.goto(`${app.url}/center/meeting`);
      await page.waitForSelector(
        '[data-testid="my-waitlists"] tr[data-state="waiting"] [data-testid="waitlist-leave"]',
      );
      await page.click('[data-testid="my-waitlists"] tr[data-state="waiting"] [data-testid="waitlist-leave"]');
      await waitForText(page, '#confirm-delete-text', /Maple/);
      await page.click('[data-testid="confirm-delete-yes"]');
      await page.waitForSelector('[data-testid="my-waitlists"] tr[data-state="left"]');
      const left = await app.cradle.db('waitlist_entries').where({ start_time: '13:45' }).first('state');
      t.is(left?.state, 'left');
    });
  });

  test.serial("another's booking opened on the grid is waited for with exactly its range", async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await signInAs(page, app, 'wanda');
      await page.goto(`${app.url}/center/reserve`);
      await setValue(page, '#f-date', DAY);
      const booked = await page.waitForSelector(cell('Maple', '16:00', 'booked'), { visible: true });
      await booked!.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }));
      await booked!.click();
      await page.waitForSelector('[data-testid="booking-details"] [data-testid="waitlist-join"]', { visible: true });
      await page.click('[data-testid="booking-details"] [data-testid="waitlist-join"]');
      await page.waitForSelector('[data-testid="waitlist-join-submit"]', { visible: true });
      await page.click('[data-testid="waitlist-join-submit"]');
      await page.waitForFunction(() => !document.querySelector('[data-testid="booking-details"]'));
      const entry = await app.cradle.db('waitlist_entries').where({ meeting_date: DAY, start_time: '16:00' }).first();
      t.like(entry, { state: 'waiting', end_time: '17:00' });
    });
  });
}
