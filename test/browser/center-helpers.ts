/** Helpers of the booking-centre browser tests (on top of helpers.ts). */
import type { Page } from 'puppeteer-core';
import type { TestApp } from '../helpers/app.ts';
import { STAFF_PASSWORD } from '../helpers/users.ts';
import { submitLogin, waitForLayout } from './helpers.ts';

/** YYYY-MM-DD, `days` from today in UTC (the test resources live in UTC). */
export function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Sets a controlled input's value the way React notices (date inputs cannot be typed into reliably). */
export async function setValue(page: Page, selector: string, value: string): Promise<void> {
  await page.waitForSelector(selector, { visible: true });
  await page.$eval(
    selector,
    (el, v) => {
      const input = el as HTMLInputElement;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, v);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new Event('change', { bubbles: true }));
    },
    value,
  );
}

/** Signs in from a clean slate (storage cleared) and waits for the layout. */
export async function signInAs(page: Page, app: TestApp, username: string, password = STAFF_PASSWORD): Promise<void> {
  await page.goto(`${app.url}/login`);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto(`${app.url}/login`);
  await submitLogin(page, app, username, password);
  await waitForLayout(page);
}

export const cell = (resource: string, time: string, state: string) =>
  `[role="gridcell"][aria-label="${resource} ${time} ${state}"]`;

/** Drags across the grid from one cell to another of the same row. */
export async function dragCells(page: Page, from: string, to: string): Promise<void> {
  const start = await page.waitForSelector(from, { visible: true });
  await start!.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }));
  const a = await start!.boundingBox();
  const end = await page.waitForSelector(to);
  const b = await end!.boundingBox();
  if (!a || !b) throw new Error('cells not visible');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 6 });
  await page.mouse.up();
}

export async function text(page: Page, selector: string): Promise<string> {
  const el = await page.waitForSelector(selector, { visible: true });
  return (await el!.evaluate((e) => e.textContent ?? '')).trim();
}

/**
 * Fills the booking form's required fields: the subject, and the employee ID once it holds the signed-in
 * user's employee number (the test users' is `T-<username>`, docs/product-rules.md R4.1), which it answers.
 */
export async function fillBookingForm(page: Page, subject: string): Promise<string> {
  await page.waitForSelector('#bk-subject', { visible: true });
  await page.type('#bk-subject', subject);
  await page.waitForFunction(() => /^T-/.test((document.querySelector('#bk-employee') as HTMLInputElement).value));
  return page.$eval('#bk-employee', (el) => (el as HTMLInputElement).value);
}

/** Waits until the element's text matches (the page may still be rendering), then answers it. */
export async function waitForText(page: Page, selector: string, re: RegExp): Promise<string> {
  await page.waitForFunction(
    (sel, src, flags) => new RegExp(src, flags).test(document.querySelector(sel)?.textContent ?? ''),
    {},
    selector,
    re.source,
    re.flags,
  );
  return text(page, selector);
}
