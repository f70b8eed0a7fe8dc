/**
 * Accessibility on every route of the console (issue 24): axe-core on each
 * screen of the menu catalogue (core/modules/menus/catalog.ts, hidden entries
 * included), the wall screen, the login page and the 404 page, in cn, en and
 * ja, signed in as the administrator (who sees every menu), with a few rooms,
 * desks, users and bookings so tables are not empty. One tab per language;
 * screens are reached inside the single-page app (history + popstate), not by
 * reloading.
 */
import anyTest, { type TestFn } from 'ava';
import type { Browser, Page } from 'puppeteer-core';
import { MENU } from '../../core/modules/menus/catalog.ts';
import type { TestApp } from '../helpers/app.ts';
import { admin, book, staff } from '../helpers/bookings.ts';
import { createPlace, createResource } from '../helpers/places-fixture.ts';
import { dayFromNow } from './center-helpers.ts';
import { browserSuite, openSignedIn, seriousViolations, withPage } from './helpers.ts';

const test = anyTest as TestFn;

let app: TestApp;
let browser: Browser;

const LANGS = ['cn', 'en', 'ja'] as const;
/**
 * Every screen inside the layout: the wall screen (bare) is opened on its own; /sys/metrics is a menu entry that only
 * grants the metrics endpoint, with no console screen.
 */
const ROUTES = MENU.flatMap((s) => s.children.map((c) => c.path)).filter(
  (p) => p !== '/room/dashboardx' && p !== '/sys/metrics',
);

browserSuite(
  test,
  'accessibility on every route',
  {},
  async (s) => {
    ({ app, browser } = s);
    const place = await createPlace(app);
    const rooms = [];
    for (const [name, capacity] of [
      ['Everest', 10],
      ['K2', 6],
      ['Lhotse', 4],
    ] as const)
      rooms.push(await createResource(app, place, { name, capacity }));
    for (let i = 1; i <= 2; i++) await createResource(app, place, { name: `D-${i}`, type: 1, capacity: 1 });
    const me = await admin(app);
    const ann = await staff(app, 'ann');
    const day = dayFromNow(1);
    await book(app, me, {
      resourceId: rooms[0],
      meetingDate: day,
      startTime: '10:00',
      endTime: '11:00',
      subject: 'Roadmap',
    });
    await book(app, me, {
      resourceId: rooms[1],
      meetingDate: day,
      startTime: '14:00',
      endTime: '15:00',
      subject: 'Review',
    });
    await book(app, ann, {
      resourceId: rooms[0],
      meetingDate: day,
      startTime: '12:00',
      endTime: '13:00',
      subject: 'Lunch talk',
    });
  },
  registerTests,
);

/** Goes to `path` inside the app, as a link would, and waits until the screen has rendered and settled. */
async function visit(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    if (window.location.pathname === p) return;
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForFunction(
    (p) => {
      if (document.querySelector('[data-testid="not-found"]')) return true;
      const el = document.querySelector('.app-page');
      return Boolean(
        window.location.pathname === p &&
        el &&
        el.children.length > 0 &&
        !el.querySelector('.loading-screen, .ui.active.loader'),
      );
    },
    {},
    path,
  );
  // Let a table's rows arrive (a second fetch, a transition) before axe looks.
  await new Promise((r) => setTimeout(r, 150));
  await page.waitForFunction(() => !document.querySelector('.app-page .ui.active.loader'));
}

function registerTests(): void {
  for (const lang of LANGS) {
    test.serial(`every route in ${lang}: no serious or critical axe violation`, async (t) => {
      await withPage(t, browser, async ({ page }) => {
        await page.evaluateOnNewDocument((l) => localStorage.setItem('lang', l), lang);
        await page.goto(`${app.url}/login`);
        await page.waitForSelector('#login-username', { visible: true });
        const found: string[] = [];
        const check = async (where: string, exclude: string[] = []) => {
          for (const v of await seriousViolations(page, exclude)) found.push(`${where}: ${v}`);
        };
        await check('/login');
        await openSignedIn(page, app, '/center/reserve');
        // The shell is the same everywhere: checked once, then the screens alone.
        await check('shell', ['.app-page']);
        for (const path of ROUTES) {
          const started = Date.now();
          await visit(page, path);
          if (await page.$('[data-testid="not-found"]')) found.push(`${path}: not found`);
          await check(path, ['.app-header', '.side-menu', '.page-tabs']);
          const took = Date.now() - started;
          if (took > 3000) t.log(`${path} took ${took} ms`);
        }
        await page.goto(`${app.url}/no/such/page`);
        await page.waitForSelector('[data-testid="not-found"]', { visible: true });
        await check('404');
        await page.goto(`${app.url}/room/dashboardx`);
        await page.waitForSelector('.dashboard-wall', { visible: true });
        await check('/room/dashboardx');
        t.log(`${ROUTES.length + 4} pages checked`);
        t.is(await page.evaluate(() => document.documentElement.lang), { cn: 'zh-CN', en: 'en', ja: 'ja' }[lang]);
        t.deepEqual(found, [], `no serious or critical axe violation in ${lang}`);
      });
    });
  }
}
