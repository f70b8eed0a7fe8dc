import type { Command } from 'commander';
import { migrateDown, migrateLatest, migrationStatus } from '../../core/db/migrations.ts';
import { withContainer } from '../context.ts';

export function migrateCommand(program: Command): void {
  const migrate = program.command('migrate').description('apply, undo or list database migrations');
  migrate
    .command('up')
    .description('apply every pending migration')
    .action(() =>
      withContainer(async ({ cradle }) => {
        const applied = await migrateLatest(cradle.db);
        console.log(applied.length ? `Applied ${applied.length}:\n  ${applied.join('\n  ')}` : 'Already up to date.');
      }),
    );
  migrate
    .command('down')
    .description('undo the last batch of migrations')
    .option('--all', 'undo every migration (drops all tables)')
    .action((opts: { all?: boolean }) =>
      withContainer(async ({ cradle }) => {
        const undone = await migrateDown(cradle.db, Boolean(opts.all));
        console.log(undone.length ? `Undid ${undone.length}:\n  ${undone.join('\n  ')}` : 'Nothing to undo.');
      }),
    );
  migrate
    .command('status')
    .description('list applied and pending migrations')
    .action(() =>
      withContainer(async ({ cradle }) => {
        const { done, pending } = await migrationStatus(cradle.db);
        for (const name of done) console.log(`  applied  ${name}`);
        for (const name of pending) console.log(`  pending  ${name}`);
        console.log(`${done.length} applied, ${pending.length} pending`);
      }),
    );
}
