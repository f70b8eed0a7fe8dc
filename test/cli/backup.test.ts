/**
 * `atrium backup` and `atrium restore` (docs/backup.md), run as the real CLI against a running test server's
 * database and data directory, restored into a fresh database and data directory. On SQLite always, on MariaDB
 * when ATRIUM_TEST_MYSQL_URL is set; the encrypted backup is restored into the other dialect when both are there.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import type { Knex } from 'knex';
import { BackupError, createArchive } from '../../core/backup/archive.ts';
import { sqliteSnapshot, writeBackup } from '../../core/backup/dump.ts';
import { currentSecretKey } from '../../core/backup/format.ts';
import { restoreBackup } from '../../core/backup/restore.ts';
import { openDatabase, resolveDbTarget } from '../../core/db/connection.ts';
import { SettingsStore } from '../../core/plugin-host/settings-store.ts';
import { SecretBox } from '../../core/secret-box.ts';
import { dialects, freshMysqlDatabase, mysqlUrl, startTestApp, type Dialect, type TestApp } from '../helpers/app.ts';
import { runCli } from '../helpers/cli.ts';
import { futureBooking, png, removeBooking, upload } from '../helpers/places.ts';
import { skipBecause } from '../helpers/requires.ts';
import { createUser } from '../helpers/users.ts';

const SECRET = 'graph-client-secret-for-the-backup-test';
const PASSPHRASE = 'correct horse battery staple';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-backup-test-'));
const cleanups: Array<() => Promise<void>> = [];
test.after.always(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  fs.rmSync(work, { recursive: true, force: true });
});

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const envOf = (dataDir: string, databaseUrl: string) => ({
  ATRIUM_DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  ATRIUM_RSA_KEY_BITS: '1024',
  ATRIUM_SECRET_KEY: '',
  ATRIUM_BACKUP_PASSPHRASE: '',
  LOG_LEVEL: 'silent',
});

interface Target {
  dir: string;
  url: string;
  env: Record<string, string>;
  open: () => Knex;
}

/** An empty database of `dialect` and an empty data directory. */
async function freshTarget(dialect: Dialect): Promise<Target> {
  const dir = fs.mkdtempSync(path.join(work, `target-${dialect}-`));
  let url = `sqlite:${path.join(dir, 'atrium.db')}`;
  if (dialect === 'mysql') {
    const made = await freshMysqlDatabase();
    url = made.url;
    cleanups.push(made.drop);
  }
  return { dir, url, env: envOf(dir, url), open: () => openDatabase(resolveDbTarget(url, dir)) };
}

async function tableNames(db: Knex, dialect: Dialect): Promise<string[]> {
  const rows: Array<{ name: string }> =
    dialect === 'sqlite'
      ? await db.raw("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      : (await db.raw('SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()'))[0];
  return rows.map((r) => r.name).sort();
}

async function counts(db: Knex, dialect: Dialect): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const name of await tableNames(db, dialect))
    // sql_stats: the running server's own statement statistics, which grow while it runs.
    if (!name.startsWith('knex_') && name !== 'sql_stats')
      out[name] = Number((await db(name).count({ n: '*' }).first())?.n);
  return out;
}

/** `counts` of the tables in `like` only: a migration newer than the source's may add (empty) tables after the load. */
const only = (counts: Record<string, number>, like: Record<string, number>) =>
  Object.fromEntries(Object.keys(like).map((k) => [k, counts[k]]));

/** The last id the bookings table's auto-increment counter handed out. */
async function lastBookingId(db: Knex, dialect: Dialect): Promise<number> {
  if (dialect === 'sqlite') return Number((await db('sqlite_sequence').where({ name: 'bookings' }).first('seq'))?.seq);
  const [rows] = await db.raw(
    "SELECT AUTO_INCREMENT AS next FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'bookings'",
  );
  return Number(rows[0].next) - 1;
}

/** A source installation per dialect: the demo organisation plus a booking, a user, a parameter, an upload, a secret. */
const sources = new Map<
  Dialect,
  Promise<{ app: TestApp; env: Record<string, string>; uploadId: string; png: Buffer }>
>();
function source(dialect: Dialect) {
  if (!sources.has(dialect))
    sources.set(
      dialect,
      (async () => {
        const app = await startTestApp({ dialect, demo: true });
        cleanups.push(() => app.stop());
        const c = app.cradle;
        const room = await c.db('resources').orderBy('id').first('id');
        // The last booking made is deleted: the id counter is ahead of the largest id, and must stay so.
        await removeBooking(app, await futureBooking(app, Number(room.id)));
        const bookingId = await futureBooking(app, Number(room.id));
        await removeBooking(app, await futureBooking(app, Number(room.id)));
        await c.db('bookings').where({ id: bookingId }).update({ subject: 'Backup check: 会議 ✓' });
        await createUser(app, 'backupuser');
        await c.paramsService.setMany(
          { userId: 0, username: 'test', permissions: new Set(['*']), lang: 'en', via: 'system' },
          { passCodeLength: 4 },
        );
        const picture = await png(300);
        const up = await upload(app, await app.adminToken(), 'resourceImage', 'room.png', picture);
        if (up.status !== 200) throw new Error(`upload: ${JSON.stringify(up.body)}`);
        await new SettingsStore(c).write(
          c.db,
          'calendar',
          'm365',
          { tenant: 't1', clientSecret: SECRET },
          ['clientSecret'],
          0,
        );
        return { app, env: envOf(c.config.dataDir, c.config.databaseUrl), uploadId: up.body.bean!.id, png: picture };
      })(),
    );
  return sources.get(dialect)!;
}

/** The target each dialect's first test restored into; the encrypted backup of the other dialect is then forced into it. */
const restored = new Map<
  Dialect,
  { promise: Promise<Target>; resolve: (t: Target) => void; reject: (e: Error) => void }
>();
for (const d of dialects) {
  let resolve!: (t: Target) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<Target>((res, rej) => ((resolve = res), (reject = rej)));
  promise.catch(() => undefined);
  restored.set(d, { promise, resolve, reject });
}

if (!mysqlUrl) skipBecause(test, 'mysql: backup and restore on MariaDB', 'ATRIUM_TEST_MYSQL_URL is not set');

for (const dialect of dialects) {
  test(`${dialect}: backup, restore into an empty database and data dir: every table, row and upload is back`, async (t) => {
    t.teardown(() => restored.get(dialect)!.reject(new Error(`the ${dialect} round trip failed`)));
    const src = await source(dialect);
    const file = path.join(work, `plain-${dialect}.atrium-backup`);
    const backup = await runCli(['backup', file], src.env, 120_000);
    t.is(backup.code, 0, backup.stderr);
    t.regex(backup.stdout, /^Backup written to .*: \d+ tables, \d+ rows, \d+ files .*no secret key in it/m);
    t.is(backup.stderr, '', 'no progress bar when the output is not a terminal');
    t.is(fs.statSync(file).mode & 0o777, 0o600);
    t.false(fs.existsSync(`${file}.partial`));

    const target = await freshTarget(dialect);
    const restore = await runCli(['restore', file], target.env, 120_000);
    t.is(restore.code, 0, restore.stderr);
    t.regex(restore.stdout, /^Restored .*: \d+ tables, \d+ rows, \d+ files\.$/m);
    t.regex(restore.stderr, /warning: stored secrets .* sealed with the secret key of the installation/);

    const db = target.open();
    try {
      const before = await counts(src.app.cradle.db, dialect);
      const after = await counts(db, dialect);
      t.deepEqual(only(after, before), before);
      const maxId = Number((await db('bookings').max({ n: 'id' }).first())?.n);
      t.is(await lastBookingId(db, dialect), await lastBookingId(src.app.cradle.db, dialect));
      t.true((await lastBookingId(db, dialect)) > maxId, 'the id of a deleted booking is not handed out again');
      t.true(before.bookings! > 100 && before.users! > 20);
      t.is((await db('bookings').where({ subject: 'Backup check: 会議 ✓' }).first())?.state, 'confirmed');
      t.is((await db('users').where({ username: 'backupuser' }).first())?.email, 'backupuser@example.org');
      t.is((await db('params').where({ key: 'passCodeLength' }).first())?.value, '4');
      const row = await db('uploads').where({ id: src.uploadId }).first();
      const bytes = fs.readFileSync(path.join(target.dir, row.path));
      t.is(sha256(bytes), sha256(src.png));
      t.is(row.sha256, sha256(src.png));
      const applied: string[] = await src.app.cradle.db('knex_migrations').orderBy('id').pluck('name');
      // The backup's schema, then any migration this checkout has beyond it (run after the load, as an upgrade).
      t.deepEqual((await db('knex_migrations').orderBy('id').pluck('name')).slice(0, applied.length), applied);
    } finally {
      await db.destroy();
    }

    const again = await runCli(['restore', file], target.env);
    t.is(again.code, 1);
    t.regex(again.stderr, /^atrium: the database already holds data \(\d+ users besides admin, .*--force/m);
    t.notRegex(again.stderr, /\n\s+at /, 'no stack trace');
    restored.get(dialect)!.resolve(target);
  });

  const other: Dialect = dialects.length > 1 ? (dialect === 'sqlite' ? 'mysql' : 'sqlite') : dialect;
  test(`${dialect}: with --include-secret-key the backup is encrypted; a wrong passphrase writes nothing, the right one restores (with --force, into ${other}) a secret that decrypts`, async (t) => {
    const src = await source(dialect);
    const file = path.join(work, `sealed-${dialect}.atrium-backup`);
    const passFile = path.join(work, `pass-${dialect}`);
    fs.writeFileSync(passFile, `${PASSPHRASE}\n`, { mode: 0o600 });
    const backup = await runCli(
      ['backup', file, '--include-secret-key', '--passphrase-file', passFile],
      src.env,
      120_000,
    );
    t.is(backup.code, 0, backup.stderr);
    t.regex(backup.stdout, /the secret key is in it, encrypted with the passphrase/);
    const raw = fs.readFileSync(file);
    t.is(raw.subarray(0, 10).toString('latin1'), 'ATRIUMBK\x01\x01');
    const key = fs.readFileSync(path.join(src.app.cradle.config.dataDir, 'secret.key'), 'utf8').trim();
    t.false(raw.includes(Buffer.from(key)), 'the key is not readable in the file');

    // Into the target the other dialect's round trip filled: a wrong passphrase changes nothing even with --force.
    const target = await restored.get(other)!.promise;
    const peek = async () => {
      const db = target.open();
      try {
        return await counts(db, other);
      } finally {
        await db.destroy();
      }
    };
    const held = await peek();
    const files = fs.readdirSync(target.dir).sort();
    // Both refusals at once: neither writes anything.
    const [wrong, noPass] = await Promise.all([
      runCli(['restore', file, '--force'], { ...target.env, ATRIUM_BACKUP_PASSPHRASE: 'not the passphrase' }),
      runCli(['restore', file, '--force'], target.env),
    ]);
    t.is(wrong.code, 1);
    t.is(
      wrong.stderr.trim(),
      'atrium: wrong passphrase: the backup cannot be decrypted with it (nothing was restored)',
    );
    t.deepEqual(await peek(), held, 'nothing written to the database');
    t.deepEqual(fs.readdirSync(target.dir).sort(), files, 'nor to the data dir');

    t.is(noPass.code, 1);
    t.regex(noPass.stderr, /--passphrase-file FILE or the environment variable ATRIUM_BACKUP_PASSPHRASE/);

    const restore = await runCli(
      ['restore', file, '--force'],
      { ...target.env, ATRIUM_BACKUP_PASSPHRASE: PASSPHRASE },
      120_000,
    );
    t.is(restore.code, 0, restore.stderr);
    t.regex(restore.stdout, /the secret key was restored\./);
    t.is(restore.stderr, '');
    t.is(fs.readFileSync(path.join(target.dir, 'secret.key'), 'utf8'), key);
    t.is(fs.statSync(path.join(target.dir, 'secret.key')).mode & 0o777, 0o600);
    const db = target.open();
    try {
      const store = new SettingsStore({
        db,
        clock: src.app.cradle.clock,
        secretBox: SecretBox.fromConfig('', target.dir),
      });
      const stored = await store.read('calendar');
      t.true(SecretBox.isSealed(stored.raw.clientSecret));
      t.is(store.unseal(stored.raw).clientSecret, SECRET);
      const before = await counts(src.app.cradle.db, dialect);
      t.deepEqual(only(await counts(db, other), before), before);
      t.is(await lastBookingId(db, other), await lastBookingId(src.app.cradle.db, dialect));
    } finally {
      await db.destroy();
    }
  });
}

test('sqlite: a backup taken while the server writes is consistent; damaged and foreign files are refused', async (t) => {
  const app = await startTestApp({ dialect: 'sqlite' });
  cleanups.push(() => app.stop());
  const { db, config } = app.cradle;
  const env = envOf(config.dataDir, config.databaseUrl);
  // Each write is a transaction of 10 rows: a torn copy would hold a count that is not a multiple of 10.
  let writing = true;
  let batches = 0;
  const writer = (async () => {
    while (writing) {
      await db.transaction(async (trx) => {
        for (let i = 0; i < 10; i++)
          await trx('operation_logs').insert({
            action: 'backup.test',
            target: String(batches),
            created_at: Date.now(),
          });
      });
      batches++;
      await new Promise((r) => setTimeout(r, 1));
    }
  })();
  const file = path.join(work, 'live.atrium-backup');
  let backup;
  try {
    while (batches < 20) await new Promise((r) => setTimeout(r, 10));
    backup = await runCli(['backup', file], env, 120_000);
  } finally {
    writing = false;
    await writer;
  }
  t.is(backup.code, 0, backup.stderr);
  const total = Number((await db('operation_logs').where({ action: 'backup.test' }).count({ n: '*' }).first())?.n);

  const target = await freshTarget('sqlite');
  const restore = await runCli(['restore', file], target.env, 120_000);
  t.is(restore.code, 0, restore.stderr);
  const copy = target.open();
  try {
    const n = Number((await copy('operation_logs').where({ action: 'backup.test' }).count({ n: '*' }).first())?.n);
    t.true(n >= 200 && n % 10 === 0 && n <= total, `${n} rows of ${total}`);
    t.deepEqual(await copy.raw('PRAGMA integrity_check'), [{ integrity_check: 'ok' }]);
  } finally {
    await copy.destroy();
  }

  // A cut-off file, a foreign one and a missing one are refused (in-process: the same code the CLI calls).
  const bytes = fs.readFileSync(file);
  const cut = path.join(work, 'cut.atrium-backup');
  fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
  fs.writeFileSync(path.join(work, 'foreign'), 'hello');
  const empty = await freshTarget('sqlite');
  const into = empty.open();
  try {
    const restore = (f: string) =>
      restoreBackup({
        file: f,
        db: () => into,
        dialect: 'sqlite',
        config: { dataDir: empty.dir, secretKey: '' },
        force: false,
        passphrase: async () => PASSPHRASE,
      });
    const cutOff = await t.throwsAsync(restore(cut), { instanceOf: BackupError });
    t.regex(cutOff.message, /^the backup file is (damaged|incomplete)/);
    t.is(Number((await into('users').count({ n: '*' }).first())?.n), 0, 'the failed load was rolled back');
    t.deepEqual(
      fs.readdirSync(empty.dir).filter((f) => !f.startsWith('atrium.db')),
      [],
      'no file left behind',
    );
    await t.throwsAsync(restore(path.join(work, 'foreign')), { message: /is not an Atrium backup/ });
    // A backup from a newer schema is refused before anything is written.
    const future = path.join(work, 'future.atrium-backup');
    const archive = await createArchive(future);
    const manifest = {
      format: 'atrium-backup',
      formatVersion: 1,
      atriumVersion: '9.0.0',
      dialect: 'sqlite',
      createdAt: new Date().toISOString(),
      migrations: ['29991231000000_future.cjs'],
      tables: [],
      counters: {},
      files: [],
      secretKey: { included: false, fingerprint: null },
    };
    await archive.write(`${JSON.stringify({ manifest })}\n`);
    await archive.finish();
    await t.throwsAsync(restore(future), { message: /newer schema than this Atrium has .*upgrade Atrium to 9\.0\.0/ });
    // An encrypted backup with a wrong passphrase: refused before the database is even opened.
    const sealed = path.join(work, 'live-sealed.atrium-backup');
    const snapshot = await sqliteSnapshot(path.join(config.dataDir, 'atrium.db'));
    try {
      await writeBackup({
        file: sealed,
        dialect: 'sqlite',
        dataDir: config.dataDir,
        snapshot,
        secretKey: currentSecretKey(config),
        includeSecretKey: true,
        passphrase: PASSPHRASE,
      });
    } finally {
      await snapshot.close();
    }
    await t.throwsAsync(
      restoreBackup({
        file: sealed,
        db: () => {
          throw new Error('the database was opened');
        },
        dialect: 'sqlite',
        config: { dataDir: empty.dir, secretKey: '' },
        force: false,
        passphrase: async () => 'Tr0ub4dor&3',
      }),
      { instanceOf: BackupError, message: /^wrong passphrase/ },
    );
    await t.throwsAsync(restore(path.join(work, 'missing')), { message: /^no such file/ });
  } finally {
    await into.destroy();
  }
});
