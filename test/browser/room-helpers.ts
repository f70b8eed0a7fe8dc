/** Helpers for the /room browser tests (test/browser/room.test.ts). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import QRCode from 'qrcode';
import { ADMIN_PASSWORD, type TestApp } from '../helpers/app.ts';
import { submitLogin, waitForLayout } from './helpers.ts';

/** Opens `target` signed in as admin (signing in through the login page when needed). */
export async function openSignedIn(page: Page, app: TestApp, target: string, options: { bare?: boolean } = {}): Promise<void> {
  await page.goto(`${app.url}${target}`);
  await page.waitForSelector(options.bare ? '#login-username, .dashboard-wall' : '#login-username, .app-shell', { visible: true });
  if (await page.$('#login-username')) {
    await submitLogin(page, app, 'admin', ADMIN_PASSWORD);
    if (options.bare) await page.waitForSelector('.dashboard-wall', { visible: true });
    else await waitForLayout(page);
    if (new URL(page.url()).pathname !== target.split('?')[0]) await page.goto(`${app.url}${target}`);
  }
  if (!options.bare) await waitForLayout(page);
}

/** Sets an input's value the way React notices (date inputs, for instance). */
export async function setValue(page: Page, selector: string, value: string): Promise<void> {
  await page.waitForSelector(selector);
  await page.$eval(selector, (el, v) => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setter?.call(el, v);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
}

/** The selector of the table row (in `table`) whose text includes `text`. */
export async function rowWith(page: Page, table: string, text: string): Promise<string> {
  const handle = await page.waitForFunction((tb, tx) => {
    const row = Array.from(document.querySelectorAll(`[data-testid="${tb}"] tbody tr`)).find((r) => r.textContent?.includes(tx));
    return row ? (row as HTMLElement).dataset.id : null;
  }, {}, table, text);
  return `[data-testid="${table}"] tbody tr[data-id="${String(await handle.jsonValue())}"]`;
}

export async function waitForNoRow(page: Page, table: string, text: string): Promise<void> {
  await page.waitForFunction((tb, tx) => !Array.from(document.querySelectorAll(`[data-testid="${tb}"] tbody tr`)).some((r) => r.textContent?.includes(tx)), {}, table, text);
}

/** Waits until the modal is gone. */
export async function waitForClosed(page: Page, testId: string): Promise<void> {
  await page.waitForFunction((id) => !document.querySelector(`[data-testid="${id}"]`), {}, testId);
}

/** A PNG floor plan large enough for the server (at least 400 × 300). */
export async function floorPlanPng(): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-plan-')), 'plan.png');
  await QRCode.toFile(file, 'atrium floor plan', { width: 800, margin: 4 });
  return file;
}

/** Lets the page save downloads into a fresh folder, answered. */
export async function allowDownloads(page: Page): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-dl-'));
  const cdp = await page.createCDPSession();
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: dir, eventsEnabled: true });
  return dir;
}

/** Waits for a finished download (no .crdownload left) in `dir`. */
export async function waitForDownload(dir: string, timeoutMs = 15_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const files = fs.readdirSync(dir).filter((f) => !f.endsWith('.crdownload'));
    if (files.length && fs.readdirSync(dir).every((f) => !f.endsWith('.crdownload'))) return path.join(dir, files[0] as string);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no download in ${dir} within ${timeoutMs} ms`);
}
