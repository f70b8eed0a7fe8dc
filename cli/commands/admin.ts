import type { Command } from 'commander';
import { runTx } from '../../core/db/transaction.ts';
import { ADMIN_ROLE } from '../../core/modules/roles/index.ts';
import { randomPassword } from '../../core/modules/users/index.ts';
import { fail, ready, withContainer } from '../context.ts';

export function adminCommand(program: Command): void {
  const admin = program.command('admin').description('administrator accounts');
  admin
    .command('create')
    .description('create a system administrator (the password must be changed at first sign-in)')
    .requiredOption('-u, --username <name>', 'login name')
    .option('-n, --name <realName>', 'display name', 'Administrator')
    .option('-e, --employee-no <no>', 'employee number', 'A0000')
    .option('--email <email>', 'e-mail address')
    .option('-p, --password <password>', 'initial password (default: a random one, printed once)')
    .action((opts: { username: string; name: string; employeeNo: string; email?: string; password?: string }) =>
      withContainer(async (container) => {
        const c = container.cradle;
        await ready(container);
        if (!/^[\w.@-]{2,100}$/.test(opts.username))
          fail('the username may use letters, digits and . _ @ - (2 to 100 characters)');
        if (await c.usersService.findByUsername(opts.username)) fail(`a user named "${opts.username}" already exists`);
        const password = opts.password ?? randomPassword(16);
        const roleId = await c.rolesService.roleIdByCode(ADMIN_ROLE);
        await runTx(c.db, async (trx) => {
          const id = await c.usersService.insert(trx, {
            username: opts.username,
            realName: opts.name,
            employeeNo: opts.employeeNo,
            email: opts.email ?? null,
            password,
            roleIds: [roleId],
            mustChangePassword: true,
          });
          await c.operationLog.record(
            trx,
            { userId: 0, username: 'cli', permissions: new Set(), lang: 'en', ip: 'cli', via: 'system' },
            { action: 'cli.admin.create', target: id, after: { username: opts.username } },
          );
        });
        console.log(`Created administrator "${opts.username}".`);
        if (!opts.password) console.log(`Initial password (shown once): ${password}`);
      }),
    );
}
