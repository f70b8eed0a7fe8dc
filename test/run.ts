/**
 * `npm test`: runs AVA with TAP output, passes its output through, prints how long each test file took (from its
 * first to its last report; files run two at a time, so the times overlap) with the slowest first, and ends with
 * one plain line `N passed, N failed, N skipped` that CI reads. The exit code is AVA's.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');
/**
 * AVA names a test `<dir> › <file> › <title>`, relative to the folder the given files have in common: each file's
 * possible name prefixes (its path from any folder down), longest first, to find the file of a report.
 */
const files = readdirSync(path.join(root, 'test'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .flatMap((file) => {
    const parts = file.slice(0, -'.test.ts'.length).split(path.sep);
    const name = `test/${parts.join('/')}.test.ts`;
    return parts.map((_, i) => ({ file: name, prefix: `${parts.slice(i).join(' › ')} › ` }));
  })
  .sort((a, b) => b.prefix.length - a.prefix.length);
const seen = new Map<string, { first: number; last: number }>();

function note(title: string): void {
  const match = files.find((f) => title.startsWith(f.prefix));
  if (!match) return;
  const now = Date.now();
  const times = seen.get(match.file);
  if (times) times.last = now;
  else seen.set(match.file, { first: now, last: now });
}

const args = ['ava', '--tap', ...process.argv.slice(2)];
const child = spawn('npx', args, { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, FORCE_COLOR: '0' } });
let passed = 0;
let failed = 0;
let skipped = 0;
const rl = createInterface({ input: child.stdout! });
rl.on('line', (line) => {
  console.log(line);
  const report = /^(?:not ok|ok) \d+ - (.*)$/.exec(line) ?? /^# (.*)$/.exec(line);
  if (report) note(report[1]!);
  if (/^ok \d+/.test(line)) {
    if (/# SKIP/i.test(line)) skipped++;
    else passed++;
  } else if (/^not ok \d+/.test(line)) {
    if (/# TODO/i.test(line)) skipped++;
    else failed++;
  }
});
child.on('close', (code) => {
  rl.close();
  const durations = [...seen].map(([file, t]) => ({ file, seconds: (t.last - t.first) / 1000 }));
  console.log('Test files, slowest first (seconds from first to last report):');
  for (const { file, seconds } of durations.sort((a, b) => b.seconds - a.seconds))
    console.log(`${seconds.toFixed(1).padStart(7)}  ${file}`);
  console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
  process.exit(code ?? 1);
});
