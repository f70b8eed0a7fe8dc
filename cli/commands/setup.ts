/** `atrium setup`: the first-run wizard (core/setup); every question has a flag for scripted installs. */
import { Option, type Command } from 'commander';
import { runSetup } from '../../core/setup/apply.ts';
import { t } from '../../core/i18n/index.ts';
import { inquirerAsker, SetupRefused, wizardLang, type SetupFlags } from '../../core/setup/wizard.ts';
import { fail } from '../context.ts';

export function setupCommand(program: Command): void {
  program
    .command('setup')
    .description(
      'first-run wizard: database, HTTP port, administrator, mail, demo data; writes atrium.env in the data directory',
    )
    .option('-y, --yes', 'ask nothing: every missing answer takes its default, or setup stops when it has none')
    .option('--force', 'with --yes: replace an existing atrium.env')
    .option('--lang <lang>', "the wizard's language: cn, en or ja (default: from LANG, else en)")
    .option('--database-url <url>', '`sqlite:` (embedded, the default) or mysql://user:password@host:3306/database')
    .option('--port <port>', 'HTTP port (default 8080)')
    .option('--admin-username <name>', 'administrator login name (default admin)')
    .option('--admin-email <email>', "administrator's e-mail address")
    .option(
      '--admin-password-file <file>',
      "file holding the administrator's password (or set ATRIUM_ADMIN_PASSWORD); never given as an argument",
    )
    .addOption(new Option('--mail', 'set up e-mail over SMTP'))
    .addOption(new Option('--no-mail', 'no e-mail (the default with --yes and no --smtp-host)'))
    .option('--smtp-host <host>', 'SMTP server (implies --mail)')
    .option('--smtp-port <port>', 'SMTP port (default 465)')
    .option('--smtp-security <mode>', 'ssl, starttls or none (default: ssl on 465, else starttls)')
    .option('--smtp-account <email>', 'sending account: the From address, and the login')
    .option('--smtp-password-file <file>', "file holding the account's password (or set ATRIUM_SMTP_PASSWORD)")
    .option('--smtp-from-name <name>', 'name of the sender (default Atrium)')
    .addOption(new Option('--test-mail', 'send a test message to the administrator (the default with mail)'))
    .addOption(new Option('--no-test-mail', 'do not send a test message'))
    .option('--language <lang>', 'language of the test message: cn, en or ja (default: the wizard language)')
    .addOption(new Option('--demo', 'add the demo organisation'))
    .addOption(new Option('--no-demo', 'no demo organisation (the default)'))
    .action(async (flags: SetupFlags) => {
      try {
        const interactive = !flags.yes && process.stdin.isTTY;
        const outcome = await runSetup(flags, { asker: interactive ? inquirerAsker() : undefined });
        if (!outcome.testMailSent) process.exitCode = 2;
      } catch (err) {
        if (err instanceof SetupRefused) fail(err.message);
        // Ctrl-C at a question: the questions come before anything is written.
        if ((err as Error).name === 'ExitPromptError') fail(t(wizardLang(flags.lang), 'setup.cancelled'));
        throw err;
      }
    });
}
