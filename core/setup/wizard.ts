/**
 * `atrium setup`'s questions: each has a flag for scripted installs, a default where one makes sense, and a
 * check that refuses a bad answer with the translated message the console or the server gives for it (zod's
 * own wording for numbers and choices, `users.badEmail`, `auth.passwordPolicy`, `auth.passwordMismatch`).
 * Nothing here writes anything: the answers are checked first, and only then applied (apply.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import inquirer from 'inquirer';
import knexFactory from 'knex';
import { z } from 'zod';
import { resolveDbTarget } from '../db/connection.ts';
import { parseWith } from '../http/validate.ts';
import { LANGS, resolveLang, t, type Lang } from '../i18n/index.ts';
import { ValidationError } from '../errors.ts';
import { PARAMS } from '../modules/params/index.ts';
import { POLICY_KEYS, policyViolations, type PasswordPolicy } from '../modules/users/index.ts';

const LANG_NAMES: Record<Lang, string> = { cn: '简体中文', en: 'English', ja: '日本語' };

export const SMTP_SECURITY = ['ssl', 'starttls', 'none'] as const;
export type SmtpSecurity = (typeof SMTP_SECURITY)[number];

/** The command line: one flag per question, plus --yes, --force and --lang. */
export interface SetupFlags {
  yes?: boolean;
  force?: boolean;
  lang?: string;
  databaseUrl?: string;
  port?: string;
  adminUsername?: string;
  adminEmail?: string;
  adminPasswordFile?: string;
  mail?: boolean;
  smtpHost?: string;
  smtpPort?: string;
  smtpSecurity?: string;
  smtpAccount?: string;
  smtpPasswordFile?: string;
  smtpFromName?: string;
  testMail?: boolean;
  language?: string;
  demo?: boolean;
}

export interface MailAnswers {
  host: string;
  port: number;
  security: SmtpSecurity;
  /** The From address, and the login. */
  account: string;
  password?: string;
  fromName?: string;
}

export interface SetupAnswers {
  databaseUrl: string;
  port: number;
  adminUsername: string;
  adminEmail: string;
  adminPassword: string;
  /** null: no mail provider is set up. */
  mail: MailAnswers | null;
  testMail: boolean;
  /** The installation's default language (parameter defaultLanguage), which the test message is written in. */
  language: Lang;
  demo: boolean;
}

/** A refused answer or a stop: its message is already in the wizard's language. */
export class SetupRefused extends Error {
  override name = 'SetupRefused';
}

/** The prompts the wizard needs: inquirer's in a terminal (inquirerAsker), scripted ones in tests. */
export interface Asker {
  input(q: { message: string; default?: string; validate: Check }): Promise<string>;
  password(q: { message: string; validate: Check }): Promise<string>;
  confirm(q: { message: string; default: boolean }): Promise<boolean>;
  select<T extends string>(q: { message: string; choices: Array<{ name: string; value: T }>; default?: T }): Promise<T>;
}
/** True when the answer passes, else the message saying why not. */
export type Check = (value: string) => Promise<true | string> | true | string;

/** The wizard's language: --lang, else the locale of LC_ALL, LC_MESSAGES or LANG (zh → cn, ja → ja), else en. */
export function wizardLang(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): Lang {
  const tag = (flag || env.LC_ALL || env.LC_MESSAGES || env.LANG || '').split('.')[0]!.replace(/_/g, '-');
  return tag ? resolveLang(tag) : 'en';
}

// ── checks: undefined when the answer passes, else the message ──────────────────────────────────────────────────

function zodMessage(schema: z.ZodType, value: unknown, lang: Lang): string | undefined {
  try {
    parseWith(schema, value, lang);
    return undefined;
  } catch (err) {
    if (err instanceof ValidationError) return err.fields.map((f) => f.message).join('; ');
    throw err;
  }
}

const Port = z.coerce.number().int().min(1).max(65535);

export function portError(value: string, lang: Lang): string | undefined {
  return zodMessage(Port, value.trim() === '' ? undefined : value.trim(), lang);
}

export function usernameError(value: string, lang: Lang): string | undefined {
  return /^[\w.@-]{2,100}$/.test(value) ? undefined : t(lang, 'setup.badUsername');
}

export function emailError(value: string, lang: Lang): string | undefined {
  return z.email().max(255).safeParse(value).success ? undefined : t(lang, 'users.badEmail');
}

/** The password policy of a new installation (the parameters' defaults); apply.ts checks the stored one again. */
export function defaultPasswordPolicy(): PasswordPolicy {
  const byKey = new Map(PARAMS.map((p) => [p.key, p.default]));
  return Object.fromEntries(POLICY_KEYS.map((k) => [k, byKey.get(k)])) as unknown as PasswordPolicy;
}

export function passwordError(value: string, lang: Lang, policy = defaultPasswordPolicy()): string | undefined {
  const broken = policyViolations(value, policy);
  return broken.length ? t(lang, 'auth.passwordPolicy', { rules: broken.join(', ') }) : undefined;
}

export function choiceError(value: string, choices: readonly string[], lang: Lang): string | undefined {
  return zodMessage(z.enum(choices as [string, ...string[]]), value, lang);
}

/** The form of a database URL (sqlite: or mysql://…/db). */
export function databaseUrlError(value: string, dataDir: string, lang: Lang): string | undefined {
  try {
    resolveDbTarget(value, dataDir);
    return undefined;
  } catch {
    return t(lang, 'setup.badDatabaseUrl');
  }
}

/**
 * The connection test: MySQL/MariaDB answer `SELECT 1` within 10 s; for SQLite the folder of the file must be
 * writable (nothing is created here). Undefined when it works, else the translated reason.
 */
export async function databaseError(value: string, dataDir: string, lang: Lang): Promise<string | undefined> {
  const form = databaseUrlError(value, dataDir, lang);
  if (form) return form;
  const target = resolveDbTarget(value, dataDir);
  if (target.dialect === 'sqlite') {
    const file = (target.knexConfig.connection as { filename: string }).filename;
    if (file === ':memory:') return undefined;
    let dir = path.dirname(file);
    while (!fs.existsSync(dir) && path.dirname(dir) !== dir) dir = path.dirname(dir);
    try {
      fs.accessSync(dir, fs.constants.W_OK);
      return undefined;
    } catch (err) {
      return t(lang, 'setup.dbUnreachable', { detail: (err as Error).message });
    }
  }
  const connection = { ...(target.knexConfig.connection as object), connectTimeout: 10_000 };
  const db = knexFactory({
    ...target.knexConfig,
    connection,
    pool: { min: 0, max: 1 },
    acquireConnectionTimeout: 12_000,
    // The refusal below says what went wrong; knex's own log would print it a second time, with a stack.
    log: { warn: () => {}, error: () => {}, debug: () => {}, deprecate: () => {} },
  });
  try {
    await db.raw('SELECT 1');
    return undefined;
  } catch (err) {
    const e = err as { code?: string; message?: string };
    const detail = [e.code, e.message].filter(Boolean).join(': ') || String(err);
    return t(lang, 'setup.dbUnreachable', { detail: `${target.describe}: ${detail}` });
  } finally {
    await db.destroy();
  }
}

/** A password from a file (its last line break dropped), refused with a translated message when unreadable. */
export function readPasswordFile(file: string, lang: Lang): string {
  try {
    return fs.readFileSync(file, 'utf8').replace(/\r?\n$/, '');
  } catch (err) {
    throw new SetupRefused(t(lang, 'setup.passwordFile', { file, detail: (err as Error).message }));
  }
}

// ── asking ───────────────────────────────────────────────────────────────────────────────────────────────────────

export interface WizardContext {
  lang: Lang;
  /** Where atrium.env and the embedded database go. */
  dataDir: string;
  /** The current configuration's answers (environment, then an existing atrium.env, then the defaults). */
  current: { databaseUrl: string; port: number };
  /** Prompts; absent with --yes (or when there is no terminal to ask on). */
  asker?: Asker;
  env?: NodeJS.ProcessEnv;
}

type Checker = (value: string) => Promise<string | undefined> | string | undefined;

/**
 * One answer: from its flag (checked; refused when bad), else with --yes its default (or a refusal naming the flag
 * when it has none), else asked until the check passes. Answers other than secrets are trimmed.
 */
async function answer(
  ctx: WizardContext,
  q: { message: string; flag: string; given?: string; default?: string; secret?: boolean; check: Checker },
): Promise<string> {
  const tidy = (value: string) => (q.secret ? value : value.trim());
  const check: Checker = (value) => q.check(tidy(value));
  const refuseIfBad = async (value: string) => {
    const error = await check(value);
    if (error) throw new SetupRefused(error);
    return tidy(value);
  };
  if (q.given !== undefined) return refuseIfBad(q.given);
  if (!ctx.asker) {
    if (q.default !== undefined) return refuseIfBad(q.default);
    throw new SetupRefused(t(ctx.lang, 'setup.required', { question: q.message, flag: q.flag }));
  }
  const validate: Check = async (value) => (await check(value)) ?? true;
  return tidy(
    q.secret
      ? await ctx.asker.password({ message: q.message, validate })
      : await ctx.asker.input({ message: q.message, default: q.default, validate }),
  );
}

/** One of a few choices: from its flag or, with --yes, its default (both checked), else picked from a list. */
async function choose<T extends string>(
  ctx: WizardContext,
  q: { message: string; flag: string; given?: string; default: T; choices: Array<{ name: string; value: T }> },
): Promise<T> {
  if (q.given !== undefined || !ctx.asker) {
    const values = q.choices.map((c) => c.value);
    return (await answer(ctx, { ...q, check: (v) => choiceError(v, values, ctx.lang) })) as T;
  }
  return ctx.asker.select({ message: q.message, choices: q.choices, default: q.default });
}

/** A secret from a file (--…-password-file), else from the environment, else undefined (to be asked). */
function givenSecret(file: string | undefined, fromEnv: string | undefined, lang: Lang): string | undefined {
  return file ? readPasswordFile(file, lang) : fromEnv;
}

async function yesNo(ctx: WizardContext, message: string, given: boolean | undefined, fallback: boolean) {
  if (given !== undefined) return given;
  if (!ctx.asker) return fallback;
  return ctx.asker.confirm({ message, default: fallback });
}

/** Asks (or takes from the flags) every answer and checks it; writes nothing. */
export async function collectAnswers(flags: SetupFlags, ctx: WizardContext): Promise<SetupAnswers> {
  const { lang, dataDir } = ctx;
  const env = ctx.env ?? process.env;
  const q = (key: string, params?: Record<string, string>) => t(lang, `setup.q.${key}`, params);

  // Database: embedded or a MySQL URL, with the connection test.
  let databaseUrl: string;
  const dbCheck: Checker = (v) => databaseError(v, dataDir, lang);
  if (flags.databaseUrl !== undefined || !ctx.asker) {
    databaseUrl = await answer(ctx, {
      message: q('databaseUrl'),
      flag: '--database-url',
      given: flags.databaseUrl,
      default: ctx.current.databaseUrl,
      check: dbCheck,
    });
  } else {
    const kind = await ctx.asker.select({
      message: q('database'),
      choices: [
        { name: t(lang, 'setup.dbEmbedded'), value: 'sqlite' as const },
        { name: t(lang, 'setup.dbMysql'), value: 'mysql' as const },
      ],
      default: ctx.current.databaseUrl.startsWith('sqlite:') ? 'sqlite' : 'mysql',
    });
    const sqliteNow = ctx.current.databaseUrl.startsWith('sqlite:');
    databaseUrl =
      kind === 'sqlite'
        ? sqliteNow
          ? ctx.current.databaseUrl
          : 'sqlite:'
        : await answer(ctx, {
            message: q('databaseUrl'),
            flag: '--database-url',
            default: sqliteNow ? undefined : ctx.current.databaseUrl,
            check: (v) => (v.startsWith('sqlite:') ? t(lang, 'setup.badDatabaseUrl') : dbCheck(v)),
          });
    if (kind === 'sqlite') {
      const error = await dbCheck(databaseUrl);
      if (error) throw new SetupRefused(error);
    }
  }

  const port = Number(
    await answer(ctx, {
      message: q('port'),
      flag: '--port',
      given: flags.port,
      default: String(ctx.current.port || 8080),
      check: (v) => portError(v, lang),
    }),
  );

  const adminUsername = await answer(ctx, {
    message: q('adminUsername'),
    flag: '--admin-username',
    given: flags.adminUsername,
    default: 'admin',
    check: (v) => usernameError(v, lang),
  });
  const adminEmail = await answer(ctx, {
    message: q('adminEmail'),
    flag: '--admin-email',
    given: flags.adminEmail,
    check: (v) => emailError(v, lang),
  });

  // The password: a file, or ATRIUM_ADMIN_PASSWORD, or typed twice; never a plain argument.
  const givenPassword = givenSecret(flags.adminPasswordFile, env.ATRIUM_ADMIN_PASSWORD || undefined, lang);
  let adminPassword: string;
  for (;;) {
    adminPassword = await answer(ctx, {
      message: q('adminPassword'),
      flag: '--admin-password-file',
      given: givenPassword,
      secret: true,
      check: (v) => passwordError(v, lang),
    });
    if (givenPassword !== undefined || !ctx.asker) break;
    const again = await ctx.asker.password({ message: q('adminPasswordAgain'), validate: () => true });
    if (again === adminPassword) break;
    console.error(t(lang, 'auth.passwordMismatch'));
  }

  // Mail: an SMTP server, or none.
  const wantsMail =
    flags.mail === false
      ? false
      : flags.smtpHost !== undefined || flags.mail === true || (await yesNo(ctx, q('mail'), undefined, false));
  let mail: MailAnswers | null = null;
  if (wantsMail) {
    const host = await answer(ctx, {
      message: q('smtpHost'),
      flag: '--smtp-host',
      given: flags.smtpHost,
      check: (v) => zodMessage(z.string().trim().min(1).max(255), v, lang),
    });
    const smtpPort = Number(
      await answer(ctx, {
        message: q('smtpPort'),
        flag: '--smtp-port',
        given: flags.smtpPort,
        default: '465',
        check: (v) => portError(v, lang),
      }),
    );
    const security = await choose(ctx, {
      message: q('smtpSecurity'),
      flag: '--smtp-security',
      given: flags.smtpSecurity,
      default: smtpPort === 465 ? ('ssl' as SmtpSecurity) : 'starttls',
      choices: SMTP_SECURITY.map((s) => ({ name: s, value: s })),
    });
    const account = await answer(ctx, {
      message: q('smtpAccount'),
      flag: '--smtp-account',
      given: flags.smtpAccount,
      check: (v) => emailError(v, lang),
    });
    const smtpPassword =
      givenSecret(flags.smtpPasswordFile, env.ATRIUM_SMTP_PASSWORD, lang) ??
      (await answer(ctx, {
        message: q('smtpPassword'),
        flag: '--smtp-password-file',
        default: '',
        secret: true,
        check: (v) => zodMessage(z.string().max(500), v, lang),
      }));
    const fromName = await answer(ctx, {
      message: q('smtpFromName'),
      flag: '--smtp-from-name',
      given: flags.smtpFromName,
      default: 'Atrium',
      check: (v) => zodMessage(z.string().max(100), v, lang),
    });
    mail = {
      host,
      port: smtpPort,
      security,
      account,
      ...(smtpPassword ? { password: smtpPassword } : {}),
      ...(fromName ? { fromName } : {}),
    };
  }
  const testMail = mail ? await yesNo(ctx, q('testMail', { email: adminEmail }), flags.testMail, true) : false;

  const language = await choose<Lang>(ctx, {
    message: q('language'),
    flag: '--language',
    // The installation's default language (the defaultLanguage parameter), and the test message's.
    given: flags.language,
    default: lang,
    choices: LANGS.map((value) => ({ name: `${LANG_NAMES[value]} (${value})`, value })),
  });

  const demo = await yesNo(ctx, q('demo'), flags.demo, false);

  return { databaseUrl, port, adminUsername, adminEmail, adminPassword, mail, testMail, language, demo };
}

/** The Asker of a terminal: inquirer's prompts on `input`/`output` (stdin and stdout unless told). */
export function inquirerAsker(streams: { input?: NodeJS.ReadableStream; output?: NodeJS.WritableStream } = {}): Asker {
  const one = async <T>(question: Record<string, unknown>): Promise<T> => {
    // A prompt ends the output it was given when done: a stream of the caller's gets a fresh pipe per question.
    let output = streams.output;
    if (output && output !== process.stdout) {
      const pipe = new PassThrough();
      pipe.pipe(output, { end: false });
      output = pipe;
    }
    const prompt = inquirer.createPromptModule({ input: streams.input, output } as Parameters<
      typeof inquirer.createPromptModule
    >[0]);
    const answers = (await prompt([{ ...question, name: 'value' }] as never)) as { value: T };
    return answers.value;
  };
  return {
    input: (q) => one<string>({ type: 'input', message: q.message, default: q.default, validate: q.validate }),
    password: (q) => one<string>({ type: 'password', mask: '*', message: q.message, validate: q.validate }),
    confirm: (q) => one<boolean>({ type: 'confirm', message: q.message, default: q.default }),
    select: (q) => one({ type: 'select', message: q.message, choices: q.choices, default: q.default }),
  };
}
