/**
 * "Find me a room" (docs/product-rules.md R12.7): choose the attendees and a duration, the rooms come best first
 * with their reasons, Book (from the keyboard) books the first at once; nothing fitting says what to change.
 */
import anyTest, { type TestFn } from 'ava';
import type { Browser, Page } from 'puppeteer-core';
import { systemActor } from '../../core/actor.ts';
import type { TestApp } from '../helpers/app.ts';
import { book, staff } from '../helpers/bookings.ts';
import { createPlace, createResource } from '../helpers/places-fixture.ts';
import { createUser } from '../helpers/users.ts';
import { dayFromNow, setValue, signInAs, text } from './center-helpers.ts';
import { browserSuite, seriousViolations, withPage } from './helpers.ts';

const test = anyTest as TestFn;

let app: TestApp;
let browser: Browser;
let summit: number;
let tomsDesk: number;
const DAY = dayFromNow(1);

browserSuite(
  test,
  'find me a room',
  {},
  async (s) => {
    ({ app, browser } = s);
    for (const name of ['sara', 'tom', 'uma', 'vic']) await createUser(app, name);
    const place = await createPlace(app);
    await createResource(app, place, { name: 'Hall', capacity: 12 });
    summit = await createResource(app, place, { name: 'Summit', capacity: 4 });
    const booth = await createResource(app, place, { name: 'Booth', capacity: 2 });
    await app.cradle.devicesService.create(systemActor(), {
      name: 'Projector',
      deviceNo: 'SG-1',
      kind: 'other',
      showOnTerminal: false,
      connected: false,
      resourceId: booth,
    });
    // Desks in another building: Tom's, one beside it and one across the floor plan; and one in a third building.
    const desks = await createPlace(app);
    const desk = async (name: string, x: number, y: number, where = desks) => {
      const id = await createResource(app, where, { name, type: 1, capacity: 1 });
      await app.cradle.db('resources').where({ id }).update({ pos_x: x, pos_y: y });
      return id;
    };
    tomsDesk = await desk('D-Tom', 100, 100);
    await desk('D-Far', 900, 600);
    await desk('D-Beside', 140, 100);
    await desk('D-Elsewhere', 100, 100, await createPlace(app));
  },
  registerTests,
);

/** Picks a colleague in a people picker by searching their name. */
async function pick(page: Page, picker: string, name: string, root = `#${picker}`): Promise<void> {
  await page.type(root === `#${picker}` ? `#${picker}-search` : `#${picker}`, name);
  const option = `${root} .menu .item`;
  await page.waitForFunction(
    (sel, n) => [...document.querySelectorAll(sel)].some((e) => e.textContent?.includes(n)),
    {},
    option,
    name,
  );
  await page.$$eval(
    option,
    (items, n) => (items.find((e) => e.textContent?.includes(n)) as HTMLElement | undefined)?.click(),
    name,
  );
  await page.waitForFunction(
    (sel, n) => [...document.querySelectorAll(sel)].some((e) => e.textContent?.includes(n)),
    {},
    `${root} a.ui.label`,
    name,
  );
}

async function ask(page: Page, duration: string, from = '09:00', to = '12:00'): Promise<void> {
  await setValue(page, '#f-date', DAY);
  await page.select('#sg-from', from);
  await page.select('#sg-to', to);
  await page.select('#sg-duration', duration);
  await page.click('[data-testid="suggest-run"]');
}

function registerTests(): void {
  test.serial('attendees and a duration in, the best room first; Book books it in one go', async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await signInAs(page, app, 'sara');
      await page.goto(`${app.url}/center/suggest`);
      await page.waitForSelector('[data-testid="suggest-page"]', { visible: true });
      for (const name of ['tom', 'uma', 'vic']) await pick(page, 'sg-attendees', name);
      await ask(page, '60');
      await page.waitForSelector('[data-testid="suggestion"]', { visible: true });
      const names = await page.$$eval('[data-testid="suggestion"] .suggest-name', (els) =>
        els.map((e) => e.textContent?.trim()),
      );
      // Four people: the 4-seat room before the 12-seat one, the 2-seat booth not at all.
      t.deepEqual(names, ['1. Summit', '2. Hall']);
      const first = await text(page, '[data-testid="suggestion"]:first-child .suggest-reasons');
      t.regex(first, /Seats all 4 \(4 seats\)/);
      t.is(
        await text(page, '[data-testid="suggestion"]:first-child [data-testid="suggestion-range"]'),
        `${DAY} 09:00–10:00`,
      );
      t.deepEqual(await seriousViolations(page), []);

      await page.focus('[data-testid="suggestion"]:first-child [data-testid="suggestion-book"]');
      await page.keyboard.press('Enter');
      await page.waitForSelector('[data-testid="booked"]', { visible: true });
      t.regex(await text(page, '[data-testid="booked"] .content p'), /Summit/);
      const row = (await app.cradle
        .db('bookings')
        .where({ resource_id: summit, meeting_date: DAY })
        .first('id', 'start_time', 'end_time', 'subject')) as
        { id: number; start_time: string; end_time: string; subject: string } | undefined;
      t.like(row, { start_time: '09:00', end_time: '10:00', subject: 'Meeting' });
      const attendees = await app.cradle.db('booking_attendees').where({ booking_id: row!.id, kind: 'inner' });
      t.is(attendees.length, 3);
      await page.click('[data-testid="booked-close"]');
      // The list is asked again: Summit's next free hour now.
      await page.waitForFunction(() =>
        [...document.querySelectorAll('[data-testid="suggestion"]')].some(
          (e) => e.textContent?.includes('Summit') && e.textContent.includes('10:00–11:00'),
        ),
      );
    });
  });

  test.serial(
    'nothing fits: an empty state with what to change; a window shorter than the meeting is refused',
    async (t) => {
      await withPage(t, browser, async ({ page }) => {
        await signInAs(page, app, 'sara');
        await page.goto(`${app.url}/center/suggest`);
        await page.waitForSelector('[data-testid="suggest-page"]', { visible: true });
        // Three people, and the only projector is in the 2-seat booth.
        await pick(page, 'sg-attendees', 'tom');
        await pick(page, 'sg-attendees', 'uma');
        await pick(page, 's-devices', 'Projector', '[data-testid="device-names"]');
        await ask(page, '60');
        await page.waitForSelector('[data-testid="suggest-empty"]', { visible: true });
        t.regex(await text(page, '[data-testid="suggest-empty"]'), /No room fits.*Require fewer devices/s);
        await page.select('#sg-duration', '240');
        t.regex(await text(page, '#sg-problem'), /shorter than the duration/);
        t.true(await page.$eval('[data-testid="suggest-run"]', (b) => (b as HTMLButtonElement).disabled));
      });
    },
  );

  test.serial('a desk near a colleague: the one beside their desk first', async (t) => {
    const tom = await staff(app, 'tom');
    const held = await book(app, tom, { resourceId: tomsDesk, meetingDate: DAY, startTime: '09:00', endTime: '17:00' });
    t.is(held.status, 200, JSON.stringify(held.body));
    await withPage(t, browser, async ({ page }) => {
      await signInAs(page, app, 'sara');
      await page.goto(`${app.url}/center/suggest`);
      // The screen renders after its first data: wait for the choice before pressing it.
      await (await page.waitForSelector('[data-testid="suggest-kind-desk"]', { visible: true }))!.click();
      await pick(page, 'sg-near', 'tom');
      await ask(page, '480', '09:00', '17:00');
      await page.waitForSelector('[data-testid="suggestion"]', { visible: true });
      const names = await page.$$eval('[data-testid="suggestion"] .suggest-name', (els) =>
        els.map((e) => e.textContent?.trim()),
      );
      t.deepEqual(names, ['1. D-Beside', '2. D-Far', '3. D-Elsewhere']);
      t.regex(await text(page, '[data-testid="suggestion"]:first-child .suggest-reasons'), /Near your colleagues/);
    });
  });

  test.serial('a desk near my team: chosen from the keyboard, the one beside where the team sits first', async (t) => {
    const tom = await staff(app, 'tom');
    // The directory sync writes departments (R21.7): sara and tom are one team, uma another.
    for (const [username, path] of [
      ['sara', 'Acme / Design'],
      ['tom', 'Acme / Design'],
      ['uma', 'Acme / Ops'],
    ])
      await app.cradle.db('users').where({ username }).update({ department_path: path });
    if (!(await app.cradle.db('bookings').where({ resource_id: tomsDesk, meeting_date: DAY }).first('id'))) {
      const held = await book(app, tom, {
        resourceId: tomsDesk,
        meetingDate: DAY,
        startTime: '09:00',
        endTime: '17:00',
      });
      t.is(held.status, 200, JSON.stringify(held.body));
    }
    await withPage(t, browser, async ({ page }) => {
      await signInAs(page, app, 'sara');
      await page.goto(`${app.url}/center/suggest`);
      // The screen renders after its first data: wait for the choice before pressing it.
      await (await page.waitForSelector('[data-testid="suggest-kind-desk"]', { visible: true }))!.click();
      await page.focus('[data-testid="suggest-near-people"]');
      await page.keyboard.press('ArrowRight');
      t.true(await page.$eval('[data-testid="suggest-near-team"]', (e) => (e as HTMLInputElement).checked));
      t.regex(await text(page, '[data-testid="suggest-team-note"]'), /people of your department/);
      t.is(await page.$('#sg-near-search'), null);
      await ask(page, '480', '09:00', '17:00');
      await page.waitForSelector('[data-testid="suggestion"]', { visible: true });
      const names = await page.$$eval('[data-testid="suggestion"] .suggest-name', (els) =>
        els.map((e) => e.textContent?.trim()),
      );
      t.deepEqual(names, ['1. D-Beside', '2. D-Far', '3. D-Elsewhere']);
      t.regex(await text(page, '[data-testid="suggestion"]:first-child .suggest-reasons'), /Near your team's desks/);
      t.regex(await text(page, '[data-testid="suggest-team"]'), /Design: 1 colleague counted/);
      t.deepEqual(await seriousViolations(page), []);
    });
    // vic has no department: the refusal says so where the suggestions would be.
    await withPage(t, browser, async ({ page }) => {
      await signInAs(page, app, 'vic');
      await page.goto(`${app.url}/center/suggest`);
      // The screen renders after its first data: wait for the choice before pressing it.
      await (await page.waitForSelector('[data-testid="suggest-kind-desk"]', { visible: true }))!.click();
      await page.click('[data-testid="suggest-near-team"]');
      await ask(page, '480', '09:00', '17:00');
      await page.waitForSelector('[data-testid="suggest-error"]', { visible: true });
      t.regex(await text(page, '[data-testid="suggest-error"]'), /no department/);
    });
  });
}
