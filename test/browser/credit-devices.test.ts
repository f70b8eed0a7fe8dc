/**
 * Prices before booking, one's own credit history and devices chosen by name (issue 24, docs/product-rules.md
 * R10.5, R12.5): with useCredit on, the booking form shows the price and the balance and warns when the balance is
 * short; My Booking shows the movements after a booking; the inquiry filters rooms by a device name picked from
 * a searchable list, whatever the devices' ids.
 */
import anyTest, { type TestFn } from 'ava';
import type { Browser } from 'puppeteer-core';
import { systemActor } from '../../core/actor.ts';
import type { TestApp } from '../helpers/app.ts';
import { createPlace, createResource, setParams } from '../helpers/places-fixture.ts';
import { createUser } from '../helpers/users.ts';
import {
  cell,
  dayFromNow,
  dragCells,
  fillBookingForm,
  setValue,
  signInAs,
  text,
  waitForText,
} from './center-helpers.ts';
import { browserSuite, seriousViolations, withPage } from './helpers.ts';

const test = anyTest as TestFn;

let app: TestApp;
let browser: Browser;
const DAY = dayFromNow(1);

browserSuite(
  test,
  'credit and device names',
  {},
  async (s) => {
    ({ app, browser } = s);
    await setParams(app, { options: '|copyright|useCredit|' });
    const carla = await createUser(app, 'carla');
    await app.cradle.creditsService.recharge(systemActor(), carla, { amount: 5000, note: 'welcome' });
    const place = await createPlace(app);
    // ¥10.00 and ¥100.00 an hour (prices are in cents).
    const everest = await createResource(app, place, { name: 'Everest', pricePerHour: 1000 });
    await createResource(app, place, { name: 'Grand', pricePerHour: 10_000 });
    const k2 = await createResource(app, place, { name: 'K2' });
    let n = 0;
    const mount = (name: string, resourceId: number) =>
      app.cradle.devicesService.create(systemActor(), {
        name,
        deviceNo: `CD-${++n}`,
        kind: 'other',
        showOnTerminal: false,
        connected: false,
        resourceId,
      });
    await mount('Projector', everest);
    await mount('Projector', k2);
    await mount('Video bar', k2);
  },
  registerTests,
);

function registerTests(): void {
  test.serial('the booking form shows the price and the balance, and warns when it is short', async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await signInAs(page, app, 'carla');
      await page.goto(`${app.url}/center/reserve`);
      await setValue(page, '#f-date', DAY);

      await dragCells(page, cell('Grand', '10:00', 'free'), cell('Grand', '10:45', 'free'));
      await page.click('[data-testid="open-booking"]');
      t.is(await waitForText(page, '[data-testid="price-line"] p', /¥100\.00/), 'Price ¥100.00 · your balance ¥50.00');
      await page.waitForSelector('[data-testid="price-short"]', { visible: true });
      await fillBookingForm(page, 'Too dear');
      await page.click('[data-testid="booking-submit"]');
      // The server still refuses (R10.2): the form stays, nothing is booked.
      await page.waitForFunction(() => document.querySelector('[data-testid="booking-submit"]:not(.loading)'));
      t.is(
        await app.cradle
          .db('bookings')
          .count({ n: '*' })
          .first()
          .then((r) => Number(r?.n)),
        0,
      );
      await page.keyboard.press('Escape');
      await page.waitForSelector('[data-testid="booking-form"]', { hidden: true });

      await dragCells(page, cell('Everest', '10:00', 'free'), cell('Everest', '10:45', 'free'));
      await page.click('[data-testid="open-booking"]');
      t.is(await waitForText(page, '[data-testid="price-line"] p', /¥10\.00/), 'Price ¥10.00 · your balance ¥50.00');
      t.falsy(await page.$('[data-testid="price-short"]'), 'no warning when the balance covers the price');
      t.deepEqual(await seriousViolations(page), [], 'no serious or critical axe violations in the form');
      await fillBookingForm(page, 'Planning');
      await page.click('[data-testid="booking-submit"]');
      await page.waitForSelector('[data-testid="booked-close"]', { visible: true });
      await page.click('[data-testid="booked-close"]');
    });
  });

  test.serial('My Booking shows the credit history after booking', async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await signInAs(page, app, 'carla');
      await page.goto(`${app.url}/center/meeting`);
      t.is(await waitForText(page, '[data-testid="credit-balance"]', /40\.00/), 'Your balance: ¥40.00');
      const rows = await page.$$eval('[data-testid="credit-ledger"] tbody tr', (trs) =>
        trs.map((tr) => ({
          kind: tr.getAttribute('data-kind'),
          cells: [...tr.querySelectorAll('td')].map((td) => td.textContent),
        })),
      );
      const booking = (await app.cradle.db('bookings').first('id')) as { id: number };
      t.deepEqual(
        rows.map((r) => [r.kind, ...r.cells.slice(1)]),
        [
          ['charge', 'Booking charge', '−¥10.00', '¥40.00', `#${booking.id}`],
          ['recharge', 'Top-upwelcome', '+¥50.00', '¥50.00', ''],
        ],
      );
      t.deepEqual(await seriousViolations(page), [], 'no serious or critical axe violations on My Booking');
    });
  });

  test.serial('the inquiry filters by a device name picked from a searchable list', async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await signInAs(page, app, 'carla');
      await page.goto(`${app.url}/center/search`);
      await setValue(page, '#f-date', DAY);
      // A range of its own: the inquiry opens at the next quarter hour, and the tests above book Everest at 10:00.
      await page.select('#s-start', '15:00');
      await page.select('#s-end', '16:00');
      await page.click('#s-devices');
      await page.type('#s-devices', 'vid');
      const option = await page.waitForSelector('[data-testid="device-names"] .menu .item:not(.disabled)', {
        visible: true,
      });
      t.is(await option!.evaluate((e) => e.textContent), 'Video bar', 'the list is searched');
      await option!.click();
      await page.click('[data-testid="search-run"]');
      await page.waitForSelector('[data-testid="search-results"]');
      t.deepEqual(
        await page.$$eval('[data-testid="search-results"] tbody tr td:first-child', (tds) =>
          tds.map((d) => d.textContent),
        ),
        ['K2'],
      );

      // A second name: rooms with some device of each, whatever the ids (both rooms have a "Projector").
      await page.click('[data-testid="device-names"] .delete.icon');
      await page.type('#s-devices', 'Proj');
      const projector = await page.waitForSelector('[data-testid="device-names"] .menu .item:not(.disabled)', {
        visible: true,
      });
      await projector!.click();
      await page.click('[data-testid="search-run"]');
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid="search-results"] tbody tr').length === 2,
      );
      t.deepEqual(
        await page.$$eval('[data-testid="search-results"] tbody tr td:first-child', (tds) =>
          tds.map((d) => d.textContent),
        ),
        ['Everest', 'K2'],
      );
      t.regex(await text(page, '[data-testid="device-names"]'), /Projector/);
      t.deepEqual(await seriousViolations(page), [], 'no serious or critical axe violations on the inquiry');
    });
  });
}
