/**
 * `npm run bench [-- --json] [-- name ...]`: runs every bench/*.bench.ts in turn and
 * prints its figures. Each bench exports `title` and `run(): Promise<Figures>`.
 * Figures are printed, never asserted.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export type Figures = Record<string, unknown>;
interface BenchModule {
  title: string;
  /** Run only when named on the command line (the scale bench: an hour and tens of gigabytes). */
  optIn?: boolean;
  run(): Promise<Figures>;
}

const dir = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const json = args.includes('--json');
const only = args.filter((a) => !a.startsWith('--'));
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort()
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)));

const all: Record<string, Figures> = {};
for (const file of files) {
  const name = file.replace(/\.bench\.ts$/, '');
  const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as BenchModule;
  if (mod.optIn && !only.some((o) => file.startsWith(o))) {
    if (!json) console.log(`\n== ${mod.title} (${name}): opt-in, run it with \`npm run bench -- ${name}\``);
    continue;
  }
  if (!json) console.log(`\n== ${mod.title} (${name})`);
  const started = performance.now();
  const figures = await mod.run();
  all[name] = figures;
  if (!json) {
    for (const [k, v] of Object.entries(figures))
      console.log(`  ${k.padEnd(48)} ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`);
    console.log(`  (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
}
if (json) console.log(JSON.stringify(all, null, 2));
process.exit(0);
