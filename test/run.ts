/**
 * `npm test`: runs AVA with TAP output, passes its output through, and ends
 * with one plain line `N passed, N failed, N skipped` that CI reads. The exit
 * code is AVA's.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const args = ['ava', '--tap', ...process.argv.slice(2)];
const child = spawn('npx', args, { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, FORCE_COLOR: '0' } });
let passed = 0;
let failed = 0;
let skipped = 0;
const rl = createInterface({ input: child.stdout! });
rl.on('line', (line) => {
  console.log(line);
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
  console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
  process.exit(code ?? 1);
});
