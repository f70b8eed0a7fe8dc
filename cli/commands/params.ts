import type { Command } from 'commander';
import { systemActor } from '../../core/actor.ts';
import { ValidationError } from '../../core/errors.ts';
import { fail, ready, withContainer } from '../context.ts';

export function paramsCommand(program: Command): void {
  const params = program.command('params').description('read and change system parameters');
  params
    .command('get [key]')
    .description('print one parameter, or all of them')
    .option('--json', 'print JSON')
    .action((key: string | undefined, opts: { json?: boolean }) =>
      withContainer(async (container) => {
        await ready(container);
        const list = await container.cradle.paramsService.list(systemActor());
        const chosen = key ? list.filter((p) => p.key === key) : list;
        if (key && chosen.length === 0) fail(`unknown parameter "${key}"; run \`atrium params get\` to list them`);
        if (opts.json) console.log(JSON.stringify(key ? chosen[0] : chosen, null, 2));
        else
          for (const p of chosen)
            console.log(`${p.key.padEnd(28)} ${JSON.stringify(p.paramValue).padEnd(16)} ${p.remark.en}`);
      }),
    );
  params
    .command('set <key> <value>')
    .description('change one parameter (validated like the console does)')
    .action((key: string, value: string) =>
      withContainer(async (container) => {
        await ready(container);
        let parsed: unknown = value;
        try {
          parsed = JSON.parse(value);
        } catch {
          // a bare word is a string
        }
        try {
          const saved = await container.cradle.paramsService.setMany(
            { ...systemActor(), username: 'cli', ip: 'cli' },
            { [key]: parsed },
          );
          console.log(`${key} = ${JSON.stringify(saved[key])}`);
        } catch (err) {
          if (err instanceof ValidationError) fail(err.fields.map((f) => `${f.field}: ${f.message}`).join('; '));
          throw err;
        }
      }),
    );
}
