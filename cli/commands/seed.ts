import type { Command } from 'commander';
import { DEMO_PASSWORD, seedDemo } from '../../core/seed/demo.ts';
import { fail, ready, withContainer } from '../context.ts';

export function seedCommand(program: Command): void {
  const seed = program.command('seed').description('add data');
  seed
    .command('demo')
    .description('add the demo organisation (1 site, 2 floors, 10 rooms, 40 desks, 20 people)')
    .option('--force', 'add it even if resources already exist')
    .action((opts: { force?: boolean }) =>
      withContainer(async (container) => {
        const c = container.cradle;
        await ready(container);
        const count = Number((await c.db('resources').count({ n: '*' }).first())?.n ?? 0);
        if (count > 0 && !opts.force)
          fail(`the database already has ${count} resources; use --force to add the demo anyway`);
        if (opts.force && (await c.db('users').where({ username: 'liwei' }).first()))
          fail('the demo organisation is already there');
        await seedDemo(c);
        console.log(
          `Demo organisation added. Demo users (e.g. "liwei", "emma") sign in with the password ${DEMO_PASSWORD}.`,
        );
      }),
    );
}
