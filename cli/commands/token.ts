import { userInfo } from 'node:os';
import type { Command } from 'commander';
import { AppError } from '../../core/errors.ts';
import { t } from '../../core/i18n/index.ts';
import { fail, parseDuration, ready, withContainer } from '../context.ts';

export function tokenCommand(program: Command): void {
  program
    .command('token')
    .description('print an access token for scripts (no refresh token); the issue is written to the operation log')
    .requiredOption('-u, --user <username>', 'the user the token acts as')
    .option('--ttl <duration>', 'lifetime: 90s, 15m, 1h, 2d (at most 30d)', '1h')
    .action((opts: { user: string; ttl: string }) =>
      withContainer(async (container) => {
        let ttl: number;
        try {
          ttl = parseDuration(opts.ttl);
        } catch (err) {
          fail((err as Error).message);
        }
        if (ttl < 60 || ttl > 30 * 86_400) fail('--ttl must be between 1m and 30d');
        await ready(container);
        try {
          const { token, expiresAt } = await container.cradle.authService.issueCliToken(
            opts.user,
            ttl,
            `cli:${userInfo().username}`,
          );
          console.log(token);
          console.error(`expires ${new Date(expiresAt).toISOString()}`);
        } catch (err) {
          if (err instanceof AppError)
            fail(err.key === 'auth.badCredentials' ? `no user named "${opts.user}"` : t('en', err.key, err.params));
          throw err;
        }
      }),
    );
}
