/**
 * What the body of a backup holds (docs/backup.md), shared by the dump and the restore: the manifest, the encoding
 * of column values as JSON, and the secret key's fingerprint. The body is JSON lines:
 *
 *   {"manifest": {...}}                                   first: what follows, checked before anything is written
 *   {"table": "users", "columns": [...], "rows": N}       then N lines, one row each: [value, value, ...]
 *   {"file": "uploads/<id>", "size": S, "sha256": "..."}  then S raw bytes and a newline
 *   {"secretKey": "<64 hex digits>"}                      only in an encrypted backup made with --include-secret-key
 *   {"end": true, "rows": R, "files": F}                  last: a body cut short is refused
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Dialect } from '../db/connection.ts';
import { BackupError } from './archive.ts';

export const FORMAT = 'atrium-backup';
export const FORMAT_VERSION = 1;

export interface TableEntry {
  name: string;
  columns: string[];
  rows: number;
}

export interface FileEntry {
  /** Relative to the data directory, e.g. `uploads/<id>`. */
  path: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof FORMAT;
  formatVersion: number;
  atriumVersion: string;
  dialect: Dialect;
  createdAt: string;
  /** The applied migrations (knex_migrations), oldest first: the schema version is the last one. */
  migrations: string[];
  tables: TableEntry[];
  /** The last value each table's auto-increment counter handed out (may be above the largest id kept). */
  counters: Record<string, number>;
  files: FileEntry[];
  secretKey: {
    included: boolean;
    /** Tells whether a key is the one this backup's stored secrets are sealed with; does not reveal the key. */
    fingerprint: string | null;
  };
}

/** Tables the restore makes itself (migrations) or the database keeps (SQLite's counters). */
export const SKIPPED_TABLES = new Set(['knex_migrations', 'knex_migrations_lock', 'sqlite_sequence']);

/** Columns naming a file in the data directory that belongs to the row: those files go into the backup. */
export const FILE_COLUMNS = [
  { table: 'uploads', column: 'path' },
  { table: 'reports', column: 'file_path' },
] as const;

/** Folders of the data directory a backed-up file may be restored into. */
const FILE_FOLDERS = ['uploads', 'reports'];

/** A file path from a backup, checked to stay inside one of the data directory's file folders. */
export function safeFilePath(dataDir: string, relative: string): string {
  const normal = path.posix.normalize(relative);
  const [folder] = normal.split('/');
  if (
    path.posix.isAbsolute(normal) ||
    normal.startsWith('..') ||
    !FILE_FOLDERS.includes(folder!) ||
    normal === folder ||
    normal.includes('\0')
  )
    throw new BackupError(`the backup names a file outside the data directory's folders: ${relative}`);
  return path.join(dataDir, ...normal.split('/'));
}

/**
 * A column value as JSON: numbers, strings and null as they are; bytes, instants, big integers and parsed JSON
 * columns tagged so the restore gives each dialect the same value back.
 */
export function encodeValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return { $bigint: value.toString() };
  if (Buffer.isBuffer(value)) return { $base64: value.toString('base64') };
  if (value instanceof Uint8Array) return { $base64: Buffer.from(value).toString('base64') };
  if (value instanceof Date) return { $date: value.toISOString() };
  if (typeof value === 'object') return { $json: value };
  return value;
}

export function decodeValue(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const v = value as Record<string, unknown>;
  if (typeof v.$bigint === 'string') return v.$bigint;
  if (typeof v.$base64 === 'string') return Buffer.from(v.$base64, 'base64');
  if (typeof v.$date === 'string') return new Date(v.$date);
  if ('$json' in v) return JSON.stringify(v.$json);
  throw new BackupError('the backup file is damaged (a value of an unknown kind)');
}

/** The key stored secrets are sealed with, as the server finds it (core/secret-box.ts), without making one. */
export function currentSecretKey(config: { secretKey: string; dataDir: string }): Buffer | null {
  if (config.secretKey) {
    const text = config.secretKey;
    return /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  }
  const file = secretKeyFile(config.dataDir);
  return fs.existsSync(file) ? Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex') : null;
}

export function secretKeyFile(dataDir: string): string {
  return path.join(dataDir, 'secret.key');
}

export function keyFingerprint(key: Buffer): string {
  return createHash('sha256').update('atrium secret key fingerprint\n').update(key).digest('hex').slice(0, 32);
}
