/**
 * `atrium backup`: a consistent picture of the database and the files its rows name, written as one file
 * (format.ts, archive.ts) while Atrium keeps running.
 *
 * SQLite: the online backup API copies the database (in one step, so one read transaction: the server may keep
 * writing meanwhile) into a private temporary file, which is then read. MySQL/MariaDB: one REPEATABLE READ
 * transaction started WITH CONSISTENT SNAPSHOT, read-only, on one connection; every table is counted and read in it.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { VERSION } from '../version.ts';
import type { Dialect } from '../db/connection.ts';
import { BackupError, createArchive } from './archive.ts';
import {
  encodeValue,
  FILE_COLUMNS,
  FORMAT,
  FORMAT_VERSION,
  keyFingerprint,
  safeFilePath,
  SKIPPED_TABLES,
  type FileEntry,
  type Manifest,
  type TableEntry,
} from './format.ts';

/** The part of better-sqlite3 used here (the package has no types of its own). */
export interface SqliteDatabase {
  prepare(sql: string): {
    raw(on?: boolean): { iterate(...params: unknown[]): IterableIterator<unknown[]> };
    pluck(on?: boolean): { all(...params: unknown[]): unknown[]; get(...params: unknown[]): unknown };
    all(...params: unknown[]): unknown[];
  };
  backup(
    file: string,
    options?: { progress?: (p: { totalPages: number; remainingPages: number }) => number },
  ): Promise<unknown>;
  close(): void;
}
type SqliteOpen = new (
  file: string,
  options?: { readonly?: boolean; fileMustExist?: boolean; timeout?: number },
) => SqliteDatabase;
export const Sqlite = createRequire(import.meta.url)('better-sqlite3') as SqliteOpen;

/** One consistent view of the database, read table by table. */
export interface Snapshot {
  migrations: string[];
  tables: TableEntry[];
  counters: Record<string, number>;
  /** The data-directory files named by the rows (uploads, reports). */
  files: string[];
  rows(table: TableEntry): AsyncIterable<unknown[]>;
  close(): Promise<void>;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The data-directory files the rows name (FILE_COLUMNS); `values` reads the non-null values of one column. */
async function namedFiles(
  tables: TableEntry[],
  values: (table: string, column: string) => string[] | Promise<string[]>,
): Promise<string[]> {
  const files: string[] = [];
  for (const f of FILE_COLUMNS)
    if (tables.find((t) => t.name === f.table)?.columns.includes(f.column))
      files.push(...(await values(f.table, f.column)));
  return files;
}

/** Copies the SQLite file with the online backup API, then reads the copy. */
export async function sqliteSnapshot(filename: string): Promise<Snapshot> {
  if (!fs.existsSync(filename)) throw new BackupError(`there is no database at ${filename}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-backup-'));
  const copy = path.join(dir, 'snapshot.db');
  try {
    const source = new Sqlite(filename, { fileMustExist: true, timeout: 10_000 });
    try {
      // Every remaining page in the next step: one read transaction, one point in time, writers not blocked (WAL).
      await source.backup(copy, { progress: () => 0x7fffffff });
    } finally {
      source.close();
    }
    fs.chmodSync(copy, 0o600);
    const db = new Sqlite(copy, { readonly: true, fileMustExist: true });
    const names = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .pluck()
      .all() as string[];
    const tables = names
      .filter((n) => !SKIPPED_TABLES.has(n))
      .map((name) => ({
        name,
        columns: db.prepare(`SELECT name FROM pragma_table_info(?) ORDER BY cid`).pluck().all(name) as string[],
        rows: Number(
          db
            .prepare(`SELECT COUNT(*) FROM ${quote(name)}`)
            .pluck()
            .get(),
        ),
      }));
    const migrations = names.includes('knex_migrations')
      ? (db.prepare('SELECT name FROM knex_migrations ORDER BY id').pluck().all() as string[])
      : [];
    const hasCounters = db.prepare("SELECT name FROM sqlite_master WHERE name = 'sqlite_sequence'").pluck().get();
    const counters = hasCounters
      ? Object.fromEntries(
          (db.prepare('SELECT name, seq FROM sqlite_sequence').all() as Array<{ name: string; seq: number }>).map(
            (r) => [r.name, Number(r.seq)],
          ),
        )
      : {};
    const files = await namedFiles(
      tables,
      (table, column) =>
        db
          .prepare(`SELECT ${quote(column)} FROM ${quote(table)} WHERE ${quote(column)} IS NOT NULL`)
          .pluck()
          .all() as string[],
    );
    return {
      migrations,
      tables,
      counters,
      files,
      async *rows(table) {
        const cols = table.columns.map(quote).join(', ');
        yield* db
          .prepare(`SELECT ${cols} FROM ${quote(table.name)}`)
          .raw(true)
          .iterate();
      },
      close: async () => {
        db.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

/** A read-only REPEATABLE READ transaction WITH CONSISTENT SNAPSHOT on one connection of the pool. */
export async function mysqlSnapshot(db: Knex): Promise<Snapshot> {
  const conn: unknown = await db.client.acquireConnection();
  const raw = async <T>(sql: string, bindings: readonly Knex.RawBinding[] = []): Promise<T[]> =>
    ((await db.raw(sql, bindings).connection(conn)) as unknown as [T[]])[0];
  try {
    await raw('SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    await raw('START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY');
    const names = (
      await raw<{ name: string }>(
        "SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME",
      )
    ).map((r) => r.name);
    const columns = await raw<{ t: string; c: string }>(
      'SELECT TABLE_NAME AS t, COLUMN_NAME AS c FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME, ORDINAL_POSITION',
    );
    const tables: TableEntry[] = [];
    for (const name of names.filter((n) => !SKIPPED_TABLES.has(n))) {
      const [count] = await raw<{ n: number }>('SELECT COUNT(*) AS n FROM ??', [name]);
      tables.push({ name, columns: columns.filter((c) => c.t === name).map((c) => c.c), rows: Number(count!.n) });
    }
    const migrations = names.includes('knex_migrations')
      ? (await raw<{ name: string }>('SELECT name FROM knex_migrations ORDER BY id')).map((r) => r.name)
      : [];
    // information_schema is not part of the snapshot: a counter read here may be a little ahead, which is harmless.
    const counters = Object.fromEntries(
      (
        await raw<{ name: string; next: number }>(
          'SELECT TABLE_NAME AS name, AUTO_INCREMENT AS next FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND AUTO_INCREMENT IS NOT NULL',
        )
      )
        .filter((r) => !SKIPPED_TABLES.has(r.name))
        .map((r) => [r.name, Number(r.next) - 1]),
    );
    const files = await namedFiles(tables, async (table, column) =>
      (await raw<{ p: string }>('SELECT ?? AS p FROM ?? WHERE ?? IS NOT NULL', [column, table, column])).map(
        (r) => r.p,
      ),
    );
    return {
      migrations,
      tables,
      counters,
      files,
      async *rows(table) {
        const stream = db.select(table.columns).from(table.name).connection(conn).stream();
        for await (const row of stream as AsyncIterable<Record<string, unknown>>)
          yield table.columns.map((c) => row[c]);
      },
      close: async () => {
        try {
          await raw('COMMIT');
        } finally {
          await db.client.releaseConnection(conn);
        }
      },
    };
  } catch (err) {
    await raw('ROLLBACK').catch(() => undefined);
    await db.client.releaseConnection(conn);
    throw err;
  }
}

export type Progress = (phase: 'tables' | 'files', done: number, total: number) => void;

export interface BackupOptions {
  file: string;
  dialect: Dialect;
  dataDir: string;
  snapshot: Snapshot;
  /** The key stored secrets are sealed with (its fingerprint goes into every backup). */
  secretKey: Buffer | null;
  /** Put the key into the backup; the backup is then encrypted with `passphrase`. */
  includeSecretKey: boolean;
  passphrase?: string;
  onProgress?: Progress;
}

export interface BackupSummary {
  tables: number;
  rows: number;
  files: number;
  fileBytes: number;
  missingFiles: string[];
  encrypted: boolean;
}

async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const piece of fs.createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(piece);
    size += piece.length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Writes the backup file; a failure leaves no file behind. */
export async function writeBackup(o: BackupOptions): Promise<BackupSummary> {
  if (o.includeSecretKey && (!o.secretKey || !o.passphrase))
    throw new BackupError(
      o.secretKey ? 'a passphrase is needed to include the secret key' : 'there is no secret key to include',
    );
  const { snapshot } = o;
  // Each file once, checked and measured first: the manifest lists them with their sha256.
  const files: FileEntry[] = [];
  const missingFiles: string[] = [];
  for (const relative of [...new Set(snapshot.files)].sort()) {
    const full = safeFilePath(o.dataDir, relative);
    if (!fs.existsSync(full)) {
      missingFiles.push(relative);
      continue;
    }
    files.push({ path: relative, ...(await hashFile(full)) });
  }
  const manifest: Manifest = {
    format: FORMAT,
    formatVersion: FORMAT_VERSION,
    atriumVersion: VERSION,
    dialect: o.dialect,
    createdAt: new Date().toISOString(),
    migrations: snapshot.migrations,
    tables: snapshot.tables,
    counters: snapshot.counters,
    files,
    secretKey: { included: o.includeSecretKey, fingerprint: o.secretKey ? keyFingerprint(o.secretKey) : null },
  };
  const archive = await createArchive(o.file, o.includeSecretKey ? o.passphrase : undefined);
  try {
    await archive.write(`${JSON.stringify({ manifest })}\n`);
    const totalRows = snapshot.tables.reduce((n, t) => n + t.rows, 0);
    let done = 0;
    o.onProgress?.('tables', 0, totalRows);
    for (const table of snapshot.tables) {
      await archive.write(`${JSON.stringify({ table: table.name, columns: table.columns, rows: table.rows })}\n`);
      let written = 0;
      let lines: string[] = [];
      for await (const row of snapshot.rows(table)) {
        lines.push(JSON.stringify(row.map(encodeValue)));
        written++;
        if (lines.length === 500) {
          await archive.write(`${lines.join('\n')}\n`);
          lines = [];
          o.onProgress?.('tables', done + written, totalRows);
        }
      }
      if (lines.length) await archive.write(`${lines.join('\n')}\n`);
      if (written !== table.rows)
        throw new Error(`table ${table.name} gave ${written} rows where it counted ${table.rows}`);
      done += written;
      o.onProgress?.('tables', done, totalRows);
    }
    o.onProgress?.('files', 0, files.length);
    let fileBytes = 0;
    for (const [i, f] of files.entries()) {
      await archive.write(`${JSON.stringify({ file: f.path, size: f.size, sha256: f.sha256 })}\n`);
      const hash = createHash('sha256');
      let size = 0;
      for await (const piece of fs.createReadStream(safeFilePath(o.dataDir, f.path)) as AsyncIterable<Buffer>) {
        size += piece.length;
        if (size > f.size) break;
        hash.update(piece);
        await archive.write(piece);
      }
      if (size !== f.size || hash.digest('hex') !== f.sha256)
        throw new BackupError(`${f.path} changed while the backup was made; run the backup again`);
      await archive.write('\n');
      fileBytes += size;
      o.onProgress?.('files', i + 1, files.length);
    }
    if (o.includeSecretKey) await archive.write(`${JSON.stringify({ secretKey: o.secretKey!.toString('hex') })}\n`);
    await archive.write(`${JSON.stringify({ end: true, rows: done, files: files.length })}\n`);
    await archive.finish();
    return {
      tables: snapshot.tables.length,
      rows: done,
      files: files.length,
      fileBytes,
      missingFiles,
      encrypted: o.includeSecretKey,
    };
  } catch (err) {
    await archive.abort();
    throw err;
  }
}
