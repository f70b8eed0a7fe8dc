import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { runCli, tempDataDir } from '../helpers/cli.ts';

const data = tempDataDir();
test.after.always(() => data.remove());
const vendor = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const keyFile = path.join(data.dir, 'vendor-private.pem');
fs.writeFileSync(keyFile, vendor.privateKey);
const env = { ...data.env, ATRIUM_LICENCE_PUBLIC_KEY: vendor.publicKey };
const file = path.join(data.dir, 'licence.txt');

test.serial('licence issue signs a file with the vendor key', async (t) => {
  const r = await runCli(
    [
      'licence',
      'issue',
      '--key',
      keyFile,
      '--sn',
      'ATR-CLI-1',
      '--rooms',
      '5',
      '--desks',
      '20',
      '--devices',
      '3',
      '--expires',
      '2099-12-31',
      '--out',
      file,
    ],
    env,
  );
  t.is(r.code, 0, r.stderr);
  t.regex(fs.readFileSync(file, 'utf8'), /^-----BEGIN ATRIUM LICENCE-----\n[\s\S]+-----END ATRIUM SIGNATURE-----\n$/);
  const stdout = await runCli(
    [
      'licence',
      'issue',
      '--key',
      keyFile,
      '--sn',
      'ATR-CLI-2',
      '--rooms',
      '0',
      '--desks',
      '0',
      '--devices',
      '0',
      '--expires',
      'never',
    ],
    env,
  );
  t.is(stdout.code, 0);
  t.regex(stdout.stdout, /BEGIN ATRIUM LICENCE/);
});

test.serial('licence issue refuses bad arguments', async (t) => {
  const base = ['licence', 'issue', '--key', keyFile, '--sn', 'X', '--desks', '1', '--devices', '1'];
  const rooms = await runCli([...base, '--rooms', 'many', '--expires', '2099-01-01'], env);
  t.is(rooms.code, 1);
  t.regex(rooms.stderr, /--rooms must be a whole number/);
  const expires = await runCli([...base, '--rooms', '1', '--expires', 'soon'], env);
  t.is(expires.code, 1);
  t.regex(expires.stderr, /--expires/);
  const key = await runCli(
    [
      'licence',
      'issue',
      '--key',
      path.join(data.dir, 'missing.pem'),
      '--sn',
      'X',
      '--rooms',
      '1',
      '--desks',
      '1',
      '--devices',
      '1',
      '--expires',
      'never',
    ],
    env,
  );
  t.is(key.code, 1);
  t.regex(key.stderr, /cannot read/);
  const missing = await runCli(['licence', 'issue', '--key', keyFile], env);
  t.not(missing.code, 0);
  t.regex(missing.stderr, /required option/);
});

test.serial('licence status before and after register', async (t) => {
  const before = await runCli(['licence', 'status'], env);
  t.is(before.code, 0, before.stderr);
  t.regex(before.stdout, /state:\s+unregistered/);
  const reg = await runCli(['licence', 'register', file], env);
  t.is(reg.code, 0, reg.stderr);
  t.regex(reg.stdout, /Licence registered/);
  t.regex(reg.stdout, /rooms:\s+0 \/ 5/);
  const json = await runCli(['licence', 'status', '--json'], env);
  const status = JSON.parse(json.stdout) as {
    state: string;
    limits: Record<string, number>;
    licence: { productSn: string; expiresAt: number };
  };
  t.is(status.state, 'registered');
  t.deepEqual(status.limits, { rooms: 5, desks: 20, devices: 3 });
  t.is(status.licence.productSn, 'ATR-CLI-1');
  t.is(new Date(status.licence.expiresAt).toISOString(), '2099-12-31T23:59:59.999Z');
});

test.serial('licence register refuses a changed file and a missing one', async (t) => {
  const text = fs.readFileSync(file, 'utf8');
  const bad = path.join(data.dir, 'bad.txt');
  fs.writeFileSync(bad, text.slice(0, 80) + (text[80] === 'A' ? 'B' : 'A') + text.slice(81));
  const r = await runCli(['licence', 'register', bad], env);
  t.is(r.code, 1);
  t.regex(r.stderr, /Licence data error/);
  const missing = await runCli(['licence', 'register', path.join(data.dir, 'nope.txt')], env);
  t.is(missing.code, 1);
  t.regex(missing.stderr, /cannot read/);
  t.regex((await runCli(['licence', 'status'], env)).stdout, /ATR-CLI-1/, 'the registered licence stays');
});
