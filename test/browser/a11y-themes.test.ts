/**
 * Accessibility in every theme (issue 24): axe-core (contrast included) on five key screens (login, book by list,
 * book by floor plan, my bookings, the system settings form) in each of the seven themes of the console
 * (console/src/app/uiSlice.ts THEMES), chosen through the user menu as a user would. On the booking grid, every
 * state of the legend also differs by glyph or pattern, and each glyph keeps 4.5:1 against its swatch.
 */
import anyTest, { type TestFn } from 'ava';
import type { Browser, Page } from 'puppeteer-core';
import { THEMES } from '../../console/src/app/uiSlice.ts';
import type { TestApp } from '../helpers/app.ts';
import { admin, book, staff } from '../helpers/bookings.ts';
import { createPlace, createResource } from '../helpers/places-fixture.ts';
import { dayFromNow } from './center-helpers.ts';
import { browserSuite, openSignedIn, seriousViolations, withPage } from './helpers.ts';

const test = anyTest as TestFn;

let app: TestApp;
let browser: Browser;
const DAY = dayFromNow(1);

/** The four signed-in key screens, each with what shows once its data is in. */
const SCREENS: Array<{ path: string; ready: string }> = [
  { path: `/center/reserve?date=${DAY}`, ready: '.tg-grid [role="gridcell"]' },
  { path: '/center/reservedesk', ready: 'g.fp-item' },
  { path: '/center/meeting', ready: '[data-testid="my-bookings"] .booking-row' },
  { path: '/sys/setting', ready: '.app-page form' },
];

browserSuite(
  test,
  'accessibility in every theme',
  {},
  async (s) => {
    ({ app, browser } = s);
    const place = await createPlace(app);
    const everest = await createResource(app, place, { name: 'Everest', capacity: 10 });
    const k2 = await createResource(app, place, { name: 'K2', capacity: 6 });
    for (let i = 1; i <= 2; i++) await createResource(app, place, { name: `D-${i}`, type: 1, capacity: 1 });
    const me = await admin(app);
    const ann = await staff(app, 'ann');
    await book(app, me, {
      resourceId: everest,
      meetingDate: DAY,
      startTime: '10:00',
      endTime: '11:00',
      subject: 'Plan',
    });
    await book(app, ann, { resourceId: k2, meetingDate: DAY, startTime: '09:00', endTime: '10:00', subject: 'Sync' });
  },
  registerTests,
);

/** Goes to `path` inside the app, as a link would, and waits for `ready`. */
async function visit(page: Page, path: string, ready: string): Promise<void> {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForSelector(ready, { visible: true });
  await page.waitForFunction(() => !document.querySelector('.app-page .ui.active.loader, .app-page .loading-screen'));
}

async function chooseTheme(page: Page, theme: string): Promise<void> {
  await page.click('[data-testid="user-menu"]');
  const option = `[data-testid="user-menu"] .item[data-theme-option="${theme}"]`;
  await page.waitForSelector(option, { visible: true });
  await page.click(option);
  await page.waitForFunction((th) => document.documentElement.dataset.theme === th, {}, theme);
  await page.keyboard.press('Escape');
}

/** Relative luminance of a computed `rgb(…)` colour (WCAG 2.1). */
function luminance(css: string): number {
  const [r, g, b] = (css.match(/[\d.]+/g) ?? ['0', '0', '0']).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The legend's swatches: state, glyph, pattern and the glyph's contrast against the swatch's colour. */
async function legendSwatches(page: Page) {
  const raw = await page.$$eval('.tg-legend .tg-swatch', (els) =>
    els.map((el) => ({
      state: Array.from(el.classList).find((c) => c.startsWith('tg-') && c !== 'tg-swatch') ?? '',
      glyph: getComputedStyle(el, '::after').content,
      color: getComputedStyle(el, '::after').color,
      background: getComputedStyle(el).backgroundColor,
      pattern: getComputedStyle(el).backgroundImage,
    })),
  );
  return raw.map((s) => {
    const [a, b] = [luminance(s.color), luminance(s.background)].sort((x, y) => y - x);
    return { ...s, glyph: s.glyph === 'none' ? '' : s.glyph, contrast: (a! + 0.05) / (b! + 0.05) };
  });
}

function registerTests(): void {
  test.serial('login page in every theme: no serious or critical axe violation', async (t) => {
    await withPage(t, browser, async ({ page }) => {
      const found: string[] = [];
      await page.goto(`${app.url}/login`);
      for (const theme of THEMES) {
        await page.evaluate((th) => localStorage.setItem('theme', th), theme);
        await page.reload();
        await page.waitForSelector('#login-username', { visible: true });
        t.is(await page.evaluate(() => document.documentElement.dataset.theme), theme);
        for (const v of await seriousViolations(page)) found.push(`${theme} /login: ${v}`);
      }
      t.deepEqual(found, []);
    });
  });

  test.serial(
    'key screens in every theme: no serious or critical axe violation, states differ by more than colour',
    async (t) => {
      await withPage(t, browser, async ({ page }) => {
        const found: string[] = [];
        let legends = 0;
        await openSignedIn(page, app, '/center/meeting');
        for (const theme of THEMES) {
          await chooseTheme(page, theme);
          for (const { path, ready } of SCREENS) {
            await visit(page, path, ready);
            for (const v of await seriousViolations(page)) found.push(`${theme} ${path}: ${v}`);
            if (path.startsWith('/center/reserve?')) {
              legends++;
              const swatches = await legendSwatches(page);
              t.is(swatches.length, 12, 'every state is in the legend');
              const marks = swatches.map((s) => `${s.glyph} ${s.pattern}`);
              t.is(new Set(marks).size, marks.length, `${theme}: no two states differ by colour alone`);
              for (const s of swatches.filter((x) => x.glyph))
                if (s.contrast < 4.5) found.push(`${theme}: the ${s.state} glyph has ${s.contrast.toFixed(2)}:1`);
            }
          }
        }
        t.is(legends, THEMES.length, 'the legend was checked in every theme');
        t.deepEqual(found, []);
      });
    },
  );
}
