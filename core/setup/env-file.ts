/**
 * `atrium.env`: the settings `atrium setup` chose, kept in the data directory next to the database they
 * describe. `loadConfig` reads it at every start of the server and of the CLI; a real environment variable
 * always wins over a line of the file. The file may hold a database password, so it is owner-only (0600);
 * it never holds the administrator's password (the wizard puts the administrator into the database).
 *
 * The file lives in the data directory, so it cannot move the data directory: an `ATRIUM_DATA_DIR` line in
 * it is ignored (the data directory comes from the environment, or is ./data).
 *
 * This file imports nothing of Atrium: config/default.ts depends on it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

export const ENV_FILE_NAME = 'atrium.env';
/** Variables a line of atrium.env may not set: where the file itself is found. */
export const IGNORED_IN_ENV_FILE: readonly string[] = ['ATRIUM_DATA_DIR'];

export function envFilePath(dataDir: string): string {
  return path.join(path.resolve(dataDir), ENV_FILE_NAME);
}

/** The variables of `<dataDir>/atrium.env` (none when there is no file), without the ignored ones. */
export function readEnvFile(dataDir: string): Record<string, string> {
  const file = envFilePath(dataDir);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new Error(`Cannot read ${file}: ${(err as Error).message}`, { cause: err });
  }
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(parseEnv(text)))
    if (value !== undefined && !IGNORED_IN_ENV_FILE.includes(key)) values[key] = value;
  return values;
}

/** One `KEY=value` line that `parseEnv` reads back as exactly `value` (else an error: such a value cannot be kept). */
export function envLine(key: string, value: string): string {
  if (!/^[A-Z_][A-Z0-9_]*$/.test(key)) throw new Error(`not a variable name: ${key}`);
  let line: string;
  if (/^[\w./:@,+-]*$/.test(value)) line = `${key}=${value}`;
  else if (!value.includes("'")) line = `${key}='${value}'`;
  else line = `${key}="${value}"`;
  if (/[\r\n]/.test(value) || parseEnv(line)[key] !== value)
    throw new Error(`${key}: this value cannot be written to ${ENV_FILE_NAME}; set the variable in the environment`);
  return line;
}

/**
 * Writes `<dataDir>/atrium.env` owner-only (0600), replacing the file at once (a temporary file renamed over it),
 * so a reader never sees half of it. Lines of an existing file that `values` does not name are kept.
 */
export function writeEnvFile(dataDir: string, values: Record<string, string>, header: string[] = []): string {
  const file = envFilePath(dataDir);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const kept = Object.entries(readEnvFile(dataDir)).filter(([key]) => !(key in values));
  const lines = [
    ...header.map((h) => `# ${h}`),
    ...Object.entries(values).map(([key, value]) => envLine(key, value)),
    ...kept.map(([key, value]) => envLine(key, value)),
  ];
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${lines.join('\n')}\n`, { mode: 0o600 });
  fs.chmodSync(temp, 0o600);
  fs.renameSync(temp, file);
  return file;
}
