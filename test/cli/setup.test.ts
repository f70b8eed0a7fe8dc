/**
 * `atrium setup` run as a script (every answer a flag) against fresh data directories: atrium.env written
 * owner-only and read by loadConfig (the environment winning), the administrator signing in to the real server,
 * the mail settings saved sealed and the test message arriving at an SMTP sink, the demo data as asked, and bad
 * answers refused in the wizard's language with nothing written. The MariaDB run needs ATRIUM_TEST_MYSQL_URL.
 */
import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../config/default.ts';
import { OffsetClock } from '../../core/clock.ts';
import { buildContainer, makeLogger } from '../../core/container.ts';
import { t as translate } from '../../core/i18n/index.ts';
import { verifyPassword } from '../../core/modules/users/index.ts';
import { startServer } from '../../core/server.ts';
import { runSetup } from '../../core/setup/apply.ts';
import { passwordError, portError, SetupRefused, type SetupFlags } from '../../core/setup/wizard.ts';
import { freshMysqlDatabase, mysqlUrl, TestApp } from '../helpers/app.ts';
import { runCli } from '../helpers/cli.ts';
import { header, startMailSink, type MailSink } from '../helpers/mail.ts';
import { skipBecause } from '../helpers/requires.ts';

const PASSWORD = 'Setup#2026pass';
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-setup-'));
const passwordFile = path.join(root, 'admin-password');
fs.writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
const weakFile = path.join(root, 'weak-password');
fs.writeFileSync(weakFile, 'weak\n');

let sink: MailSink;
test.before(async () => {
  sink = await startMailSink();
});
test.after.always(async () => {
  await sink?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** The environment of a run: only the data directory (and a small RSA key); no DATABASE_URL, no PORT. */
function envFor(dir: string, extra: Record<string, string> = {}): Record<string, string> {
  return { ATRIUM_DATA_DIR: dir, ATRIUM_RSA_KEY_BITS: '1024', LOG_LEVEL: 'silent', LANG: 'C', ...extra };
}

const adminFlags = ['--admin-username', 'ops', '--admin-email', 'ops@example.org'];
const adminPassword = ['--admin-password-file', passwordFile];

/** Opens the installation a data directory's atrium.env describes, as the CLI would. */
async function withInstallation<T>(dir: string, fn: (c: ReturnType<typeof buildContainer>['cradle']) => Promise<T>) {
  const container = buildContainer(loadConfig({ ATRIUM_DATA_DIR: dir }), { logger: makeLogger('silent') });
  try {
    return await fn(container.cradle);
  } finally {
    await container.dispose();
  }
}

test.serial(
  'a scripted setup writes atrium.env (0600) that the server reads; the administrator signs in',
  async (t) => {
    const dir = path.join(root, 'sqlite');
    const run = await runCli(
      [
        'setup',
        '--yes',
        '--lang',
        'en',
        '--port',
        '9191',
        ...adminFlags,
        ...adminPassword,
        '--smtp-host',
        '127.0.0.1',
        '--smtp-port',
        String(sink.port),
        '--smtp-security',
        'none',
        '--smtp-account',
        'rooms@example.org',
        '--smtp-from-name',
        'Atrium Rooms',
        '--language',
        'ja',
        '--no-demo',
      ],
      envFor(dir, { ATRIUM_SMTP_PASSWORD: 'mail-pw' }),
    );
    t.is(run.code, 0, run.stderr);
    t.regex(run.stdout, /Administrator "ops" signs in/);
    t.regex(run.stdout, /Test message sent to ops@example\.org/);

    const file = path.join(dir, 'atrium.env');
    t.is(fs.statSync(file).mode & 0o777, 0o600);
    const text = fs.readFileSync(file, 'utf8');
    t.regex(text, /^PORT=9191$/m);
    t.regex(text, /^DATABASE_URL=sqlite:$/m);
    t.regex(text, /^ATRIUM_SEED_DEMO=false$/m);
    t.notRegex(text, new RegExp(PASSWORD.replace(/[#$]/g, '\\$&')), 'the administrator password is not in the file');
    t.notRegex(text, /mail-pw/);

    // The configuration of the server and the CLI: the file, with a variable of the environment winning.
    const config = loadConfig({ ATRIUM_DATA_DIR: dir });
    t.is(config.port, 9191);
    t.is(config.databaseUrl, 'sqlite:');
    t.false(config.seedDemo);
    t.is(loadConfig({ ATRIUM_DATA_DIR: dir, PORT: '9393' }).port, 9393);

    // The test message, in the language asked for, through the account given.
    const [mail] = await sink.waitFor(1);
    t.deepEqual(mail!.rcpt, ['ops@example.org']);
    t.is(header(mail!.raw, 'Subject'), translate('ja', 'setup.testSubject'));
    t.true(sink.logins.some((l) => l.username === 'rooms@example.org' && l.password === 'mail-pw'));

    await withInstallation(dir, async (c) => {
      const ops = await c.usersService.findByUsername('ops');
      t.truthy(ops);
      t.true(await verifyPassword(PASSWORD, ops!.passwordHash!));
      t.true(await c.rolesService.holdsAdmin(ops!.id));
      t.is((await c.usersService.findByUsername('admin'))?.status, 0, 'the unused built-in admin is disabled');
      t.is(Number((await c.db('resources').count({ n: '*' }).first())?.n), 0, 'no demo data');
      t.is(await c.paramsService.get('defaultLanguage'), 'ja', 'the installation speaks the language chosen');
      const stored = await c.db('integration_settings').where({ kind: 'notify' }).first();
      t.is(stored.provider, 'notify-email');
      t.notRegex(JSON.stringify(stored), /mail-pw/, 'the SMTP password is stored sealed');
    });

    // The real server, configured by atrium.env alone, lets the administrator in without a password change.
    const running = await startServer(
      loadConfig({ ATRIUM_DATA_DIR: dir }, { port: 0, host: '127.0.0.1', logLevel: 'silent', scheduler: false }),
      { quiet: true },
    );
    const app = new TestApp(running, new OffsetClock(), 'sqlite', async () => {});
    try {
      const login = await app.login('ops', PASSWORD);
      t.is(login.status, 200, JSON.stringify(login.body));
      t.is(login.body.passwordState, 'ok');
    } finally {
      await app.stop();
    }
  },
);

test.serial(
  'setup again: refused without --force; with it, the administrator is updated and the demo added',
  async (t) => {
    const dir = path.join(root, 'sqlite');
    const env = envFor(dir);
    const refused = await runCli(['setup', '--yes', '--lang', 'ja', ...adminFlags, ...adminPassword], env);
    t.is(refused.code, 1);
    t.true(refused.stderr.includes(translate('ja', 'setup.envExists', { file: path.join(dir, 'atrium.env') })));

    const again = await runCli(
      [
        'setup',
        '--yes',
        '--force',
        '--admin-username',
        'ops',
        '--admin-email',
        'ops2@example.org',
        ...adminPassword,
        '--no-mail',
        '--demo',
      ],
      env,
    );
    t.is(again.code, 0, again.stderr);
    t.regex(again.stdout, /Demo organisation added/);
    t.regex(
      fs.readFileSync(path.join(dir, 'atrium.env'), 'utf8'),
      /^PORT=9191$/m,
      'the default is the port set before',
    );
    await withInstallation(dir, async (c) => {
      t.is((await c.usersService.findByUsername('ops'))?.email, 'ops2@example.org');
      t.true(Number((await c.db('resources').count({ n: '*' }).first())?.n) > 0);
      t.truthy(await c.usersService.findByUsername('liwei'));
    });
  },
);

const refusals: Array<{ title: string; args: string[]; expect: (lang: 'en' | 'ja') => string }> = [
  { title: 'port 99999', args: ['--port', '99999'], expect: (lang) => portError('99999', lang)! },
  {
    title: 'a weak password',
    args: ['--admin-password-file', weakFile],
    expect: (lang) => passwordError('weak', lang)!,
  },
  {
    title: 'an unreachable MySQL URL',
    args: ['--database-url', 'mysql://root@127.0.0.1:1/x'],
    expect: (lang) => translate(lang, 'setup.dbUnreachable', { detail: 'mysql://127.0.0.1:1/x' }),
  },
  {
    title: 'a missing e-mail address',
    args: [],
    expect: (lang) =>
      translate(lang, 'setup.required', {
        question: translate(lang, 'setup.q.adminEmail'),
        flag: '--admin-email',
      }),
  },
];

/** The same run in this process (runSetup is what the command calls): the refusal it throws. */
async function refusal(lang: 'en' | 'ja', args: string[], dir: string): Promise<string> {
  const flags: SetupFlags = { yes: true, lang };
  for (let i = 0; i < args.length; i += 2) {
    const key = args[i]!.slice(2).replace(/-(\w)/g, (_m, c: string) => c.toUpperCase()) as keyof SetupFlags;
    (flags as Record<string, unknown>)[key] = args[i + 1];
  }
  const err = await runSetup(flags, { env: envFor(dir), log: () => {} }).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof SetupRefused)) throw new Error(`expected a refusal, got ${String(err)}`);
  return err.message;
}

for (const r of refusals)
  for (const lang of ['en', 'ja'] as const)
    test(`${lang}: ${r.title} is refused with the translated message, and nothing is written`, async (t) => {
      const dir = path.join(root, `refused-${lang}-${r.title.replace(/\W+/g, '-')}`);
      const flags = r.title === 'a missing e-mail address' ? ['--admin-username', 'ops'] : adminFlags;
      const password = r.args[0] === '--admin-password-file' ? [] : adminPassword;
      const message = await refusal(lang, [...flags, ...password, ...r.args], dir);
      const expected = r.expect(lang);
      // The connection error's detail depends on the driver: the translated sentence up to it must be there.
      if (r.title.includes('MySQL'))
        t.true(message.startsWith(expected.slice(0, expected.indexOf('mysql://'))), message);
      else t.is(message, expected);
      t.false(fs.existsSync(dir), 'nothing is written');
    });

test('the command prints the refusal in the language of --lang, or of LANG, and exits with 1', async (t) => {
  const dir = path.join(root, 'refused-cli');
  const en = await runCli(
    ['setup', '--yes', '--lang', 'en', ...adminFlags, ...adminPassword, '--port', '99999'],
    envFor(dir),
  );
  t.is(en.code, 1);
  t.is(en.stderr.trim(), `atrium: ${portError('99999', 'en')!}`);
  const ja = await runCli(
    ['setup', '--yes', ...adminFlags, '--admin-password-file', weakFile],
    envFor(dir, { LANG: 'ja_JP.UTF-8' }),
  );
  t.is(ja.code, 1);
  t.is(ja.stderr.trim(), `atrium: ${passwordError('weak', 'ja')!}`);
  t.false(fs.existsSync(dir), 'nothing is written');
});

if (!mysqlUrl) skipBecause(test, 'mysql: a scripted setup on MariaDB', 'ATRIUM_TEST_MYSQL_URL is not set');
else
  test.serial(
    'mysql: a scripted setup on MariaDB writes its URL to atrium.env; the administrator is there',
    async (t) => {
      const { url, drop } = await freshMysqlDatabase();
      const dir = path.join(root, 'mysql');
      try {
        const run = await runCli(
          ['setup', '--yes', '--database-url', url, ...adminFlags, ...adminPassword, '--demo'],
          envFor(dir),
        );
        t.is(run.code, 0, run.stderr);
        const config = loadConfig({ ATRIUM_DATA_DIR: dir });
        t.is(config.databaseUrl, url);
        await withInstallation(dir, async (c) => {
          t.is(c.dialect, 'mysql');
          const ops = await c.usersService.findByUsername('ops');
          t.true(await verifyPassword(PASSWORD, ops!.passwordHash!));
          t.true(Number((await c.db('resources').count({ n: '*' }).first())?.n) > 0);
        });
      } finally {
        await drop();
      }
    },
  );
