/**
 * User import at scale: a 10,000-row workbook read, checked and written
 * through the import service, with and without employee-number passwords,
 * plus what one password hash costs at each scrypt cost used (the reason the
 * employee-number hash is nominal: at full cost 10,000 rows take minutes).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { systemActor } from '../core/actor.ts';
import { hashEmployeeNoPassword, hashPassword } from '../core/modules/users/password.ts';
import { readWorkbook } from '../core/modules/users/workbook.ts';
import { startBenchApp } from './app.ts';

export const title = 'Users: 10,000-row xlsx import';

const ROWS = 10_000;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-'));

async function workbookFile(prefix: string): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('users');
  sheet.addRow(['Username', 'Name', 'Employee No.', 'Phone', 'Email', 'Department', 'Roles']);
  for (let i = 0; i < ROWS; i++)
    sheet.addRow([
      `${prefix}${i}`,
      `User ${i}`,
      `${prefix.toUpperCase()}${i}`,
      `139${String(i).padStart(8, '0')}`,
      `${prefix}${i}@example.org`,
      `Dept ${i % 20}`,
      '员工',
    ]);
  const file = path.join(tmp, `${prefix}.xlsx`);
  await wb.xlsx.writeFile(file);
  return file;
}

async function ms(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return Math.round(performance.now() - started);
}

export async function run(): Promise<Record<string, unknown>> {
  const app = await startBenchApp();
  try {
    const { userImportService, paramsService } = app.cradle;
    const actor = systemActor();
    const figures: Record<string, unknown> = {};
    figures['hash, full cost (ms, mean of 20)'] =
      (await ms(async () => {
        for (let i = 0; i < 20; i++) await hashPassword('Passw0rd-ok');
      })) / 20;
    figures['hash, employee number (ms, mean of 200)'] =
      (await ms(async () => {
        for (let i = 0; i < 200; i++) await hashEmployeeNoPassword('E10001');
      })) / 200;

    const withNo = await workbookFile('bulka');
    figures['workbook size (bytes)'] = fs.statSync(withNo).size;
    figures['read 10,000 rows (ms)'] = await ms(() => readWorkbook(withNo, 'bulk.xlsx'));
    await paramsService.setMany(actor, { usernoAsPass: true });
    figures['import 10,000, employee-number passwords (ms)'] = await ms(() =>
      userImportService.importFile(actor, { path: withNo, originalName: 'bulk.xlsx' }),
    );
    await paramsService.setMany(actor, { usernoAsPass: false });
    const without = await workbookFile('bulkb');
    figures['import 10,000, no passwords (ms)'] = await ms(() =>
      userImportService.importFile(actor, { path: without, originalName: 'bulk.xlsx' }),
    );
    figures['re-import 10,000, all duplicates (ms)'] = await ms(() =>
      userImportService.importFile(actor, { path: without, originalName: 'bulk.xlsx' }),
    );
    figures['export 20,001 users (ms)'] = await ms(() => userImportService.exportFile(actor, {}));
    return figures;
  } finally {
    await app.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
