/**
 * A second Atrium process (`node core/server.ts`) on a test app's database and data directory, for tests that
 * need several processes (the change record across a crash, the live stream across processes).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestApp } from './app.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface AtriumProcess {
  url: string;
  child: ChildProcess;
  /** Resolves with the signal that ended the process (null when it exited by itself). */
  ended: Promise<NodeJS.Signals | null>;
  output: () => string;
}

export interface ProcessOptions {
  /** Extra environment, e.g. `ATRIUM_SCHEDULER` or a test fault point. */
  env?: Record<string, string>;
  /** The process counts as started once its output also holds this text. */
  readyText?: string;
  /** How long it may take to start (tsx compiles the server first; the cores are shared). */
  timeoutMs?: number;
}

export async function startAtriumProcess(app: TestApp, options: ProcessOptions = {}): Promise<AtriumProcess> {
  const { config } = app.cradle;
  const child = spawn(process.execPath, ['--import', 'tsx', 'core/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: config.databaseUrl,
      ATRIUM_DATA_DIR: config.dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      ATRIUM_SEED_DEMO: 'false',
      ATRIUM_SCHEDULER: 'false',
      ATRIUM_RSA_KEY_BITS: '1024',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const ended = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), options.timeoutMs ?? 60_000);
    const look = () => {
      const found = /^Atrium (http:\/\/\S+)/m.exec(output);
      if (found && (!options.readyText || output.includes(options.readyText))) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    };
    child.stdout!.on('data', look);
    void ended.then(() => {
      clearTimeout(timer);
      reject(new Error(`server ended before it started:\n${output}`));
    });
  });
  return { url, child, ended, output: () => output };
}
