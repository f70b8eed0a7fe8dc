/**
 * The xlsx side of user import and export: the columns (with their titles in
 * each language), the template, reading an uploaded workbook and writing one.
 * Columns are matched by title in any language or by key, in any order, so a
 * file exported in English imports on a Chinese console.
 */
import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { BadRequestError, type FieldError } from '../../errors.ts';
import type { Lang } from '../../i18n/index.ts';
import type { UserView } from './schema.ts';
import { storedZip, unzipWithin } from './xlsx-zip.ts';

export interface Column {
  key: string;
  required?: boolean;
  title: Record<Lang, string>;
  width: number;
}

const col = (key: string, cn: string, en: string, ja: string, width = 16, required = false): Column => ({
  key,
  required,
  title: { cn, en, ja },
  width,
});

export const COLUMNS: readonly Column[] = [
  col('username', '用户名', 'Username', 'ユーザー名', 18, true),
  col('realName', '姓名', 'Name', '氏名', 16, true),
  col('employeeNo', '工号', 'Employee No.', '社員番号', 14, true),
  col('phone', '电话', 'Phone', '電話番号'),
  col('email', '邮箱', 'Email', 'メール', 26),
  col('department', '部门', 'Department', '部署'),
  col('workplace', '工作地点', 'Workplace', '勤務地'),
  col('position', '职位', 'Position', '役職'),
  col('corpSection', '科室', 'Corp section', '課'),
  col('costCenter', '成本中心', 'Cost center', 'コストセンター'),
  col('cardNo', '卡号', 'Card No.', 'カード番号'),
  col('ipAddress', 'IP 地址', 'IP address', 'IP アドレス'),
  col('roles', '角色', 'Roles', 'ロール', 20, true),
  col('status', '状态', 'Status', '状態', 8),
  col('password', '初始密码', 'Initial password', '初期パスワード', 18),
];

const HELP: Record<Lang, string[]> = {
  cn: [
    '带 * 的列必填。',
    '角色：角色名称，多个用逗号分隔。',
    '状态：1 正常，0 停用（空为正常）。',
    '初始密码可留空：开启“以工号作为初始密码”时为工号，否则需管理员重置；首次登录须修改密码。',
    '文件为 .xlsx，最大 2 MB。',
  ],
  en: [
    'Columns marked * are required.',
    'Roles: role names, separated by commas.',
    'Status: 1 normal, 0 disabled (empty is normal).',
    'Initial password may be empty: with "employee number as initial password" on it is the employee number, otherwise an administrator resets it; it must be changed at first sign-in.',
    'The file is .xlsx, at most 2 MB.',
  ],
  ja: [
    '* の列は必須です。',
    'ロール：ロール名をカンマ区切りで。',
    '状態：1 通常、0 無効（空は通常）。',
    '初期パスワードは空でも可：「社員番号を初期パスワードにする」がオンなら社員番号、それ以外は管理者がリセットします。初回ログイン時に変更が必要です。',
    'ファイルは .xlsx、最大 2 MB。',
  ],
};

/** The largest import; a 2 MB workbook holds a few tens of thousands of rows at most. */
export const MAX_IMPORT_ROWS = 20_000;

const normalise = (s: string) => s.toLowerCase().replace(/[\s*＊._\-()（）]/g, '');
const BY_TITLE = new Map<string, Column>(
  COLUMNS.flatMap((c) => [c.key, ...Object.values(c.title)].map((name) => [normalise(name), c] as const)),
);

export interface RawRow {
  /** Row number in the sheet (the header is row 1). */
  row: number;
  values: Record<string, string>;
}

function sheetOf(workbook: ExcelJS.Workbook, lang: Lang, withPassword: boolean): ExcelJS.Worksheet {
  const sheet = workbook.addWorksheet('users');
  const columns = COLUMNS.filter((c) => withPassword || c.key !== 'password');
  sheet.columns = columns.map((c) => ({
    header: `${c.title[lang]}${c.required ? ' *' : ''}`,
    key: c.key,
    width: c.width,
  }));
  sheet.getRow(1).font = { bold: true };
  // Text format, so employee numbers like 00123 and long phone numbers keep their digits.
  columns.forEach((_, i) => (sheet.getColumn(i + 1).numFmt = '@'));
  return sheet;
}

export async function templateWorkbook(lang: Lang): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  sheetOf(workbook, lang, true);
  const help = workbook.addWorksheet('help');
  for (const line of HELP[lang]) help.addRow([line]);
  help.getColumn(1).width = 100;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function exportWorkbook(
  users: AsyncIterable<UserView[]>,
  lang: Lang,
  onRow?: (n: number) => void,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = sheetOf(workbook, lang, false);
  let n = 0;
  for await (const chunk of users) {
    for (const u of chunk) {
      sheet.addRow({ ...u, roles: u.roles.map((r) => r.name).join(', '), status: String(u.status) });
    }
    n += chunk.length;
    onRow?.(n);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/**
 * Reads an uploaded workbook. The name must say xls or xlsx and the bytes must
 * be an xlsx workbook that exceljs can open: a renamed text file or picture is
 * refused, and an old binary .xls is refused with a hint to save it as .xlsx.
 */
export async function readWorkbook(file: string, originalName: string): Promise<RawRow[]> {
  const bytes = await fs.readFile(file);
  if (!/\.xlsx?$/i.test(originalName)) throw new BadRequestError('users.importBadType');
  if (bytes.subarray(0, 4).equals(OLE)) throw new BadRequestError('users.importOldXls');
  if (!bytes.subarray(0, 4).equals(ZIP)) throw new BadRequestError('users.importBadType');
  // exceljs gets the entries as unpacked here, within the budget: it never inflates anything itself.
  const unpacked = storedZip(await unzipWithin(bytes, MAX_INFLATED_BYTES));
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(unpacked as unknown as ArrayBuffer);
  } catch {
    throw new BadRequestError('users.importBadType');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new BadRequestError('users.importEmpty');
  const keys = headerKeys(sheet);
  const rows: RawRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (r, rowNumber) => {
    if (rowNumber === 1) return;
    const values: Record<string, string> = {};
    keys.forEach((key, i) => {
      if (key) values[key] = r.getCell(i + 1).text.trim();
    });
    if (Object.values(values).some((v) => v !== '')) rows.push({ row: rowNumber, values });
  });
  if (rows.length === 0) throw new BadRequestError('users.importEmpty');
  if (rows.length > MAX_IMPORT_ROWS) throw new BadRequestError('users.importTooMany', { max: MAX_IMPORT_ROWS });
  return rows;
}

/**
 * A full import (20,000 rows, every column) packs to about 1.3 MB and unpacks to about 15 MB; even a 2 MB file
 * of one value repeated stays under 40 MB. Far more is a zip bomb meant to exhaust memory.
 */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

/** The column key of each header cell; unknown, repeated or missing required columns refuse the whole file. */
function headerKeys(sheet: ExcelJS.Worksheet): Array<string | null> {
  const header = sheet.getRow(1);
  const keys: Array<string | null> = [];
  const problems: FieldError[] = [];
  for (let i = 1; i <= header.cellCount; i++) {
    const title = header.getCell(i).text.trim();
    if (!title) {
      keys.push(null);
      continue;
    }
    const column = BY_TITLE.get(normalise(title));
    if (!column) problems.push({ field: title, message: 'unknown column' });
    else if (keys.includes(column.key)) problems.push({ field: title, message: 'repeated column' });
    keys.push(column?.key ?? null);
  }
  for (const c of COLUMNS)
    if (c.required && !keys.includes(c.key)) problems.push({ field: c.title.en, message: 'missing column' });
  if (problems.length)
    throw new BadRequestError('users.importBadColumns', {}, { failed: problems.map((p) => ({ row: 1, ...p })) });
  return keys;
}
