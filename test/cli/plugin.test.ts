import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { discoverPlugins } from '../../core/plugin-host/index.ts';
import { runCli, tempDataDir } from '../helpers/cli.ts';

const data = tempDataDir();
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-plugin-new-'));
const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-no-plugins-'));
test.after.always(() => {
  data.remove();
  fs.rmSync(out, { recursive: true, force: true });
  fs.rmSync(empty, { recursive: true, force: true });
});

/** Runs a scaffolded plugin's own test the way its README says (node's runner with tsx). */
function runNodeTest(file: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--test', file], {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('plugin test timed out'));
    }, 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, output });
    });
  });
}

test.serial('plugin new scaffolds a provider whose own test passes and which the host loads', async (t) => {
  const r = await runCli(['plugin', 'new', 'notify', 'acme-sms', '--dir', out], data.env);
  t.is(r.code, 0, r.stderr);
  t.regex(r.stdout, /created .*acme-sms[/\\]index\.ts/);
  const index = fs.readFileSync(path.join(out, 'acme-sms', 'index.ts'), 'utf8');
  t.regex(index, /definePlugin\(\{\n\s+id: 'acme-sms',\n\s+kind: 'notify'/);
  const run = await runNodeTest(path.join(out, 'acme-sms', 'acme-sms.test.ts'));
  t.is(run.code, 0, run.output);
  t.regex(run.output, /# pass 2/);
  const found = await discoverPlugins(out, empty);
  t.deepEqual(found.errors, []);
  t.deepEqual(
    found.plugins.map((p) => [p.definition.id, p.definition.kind]),
    [['acme-sms', 'notify']],
  );
});

test.serial('plugin new accepts the console screen names of kinds, and refuses bad input', async (t) => {
  const cal = await runCli(['plugin', 'new', 'event', 'acme-cal', '--dir', out], data.env);
  t.is(cal.code, 0, cal.stderr);
  t.regex(fs.readFileSync(path.join(out, 'acme-cal', 'index.ts'), 'utf8'), /kind: 'calendar'/);
  t.is((await runNodeTest(path.join(out, 'acme-cal', 'acme-cal.test.ts'))).code, 0);
  const kind = await runCli(['plugin', 'new', 'teleport', 'x-y'], data.env);
  t.is(kind.code, 1);
  t.regex(kind.stderr, /unknown kind "teleport"/);
  const again = await runCli(['plugin', 'new', 'notify', 'acme-sms', '--dir', out], data.env);
  t.is(again.code, 1);
  t.regex(again.stderr, /already exists/);
  const id = await runCli(['plugin', 'new', 'notify', 'Bad_Id', '--dir', out], data.env);
  t.is(id.code, 1);
  t.regex(id.stderr, /lower-case/);
});
