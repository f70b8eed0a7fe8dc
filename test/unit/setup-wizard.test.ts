/**
 * The parts of `atrium setup` that need no server: atrium.env written and read back exactly (and owner-only),
 * loadConfig's order (environment, then the file, then the defaults), the wizard's language, each check's
 * translated refusal, and the whole question sequence driven through inquirer's real prompts on a stream.
 */
import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { loadConfig } from '../../config/default.ts';
import { t as translate } from '../../core/i18n/index.ts';
import { envLine, readEnvFile, writeEnvFile } from '../../core/setup/env-file.ts';
import {
  choiceError,
  collectAnswers,
  databaseUrlError,
  emailError,
  inquirerAsker,
  passwordError,
  portError,
  SetupRefused,
  usernameError,
  wizardLang,
} from '../../core/setup/wizard.ts';
import { parseEnv } from 'node:util';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-setup-unit-'));
test.after.always(() => fs.rmSync(root, { recursive: true, force: true }));

test('a value of atrium.env reads back exactly, quoted where it must be', (t) => {
  for (const value of ['sqlite:', 'mysql://u:p%23w@db:3306/atrium', "it's # a 'test'", 'a b "c"', ''])
    t.is(parseEnv(envLine('DATABASE_URL', value)).DATABASE_URL, value, value);
  t.throws(() => envLine('X', 'two\nlines'));
  t.throws(() => envLine('lower', 'x'));
});

test('atrium.env is written owner-only, keeps lines it does not replace, and cannot move the data directory', (t) => {
  const dir = path.join(root, 'write');
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, 'atrium.env'), 'LOG_LEVEL=debug\nPORT=1\nATRIUM_DATA_DIR=/elsewhere\n', {
    mode: 0o644,
  });
  const file = writeEnvFile(dir, { PORT: '9000', DATABASE_URL: "mysql://u:it's@h/d" }, ['a comment']);
  t.is(fs.statSync(file).mode & 0o777, 0o600);
  t.deepEqual(readEnvFile(dir), { PORT: '9000', DATABASE_URL: "mysql://u:it's@h/d", LOG_LEVEL: 'debug' });
  t.regex(fs.readFileSync(file, 'utf8'), /^# a comment$/m);
  t.deepEqual(readEnvFile(path.join(root, 'none')), {}, 'no file, no values');
});

test('loadConfig: the environment wins over atrium.env, which wins over the defaults; a bad line names the file', (t) => {
  const dir = path.join(root, 'config');
  writeEnvFile(dir, { PORT: '9191', DATABASE_URL: 'sqlite:/tmp/x.db', ATRIUM_SEED_DEMO: 'false' });
  const fromFile = loadConfig({ ATRIUM_DATA_DIR: dir });
  t.is(fromFile.port, 9191);
  t.is(fromFile.databaseUrl, 'sqlite:/tmp/x.db');
  t.false(fromFile.seedDemo);
  t.is(fromFile.dataDir, path.resolve(dir));
  const env = loadConfig({ ATRIUM_DATA_DIR: dir, PORT: '9292', ATRIUM_SEED_DEMO: 'true' });
  t.is(env.port, 9292);
  t.true(env.seedDemo);
  t.is(loadConfig({ ATRIUM_DATA_DIR: dir }, { port: 1 }).port, 1, 'overrides win over both');
  writeEnvFile(dir, { PORT: 'eighty' });
  const err = t.throws(() => loadConfig({ ATRIUM_DATA_DIR: dir }));
  t.true(err!.message.includes(`PORT (from ${path.join(path.resolve(dir), 'atrium.env')})`), err!.message);
});

test("the wizard's language: --lang, else LC_ALL, LC_MESSAGES or LANG, else English", (t) => {
  t.is(wizardLang('ja', { LANG: 'zh_CN.UTF-8' }), 'ja');
  t.is(wizardLang(undefined, { LANG: 'zh_CN.UTF-8' }), 'cn');
  t.is(wizardLang(undefined, { LANG: 'ja_JP.UTF-8' }), 'ja');
  t.is(wizardLang(undefined, { LC_ALL: 'ja_JP.UTF-8', LANG: 'en_US.UTF-8' }), 'ja');
  t.is(wizardLang(undefined, { LANG: 'C' }), 'en');
  t.is(wizardLang(undefined, {}), 'en');
});

test('each check refuses with the message the console or the server gives, in the asked language', (t) => {
  t.is(portError('8080', 'en'), undefined);
  t.regex(portError('99999', 'en')!, /65535/);
  t.not(portError('99999', 'ja'), portError('99999', 'en'));
  t.regex(portError('http', 'ja')!, /./);
  t.is(usernameError('ops.admin', 'en'), undefined);
  t.is(usernameError('a b', 'ja'), translate('ja', 'setup.badUsername'));
  t.is(emailError('ops@example.org', 'en'), undefined);
  t.is(emailError('nope', 'cn'), translate('cn', 'users.badEmail'));
  t.is(passwordError('Str0ng!Pass', 'en'), undefined);
  t.is(passwordError('weak', 'ja'), translate('ja', 'auth.passwordPolicy', { rules: 'min:8, digit' }));
  t.is(choiceError('ja', ['cn', 'en', 'ja'], 'en'), undefined);
  t.truthy(choiceError('fr', ['cn', 'en', 'ja'], 'ja'));
  t.is(databaseUrlError('sqlite:', root, 'en'), undefined);
  t.is(databaseUrlError('mysql://u@h:3306/db', root, 'en'), undefined);
  t.is(databaseUrlError('postgres://x/y', root, 'ja'), translate('ja', 'setup.badDatabaseUrl'));
  t.is(databaseUrlError('mysql://u@h:3306/', root, 'en'), translate('en', 'setup.badDatabaseUrl'));
});

/** A pretend terminal on streams: waits for a question's text in what the prompt wrote, then types keys. */
function terminal() {
  const input = new PassThrough();
  const output = new PassThrough();
  let written = '';
  let seen = 0;
  output.on('data', (d: Buffer) => (written += d.toString()));
  return {
    asker: inquirerAsker({ input, output }),
    get written() {
      return written;
    },
    /** Types `keys` once `after` (a question, shown as `? question`, or a refusal) has been written. */
    async type(after: string, keys: string) {
      const until = Date.now() + 5000;
      while (written.indexOf(after, seen) < 0) {
        if (Date.now() > until)
          throw new Error(`"${after}" was not asked; the terminal shows:\n${written.slice(seen)}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      seen = written.indexOf(after, seen) + after.length;
      input.write(keys);
    },
  };
}

const ENTER = '\r';
const erase = (n: number) => '\x7f'.repeat(n);

test('interactive: the real prompts ask in Japanese and refuse bad answers until good ones are typed', async (t) => {
  const term = terminal();
  const q = (key: string) => translate('ja', `setup.q.${key}`);
  const answers = collectAnswers(
    {},
    {
      lang: 'ja',
      dataDir: path.join(root, 'interactive'),
      current: { databaseUrl: 'sqlite:', port: 8080 },
      asker: term.asker,
      env: {},
    },
  );
  await term.type(`? ${q('database')}`, ENTER); // the default: embedded
  await term.type(`? ${q('port')}`, `99999${ENTER}`);
  await term.type(portError('99999', 'ja')!, `${erase(5)}9090${ENTER}`);
  await term.type(`? ${q('adminUsername')}`, ENTER); // admin
  await term.type(`? ${q('adminEmail')}`, `nope${ENTER}`);
  await term.type(translate('ja', 'users.badEmail'), `${erase(4)}ops@example.org${ENTER}`);
  await term.type(`? ${q('adminPassword')}`, `weak${ENTER}`);
  await term.type(passwordError('weak', 'ja')!, `${erase(4)}Str0ng!Pass${ENTER}`);
  await term.type(`? ${q('adminPasswordAgain')}`, `Str0ng!Pass${ENTER}`);
  await term.type(`? ${q('mail')}`, `n${ENTER}`);
  await term.type(`? ${q('language')}`, ENTER); // the wizard's own language, ja, is the default
  await term.type(`? ${q('demo')}`, `y${ENTER}`);
  t.deepEqual(await answers, {
    databaseUrl: 'sqlite:',
    port: 9090,
    adminUsername: 'admin',
    adminEmail: 'ops@example.org',
    adminPassword: 'Str0ng!Pass',
    mail: null,
    testMail: false,
    language: 'ja',
    demo: true,
  });
  t.false(term.written.includes('Str0ng!Pass'), 'the password is not echoed');
  t.false(fs.existsSync(path.join(root, 'interactive')), 'asking writes nothing');
});

test('interactive: an SMTP server is asked for field by field, with the test message offered', async (t) => {
  const term = terminal();
  const q = (key: string, params?: Record<string, string>) => translate('en', `setup.q.${key}`, params);
  const answers = collectAnswers(
    { databaseUrl: 'sqlite:', port: '8080', adminUsername: 'ops', adminEmail: 'ops@example.org' },
    {
      lang: 'en',
      dataDir: path.join(root, 'interactive-mail'),
      current: { databaseUrl: 'sqlite:', port: 8080 },
      asker: term.asker,
      env: { ATRIUM_ADMIN_PASSWORD: 'Str0ng!Pass' },
    },
  );
  await term.type(`? ${q('mail')}`, `y${ENTER}`);
  await term.type(`? ${q('smtpHost')}`, `mail.example.org${ENTER}`);
  await term.type(`? ${q('smtpPort')}`, `${erase(3)}587${ENTER}`);
  await term.type(`? ${q('smtpSecurity')}`, ENTER); // starttls, the default on 587
  await term.type(`? ${q('smtpAccount')}`, `rooms@example.org${ENTER}`);
  await term.type(`? ${q('smtpPassword')}`, `mail-pw${ENTER}`);
  await term.type(`? ${q('smtpFromName')}`, ENTER);
  await term.type(`? ${q('testMail', { email: 'ops@example.org' })}`, ENTER);
  await term.type(`? ${q('language')}`, `\x1b[B${ENTER}`); // cn, en, ja: one down from en
  await term.type(`? ${q('demo')}`, ENTER);
  const a = await answers;
  t.deepEqual(a.mail, {
    host: 'mail.example.org',
    port: 587,
    security: 'starttls',
    account: 'rooms@example.org',
    password: 'mail-pw',
    fromName: 'Atrium',
  });
  t.true(a.testMail);
  t.is(a.language, 'ja');
  t.false(a.demo);
});

test('--yes: a missing answer without a default is refused, naming its flag', async (t) => {
  const err = await t.throwsAsync(
    collectAnswers(
      { adminEmail: 'ops@example.org' },
      { lang: 'cn', dataDir: path.join(root, 'yes'), current: { databaseUrl: 'sqlite:', port: 8080 }, env: {} },
    ),
    { instanceOf: SetupRefused },
  );
  t.is(
    err!.message,
    translate('cn', 'setup.required', {
      question: translate('cn', 'setup.q.adminPassword'),
      flag: '--admin-password-file',
    }),
  );
});
