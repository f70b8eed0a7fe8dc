/**
 * The calendar sync's way back in the console (issue 21, docs/product-rules.md R23), in Chromium against the
 * calendar-memory fixture provider: on /inte/event a room is mirrored through the searchable room picker with its
 * calendar's reference (the empty state first tells what mirroring does), its reference changed; two meetings are
 * written into its calendar outside Atrium, one by a known user's e-mail and one on a taken time, and "Read calendars
 * now" tells in its status region that one was booked and one declined; the table shows the booked one with its
 * booking (opened in a dialog) and the declined one with its reason, and the "Declined" quick filter shows only that
 * one; the room is removed after a confirmation. One who may only look sees the buttons off with the reason.
 * axe-core finds nothing serious on the panels, the form and the confirmation.
 */
import anyTest, { type TestFn } from 'ava';
import type { Browser, Page } from 'puppeteer-core';
import { pluginKv } from '../../core/plugin-host/kv.ts';
import type { ExternalEvent } from '../../core/plugin-sdk/index.ts';
import type { TestApp } from '../helpers/app.ts';
import { book, HOUR, staff } from '../helpers/bookings.ts';
import { FIXTURE_PLUGINS } from '../helpers/notify.ts';
import { createPlace, createResource } from '../helpers/places-fixture.ts';
import { createUserWithPermissions } from '../helpers/users.ts';
import { signInAs } from './center-helpers.ts';
import {
  browserSuite,
  fill,
  rowWith,
  seriousViolations,
  waitForGone,
  waitForNoRow,
  waitForStill,
  withPage,
} from './helpers.ts';
import { openAsAdmin } from './sys-helpers.ts';

const test = anyTest as TestFn;

let app: TestApp;
let browser: Browser;
let token: string;
let cedar: number;
/** Tomorrow 00:00 UTC (the rooms' zone), where the server's clock stands. */
let tomorrow: number;
const at = (hour: number) => tomorrow + hour * HOUR;
const inbox: Array<ExternalEvent & { seq: number }> = [];

async function write(e: Omit<ExternalEvent, 'resourceId'>): Promise<void> {
  inbox.push({ ...e, resourceId: cedar, seq: inbox.length + 1 });
  await pluginKv(app.cradle.db, app.clock, 'calendar-memory').set('inbox', inbox);
}

const text = (page: Page, selector: string) =>
  page.$eval(selector, (el) => (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim());

async function openCalendar(page: Page): Promise<void> {
  await openAsAdmin(page, app, '/inte/event');
  await page.waitForSelector('[data-testid="calendar-sync"]', { visible: true });
}

async function expectClean(t: { deepEqual: (a: unknown, b: unknown, m?: string) => void }, page: Page) {
  const violations = await seriousViolations(page);
  t.deepEqual(violations, [], JSON.stringify(violations, null, 2));
}

browserSuite(
  test,
  'calendar sync',
  { config: { pluginPaths: FIXTURE_PLUGINS } },
  async (s) => {
    ({ app, browser } = s);
    tomorrow = Math.floor(app.clock.now() / 86_400_000 + 1) * 86_400_000;
    token = await app.adminToken();
    const place = await createPlace(app);
    cedar = await createResource(app, place, { name: 'Cedar' });
    await createResource(app, place, { name: 'Birch' });
    await staff(app, 'cal-ann');
    await staff(app, 'cal-bo');
    const saved = await app.put(
      '/api/inte/settings/calendar',
      { provider: 'calendar-memory', settings: {} },
      { token },
    );
    if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
  },
  registerTests,
);

function registerTests(): void {
  test.serial(
    'a room is mirrored through the room picker with its calendar reference, which is then changed',
    async (t) => {
      await withPage(t, browser, async ({ page }) => {
        await openCalendar(page);
        // The empty state tells what mirroring does.
        await page.waitForSelector('[data-testid="calendar-rooms-section"] [data-testid="crud-empty"]', {
          visible: true,
        });
        t.true(
          (await text(page, '[data-testid="calendar-rooms-section"] [data-testid="crud-empty"]')).includes(
            'become bookings here, or are declined back to their organiser when the room is taken',
          ),
        );
        await page.waitForSelector('[data-testid="calendar-events-section"] [data-testid="crud-empty"]', {
          visible: true,
        });
        await expectClean(t, page);

        await page.click('[data-testid="calendar-rooms-add"]');
        await page.waitForSelector('#calendar-rooms-resourceId', { visible: true });
        // Searched on the server as one types: only Cedar answers.
        await page.type('#calendar-rooms-resourceId', 'ced');
        await page.waitForFunction(() => {
          const items = document.querySelectorAll('[data-testid="calendar-room-picker"] .menu .item');
          return items.length === 1 && items[0]!.textContent === 'Cedar';
        });
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Enter');
        await page.waitForFunction(
          () => document.querySelector('[data-testid="calendar-room-picker"] > .text')?.textContent === 'Cedar',
        );
        t.true(
          (await text(page, '#calendar-rooms-ref-help')).includes('CalDAV collection URL'),
          'the reference has its help',
        );
        await fill(page, '#calendar-rooms-ref', 'room-cedar@example.org');
        await expectClean(t, page);
        await page.click('[data-testid="calendar-rooms-form"] [data-testid="form-save"]');
        await waitForGone(page, 'calendar-rooms-form');
        const row = await rowWith(page, 'calendar-rooms-table', 'Cedar');
        t.true((await text(page, row)).includes('room-cedar@example.org'));
        t.like(await app.cradle.db('calendar_rooms').where({ resource_id: cedar }).first(), {
          ref: 'room-cedar@example.org',
        });

        // The reference changed to the provider's default.
        await page.click(`${row} [data-testid="row-edit"]`);
        await page.waitForSelector('#calendar-rooms-ref', { visible: true });
        t.is(await page.$('#calendar-rooms-resourceId'), null, 'the room itself is not changed');
        await fill(page, '#calendar-rooms-ref', ' ');
        // And the provider's calendar made the one that decides (R23.6).
        await page.click('#calendar-rooms-sourceOfTruth');
        await page.click('[data-testid="calendar-rooms-form"] [data-testid="form-save"]');
        await waitForGone(page, 'calendar-rooms-form');
        await page.waitForFunction(
          (r) => document.querySelector(r)?.textContent?.includes("The provider's default"),
          {},
          row,
        );
        t.true((await text(page, row)).includes('The calendar'));
        const saved = await app.cradle.db('calendar_rooms').where({ resource_id: cedar }).first();
        t.is(saved.ref, '');
        t.truthy(saved.source_of_truth);
      });
    },
  );

  test.serial('"Read calendars now" books a known organiser\'s meeting and declines one on a taken time', async (t) => {
    const bo = await staff(app, 'cal-bo');
    const date = new Date(tomorrow).toISOString().slice(0, 10);
    const made = await book(app, bo, { resourceId: cedar, meetingDate: date, startTime: '14:00', endTime: '15:00' });
    t.is(made.status, 200, JSON.stringify(made.body));
    await write({
      uid: 'ui-1',
      sequence: 0,
      startAt: at(9),
      endAt: at(10),
      subject: 'Planning',
      organiser: { name: 'Ann', email: 'cal-ann@example.org' },
      status: 'confirmed',
    });
    await write({
      uid: 'ui-2',
      sequence: 0,
      startAt: at(14) + 30 * 60_000,
      endAt: at(15) + 30 * 60_000,
      subject: 'Clash',
      organiser: { name: 'Ann', email: 'cal-ann@example.org' },
      status: 'confirmed',
    });
    await withPage(t, browser, async ({ page }) => {
      await openCalendar(page);
      await page.waitForSelector('[data-testid="calendar-events-section"] [data-testid="crud-empty"]', {
        visible: true,
      });
      // By keyboard.
      await page.focus('[data-testid="calendar-pull"]');
      await page.keyboard.press('Enter');
      await page.waitForSelector('[data-testid="calendar-pull-counts"]', { visible: true });
      const status = await text(page, '[data-testid="calendar-pull-status"]');
      t.true(status.includes('Calendars read: 2 meetings'), status);
      t.true(status.includes('1 booked'), status);
      t.true(status.includes('1 declined'), status);
      t.is(await page.$eval('[data-testid="calendar-pull-status"]', (el) => el.getAttribute('role')), 'status');

      const booked = await rowWith(page, 'calendar-events-table', 'Planning');
      const bookedText = await text(page, booked);
      t.true(bookedText.includes('Cedar'), bookedText);
      t.true(bookedText.includes('Ann'), bookedText);
      t.true(bookedText.includes('cal-ann@example.org'), bookedText);
      t.is(await page.$eval(`${booked} [data-testid="calendar-event-state"]`, (el) => el.textContent), 'Booked');
      t.is(await page.$(`${booked} [data-testid="calendar-event-reason"]`), null);

      const declined = await rowWith(page, 'calendar-events-table', 'Clash');
      const reason = (await app.cradle.db('calendar_events').where({ uid: 'ui-2' }).first('reason')) as {
        reason: string;
      };
      t.truthy(reason.reason);
      t.is(await page.$eval(`${declined} [data-testid="calendar-event-state"]`, (el) => el.textContent), 'Declined');
      t.is(await text(page, `${declined} [data-testid="calendar-event-reason"]`), reason.reason);
      t.is(await page.$(`${declined} [data-testid="calendar-event-booking"]`), null);
      await expectClean(t, page);

      // The "Declined" quick filter: only the refused.
      await page.click('[data-testid="calendar-events-declined"]');
      await waitForNoRow(page, 'calendar-events-table', 'Planning');
      t.is(
        await page.$eval('[data-testid="calendar-events-declined"]', (el) => el.getAttribute('aria-pressed')),
        'true',
      );
      t.is(await page.$eval('#calendar-events-state', (el) => (el as HTMLSelectElement).value), 'declined');
      await rowWith(page, 'calendar-events-table', 'Clash');
      await page.click('[data-testid="calendar-events-declined"]');
      await rowWith(page, 'calendar-events-table', 'Planning');

      // The booked one's booking, in the dialog other screens show it in; keyboard-closable.
      const bookingId = (
        (await app.cradle.db('calendar_events').where({ uid: 'ui-1' }).first('booking_id')) as {
          booking_id: number;
        }
      ).booking_id;
      t.truthy(bookingId);
      await page.click(
        `${await rowWith(page, 'calendar-events-table', 'Planning')} [data-testid="calendar-event-booking"]`,
      );
      await page.waitForSelector('[data-testid="booking-details"]', { visible: true });
      await page.waitForFunction(() =>
        document.querySelector('[data-testid="booking-details"]')?.textContent?.includes('Planning'),
      );
      await page.keyboard.press('Escape');
      await waitForGone(page, 'booking-details');
      await page.waitForFunction(
        () => document.activeElement?.getAttribute('data-testid') === 'calendar-event-booking',
      );
    });
  });

  test.serial('a mirrored room is removed after a confirmation', async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await openCalendar(page);
      const row = await rowWith(page, 'calendar-rooms-table', 'Cedar');
      await page.click(`${row} [data-testid="row-delete"]`);
      await page.waitForSelector('[data-testid="confirm-delete"]', { visible: true });
      t.true((await text(page, '[data-testid="confirm-delete"]')).includes('Cedar'));
      await expectClean(t, page);
      await page.click('[data-testid="confirm-delete-yes"]');
      await waitForNoRow(page, 'calendar-rooms-table', 'Cedar');
      await page.waitForSelector('[data-testid="calendar-rooms-section"] [data-testid="crud-empty"]', {
        visible: true,
      });
      t.is(await app.cradle.db('calendar_rooms').where({ resource_id: cedar }).first(), undefined);
      // Its meetings stay listed, under the room's name.
      t.true((await text(page, await rowWith(page, 'calendar-events-table', 'Clash'))).includes('Cedar'));
    });
  });

  test.serial("a room's calendar feed link is made from its form, subscribed to, and stopped", async (t) => {
    const made = await book(app, await staff(app, 'cal-ann'), {
      resourceId: cedar,
      meetingDate: new Date(at(0)).toISOString().slice(0, 10),
      startTime: '15:00',
      endTime: '16:00',
      subject: 'Feed check',
    });
    t.is(made.status, 200, JSON.stringify(made.body));
    await withPage(t, browser, async ({ page }) => {
      await openAsAdmin(page, app, '/room/room');
      const row = await rowWith(page, 'resource-table', 'Cedar');
      await page.click(`${row} [data-testid="row-edit"]`);
      await page.waitForSelector('[data-testid="feed-rotate"]', { visible: true });
      // The dialog opens with an animation: a click aimed while it moves misses the button (seen in CI).
      await waitForStill(page);
      await page.click('[data-testid="feed-rotate"]');
      await page.waitForSelector('[data-testid="confirm-delete"]', { visible: true });
      t.regex(await text(page, '#confirm-delete-text'), /link made before stops working/);
      await page.click('[data-testid="confirm-delete"] .negative.button');
      await page.waitForSelector('[data-testid="feed-url"] input', { visible: true });
      // The confirmation closes with a fade: until it is gone its dimmer takes the next click.
      await waitForGone(page, 'confirm-delete');
      const url = await page.$eval('[data-testid="feed-url"] input', (el) => (el as HTMLInputElement).value);
      t.regex(url, /\/api\/bookings\/resource-feed\/.+\.ics$/);
      await expectClean(t, page);
      const path = new URL(url).pathname;
      const feed = await fetch(`${app.url}${path}`);
      t.is(feed.status, 200);
      t.true((await feed.text()).includes('Feed check'));

      await page.click('[data-testid="feed-revoke"]');
      await page.waitForSelector('[data-testid="confirm-delete"]', { visible: true });
      t.regex(await text(page, '#confirm-delete-text'), /stop receiving its bookings/);
      await page.click('[data-testid="confirm-delete"] .negative.button');
      await waitForGone(page, 'feed-url');
      t.is((await fetch(`${app.url}${path}`)).status, 404);
    });
  });

  test.serial('one who may only look sees the buttons off, with the reason', async (t) => {
    await app.put(`/api/inte/event/rooms/${cedar}`, { ref: '' }, { token });
    await createUserWithPermissions(app, 'cal-viewer', ['inte:event:view']);
    await withPage(t, browser, async ({ page }) => {
      await signInAs(page, app, 'cal-viewer');
      await page.goto(`${app.url}/inte/event`);
      await page.waitForSelector('[data-testid="calendar-sync"]', { visible: true });
      await rowWith(page, 'calendar-rooms-table', 'Cedar');
      for (const button of ['calendar-pull', 'calendar-rooms-add-off']) {
        t.true(await page.$eval(`[data-testid="${button}"]`, (el) => (el as HTMLButtonElement).disabled), button);
        t.is(
          await page.$eval(`[data-testid="${button}"]`, (el) => el.getAttribute('aria-describedby')),
          'calendar-why',
        );
      }
      t.is(await page.$('[data-testid="calendar-rooms-add"]'), null);
      t.is(await page.$('[data-testid="calendar-rooms-table"] [data-testid="row-delete"]'), null);
      t.true(
        (await text(page, '[data-testid="calendar-why"]')).includes('needs the permission to change this integration'),
      );
      await expectClean(t, page);
    });
  });
}
