import test from 'ava';
import ExcelJS from 'exceljs';
import { perDialect, type TestApp } from '../helpers/app.ts';

type Report = { imported: number; failed: Array<{ row: number; field: string; message: string }> };
type Page<T> = { items: T[]; total: number };

const HEADER = ['Username', 'Name', 'Employee No.', 'Phone', 'Email', 'Department', 'Roles'];

async function workbook(rows: unknown[][], header: string[] = HEADER): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('users');
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Multipart upload like the console's; its own fetch, as the 10,000-row file may take longer than the helper's 30 s timeout. */
async function upload(app: TestApp, token: string, bytes: Buffer | string, name = 'users.xlsx', lang = 'en') {
  const form = new FormData();
  form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), name);
  const res = await fetch(`${app.url}/api/sys/users/import`, {
    method: 'POST',
    headers: { token, i18n: lang },
    body: form,
    signal: AbortSignal.timeout(300_000),
  });
  const body = (await res.json()) as { code: number; msg: string; data: Report; failed?: Report['failed'] };
  return { status: res.status, body };
}

async function download(
  app: TestApp,
  path: string,
  token: string,
): Promise<{ status: number; type: string | null; sheet: ExcelJS.Worksheet }> {
  const res = await fetch(app.url + path, { headers: { token, i18n: 'en' } });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  return { status: res.status, type: res.headers.get('content-type'), sheet: wb.worksheets[0]! };
}

const count = async (app: TestApp, token: string, q: string) =>
  (await app.get<{ data: Page<unknown> }>(`/api/sys/users?q=${q}`, { token })).body.data.total;

perDialect(test, (dialect, app) => {
  let token = '';

  test.serial(`${dialect}: the template is an xlsx with the columns in the caller's language`, async (t) => {
    token = await app().adminToken();
    const en = await download(app(), '/api/sys/users/import-template', token);
    t.is(en.status, 200);
    t.regex(en.type!, /spreadsheetml/);
    const titles = (en.sheet.getRow(1).values as string[]).filter(Boolean);
    t.is(titles[0], 'Username *');
    t.true(titles.includes('Roles *') && titles.includes('Email') && titles.includes('Initial password'));
    const res = await fetch(`${app().url}/api/sys/users/import-template`, { headers: { token, i18n: 'cn' } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    t.is(wb.worksheets[0]!.getRow(1).getCell(1).text, '用户名 *');
  });

  test.serial(`${dialect}: every row is checked; bad rows are reported and skipped, good rows imported`, async (t) => {
    await app().put('/api/sys/params', { usernoAsPass: true }, { token });
    const bytes = await workbook([
      ['imp1', 'Imp One', 'I0001', '13800000001', 'imp1@example.org', 'Sales', '员工'],
      ['imp2', 'Imp Two', 'I0002', 'not a phone', 'imp2@example.org', 'Sales', '员工'],
      ['imp3', 'Imp Three', 'I0003', '', 'imp3@', 'Sales', '员工'],
      ['imp1', 'Imp One again', 'I0004', '', '', '', '员工'],
      ['admin', 'Another admin', 'I0005', '', '', '', '员工'],
      ['imp6', '', 'I0006', '', '', '', '员工'],
      ['imp7', 'Imp Seven', 'I0007', '', '', '', 'No such role'],
      ['imp8', 'Imp Eight', 'I0008', '', '', '', ''],
      [],
      ['imp10', 'Imp Ten', 'I0010', '+81 3-1234-5678', 'IMP10@Example.org', 'Ops', '员工, 系统管理员'],
    ]);
    const res = await upload(app(), token, bytes);
    t.is(res.status, 200, JSON.stringify(res.body));
    t.is(res.body.data.imported, 2);
    const byRow = (row: number) =>
      res.body.data.failed.filter((f) => f.row === row).map((f) => `${f.field}: ${f.message}`);
    t.deepEqual(byRow(3), ['phone: Not a valid phone number']);
    t.deepEqual(byRow(4), ['email: Not a valid e-mail address']);
    t.deepEqual(byRow(5), ['username: Duplicate username in the file (also on row 2)']);
    t.deepEqual(byRow(6), ['username: Duplicate username']);
    t.is(byRow(7).length, 1);
    t.regex(byRow(7)[0]!, /^realName: /);
    t.deepEqual(byRow(8), ['roles: Unknown role: No such role']);
    t.deepEqual(byRow(9), ['roles: Choose at least one role']);
    t.deepEqual(
      res.body.data.failed.map((f) => f.row),
      [3, 4, 5, 6, 7, 8, 9],
      'the empty row is skipped, rows are numbered as in the sheet',
    );

    t.is(await count(app(), token, 'imp'), 2);
    const imp10 = (
      await app().get<{ data: Page<{ roles: Array<{ name: string }>; phone: string }> }>('/api/sys/users?q=imp10', {
        token,
      })
    ).body.data.items[0]!;
    t.deepEqual(imp10.roles.map((r) => r.name).sort(), ['员工', '系统管理员'].sort());
    const login = await app().login('imp1', 'I0001');
    t.is(login.status, 200, 'usernoAsPass: the employee number is the initial password');
    t.is(login.body.passwordState, 'firstLogin');
    await app().put('/api/sys/params', { usernoAsPass: false }, { token });
    t.truthy(await app().cradle.db('operation_logs').where({ action: 'sys.user.import' }).first());
  });

  test.serial(
    `${dialect}: messages of the report follow the caller's language; the pattern and password policy apply`,
    async (t) => {
      await app().put('/api/sys/params', { usernoPattern: 'P\\d{3}' }, { token });
      const bytes = await workbook(
        [
          ['pat1', 'Pat', 'X1', '', 'bad@', '', '员工', 'weak'],
          ['pat2', 'Pat Two', 'P002', '', '', '', '员工', 'Str0ng-enough'],
        ],
        [...HEADER, 'Initial password'],
      );
      const res = await upload(app(), token, bytes, 'users.xlsx', 'cn');
      t.is(res.body.data.imported, 1);
      const fields = res.body.data.failed.map((f) => f.field).sort();
      t.deepEqual(fields, ['email', 'employeeNo', 'password']);
      t.true(res.body.data.failed.some((f) => f.message === '邮箱地址不正确'));
      t.is((await app().login('pat2', 'Str0ng-enough')).body.passwordState, 'firstLogin');
      await app().put('/api/sys/params', { usernoPattern: '' }, { token });
    },
  );

  test.serial(`${dialect}: wrong columns refuse the whole file`, async (t) => {
    const bytes = await workbook(
      [['wc1', 'Wrong Columns', 'W1', '员工']],
      ['Username', 'Full name please', 'Employee No.', 'Roles'],
    );
    const res = await upload(app(), token, bytes);
    t.is(res.status, 400);
    t.is(res.body.msg, 'Failed to import user: the columns do not match the template');
    t.deepEqual(
      res.body.failed!.map((f) => `${f.field}: ${f.message}`),
      ['Full name please: unknown column', 'Name: missing column'],
    );
    t.is(await count(app(), token, 'wc1'), 0);
    const repeated = await upload(app(), token, await workbook([], [...HEADER, 'Username']));
    t.is(repeated.status, 400);
    const empty = await upload(app(), token, await workbook([]));
    t.is(empty.status, 400);
    t.is(empty.body.msg, 'Failed to import user: the file has no rows');
  });

  test.serial(
    `${dialect}: only real xlsx content is read: renamed files, old xls, no file and big files are refused`,
    async (t) => {
      const text = await upload(app(), token, 'username,realName\nx,y\n', 'users.xlsx');
      t.is(text.status, 400);
      t.is(text.body.msg, 'Failed to import user: the file must be an Excel workbook (.xlsx)');
      const png = await upload(app(), token, Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), 'users.xlsx');
      t.is(png.status, 400);
      const zip = await upload(
        app(),
        token,
        Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 1)]),
        'users.xlsx',
      );
      t.is(zip.status, 400, 'a zip that is not a workbook');
      // The sizes a zip declares are not what the guard reads: a small workbook claiming 300 MB imports
      // (the bytes that really unpack are counted; see security-uploads.test.ts for a real zip bomb).
      const claims = Buffer.from(await workbook([['b1', 'B', 'B1', '', '', '', '员工']]));
      const eocd = claims.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
      claims.writeUInt32LE(300 * 1024 * 1024, claims.readUInt32LE(eocd + 16) + 24);
      const claimed = await upload(app(), token, claims);
      t.is(claimed.status, 200, JSON.stringify(claimed.body));
      t.is(await count(app(), token, 'b1'), 1);
      const xls = await upload(
        app(),
        token,
        Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(500)]),
        'users.xls',
      );
      t.is(xls.status, 400);
      t.regex(xls.body.msg, /\.xls/);
      const wrongName = await upload(
        app(),
        token,
        await workbook([['n1', 'N', 'N1', '', '', '', '员工']]),
        'users.csv',
      );
      t.is(wrongName.status, 400);

      const none = await app().request('POST', '/api/sys/users/import', { token, rawBody: new FormData() });
      t.is(none.status, 400);
      t.is(none.body.msg, 'Please upload files');
      const cnNone = await app().request('POST', '/api/sys/users/import', {
        token,
        rawBody: new FormData(),
        lang: 'cn',
      });
      t.is(cnNone.body.msg, '请上传文件');

      const big = await upload(
        app(),
        token,
        Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(2 * 1024 * 1024 + 10)]),
      );
      t.is(big.status, 413);
      t.is(await count(app(), token, 'n1'), 0);
    },
  );

  test.serial(`${dialect}: 10,000 rows import in one go`, async (t) => {
    const rows = Array.from({ length: 10_000 }, (_, i) => [
      `bulk${i}`,
      `Bulk User ${i}`,
      `B${String(i).padStart(5, '0')}`,
      `139${String(i).padStart(8, '0')}`,
      `bulk${i}@example.org`,
      `Dept ${i % 20}`,
      '员工',
    ]);
    rows[5000]![4] = 'broken@';
    const bytes = await workbook(rows);
    t.true(bytes.length < 2 * 1024 * 1024, `the file is ${bytes.length} bytes`);
    await app().put('/api/sys/params', { usernoAsPass: true }, { token });
    const started = Date.now();
    const res = await upload(app(), token, bytes);
    const ms = Date.now() - started;
    t.log(`${dialect}: 10,000 rows (with employee-number passwords) imported in ${ms} ms`);
    await app().put('/api/sys/params', { usernoAsPass: false }, { token });
    t.is(res.status, 200, JSON.stringify(res.body).slice(0, 500));
    t.is(res.body.data.imported, 9_999);
    t.deepEqual(res.body.data.failed, [{ row: 5002, field: 'email', message: 'Not a valid e-mail address' }]);
    t.is(await count(app(), token, 'bulk'), 9_999);
    t.is((await app().login('bulk9999', 'B09999')).status, 200);
  });

  test.serial(
    `${dialect}: export writes the filtered users as xlsx, and re-importing it reports duplicates`,
    async (t) => {
      const all = await download(app(), '/api/sys/users/export', token);
      t.is(all.status, 200);
      const total = (await app().get<{ data: Page<unknown> }>('/api/sys/users', { token })).body.data.total;
      t.is(all.sheet.actualRowCount - 1, total);
      const some = await download(app(), '/api/sys/users/export?q=imp', token);
      t.is(some.sheet.actualRowCount - 1, 2);
      const header = (some.sheet.getRow(1).values as string[]).filter(Boolean);
      t.false(header.includes('Initial password'), 'passwords are never exported');
      const row = some.sheet.getRow(2);
      t.is(row.getCell(1).text, 'imp1');

      const wb = new ExcelJS.Workbook();
      wb.addWorksheet('users');
      wb.worksheets[0]!.addRows(
        some.sheet
          .getSheetValues()
          .filter(Boolean)
          .map((r) => (r as unknown[]).slice(1)),
      );
      const again = await upload(app(), token, Buffer.from(await wb.xlsx.writeBuffer()));
      t.is(again.status, 200);
      t.is(again.body.data.imported, 0);
      t.deepEqual(
        again.body.data.failed.map((f) => f.message),
        ['Duplicate username', 'Duplicate username'],
      );
    },
  );

  test.serial(`${dialect}: an importer without admin rights may only give roles they created`, async (t) => {
    const role = await app().post<{ data: { id: number } }>(
      '/api/sys/roles',
      { name: 'Importers', permissions: ['sys:admin:view', 'sys:admin:import', 'sys:role:add', 'center:reserve:view'] },
      { token },
    );
    await app().post(
      '/api/sys/users',
      {
        username: 'importer',
        realName: 'Importer',
        employeeNo: 'IMP',
        roleIds: [role.body.data.id],
        password: 'Passw0rd-ok',
      },
      { token },
    );
    const importer = await app().tokenFor('importer', 'Passw0rd-ok');
    await app().post('/api/sys/roles', { name: 'Imported', permissions: ['center:reserve:view'] }, { token: importer });
    const res = await upload(
      app(),
      importer,
      await workbook([
        ['own1', 'Own', 'O1', '', '', '', 'Imported'],
        ['foreign1', 'Foreign', 'F1', '', '', '', '员工'],
      ]),
    );
    t.is(res.body.data.imported, 1);
    t.deepEqual(res.body.data.failed, [{ row: 3, field: 'roles', message: 'Selected role not created by you' }]);
  });
});
