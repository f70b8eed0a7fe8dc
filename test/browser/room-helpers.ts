/** Helpers for the /room browser tests (test/browser/room.test.ts). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import QRCode from 'qrcode';

export { openSignedIn, rowWith, waitForNoRow, waitForGone as waitForClosed } from './helpers.ts';

/** Sets an input's value the way React notices (date inputs, for instance). */
export async function setValue(page: Page, selector: string, value: string): Promise<void> {
  await page.waitForSelector(selector);
  await page.$eval(
    selector,
    (el, v) => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setter?.call(el, v);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    },
    value,
  );
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
    if (files.length && fs.readdirSync(dir).every((f) => !f.endsWith('.crdownload')))
      return path.join(dir, files[0] as string);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no download in ${dir} within ${timeoutMs} ms`);
}
