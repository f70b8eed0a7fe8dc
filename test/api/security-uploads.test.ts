import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import test from 'ava';
import { UPLOAD_REFERENCES } from '../../core/modules/uploads/index.ts';
import { perDialect, type TestApp } from '../helpers/app.ts';
import { runJob } from '../helpers/notify.ts';
import { png, upload } from '../helpers/places.ts';
import { createUser, STAFF_PASSWORD } from '../helpers/users.ts';

const MB = 1024 * 1024;
const DAY = 24 * 3_600_000;

/** Little-endian fields: `widths` in bytes (2 or 4, space-separated), one value each. */
function le(widths: string, values: number[]): Buffer {
  return Buffer.concat(
    widths.split(' ').map((w, i) => {
      const b = Buffer.alloc(Number(w));
      if (w === '2') b.writeUInt16LE(values[i]!);
      else b.writeUInt32LE(values[i]!);
      return b;
    }),
  );
}

/**
 * A 1 MB zip whose one entry inflates to 1 GiB of zeros while its headers say 1,000 bytes. The deflate stream is
 * one 16 MiB block of zeros, flushed so it can be repeated, 64 times over, then an empty final block: the test
 * never holds the inflated gigabyte itself.
 */
function lyingZipBomb(): { zip: Buffer; inflated: number } {
  const piece = zlib.deflateRawSync(Buffer.alloc(16 * MB), { finishFlush: zlib.constants.Z_FULL_FLUSH });
  const packed = Buffer.concat([...Array<Buffer>(64).fill(piece), Buffer.from([0x03, 0x00])]);
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const declared = 1000;
  const deflate = 8;
  // signature, version, flags, method, time+date, crc, packed size, unpacked size (the lie), name and extra lengths
  const local = le('4 2 2 2 4 4 4 4 2 2', [0x04034b50, 20, 0, deflate, 0, 0, packed.length, declared, name.length, 0]);
  // signature, "version made by", the local header's fields, then comment length, disk, attributes, local header at 0
  const central = Buffer.concat([le('4 2', [0x02014b50, 20]), local.subarray(4), le('2 2 2 4 4', [0, 0, 0, 0, 0])]);
  const directory = Buffer.concat([central, name]);
  const at = local.length + name.length + packed.length;
  const end = le('4 2 2 2 2 4 4 2', [0x06054b50, 0, 0, 1, 1, directory.length, at, 0]);
  return { zip: Buffer.concat([local, name, packed, directory, end]), inflated: 64 * 16 * MB };
}

async function importFile(app: TestApp, token: string, bytes: Buffer, lang: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'users.xlsx');
  return app.request('POST', '/api/sys/users/import', { token, rawBody: form, lang });
}

/** A valid PNG padded to about `bytes` (the type and size checks read only its header). */
async function paddedPng(bytes: number): Promise<Buffer> {
  const head = await png(100);
  return Buffer.concat([head, Buffer.alloc(bytes - head.length)]);
}

perDialect(test, (dialect, app) => {
  let admin: string;

  test.serial(
    `${dialect}: a zip bomb whose headers lie about its size is refused within a small memory bound`,
    async (t) => {
      admin = await app().adminToken();
      const { zip, inflated } = lyingZipBomb();
      t.true(zip.length < 2 * MB, 'under the upload limit');
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 2);
      const res = await importFile(app(), admin, zip, 'en');
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      const grew = (peak - before) / MB;
      t.log(
        `${dialect}: ${(zip.length / MB).toFixed(1)} MB file inflating to ${inflated / MB} MB; RSS grew ${grew.toFixed(0)} MB`,
      );
      t.is(res.status, 400);
      t.is(res.body.msg, 'Failed to import user: the workbook unpacks to more than 64 MB');
      t.true(grew < 256, `RSS grew by ${grew.toFixed(0)} MB`);
      const cn = await importFile(app(), admin, zip, 'cn');
      t.is(cn.status, 400);
      t.is(cn.body.msg, '导入用户失败：工作簿解压后超过 64 MB');
    },
  );

  test.serial(
    `${dialect}: each person's uploads stop at the quota (uploadQuotaMb), with a translated 413`,
    async (t) => {
      t.is((await app().put('/api/sys/params', { uploadQuotaMb: 1 }, { token: admin })).status, 200);
      await createUser(app(), 'quota1');
      await createUser(app(), 'quota2');
      const first = await app().tokenFor('quota1', STAFF_PASSWORD);
      const second = await app().tokenFor('quota2', STAFF_PASSWORD);
      const picture = await paddedPng(600 * 1024);
      t.is((await upload(app(), first, 'resourceImage', 'a.png', picture)).status, 200);
      const before = fs.readdirSync(path.join(app().cradle.config.dataDir, 'uploads')).length;
      const over = await upload(app(), first, 'resourceImage', 'b.png', picture, 'en');
      t.is(over.status, 413);
      t.regex(over.body.msg, /^Your uploaded files would exceed your quota of 1 MB/);
      const overJa = await upload(app(), first, 'resourceImage', 'b.png', picture, 'ja');
      t.regex(overJa.body.msg, /割り当て 1 MB/);
      t.is(fs.readdirSync(path.join(app().cradle.config.dataDir, 'uploads')).length, before, 'nothing kept on disk');
      t.is((await upload(app(), first, 'resourceImage', 'c.png', await png(100))).status, 200, 'what fits still goes');
      t.is((await upload(app(), second, 'resourceImage', 'a.png', picture)).status, 200, 'the quota is per person');
      await app().put('/api/sys/params', { uploadQuotaMb: 100 }, { token: admin });
    },
  );

  test.serial(`${dialect}: the sweep lists every column that references an upload`, async (t) => {
    const db = app().cradle.db;
    const rows =
      dialect === 'sqlite'
        ? (
            await Promise.all(
              ((await db.raw(`select name from sqlite_master where type = 'table'`)) as Array<{ name: string }>).map(
                async ({ name }) =>
                  ((await db.raw(`pragma foreign_key_list('${name}')`)) as Array<{ table: string; from: string }>)
                    .filter((fk) => fk.table === 'uploads')
                    .map((fk) => `${name}.${fk.from}`),
              ),
            )
          ).flat()
        : (
            (
              await db.raw(
                `select table_name as t, column_name as c from information_schema.key_column_usage
                 where table_schema = database() and referenced_table_name = 'uploads'`,
              )
            )[0] as Array<{ t: string; c: string }>
          ).map((r) => `${r.t}.${r.c}`);
    t.deepEqual(rows.sort(), UPLOAD_REFERENCES.map(([table, column]) => `${table}.${column}`).sort());
  });

  test.serial(
    `${dialect}: the daily sweep deletes files unused for 24 hours and keeps used and young ones`,
    async (t) => {
      const db = app().cradle.db;
      const stored = (id: string) => fs.existsSync(path.join(app().cradle.config.dataDir, 'uploads', id));
      // Sessions end while the clock moves by days: sign in again before each look.
      const served = async (id: string) =>
        (await app().get(`/api/upload/${id}`, { token: await app().adminToken() })).status;
      const idOf = async (name: string) =>
        (await upload(app(), await app().adminToken(), 'icon', name, await png(64))).body.bean!.id;
      await runJob(app(), 'uploads.sweep', DAY); // a clean start: what earlier tests left goes now
      const used = await idOf('used.png');
      const orphan = await idOf('orphan.png');
      const icon = await app().post<{ data: { id: number } }>(
        '/api/room/icons',
        { name: 'Kept', uploadId: used },
        { token: await app().adminToken() },
      );
      t.is(icon.status, 200);
      app().clock.advance(DAY + 60_000);
      const young = await idOf('young.png');
      await runJob(app(), 'uploads.sweep', 0);
      t.false(stored(orphan), 'the file is gone');
      t.is(await served(orphan), 404);
      t.falsy(await db('uploads').where({ id: orphan }).first());
      t.true(stored(used));
      t.is(await served(used), 200, 'an icon uses it');
      t.true(stored(young));
      t.is(await served(young), 200, 'uploaded a minute ago, its form may not be saved yet');

      // Once the icon goes, its picture is kept for a day from the first sweep that finds it unused.
      const deleted = await app().delete(`/api/room/icons/${icon.body.data.id}`, { token: await app().adminToken() });
      t.is(deleted.status, 200);
      await runJob(app(), 'uploads.sweep', DAY);
      t.is(await served(used), 200);
      t.is(await served(young), 404, 'a day old and never used');
      await runJob(app(), 'uploads.sweep', DAY);
      t.is(await served(used), 404);
      t.false(stored(used));
    },
  );
});
