/** Helpers for the /sys and /inte browser tests (test/browser/sys.test.ts, inte.test.ts). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'puppeteer-core';
import { ADMIN_PASSWORD, type TestApp } from '../helpers/app.ts';
import { submitLogin, waitForLayout } from './helpers.ts';

/** Opens `target` signed in as admin (signing in through the login page when needed). */
export async function openAsAdmin(page: Page, app: TestApp, target: string): Promise<void> {
  await page.goto(`${app.url}${target}`);
  await page.waitForSelector('#login-username, .app-shell', { visible: true });
  if (await page.$('#login-username')) {
    await submitLogin(page, app, 'admin', ADMIN_PASSWORD);
    await waitForLayout(page);
    if (new URL(page.url()).pathname !== target) await page.goto(`${app.url}${target}`);
  }
  await waitForLayout(page);
}

/** The selector of the row of table `table` (a data-testid) whose text includes `text`. */
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

export async function waitForGone(page: Page, testId: string): Promise<void> {
  await page.waitForFunction((id) => !document.querySelector(`[data-testid="${id}"]`), {}, testId);
}

/** An xlsx of users to import: one row per entry, columns by key. */
export async function usersWorkbook(rows: Array<Record<string, string>>): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('users');
  const keys = Object.keys(rows[0] ?? {});
  sheet.addRow(keys);
  for (const r of rows) sheet.addRow(keys.map((k) => r[k] ?? ''));
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-import-')), 'users.xlsx');
  await wb.xlsx.writeFile(file);
  return file;
}

/** The selector of the dictionary tree's item whose own name is `name` (test/browser/sys.test.ts, sys-more.test.ts). */
export async function treeItem(page: Page, name: string): Promise<string> {
  const handle = await page.waitForFunction((n) => {
    const item = Array.from(document.querySelectorAll('[data-testid="dict-tree"] [role="treeitem"]'))
      .find((el) => el.querySelector(':scope > .dict-row .dict-name')?.textContent === n);
    return item ? (item as HTMLElement).dataset.id ?? null : null;
  }, {}, name);
  return `[data-testid="dict-tree"] [role="treeitem"][data-id="${String(await handle.jsonValue())}"]`;
}

export async function waitForNoTreeItem(page: Page, name: string): Promise<void> {
  await page.waitForFunction((n) => !Array.from(document.querySelectorAll('[data-testid="dict-tree"] [role="treeitem"] .dict-name')).some((el) => el.textContent === n), {}, name);
}
