import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import ExcelJS from 'exceljs';
import { runCli, tempDataDir } from '../helpers/cli.ts';

const data = tempDataDir();
test.after.always(() => data.remove());

async function writeWorkbook(file: string, rows: unknown[][]): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('users');
  sheet.addRow(['Username', 'Name', 'Employee No.', 'Email', 'Roles']);
  for (const r of rows) sheet.addRow(r);
  await wb.xlsx.writeFile(file);
}

test.serial('atrium users --help lists import and export', async (t) => {
  const help = await runCli(['users', '--help'], data.env);
  t.is(help.code, 0);
  t.regex(help.stdout, /import \[options\] <file>/);
  t.regex(help.stdout, /export \[options\] <file>/);
});

test.serial('users import: valid rows imported, bad rows listed, exit code 2', async (t) => {
  const file = path.join(data.dir, 'people.xlsx');
  await writeWorkbook(file, [
    ['cli1', 'Cli One', 'C1', 'cli1@example.org', '员工'],
    ['cli2', 'Cli Two', 'C2', 'not-an-email', '员工'],
    ['cli3', 'Cli Three', 'C3', '', '员工'],
    ['cli1', 'Cli One again', 'C4', '', '员工'],
  ]);
  const r = await runCli(['users', 'import', file], data.env, 120_000);
  t.is(r.code, 2, r.stderr);
  t.regex(r.stdout, /Imported 2 users\./);
  t.regex(r.stdout, /2 rows refused:/);
  t.regex(r.stdout, /row 3, email: Not a valid e-mail address/);
  t.regex(r.stdout, /row 5, username: Duplicate username in the file \(also on row 2\)/);

  const cn = await runCli(['users', 'import', file, '--lang', 'cn'], data.env, 120_000);
  t.is(cn.code, 2);
  t.regex(cn.stdout, /Imported 0 users\./);
  t.regex(cn.stdout, /用户名重复/);
});

test.serial('users import refuses a renamed file and a missing one with exit code 1', async (t) => {
  const fake = path.join(data.dir, 'fake.xlsx');
  fs.writeFileSync(fake, 'username,realName\n');
  const r = await runCli(['users', 'import', fake], data.env);
  t.is(r.code, 1);
  t.regex(r.stderr, /must be an Excel workbook/);
  const missing = await runCli(['users', 'import', path.join(data.dir, 'nope.xlsx')], data.env);
  t.is(missing.code, 1);
  t.regex(missing.stderr, /no such file/);
  const badColumns = path.join(data.dir, 'columns.xlsx');
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('users').addRow(['Who', 'Roles']);
  await wb.xlsx.writeFile(badColumns);
  const cols = await runCli(['users', 'import', badColumns], data.env);
  t.is(cols.code, 1);
  t.regex(cols.stderr, /row 1, Who: unknown column/);
  t.regex(cols.stderr, /columns do not match the template/);
});

test.serial('users export writes an xlsx of the users, filtered', async (t) => {
  const file = path.join(data.dir, 'out.xlsx');
  const r = await runCli(['users', 'export', file], data.env, 120_000);
  t.is(r.code, 0, r.stderr);
  t.regex(r.stdout, /Exported to/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const names = wb.worksheets[0]!.getColumn(1).values.slice(2).map(String).sort();
  t.deepEqual(names, ['admin', 'cli1', 'cli3']);

  const some = path.join(data.dir, 'some.xlsx');
  t.is((await runCli(['users', 'export', some, '-q', 'cli3', '--lang', 'ja'], data.env)).code, 0);
  const wb2 = new ExcelJS.Workbook();
  await wb2.xlsx.readFile(some);
  t.is(wb2.worksheets[0]!.getRow(1).getCell(1).text, 'ユーザー名 *');
  t.deepEqual(wb2.worksheets[0]!.getColumn(1).values.slice(2), ['cli3']);
  t.is((await runCli(['users', 'export', some, '--status', '7'], data.env)).code, 1);
});
