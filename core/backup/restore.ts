/**
 * `atrium restore`: loads a backup (dump.ts) into an empty database and the data directory.
 *
 * Order: the file is opened (and, when encrypted, the passphrase checked) and its manifest checked against this
 * Atrium's migrations before the database is touched; the target must hold no data unless forced; its schema is
 * brought to the backup's migration, every table is emptied and loaded in ONE transaction (foreign key checks off
 * while loading), the files are written to a staging folder and moved into place only once that transaction has
 * committed; then the key (when the backup holds it) is written and the remaining migrations run, as an upgrade does.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import type { Dialect } from '../db/connection.ts';
import { migrateLatest, migrationsDir } from '../db/migrations.ts';
import { BackupError, openArchive, type BodyReader } from './archive.ts';
import type { Progress } from './dump.ts';
import {
  currentSecretKey,
  decodeValue,
  FORMAT,
  FORMAT_VERSION,
  keyFingerprint,
  safeFilePath,
  secretKeyFile,
  SKIPPED_TABLES,
  type Manifest,
} from './format.ts';

const MIGRATIONS: Knex.MigratorConfig = {
  directory: migrationsDir,
  loadExtensions: ['.cjs'],
  tableName: 'knex_migrations',
};

export interface RestoreOptions {
  file: string;
  /** Opened only once the file has been checked: a refused file leaves not even an empty SQLite file behind. */
  db: () => Knex;
  dialect: Dialect;
  config: { dataDir: string; secretKey: string };
  /** Replace whatever the target database holds. */
  force: boolean;
  /** Asked only for an encrypted backup. */
  passphrase: () => Promise<string>;
  onProgress?: Progress;
}

export interface RestoreSummary {
  manifest: Manifest;
  rows: number;
  files: number;
  /** Migrations newer than the backup's, run after loading it. */
  upgraded: string[];
  secretKeyRestored: boolean;
  /** Set when stored secrets of the backup will not decrypt with the key this installation now has. */
  keyWarning?: string;
}

/** The target's tables, without SQLite's own. */
async function tablesOf(db: Knex, dialect: Dialect): Promise<string[]> {
  if (dialect === 'sqlite')
    return (
      await db.raw<Array<{ name: string }>>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
      )
    ).map((r) => r.name);
  const [rows] = (await db.raw(
    "SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE'",
  )) as [Array<{ name: string }>];
  return rows.map((r) => r.name);
}

async function columnsOf(db: Knex, dialect: Dialect, table: string): Promise<string[]> {
  if (dialect === 'sqlite')
    return (await db.raw<Array<{ name: string }>>('SELECT name FROM pragma_table_info(?)', [table])).map((r) => r.name);
  const [rows] = (await db.raw(
    'SELECT COLUMN_NAME AS name FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?',
    [table],
  )) as [Array<{ name: string }>];
  return rows.map((r) => r.name);
}

async function count(db: Knex, table: string, where?: (q: Knex.QueryBuilder) => void): Promise<number> {
  const q = db(table).count({ n: '*' });
  if (where) where(q);
  return Number((await q.first())?.n ?? 0);
}

/** What makes a database more than a fresh install: people besides `admin`, places, bookings. */
async function heldData(db: Knex, tables: string[]): Promise<string[]> {
  const held: string[] = [];
  const add = (n: number, what: string) => n > 0 && held.push(`${n} ${what}`);
  if (tables.includes('users'))
    add(await count(db, 'users', (q) => q.whereNot({ username: 'admin' })), 'users besides admin');
  if (tables.includes('bookings')) add(await count(db, 'bookings'), 'bookings');
  if (tables.includes('resources')) add(await count(db, 'resources'), 'rooms and desks');
  if (tables.includes('locations')) add(await count(db, 'locations'), 'sites');
  return held;
}

/** Checks the manifest against this Atrium: same format, and a schema this Atrium knows. */
function checkManifest(m: Manifest | undefined): Manifest {
  if (!m || m.format !== FORMAT) throw new BackupError('the file is not an Atrium backup (no manifest)');
  if (m.formatVersion > FORMAT_VERSION)
    throw new BackupError(
      `the backup was made by a newer Atrium (${m.atriumVersion}, backup format ${m.formatVersion})`,
    );
  const known = fs
    .readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.cjs'))
    .sort();
  const unknown = m.migrations.find((name) => !known.includes(name));
  if (unknown)
    throw new BackupError(
      `the backup comes from a newer schema than this Atrium has (migration ${unknown}; the newest here is ${known.at(-1)}): upgrade Atrium to ${m.atriumVersion} or later, then restore`,
    );
  if (m.migrations.some((name, i) => known[i] !== name))
    throw new BackupError("the backup's migrations do not match this Atrium's (a migration is missing from it)");
  return m;
}

/** Drops every table of the target (it holds nothing to keep: checked before, or --force). */
async function dropAll(db: Knex, dialect: Dialect): Promise<void> {
  const tables = await tablesOf(db, dialect);
  if (dialect === 'sqlite') {
    await db.raw('PRAGMA foreign_keys = OFF');
    for (const t of tables) await db.raw('DROP TABLE ??', [t]);
    await db.raw('PRAGMA foreign_keys = ON');
    return;
  }
  await db.transaction(async (trx) => {
    await trx.raw('SET FOREIGN_KEY_CHECKS = 0');
    for (const t of tables) await trx.raw('DROP TABLE ??', [t]);
    await trx.raw('SET FOREIGN_KEY_CHECKS = 1');
  });
}

/** Applies migrations one by one until the target's schema is the backup's. */
async function migrateTo(db: Knex, dialect: Dialect, wanted: string[]): Promise<void> {
  const applied = async () =>
    (await tablesOf(db, dialect)).includes('knex_migrations')
      ? ((await db('knex_migrations').orderBy('id').pluck('name')) as string[])
      : [];
  let done = await applied();
  if (done.some((name, i) => wanted[i] !== name)) {
    await dropAll(db, dialect);
    done = [];
  }
  while (done.length < wanted.length) {
    await db.migrate.up(MIGRATIONS);
    done = await applied();
    if (done.at(-1) !== wanted[done.length - 1])
      throw new Error(`migrating to the backup's schema applied ${done.at(-1)}, expected ${wanted[done.length - 1]}`);
  }
}

/** Rows per INSERT: within SQLite's and MySQL's limits on bound values. */
const batchSize = (columns: number) => Math.max(1, Math.min(500, Math.floor(30_000 / Math.max(1, columns))));

async function loadTable(
  trx: Knex.Transaction,
  body: BodyReader,
  dialect: Dialect,
  table: Manifest['tables'][number],
  progressed: (n: number) => void,
): Promise<void> {
  const header = await body.record<{ table?: string; columns?: string[]; rows?: number }>(`table ${table.name}`);
  if (header.table !== table.name || header.rows !== table.rows || header.columns?.length !== table.columns.length)
    throw new BackupError(`the backup file is damaged (table ${table.name} is not where its manifest says)`);
  const size = batchSize(table.columns.length);
  const rowSql = `(${table.columns.map(() => '?').join(', ')})`;
  const head = `INSERT INTO ?? (${table.columns.map(() => '??').join(', ')}) VALUES `;
  let batch: unknown[][] = [];
  const flush = async () => {
    if (!batch.length) return;
    const sql = head + batch.map(() => rowSql).join(', ');
    try {
      await trx.raw(sql, [table.name, ...table.columns, ...batch.flat()] as Knex.RawBinding[]);
    } catch (err) {
      throw new BackupError(
        `table ${table.name} could not be loaded (${(err as Error).message}); nothing was restored`,
      );
    }
    progressed(batch.length);
    batch = [];
  };
  for (let i = 0; i < table.rows; i++) {
    const line = await body.line();
    if (line === null) throw new BackupError(`the backup file is incomplete (table ${table.name} is cut off)`);
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch {
      throw new BackupError(`the backup file is damaged (row ${i + 1} of table ${table.name})`);
    }
    if (!Array.isArray(row) || row.length !== table.columns.length)
      throw new BackupError(`the backup file is damaged (row ${i + 1} of table ${table.name})`);
    batch.push(
      row.map((v) => {
        const value = decodeValue(v);
        return dialect === 'sqlite' && value instanceof Date ? value.getTime() : value;
      }),
    );
    if (batch.length >= size) await flush();
  }
  await flush();
}

/** Writes one file of the backup into the staging folder, checking its size and sha256. */
async function stageFile(body: BodyReader, entry: Manifest['files'][number], staged: string): Promise<void> {
  const header = await body.record<{ file?: string; size?: number; sha256?: string }>(`file ${entry.path}`);
  if (header.file !== entry.path || header.size !== entry.size)
    throw new BackupError(`the backup file is damaged (file ${entry.path} is not where its manifest says)`);
  const hash = createHash('sha256');
  const out = fs.createWriteStream(staged, { mode: 0o600 });
  for await (const piece of body.bytes(entry.size)) {
    hash.update(piece);
    if (!out.write(piece)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  if ((await body.line()) !== '' || hash.digest('hex') !== entry.sha256)
    throw new BackupError(`the backup file is damaged (file ${entry.path} does not match its sha256)`);
}

export async function restoreBackup(o: RestoreOptions): Promise<RestoreSummary> {
  const { dialect } = o;
  const archive = await openArchive(o.file, o.passphrase);
  const staging = path.join(o.config.dataDir, `.restore-${randomBytes(6).toString('hex')}`);
  try {
    const manifest = checkManifest((await archive.body.record<{ manifest?: Manifest }>('the manifest')).manifest);
    const envKey = o.config.secretKey ? currentSecretKey(o.config) : null;
    if (manifest.secretKey.included && envKey && keyFingerprint(envKey) !== manifest.secretKey.fingerprint)
      throw new BackupError(
        'the backup holds its secret key, but ATRIUM_SECRET_KEY is set to another key: unset ATRIUM_SECRET_KEY (the restored key is then kept in the data directory) or set it to the key of the installation the backup comes from',
      );
    for (const f of manifest.files) safeFilePath(o.config.dataDir, f.path);

    const db = o.db();
    const existing = await tablesOf(db, dialect);
    const held = await heldData(db, existing);
    if (held.length && !o.force)
      throw new BackupError(
        `the database already holds data (${held.join(', ')}): restore only goes into an empty database. Point DATABASE_URL at a new database, or add --force to replace everything in this one`,
      );

    await migrateTo(db, dialect, manifest.migrations);
    const tables = (await tablesOf(db, dialect)).filter((t) => !SKIPPED_TABLES.has(t));
    for (const t of manifest.tables) {
      if (!tables.includes(t.name))
        throw new BackupError(`the backup's table ${t.name} is not in this database's schema`);
      const columns = await columnsOf(db, dialect, t.name);
      const extra = t.columns.find((c) => !columns.includes(c));
      if (extra) throw new BackupError(`the backup's column ${t.name}.${extra} is not in this database's schema`);
    }

    fs.mkdirSync(staging, { recursive: true, mode: 0o700 });
    const totalRows = manifest.tables.reduce((n, t) => n + t.rows, 0);
    let rows = 0;
    let secretKey: Buffer | null = null;
    if (dialect === 'sqlite') await db.raw('PRAGMA foreign_keys = OFF'); // one connection: the transaction's
    try {
      await db.transaction(async (trx) => {
        if (dialect === 'mysql') await trx.raw('SET FOREIGN_KEY_CHECKS = 0');
        for (const t of tables) await trx(t).del();
        o.onProgress?.('tables', 0, totalRows);
        for (const table of manifest.tables)
          await loadTable(trx, archive.body, dialect, table, (n) => {
            rows += n;
            o.onProgress?.('tables', rows, totalRows);
          });
        o.onProgress?.('files', 0, manifest.files.length);
        for (const [i, f] of manifest.files.entries()) {
          await stageFile(archive.body, f, path.join(staging, String(i)));
          o.onProgress?.('files', i + 1, manifest.files.length);
        }
        if (manifest.secretKey.included) {
          const key = (await archive.body.record<{ secretKey?: string }>('the secret key')).secretKey;
          if (typeof key !== 'string' || !/^[0-9a-f]{64}$/i.test(key))
            throw new BackupError('the backup file is damaged (its secret key)');
          secretKey = Buffer.from(key, 'hex');
          if (keyFingerprint(secretKey) !== manifest.secretKey.fingerprint)
            throw new BackupError('the backup file is damaged (its secret key does not match its fingerprint)');
        }
        const end = await archive.body.record<{ end?: boolean; rows?: number; files?: number }>('its end');
        if (!end.end || end.rows !== totalRows || end.files !== manifest.files.length)
          throw new BackupError('the backup file is damaged (its end record)');
        if ((await archive.body.line()) !== null)
          throw new BackupError('the backup file is damaged (data after its end)');
        if (dialect === 'sqlite') await setSqliteCounters(trx, manifest.counters ?? {});
        await archive.finished;
        if (dialect === 'mysql') await trx.raw('SET FOREIGN_KEY_CHECKS = 1');
      });
    } finally {
      if (dialect === 'sqlite') await db.raw('PRAGMA foreign_keys = ON');
      else await db.raw('SET FOREIGN_KEY_CHECKS = 1').catch(() => undefined);
    }

    // Committed: the counters (MySQL: ALTER TABLE, which commits by itself), the files and the key follow.
    if (dialect === 'mysql') await setMysqlCounters(db, manifest.counters ?? {});
    for (const [i, f] of manifest.files.entries()) {
      const target = safeFilePath(o.config.dataDir, f.path);
      fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      fs.renameSync(path.join(staging, String(i)), target);
    }
    let secretKeyRestored = false;
    if (secretKey) {
      secretKeyRestored = !envKey;
      if (!envKey) writeKey(o.config.dataDir, secretKey);
    }
    const upgraded = await migrateLatest(db);
    return {
      manifest,
      rows,
      files: manifest.files.length,
      upgraded,
      secretKeyRestored,
      keyWarning: keyWarning(manifest, currentSecretKey(o.config)),
    };
  } finally {
    archive.close();
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Sets SQLite's AUTOINCREMENT counters to at least what they were, so ids handed out before are not handed out again. */
async function setSqliteCounters(trx: Knex.Transaction, counters: Record<string, number>): Promise<void> {
  const autoincrement = (
    await trx.raw<Array<{ name: string }>>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE '%AUTOINCREMENT%'",
    )
  ).map((r) => r.name);
  for (const [table, last] of Object.entries(counters)) {
    if (!autoincrement.includes(table) || !Number.isSafeInteger(last)) continue;
    await trx.raw('UPDATE sqlite_sequence SET seq = CAST(? AS INTEGER) WHERE name = ? AND seq < ?', [
      last,
      table,
      last,
    ]);
    await trx.raw(
      'INSERT INTO sqlite_sequence (name, seq) SELECT ?, CAST(? AS INTEGER) WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = ?)',
      [table, last, table],
    );
  }
}

/** MySQL/MariaDB: AUTO_INCREMENT past what the counter had handed out (a lower value is ignored by the server). */
async function setMysqlCounters(db: Knex, counters: Record<string, number>): Promise<void> {
  const [rows] = (await db.raw(
    'SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND AUTO_INCREMENT IS NOT NULL',
  )) as [Array<{ name: string }>];
  const auto = new Set(rows.map((r) => r.name));
  for (const [table, last] of Object.entries(counters))
    if (auto.has(table) && Number.isSafeInteger(last) && last > 0)
      await db.raw(`ALTER TABLE ?? AUTO_INCREMENT = ${last + 1}`, [table]);
}

/** Writes the restored key where the server looks for it; a different key found there is kept beside it. */
function writeKey(dataDir: string, key: Buffer): void {
  const file = secretKeyFile(dataDir);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (fs.existsSync(file)) {
    if (fs.readFileSync(file, 'utf8').trim().toLowerCase() === key.toString('hex')) return;
    fs.renameSync(file, `${file}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  }
  fs.writeFileSync(file, key.toString('hex'), { mode: 0o600, flag: 'wx' });
}

function keyWarning(manifest: Manifest, key: Buffer | null): string | undefined {
  const wanted = manifest.secretKey.fingerprint;
  if (!wanted || (key && keyFingerprint(key) === wanted)) return undefined;
  return `stored secrets (integration settings, sign-in keys) are sealed with the secret key of the installation the backup comes from (fingerprint ${wanted.slice(0, 16)}), which this installation does not have: copy that installation's secret.key into the data directory or set ATRIUM_SECRET_KEY to it before starting Atrium`;
}
