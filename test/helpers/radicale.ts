/**
 * A real CalDAV server (Debian's Radicale) for tests: a config and an htpasswd file (plain passwords) in a temp
 * dir, the collections stored under it, listening on a free loopback port, killed after. Each user may read and
 * write only under their own principal (`owner_only`). `radicaleAvailable()` says whether the binary exists so
 * suites can skip with a notice instead of failing on machines without it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './slapd.ts';

const RADICALE = '/usr/bin/radicale';

export interface Radicale {
  /** `http://127.0.0.1:PORT` (no trailing slash). */
  url: string;
  port: number;
  stop(): Promise<void>;
}

export function radicaleAvailable(): boolean {
  return fs.existsSync(RADICALE);
}

/** Starts Radicale with these accounts (user → password); answers once it serves HTTP, within 10 s. */
export async function startRadicale(users: Record<string, string>): Promise<Radicale> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-radicale-'));
  const storage = path.join(dir, 'collections');
  fs.mkdirSync(storage);
  const htpasswd = path.join(dir, 'users');
  fs.writeFileSync(
    htpasswd,
    Object.entries(users)
      .map(([u, p]) => `${u}:${p}\n`)
      .join(''),
  );
  const port = await freePort();
  const conf = [
    '[server]',
    `hosts = 127.0.0.1:${port}`,
    '[auth]',
    'type = htpasswd',
    `htpasswd_filename = ${htpasswd}`,
    'htpasswd_encryption = plain',
    // Radicale waits about a second after a wrong password; a tenth is enough to show the path in tests.
    'delay = 0.1',
    '[rights]',
    'type = owner_only',
    '[storage]',
    `filesystem_folder = ${storage}`,
    '[web]',
    'type = none',
    '[logging]',
    'level = warning',
    '',
  ].join('\n');
  const confFile = path.join(dir, 'config');
  fs.writeFileSync(confFile, conf);

  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(RADICALE, ['--config', confFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // Bounded wait: Radicale (Python) answers within a second or two; give up after 10 s. Any HTTP answer (401
  // without credentials) means it serves.
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      const res = await fetch(`${url}/`, { method: 'OPTIONS', signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      break;
    } catch (err) {
      if (child.exitCode !== null || Date.now() > deadline) {
        await stop();
        throw new Error(`Radicale did not start: ${(err as Error).message}\n${stderr}`, { cause: err });
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { url, port, stop };
}
