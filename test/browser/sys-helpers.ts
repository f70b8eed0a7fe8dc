/** Helpers for the /sys and /inte browser tests (test/browser/sys.test.ts, inte.test.ts). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'puppeteer-core';
import type { TestApp } from '../helpers/app.ts';
import { openSignedIn } from './helpers.ts';

export { rowWith, waitForNoRow, waitForGone } from './helpers.ts';

/** Opens `target` signed in as admin. */
export const openAsAdmin = (page: Page, app: TestApp, target: string) => openSignedIn(page, app, target);

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
  const handle = await page.waitForFunction(
    (n) => {
      const item = Array.from(document.querySelectorAll('[data-testid="dict-tree"] [role="treeitem"]')).find(
        (el) => el.querySelector(':scope > .tree-row .tree-name')?.textContent === n,
      );
      return item ? ((item as HTMLElement).dataset.id ?? null) : null;
    },
    {},
    name,
  );
  return `[data-testid="dict-tree"] [role="treeitem"][data-id="${String(await handle.jsonValue())}"]`;
}

export async function waitForNoTreeItem(page: Page, name: string): Promise<void> {
  await page.waitForFunction(
    (n) =>
      !Array.from(document.querySelectorAll('[data-testid="dict-tree"] [role="treeitem"] .tree-name')).some(
        (el) => el.textContent === n,
      ),
    {},
    name,
  );
}
