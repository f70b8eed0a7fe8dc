/**
 * Booking with the keyboard alone (issue 24, docs/product-rules.md R18.13): sign in, open Book by list from the side
 * menu, choose the date in the date field, walk the grid with the arrow keys, choose a range, open and fill the
 * booking form, confirm, and close the answer — no pointer event at all. Focus goes into each dialog and comes
 * back to where it was; Escape closes.
 */
import anyTest, { type TestFn } from 'ava';
import type { Browser, Page } from 'puppeteer-core';
import type { TestApp } from '../helpers/app.ts';
import { createPlace, createResource } from '../helpers/places-fixture.ts';
import { createUser, STAFF_PASSWORD } from '../helpers/users.ts';
import { cell, dayFromNow } from './center-helpers.ts';
import { browserSuite, captchaText, waitForLayout, withPage } from './helpers.ts';

const test = anyTest as TestFn;

let app: TestApp;
let browser: Browser;
let everest: number;
const DAY = dayFromNow(2);

browserSuite(
  test,
  'keyboard-only booking',
  {},
  async (s) => {
    ({ app, browser } = s);
    await createUser(app, 'kate');
    const place = await createPlace(app);
    everest = await createResource(app, place, { name: 'Everest', capacity: 10 });
    await createResource(app, place, { name: 'K2', capacity: 6 });
  },
  registerTests,
);

/** What has the focus: its id, test id, or aria-label (for the failure messages). */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    return `${el.tagName.toLowerCase()}#${el.id} ${el.dataset.testid ?? ''} ${el.getAttribute('aria-label') ?? ''}`.trim();
  });
}

function focusMatches(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector);
}

/** Presses Tab (or shift+Tab) until the focused element matches `selector`; fails after `max` presses. */
async function tabTo(page: Page, selector: string, { max = 60, back = false } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await focusMatches(page, selector)) return;
    if (back) await page.keyboard.down('Shift');
    await page.keyboard.press('Tab');
    if (back) await page.keyboard.up('Shift');
  }
  throw new Error(`${selector} not reached by Tab; focus is on ${await focused(page)}`);
}

/** Presses `key` until the focused grid cell's label starts with `label`. */
async function arrowTo(page: Page, key: 'ArrowRight' | 'ArrowDown', label: string, max = 120): Promise<void> {
  for (let i = 0; i < max; i++) {
    const now = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    if (now.startsWith(label)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${label} not reached by ${key}; focus is on ${await focused(page)}`);
}

function focusInside(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => Boolean(document.activeElement?.closest(sel)), selector);
}

function registerTests(): void {
  test.serial('sign in, choose a date, a range, book and see it: keyboard only', async (t) => {
    await withPage(t, browser, async ({ page }) => {
      // Any pointer event fails the test: the whole path is walked with keys.
      await page.evaluateOnNewDocument(() => {
        for (const type of ['pointerdown', 'mousedown', 'click'])
          window.addEventListener(
            type,
            (e) => {
              if ((e as MouseEvent).detail > 0 || (e as PointerEvent).pointerType)
                (window as unknown as { pointerUsed: string }).pointerUsed = type;
            },
            true,
          );
      });
      await page.goto(`${app.url}/login`);
      await page.waitForSelector('#login-username', { visible: true });

      // Sign in.
      await tabTo(page, '#login-username');
      await page.keyboard.type('kate');
      await tabTo(page, '#login-password');
      await page.keyboard.type(STAFF_PASSWORD);
      const captcha = await captchaText(page, app);
      await tabTo(page, '#login-captcha');
      await page.keyboard.type(captcha);
      await page.keyboard.press('Enter');
      await waitForLayout(page);

      // Open Book by list from the side menu (leaving for another entry first, so the link does the work).
      await tabTo(page, '#side-menu a[href="/center/reservedesk"]');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => location.pathname === '/center/reservedesk');
      await tabTo(page, '#side-menu a[href="/center/reserve"]', { back: true });
      await page.keyboard.press('Enter');
      await page.waitForSelector('[data-testid="reserve-page"] [role="gridcell"]');

      // The date: typed into the date field's month, day and year segments.
      await tabTo(page, '#f-date');
      const [y, m, d] = DAY.split('-');
      await page.keyboard.type(`${m}${d}${y}`);
      await page.waitForFunction(
        (day) => (document.querySelector('#f-date') as HTMLInputElement).value === day,
        {},
        DAY,
      );
      await page.waitForSelector(cell('Everest', '14:00', 'free'));
      t.regex(
        await page.$eval('[role="grid"]', (el) => el.getAttribute('aria-label') ?? ''),
        new RegExp(DAY),
        'the grid shows the chosen date',
      );

      // Into the grid (one tab stop), then along Everest's row to 14:00.
      await tabTo(page, '[role="gridcell"]');
      await arrowTo(page, 'ArrowDown', 'Everest');
      await page.keyboard.press('Home');
      await arrowTo(page, 'ArrowRight', 'Everest 14:00');
      await page.keyboard.press('Space');
      await page.keyboard.down('Shift');
      for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
      await page.keyboard.up('Shift');
      t.regex(await page.$eval('[data-testid="selection-text"]', (el) => el.textContent ?? ''), /Everest 14:00–15:00/);

      // Enter on the range opens the form, with the focus inside it.
      await page.keyboard.press('Enter');
      await page.waitForSelector('#bk-subject', { visible: true });
      await page.waitForFunction(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
      t.true(await focusInside(page, '[role="dialog"]'), `focus in the form, not on ${await focused(page)}`);

      // Escape closes the form and gives the focus back to the grid; Enter opens it again.
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('#bk-subject'));
      await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'gridcell');
      t.regex(await focused(page), /Everest 14:45/, 'the focus is back on the cell it left');
      await page.keyboard.press('Enter');
      await page.waitForSelector('#bk-subject', { visible: true });
      t.deepEqual(
        await page.$eval('[data-testid="booking-form"]', (el) => [
          el.getAttribute('role'),
          el.getAttribute('aria-modal'),
        ]),
        ['dialog', 'true'],
        'announced as a modal dialog',
      );
      // Tab and shift+Tab go round the form, never to the page behind it.
      for (const back of [true, false])
        for (let i = 0; i < 40; i++) {
          if (back) await page.keyboard.down('Shift');
          await page.keyboard.press('Tab');
          if (back) await page.keyboard.up('Shift');
          if (!(await focusInside(page, '[role="dialog"]'))) t.fail(`Tab left the form for ${await focused(page)}`);
        }

      await tabTo(page, '#bk-subject');
      await page.keyboard.type('Keyboard planning');
      await page.waitForFunction(() => /^T-/.test((document.querySelector('#bk-employee') as HTMLInputElement).value));
      await tabTo(page, '[data-testid="booking-submit"]');
      await page.keyboard.press('Enter');

      // The answer: focus in it, Escape closes it, the focus returns to the grid, the range shows as mine.
      await page.waitForSelector('[data-testid="checkin-code"]');
      await page.waitForFunction(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('[data-testid="checkin-code"]'));
      await page.waitForSelector(cell('Everest', '14:00', 'my booking'));
      await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'gridcell');

      t.is(await page.evaluate(() => (window as unknown as { pointerUsed?: string }).pointerUsed), undefined);

      // The booking exists.
      const token = await app.tokenFor('kate', STAFF_PASSWORD);
      const mine = await app.get<{ data: { items: Array<Record<string, unknown>> } }>('/api/bookings', { token });
      t.is(mine.status, 200);
      const made = mine.body.data.items.find((b) => b.subject === 'Keyboard planning');
      t.like(made, { resourceId: everest, meetingDate: DAY, startTime: '14:00', endTime: '15:00' });
    });
  });
}
