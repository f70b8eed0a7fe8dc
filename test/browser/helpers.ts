/**
 * Browser tests: Debian's Chromium driven by puppeteer-core against the real
 * server (startTestApp) serving the built console. Suites skip with a notice
 * where /usr/bin/chromium is missing. A failing test leaves a screenshot in
 * test/.artifacts/, and any uncaught page error fails the test.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ExecutionContext, TestFn } from 'ava';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { ADMIN_PASSWORD, startTestApp, type StartOptions, type TestApp } from '../helpers/app.ts';
import { skipBecause } from '../helpers/requires.ts';

export const CHROMIUM = process.env.ATRIUM_CHROMIUM ?? '/usr/bin/chromium';
export const hasChromium = fs.existsSync(CHROMIUM);
export const STATIC_DIR = path.resolve('core/static');
const ARTIFACTS = path.resolve('test/.artifacts');
const CONSOLE = path.resolve('console');

/** Newest modification time under `dir`, in ms. */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return latest;
}

/** Builds the console when core/static/index.html is missing or older than the console sources. */
export function ensureConsoleBuilt(): void {
  const index = path.join(STATIC_DIR, 'index.html');
  if (fs.existsSync(index) && fs.statSync(index).mtimeMs >= newest(CONSOLE)) return;
  // AVA sets NODE_ENV=test, which would give React's development build: build as `npm run build` does.
  execFileSync(
    process.execPath,
    [
      path.resolve('node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      'console/vite.config.ts',
      '--logLevel',
      'warn',
    ],
    { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
}

export async function launchBrowser(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    userDataDir,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
      '--disable-dev-shm-usage',
      '--lang=en-US',
    ],
    defaultViewport: { width: 1366, height: 860 },
  });
  return {
    browser,
    close: async () => {
      await browser.close().catch(() => {});
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

function completeBuild(dir: string): boolean {
  const index = path.join(dir, 'index.html');
  if (!fs.existsSync(index)) return false;
  const assets = [...fs.readFileSync(index, 'utf8').matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map(
    (m) => m[1] as string,
  );
  return assets.length > 0 && assets.every((a) => fs.existsSync(path.join(dir, a)));
}

/**
 * A private copy of the built console, so a build started meanwhile (it
 * empties core/static first) cannot pull the files from under a running suite.
 */
export async function snapshotConsole(): Promise<{ dir: string; remove: () => void }> {
  for (let attempt = 0; attempt < 30; attempt++) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-console-'));
    try {
      fs.cpSync(STATIC_DIR, dir, { recursive: true });
    } catch {
      // a build is rewriting the folder: try again
    }
    if (completeBuild(dir)) return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
    fs.rmSync(dir, { recursive: true, force: true });
    await new Promise((r) => setTimeout(r, 2000));
  }
  throw new Error('core/static holds no complete console build: run `npm run build`');
}

/** Starts the app serving a snapshot of the built console. */
export async function startConsoleApp(options: StartOptions = {}): Promise<TestApp> {
  const snapshot = await snapshotConsole();
  const app = await startTestApp({ ...options, config: { staticDir: snapshot.dir, ...options.config } });
  const stop = app.stop.bind(app);
  app.stop = async () => {
    await stop();
    snapshot.remove();
  };
  return app;
}

export interface Session {
  page: Page;
  errors: string[];
  /** console.error output, logged when the test fails. */
  consoleErrors: string[];
}

/** A new tab whose uncaught errors are collected (the test then fails on them). */
export async function newPage(browser: Browser): Promise<Session> {
  const page = await browser.newPage();
  const errors: string[] = [];
  const consoleErrors: string[] = [];
  page.on('pageerror', (err) => errors.push(err instanceof Error ? (err.stack ?? err.message) : String(err)));
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  // A whole CI run shares two cores between two test workers, the server and Chromium: a
  // step that takes a second alone can take ten there, so a wait gives up only after 30 s.
  page.setDefaultTimeout(30_000);
  return { page, errors, consoleErrors };
}

function slug(title: string): string {
  return title
    .replace(/[^\w-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

/**
 * Runs `fn` with a fresh tab; on failure saves a screenshot to test/.artifacts/.
 * Page errors fail the test.
 */
export async function withPage(
  t: ExecutionContext,
  browser: Browser,
  fn: (s: Session) => Promise<void>,
): Promise<void> {
  const session = await newPage(browser);
  let failed = false;
  try {
    await fn(session);
  } catch (err) {
    failed = true;
    // The message names the selector or function waited for; ava prints only the error's class.
    if (err instanceof Error) t.log(`error: ${err.message}`);
    throw err;
  } finally {
    failed ||= !t.passed || session.errors.length > 0;
    if (failed) {
      for (const line of session.consoleErrors.slice(-10)) t.log(`console: ${line}`);
      fs.mkdirSync(ARTIFACTS, { recursive: true });
      const file = path.join(ARTIFACTS, `${slug(t.title)}.png`);
      await session.page.screenshot({ path: file as `${string}.png`, fullPage: true }).then(
        () => t.log(`screenshot: ${path.relative(process.cwd(), file)}`),
        () => {},
      );
    }
    await session.page.close().catch(() => {});
  }
  t.deepEqual(session.errors, [], 'no uncaught errors in the page');
}

/** Reads the text of the CAPTCHA the page shows: its uuid from the image, then the text through the app. */
export async function captchaText(page: Page, app: TestApp): Promise<string> {
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('img.captcha');
    return Boolean(img && img.complete && img.naturalWidth > 0);
  });
  const src = await page.$eval('img.captcha', (img) => (img as HTMLImageElement).src);
  const uuid = new URL(src).searchParams.get('uuid');
  if (!uuid) throw new Error(`no uuid in ${src}`);
  const row = await app.cradle.db('captchas').where({ uuid }).first('text');
  if (!row) throw new Error(`no captcha issued for ${uuid}`);
  return String(row.text);
}

/** Types into an input, replacing what it held. */
export async function fill(page: Page, selector: string, value: string): Promise<void> {
  await page.waitForSelector(selector, { visible: true });
  await page.$eval(selector, (el) => {
    (el as HTMLInputElement).select();
  });
  await page.keyboard.press('Backspace');
  await page.type(selector, value);
}

/** Fills and submits the login form (the captcha read through the app). */
export async function submitLogin(
  page: Page,
  app: TestApp,
  username: string,
  password: string,
  options: { captcha?: string; remember?: boolean } = {},
): Promise<void> {
  await page.waitForSelector('#login-username', { visible: true });
  await fill(page, '#login-username', username);
  await fill(page, '#login-password', password);
  await fill(page, '#login-captcha', options.captcha ?? (await captchaText(page, app)));
  if (options.remember) await page.click('label[for="login-remember"]');
  await page.click('[data-testid="login-submit"]');
}

/** Waits until the layout shows (signed in). */
export async function waitForLayout(page: Page): Promise<void> {
  await page.waitForSelector('.app-shell .side-menu', { visible: true });
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/**
 * Runs axe-core in the page (injected from node_modules) and answers the
 * serious and critical violations, one readable line each. `exclude` leaves
 * out parts of the page (selectors) that another suite checks.
 */
export async function seriousViolations(page: Page, exclude: string[] = []): Promise<string[]> {
  // axe reads colours as they are at that instant: not halfway through a button's fade or hover transition.
  await waitForStill(page);
  const hasAxe = await page.evaluate(() => 'axe' in window);
  // Evaluated, not added as a <script>: the Content-Security-Policy runs no inline script, and the tests keep it on.
  if (!hasAxe) await page.evaluate(fs.readFileSync(path.resolve('node_modules/axe-core/axe.min.js'), 'utf8'));
  const result = await page.evaluate(async (excluded) => {
    const axe = (
      window as unknown as { axe: { run: (ctx: object, opts: object) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const context = excluded.length
      ? { include: [['html']], exclude: excluded.map((s) => [s]) }
      : { include: [['html']] };
    const r = await axe.run(context, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  }, exclude);
  return result
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join(' | ')}`,
    );
}

/** The paths of the open page tabs, in order. */
export function tabPaths(page: Page): Promise<string[]> {
  return page.$$eval('.page-tab', (els) => els.map((el) => (el as HTMLElement).dataset.path ?? ''));
}

export function pathname(page: Page): Promise<string> {
  return page.evaluate(() => window.location.pathname);
}

export interface BrowserSuite {
  app: TestApp;
  browser: Browser;
}

/**
 * The frame of every console suite: skipped with a notice where Chromium is missing;
 * otherwise the built console on a fresh app and one browser for the whole file.
 * `started` receives them (and may seed data) before any test runs.
 */
export function browserSuite(
  test: TestFn,
  name: string,
  options: StartOptions,
  started: (s: BrowserSuite) => Promise<void> | void,
  register: () => void,
): void {
  if (!hasChromium) {
    skipBecause(test, `browser suite: ${name}`, `${CHROMIUM} is missing (apt-get install chromium)`);
    return;
  }
  let stop = async () => {};
  test.serial.before(async () => {
    ensureConsoleBuilt();
    const app = await startConsoleApp(options);
    const { browser, close } = await launchBrowser();
    stop = async () => {
      await close();
      await app.stop();
    };
    await started({ app, browser });
  });
  test.serial.after.always(() => stop());
  register();
}

/** Opens `target` signed in as admin (signing in through the login page when needed). */
export async function openSignedIn(
  page: Page,
  app: TestApp,
  target: string,
  options: { bare?: boolean } = {},
): Promise<void> {
  await page.goto(`${app.url}${target}`);
  await page.waitForSelector(options.bare ? '#login-username, .dashboard-wall' : '#login-username, .app-shell', {
    visible: true,
  });
  if (await page.$('#login-username')) {
    await submitLogin(page, app, 'admin', ADMIN_PASSWORD);
    if (options.bare) await page.waitForSelector('.dashboard-wall', { visible: true });
    else await waitForLayout(page);
    if (new URL(page.url()).pathname !== target.split('?')[0]) await page.goto(`${app.url}${target}`);
  }
  if (!options.bare) await waitForLayout(page);
}

/** The selector of the table row (in `table`) whose text includes `text`. */
export async function rowWith(page: Page, table: string, text: string): Promise<string> {
  const handle = await page.waitForFunction(
    (tb, tx) => {
      const row = Array.from(document.querySelectorAll(`[data-testid="${tb}"] tbody tr`)).find((r) =>
        r.textContent?.includes(tx),
      );
      return row ? (row as HTMLElement).dataset.id : null;
    },
    {},
    table,
    text,
  );
  return `[data-testid="${table}"] tbody tr[data-id="${String(await handle.jsonValue())}"]`;
}

export async function waitForNoRow(page: Page, table: string, text: string): Promise<void> {
  await page.waitForFunction(
    (tb, tx) =>
      !Array.from(document.querySelectorAll(`[data-testid="${tb}"] tbody tr`)).some((r) => r.textContent?.includes(tx)),
    {},
    table,
    text,
  );
}

/**
 * Waits until nothing on the page moves (a dialog opening, a fade): a click aimed mid-animation lands where the
 * element was a moment ago. Endless animations (a loader's spin) are not waited for.
 */
export async function waitForStill(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    { timeout: 5_000 },
  );
}

/** Waits until the element (a modal, a row) with this data-testid is gone. */
export async function waitForGone(page: Page, testId: string): Promise<void> {
  await page.waitForFunction((id) => !document.querySelector(`[data-testid="${id}"]`), {}, testId);
}
