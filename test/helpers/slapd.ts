/**
 * A real OpenLDAP server (Debian's slapd) for tests: a slapd.conf and an mdb
 * database in a temp dir, seeded with slapadd, listening on a free loopback
 * port, killed after. `slapdAvailable()` says whether the binaries exist so
 * suites can skip with a notice instead of failing on machines without them.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'ldapts';

const SLAPD = '/usr/sbin/slapd';
const SLAPADD = '/usr/sbin/slapadd';
const SLAPPASSWD = '/usr/sbin/slappasswd';
const SCHEMA_DIR = '/etc/ldap/schema';
const MODULE_DIR = '/usr/lib/ldap';

export const SUFFIX = 'dc=example,dc=org';
export const ROOT_DN = `cn=admin,${SUFFIX}`;
export const ROOT_PASSWORD = 'root-secret';

export interface Slapd {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export function slapdAvailable(): boolean {
  return [
    SLAPD,
    SLAPADD,
    SLAPPASSWD,
    path.join(SCHEMA_DIR, 'inetorgperson.schema'),
    path.join(MODULE_DIR, 'back_mdb.la'),
  ].every((f) => fs.existsSync(f));
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** A person entry (inetOrgPerson) under ou=people with a plain-text password slapd hashes on bind compare. */
export function person(uid: string, password: string, extra: Record<string, string> = {}): string {
  const attrs = { cn: `${uid} Person`, sn: 'Person', mail: `${uid}@example.org`, ...extra };
  return [
    `dn: uid=${uid},ou=people,${SUFFIX}`,
    'objectClass: inetOrgPerson',
    `uid: ${uid}`,
    `userPassword: ${password}`,
    ...Object.entries(attrs).map(([k, v]) => `${k}: ${v}`),
  ].join('\n');
}

export async function startSlapd(entries: string[]): Promise<Slapd> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-slapd-'));
  const dataDir = path.join(dir, 'data');
  fs.mkdirSync(dataDir);
  const rootHash = execFileSync(SLAPPASSWD, ['-s', ROOT_PASSWORD], { encoding: 'utf8' }).trim();
  const conf = [
    ...['core', 'cosine', 'nis', 'inetorgperson'].map((s) => `include ${SCHEMA_DIR}/${s}.schema`),
    `pidfile ${path.join(dir, 'slapd.pid')}`,
    `modulepath ${MODULE_DIR}`,
    'moduleload back_mdb',
    'database mdb',
    'maxsize 10485760',
    `suffix "${SUFFIX}"`,
    `rootdn "${ROOT_DN}"`,
    `rootpw ${rootHash}`,
    `directory ${dataDir}`,
    'access to attrs=userPassword by self write by anonymous auth by * none',
    'access to * by * read',
    '',
  ].join('\n');
  const confFile = path.join(dir, 'slapd.conf');
  fs.writeFileSync(confFile, conf);
  const seed =
    [
      `dn: ${SUFFIX}\nobjectClass: dcObject\nobjectClass: organization\no: Example\ndc: example`,
      `dn: ou=people,${SUFFIX}\nobjectClass: organizationalUnit\nou: people`,
      ...entries,
    ].join('\n\n') + '\n';
  fs.writeFileSync(path.join(dir, 'seed.ldif'), seed);
  execFileSync(SLAPADD, ['-q', '-f', confFile, '-l', path.join(dir, 'seed.ldif')], { stdio: 'pipe' });

  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(SLAPD, ['-d', '0', '-f', confFile, '-h', `${url}/`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
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
  // Bounded wait: slapd answers in a fraction of a second; give up after 10 s.
  const deadline = Date.now() + 10_000;
  for (;;) {
    const probe = new Client({ url, timeout: 1000, connectTimeout: 1000 });
    try {
      await probe.bind(ROOT_DN, ROOT_PASSWORD);
      await probe.unbind();
      break;
    } catch (err) {
      await probe.unbind().catch(() => undefined);
      if (child.exitCode !== null || Date.now() > deadline) {
        await stop();
        throw new Error(`slapd did not start: ${(err as Error).message}\n${stderr}`, { cause: err });
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { url, port, stop };
}
