/** `atrium`: operate an Atrium installation with the same configuration and database as the server. */
import { Command } from 'commander';
import { VERSION } from '../core/version.ts';
import { adminCommand } from './commands/admin.ts';
import { backupCommand } from './commands/backup.ts';
import { directoryCommand } from './commands/directory.ts';
import { licenceCommand } from './commands/licence.ts';
import { migrateCommand } from './commands/migrate.ts';
import { paramsCommand } from './commands/params.ts';
import { pluginCommand } from './commands/plugin.ts';
import { seedCommand } from './commands/seed.ts';
import { setupCommand } from './commands/setup.ts';
import { tokenCommand } from './commands/token.ts';
import { usersCommand } from './commands/users.ts';

const program = new Command('atrium')
  .description(
    'Atrium, rooms and desks booking: operator commands.\nConfiguration comes from the same environment variables as the server (DATABASE_URL, ATRIUM_DATA_DIR, ...).',
  )
  .version(VERSION)
  .showHelpAfterError('(run with --help for usage)');

for (const add of [
  migrateCommand,
  adminCommand,
  paramsCommand,
  seedCommand,
  tokenCommand,
  licenceCommand,
  usersCommand,
  pluginCommand,
  directoryCommand,
  setupCommand,
  backupCommand,
])
  add(program);

try {
  await program.parseAsync(process.argv);
} catch (err) {
  console.error(`atrium: ${(err as Error).message}`);
  process.exit(1);
}
