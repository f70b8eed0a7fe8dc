import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { BUILTIN_PLUGIN_DIR, kindFromName, scaffoldFiles } from '../../core/plugin-host/index.ts';
import { PLUGIN_KINDS } from '../../core/plugin-sdk/index.ts';
import { fail } from '../context.ts';

const SDK_ENTRY = path.resolve(BUILTIN_PLUGIN_DIR, '../core/plugin-sdk/index.ts');

/** `atrium plugin new KIND ID`: a provider plugin with a passing test, ready to fill in (docs/plugins.md). */
export function pluginCommand(program: Command): void {
  const plugin = program.command('plugin').description('integration provider plugins');
  plugin
    .command('new <kind> <id>')
    .description(`scaffold a provider plugin: kind is one of ${PLUGIN_KINDS.join(', ')}`)
    .option('--dir <folder>', 'where to create it (default: the plugins/ folder of this installation)')
    .action((kindName: string, id: string, opts: { dir?: string }) => {
      const kind = kindFromName(kindName);
      if (!kind) fail(`unknown kind "${kindName}"; use one of ${PLUGIN_KINDS.join(', ')}`);
      const dir = path.resolve(opts.dir ?? BUILTIN_PLUGIN_DIR);
      const target = path.join(dir, id);
      if (fs.existsSync(target)) fail(`${target} already exists`);
      let sdkImport = path.relative(target, SDK_ENTRY).split(path.sep).join('/');
      if (!sdkImport.startsWith('.')) sdkImport = `./${sdkImport}`;
      let files;
      try {
        files = scaffoldFiles(kind, id, sdkImport);
      } catch (err) {
        fail((err as Error).message);
      }
      for (const f of files) {
        const file = path.join(dir, f.path);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, f.content, { flag: 'wx' });
        console.log(`created ${file}`);
      }
      console.log(
        `\nNext: fill in ${path.join(target, 'index.ts')}, then run its test:\n  node --import tsx --test ${path.join(target, `${id}.test.ts`)}`,
      );
      if (opts.dir) console.log(`Load it with ATRIUM_PLUGINS=${target} (or its parent folder).`);
    });
}
