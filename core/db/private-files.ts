/**
 * The data directory holds the SQLite database, the uploads, the reports and the local secret key: only the
 * account Atrium runs as may open it (directories 0700, files 0600). Applied at every start, so an installation
 * made before, or a copy restored with looser modes, is tightened too.
 */
import fs from 'node:fs';
import path from 'node:path';

const DIR = 0o700;
const FILE = 0o600;
/** Folders inside the data directory whose files are kept private one by one as well. */
const FOLDERS = ['uploads', 'reports'];

/** Restricts the data directory and what it holds; answers the paths whose mode could not be changed. */
export function keepDataDirPrivate(dataDir: string): string[] {
  const failed: string[] = [];
  fs.mkdirSync(dataDir, { recursive: true, mode: DIR });
  restrict(dataDir, DIR, failed);
  restrictFiles(dataDir, failed);
  for (const name of FOLDERS) {
    const folder = path.join(dataDir, name);
    fs.mkdirSync(folder, { recursive: true, mode: DIR });
    restrict(folder, DIR, failed);
    restrictFiles(folder, failed);
  }
  return failed;
}

/**
 * Creates the SQLite file owner-only before SQLite opens it, or restricts an existing one. SQLite gives its
 * -wal and -shm files the mode of the database file; existing ones are restricted here too.
 */
export function keepDatabaseFilePrivate(filename: string): void {
  fs.mkdirSync(path.dirname(filename), { recursive: true });
  fs.closeSync(fs.openSync(filename, 'a', FILE));
  for (const file of [filename, `${filename}-wal`, `${filename}-shm`])
    if (fs.existsSync(file)) restrict(file, FILE, []);
}

function restrictFiles(folder: string, failed: string[]): void {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true }))
    if (entry.isFile()) restrict(path.join(folder, entry.name), FILE, failed);
}

function restrict(target: string, mode: number, failed: string[]): void {
  try {
    if ((fs.statSync(target).mode & 0o777) !== mode) fs.chmodSync(target, mode);
  } catch {
    failed.push(target);
  }
}
