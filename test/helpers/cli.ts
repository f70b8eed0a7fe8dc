/** Runs the real `atrium` command in a child process against a temporary data dir. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const bin = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../cli/atrium.js');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function tempDataDir(): { dir: string; env: Record<string, string>; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-cli-'));
  return {
    dir,
    env: {
      ATRIUM_DATA_DIR: dir,
      DATABASE_URL: `sqlite:${path.join(dir, 'atrium.db')}`,
      ATRIUM_RSA_KEY_BITS: '1024',
      LOG_LEVEL: 'silent',
    },
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

export function runCli(args: string[], env: Record<string, string>, timeoutMs = 60_000): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`atrium ${args.join(' ')} timed out`));
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, stdout, stderr });
    });
  });
}
