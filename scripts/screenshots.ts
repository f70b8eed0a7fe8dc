/**
 * The README's screenshots (docs/screenshots/): Book by List, Book by Floor plan and the dashboard on the demo data,
 * at 1440×900, in cn, en and ja. Run by hand after `npm run build` (not in CI; Chromium needed):
 *   node --import tsx scripts/screenshots.ts
 * The server runs on a scratch SQLite database with the demo seed, its clock set to 10:30 in the demo's zone
 * (Asia/Shanghai) today, so the pictures show a working morning whenever they are taken; the browser runs in that
 * zone too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DateTime } from 'luxon';
import puppeteer, { type Page } from 'puppeteer-core';
import { loadConfig } from '../config/default.ts';
import { OffsetClock } from '../core/clock.ts';
import { startServer } from '../core/server.ts';

const ZONE = 'Asia/Shanghai';
const OUT = path.resolve('docs/screenshots');
const PASSWORD = 'Screenshots#2026';
const LANGS = ['cn', 'en', 'ja'] as const;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-shots-'));
const config = loadConfig(
  {},
  {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: `sqlite:${path.join(dataDir, 'atrium.db')}`,
    logLevel: 'silent',
    seedDemo: true,
    scheduler: false,
    adminPassword: PASSWORD,
    staticDir: path.resolve('core/static'),
  },
);
if (!fs.existsSync(path.join(config.staticDir, 'index.html'))) throw new Error('run `npm run build` first');
const clock = new OffsetClock();
clock.set(DateTime.now().setZone(ZONE).set({ hour: 10, minute: 30, second: 0, millisecond: 0 }).toMillis());
const running = await startServer(config, { clock, quiet: true, demo: true });
const { db } = running.container.cradle;
await db('users').where({ username: 'admin' }).update({ must_change_password: false });

const browser = await puppeteer.launch({
  executablePath: process.env.ATRIUM_CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--font-render-hinting=none'],
  defaultViewport: { width: 1440, height: 900 },
});

async function signIn(page: Page): Promise<void> {
  await page.goto(`${running.url}/login`);
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('img.captcha');
    return Boolean(img && img.complete && img.naturalWidth > 0);
  });
  const uuid = new URL(await page.$eval('img.captcha', (img) => (img as HTMLImageElement).src)).searchParams.get(
    'uuid',
  );
  const captcha = await db('captchas').where({ uuid }).first('text');
  await page.type('#login-username', 'admin');
  await page.type('#login-password', PASSWORD);
  await page.type('#login-captcha', String(captcha.text));
  await page.click('[data-testid="login-submit"]');
  await page.waitForSelector('.app-shell .side-menu', { visible: true });
}

/** Opens `target` and saves the page once `ready` shows and the network is quiet. */
async function shoot(page: Page, target: string, ready: string, file: string): Promise<void> {
  await page.goto(`${running.url}${target}`, { waitUntil: 'networkidle0' });
  await page.waitForSelector(ready, { visible: true });
  await new Promise((r) => setTimeout(r, 600));
  await page.screenshot({ path: path.join(OUT, file) as `${string}.png` });
  console.log(`docs/screenshots/${file}`);
}

try {
  fs.mkdirSync(OUT, { recursive: true });
  const page = await browser.newPage();
  await page.emulateTimezone(ZONE);
  await signIn(page);
  for (const lang of LANGS) {
    await page.evaluate((l) => localStorage.setItem('lang', l), lang);
    await shoot(page, '/center/reserve', '[data-testid="grid-scroll"] [role="gridcell"]', `reserve-grid-${lang}.png`);
    await shoot(page, '/center/reservedesk', '[data-testid="floorplan"] image', `floor-plan-${lang}.png`);
    await shoot(page, '/room/dashboard', '.app-page svg', `dashboard-${lang}.png`);
  }
} finally {
  await browser.close();
  await running.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
