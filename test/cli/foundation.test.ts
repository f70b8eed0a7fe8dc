import test from 'ava';
import { loadConfig } from '../../config/default.ts';
import { startServer } from '../../core/server.ts';
import { runCli, tempDataDir } from '../helpers/cli.ts';

const data = tempDataDir();
test.after.always(() => data.remove());

test.serial('atrium --help lists the commands, each with its own --help', async (t) => {
  const help = await runCli(['--help'], data.env);
  t.is(help.code, 0);
  for (const c of ['migrate', 'admin', 'params', 'seed', 'token']) t.regex(help.stdout, new RegExp(`\\b${c}\\b`));
  const sub = await runCli(['token', '--help'], data.env);
  t.regex(sub.stdout, /--user/);
  t.regex(sub.stdout, /--ttl/);
});

test.serial('migrate status, up, down and up again', async (t) => {
  const before = await runCli(['migrate', 'status'], data.env);
  t.regex(before.stdout, /0 applied, \d+ pending/);
  const up = await runCli(['migrate', 'up'], data.env);
  t.is(up.code, 0);
  t.regex(up.stdout, /Applied \d+/);
  t.regex((await runCli(['migrate', 'status'], data.env)).stdout, /\d+ applied, 0 pending/);
  t.regex((await runCli(['migrate', 'down', '--all'], data.env)).stdout, /Undid \d+/);
  t.regex((await runCli(['migrate', 'up'], data.env)).stdout, /Applied/);
});

test.serial('params get and set, with validation', async (t) => {
  const get = await runCli(['params', 'get', 'passCodeLength', '--json'], data.env);
  t.is(get.code, 0);
  t.regex(get.stdout, /admin/, 'the first command that seeds prints the admin password once');
  const set = await runCli(['params', 'set', 'passCodeLength', '4'], data.env);
  t.is(set.stdout.trim(), 'passCodeLength = 4');
  const bad = await runCli(['params', 'set', 'passCodeLength', '12'], data.env);
  t.is(bad.code, 1);
  t.regex(bad.stderr, /passCodeLength/);
  const unknown = await runCli(['params', 'get', 'nope'], data.env);
  t.is(unknown.code, 1);
  t.regex(unknown.stderr, /unknown parameter/);
});

test.serial('seed demo, once', async (t) => {
  const first = await runCli(['seed', 'demo'], data.env);
  t.is(first.code, 0);
  t.regex(first.stdout, /Demo organisation added/);
  const second = await runCli(['seed', 'demo'], data.env);
  t.is(second.code, 1);
  t.regex(second.stderr, /already has 50 resources/);
});

test.serial('admin create makes an administrator who must change the password', async (t) => {
  const r = await runCli(['admin', 'create', '-u', 'ops', '--email', 'ops@example.org'], data.env);
  t.is(r.code, 0);
  t.regex(r.stdout, /Initial password \(shown once\): \S{12,}/);
  const dup = await runCli(['admin', 'create', '-u', 'ops'], data.env);
  t.is(dup.code, 1);
  t.regex(dup.stderr, /already exists/);
});

test.serial('token prints a working access token and logs the issue', async (t) => {
  const r = await runCli(['token', '--user', 'liwei', '--ttl', '2h'], data.env);
  t.is(r.code, 0, r.stderr);
  const token = r.stdout.trim();
  t.regex(token, /^[\w-]+\.[\w-]+\.[\w-]+$/);
  t.regex(r.stderr, /expires \d{4}-/);

  const config = loadConfig(
    { ...data.env },
    { port: 0, host: '127.0.0.1', logLevel: 'silent', seedDemo: false, scheduler: false },
  );
  const server = await startServer(config, { quiet: true });
  try {
    const nav = await fetch(`${server.url}/api/sys/menu/nav`, { headers: { token } });
    t.is(nav.status, 200);
    const log = await server.container.cradle.db('operation_logs').where({ action: 'cli.token' }).first();
    t.is(log?.target, 'liwei');
  } finally {
    await server.stop();
  }
  t.is((await runCli(['token', '--user', 'nobody'], data.env)).code, 1);
  t.regex((await runCli(['token', '--user', 'liwei', '--ttl', 'forever'], data.env)).stderr, /Not a duration/);
});
