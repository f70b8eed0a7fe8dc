/**
 * `atrium setup` from answers to an installation: the database migrated and given its base data, the
 * administrator created (or updated) through the console's user service, the mail provider saved through the
 * integrations service (its password sealed like the console's) after the console's connection test, a test
 * message, the demo organisation when asked, and last `atrium.env`. A refused answer stops before anything is
 * written; a failure while applying stops before atrium.env is written (running setup again finishes the job).
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../config/default.ts';
import { systemActor, type Actor } from '../actor.ts';
import { prepare } from '../bootstrap.ts';
import { buildContainer, makeLogger, type AppContainer } from '../container.ts';
import { resolveDbTarget } from '../db/connection.ts';
import { AppError, ValidationError } from '../errors.ts';
import { t, type Lang } from '../i18n/index.ts';
import { ADMIN_ROLE } from '../modules/roles/index.ts';
import { UserFields, type UserAdminService } from '../modules/users/index.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { envFilePath, writeEnvFile } from './env-file.ts';
import { collectAnswers, SetupRefused, wizardLang, type Asker, type SetupAnswers, type SetupFlags } from './wizard.ts';

export interface SetupOptions {
  env?: NodeJS.ProcessEnv;
  /** Prompts (a terminal's); without them, or with --yes, every answer comes from a flag or its default. */
  asker?: Asker;
  log?: (line: string) => void;
}

export interface SetupOutcome {
  envFile: string;
  answers: SetupAnswers;
  /** False when the test message could not be sent (everything else was done). */
  testMailSent: boolean;
}

/** The variables `atrium setup` writes; a variable of the same name in the environment wins at start. */
export const WRITTEN_VARIABLES = ['DATABASE_URL', 'PORT', 'ATRIUM_SEED_DEMO'] as const;

/** The whole wizard: checks for an existing atrium.env, asks, applies, writes the file. */
export async function runSetup(flags: SetupFlags, options: SetupOptions = {}): Promise<SetupOutcome> {
  const env = options.env ?? process.env;
  const log = options.log ?? ((line: string) => console.log(line));
  const lang = wizardLang(flags.lang, env);
  const dataDir = path.resolve(env.ATRIUM_DATA_DIR ?? './data');
  const asker = flags.yes ? undefined : options.asker;
  const file = envFilePath(dataDir);
  if (fs.existsSync(file) && !flags.force) {
    if (!asker) throw new SetupRefused(t(lang, 'setup.envExists', { file }));
    if (!(await asker.confirm({ message: t(lang, 'setup.q.overwrite', { file }), default: false })))
      throw new SetupRefused(t(lang, 'setup.cancelled'));
  }
  const current = loadConfig(env);
  log(t(lang, 'setup.title', { file }));
  const answers = await collectAnswers(flags, { lang, dataDir, current, asker, env });
  const testMailSent = await applySetup(answers, { env, lang, dataDir, log });
  const written = writeEnvFile(
    dataDir,
    { DATABASE_URL: answers.databaseUrl, PORT: String(answers.port), ATRIUM_SEED_DEMO: 'false' },
    [
      `Written by atrium setup on ${new Date().toISOString()}.`,
      'Read by npm start and the atrium command at start; an environment variable of the same name wins.',
      'ATRIUM_DATA_DIR cannot be set here: this file lives in the data directory.',
    ],
  );
  log(t(lang, 'setup.written', { file: written }));
  for (const name of WRITTEN_VARIABLES) if (env[name] !== undefined) log(t(lang, 'setup.envWins', { name }));
  return { envFile: written, answers, testMailSent };
}

/** An error of a service as the console would show it, in the wizard's language. */
export function serviceMessage(err: unknown, lang: Lang): string | undefined {
  if (err instanceof ValidationError && err.fields.length) return err.fields.map((f) => f.message).join('; ');
  if (err instanceof AppError) return t(lang, err.key, err.params);
  return undefined;
}

/** Applies the answers to the database and the integrations; answers whether the test message went out. */
export async function applySetup(
  a: SetupAnswers,
  ctx: { env: NodeJS.ProcessEnv; lang: Lang; dataDir: string; log: (line: string) => void },
): Promise<boolean> {
  const { lang, log } = ctx;
  const config = loadConfig(ctx.env, {
    dataDir: ctx.dataDir,
    databaseUrl: a.databaseUrl,
    port: a.port,
    seedDemo: false,
  });
  log(t(lang, 'setup.preparing', { database: resolveDbTarget(a.databaseUrl, config.dataDir).describe }));
  const container = buildContainer(config, { logger: makeLogger(ctx.env.LOG_LEVEL ?? 'error') });
  const actor: Actor = { ...systemActor(lang), username: 'setup', ip: 'cli' };
  try {
    const prepared = await prepare(container, { demo: a.demo });
    await setAdministrator(container, actor, a, prepared.adminPassword !== undefined, log);
    await container.cradle.paramsService.setMany(actor, { defaultLanguage: a.language });
    let sent = true;
    if (a.mail) sent = await setMail(container, actor, a, log);
    if (a.demo)
      log(
        prepared.demoSeeded ? t(lang, 'setup.demoAdded', { password: DEMO_PASSWORD }) : t(lang, 'setup.demoNotAdded'),
      );
    return sent;
  } catch (err) {
    const message = serviceMessage(err, lang);
    throw message ? new SetupRefused(message) : err;
  } finally {
    await container.dispose();
  }
}

type CreateBody = Parameters<UserAdminService['create']>[1];
type UpdateBody = Parameters<UserAdminService['update']>[2];

/**
 * The administrator, through the console's user service (its checks, its password policy as stored, the
 * operation log): created with the admin role, or, when an administrator of that name exists (setup run again),
 * given the new e-mail address and password. The password is the operator's own, so no change is asked at the
 * first sign-in. When the administrator is not `admin` and this run made the built-in `admin` (with a random
 * password nobody saw), that account is disabled.
 */
async function setAdministrator(
  container: AppContainer,
  actor: Actor,
  a: SetupAnswers,
  builtinJustMade: boolean,
  log: (line: string) => void,
): Promise<void> {
  const { usersService, userAdminService, rolesService } = container.cradle;
  const lang = actor.lang;
  const existing = await usersService.findByUsername(a.adminUsername);
  if (!existing) {
    const roleId = await rolesService.roleIdByCode(ADMIN_ROLE);
    const body: CreateBody = {
      ...UserFields.parse({
        username: a.adminUsername,
        realName: 'Administrator',
        employeeNo: 'A0001',
        email: a.adminEmail,
        roleIds: [roleId],
      }),
      password: a.adminPassword,
      mustChangePassword: false,
    };
    await userAdminService.create(actor, body);
  } else {
    if (!(await rolesService.holdsAdmin(existing.id))) throw new SetupRefused(t(lang, 'users.duplicateUsername'));
    const view = await userAdminService.get(existing.id);
    if (view.email !== a.adminEmail || view.status !== 1) {
      const body: UpdateBody = UserFields.parse({
        username: view.username,
        realName: view.realName,
        employeeNo: view.employeeNo,
        phone: view.phone,
        email: a.adminEmail,
        cardNo: view.cardNo,
        department: view.department,
        workplace: view.workplace,
        position: view.position,
        corpSection: view.corpSection,
        costCenter: view.costCenter,
        ipAddress: view.ipAddress,
        status: 1,
        restricted: view.restricted,
        enableAt: view.enableAt,
        restrictAt: view.restrictAt,
        roleIds: view.roles.map((r) => r.id),
      });
      await userAdminService.update(actor, existing.id, body);
    }
    await userAdminService.resetPassword(actor, existing.id, {
      password: a.adminPassword,
      mustChangePassword: false,
      revokeApiKeys: false,
    });
  }
  log(t(lang, 'setup.adminReady', { username: a.adminUsername }));
  if (a.adminUsername !== 'admin' && builtinJustMade) {
    const builtin = await usersService.findByUsername('admin');
    if (builtin) {
      await userAdminService.setStatus(actor, builtin.id, 0);
      log(t(lang, 'setup.builtinAdminDisabled'));
    }
  }
}

/**
 * The mail provider: the console's connection test first (refused with its detail when the server does not
 * accept), then saved like the console saves it (the password sealed), then the test message to the
 * administrator through the provider just started. A test message that fails is reported, not fatal.
 */
async function setMail(
  container: AppContainer,
  actor: Actor,
  a: SetupAnswers,
  log: (line: string) => void,
): Promise<boolean> {
  const { integrationsService, pluginHost } = container.cradle;
  const lang = actor.lang;
  const mail = a.mail!;
  const settings: Record<string, unknown> = { variant: 'smtp', ...mail };
  const tested = await integrationsService.test(actor, 'notify', { provider: 'notify-email', settings });
  if (!tested.ok) throw new SetupRefused(t(lang, 'setup.mailFailed', { detail: tested.detail ?? '' }));
  await integrationsService.save(actor, 'notify', { provider: 'notify-email', settings });
  log(t(lang, 'setup.mailSaved'));
  if (!a.testMail) return true;
  const l = a.language;
  const text = t(l, 'setup.testBody', { host: mail.host });
  try {
    await pluginHost.call('notify', 'setup test message', (provider) =>
      provider.send({
        id: `setup-${Date.now()}`,
        event: 'setup.test',
        lang: l,
        to: [{ name: a.adminUsername, email: a.adminEmail, username: a.adminUsername }],
        cc: [],
        subject: t(l, 'setup.testSubject'),
        text,
        html: `<p>${text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</p>`,
      }),
    );
    log(t(lang, 'setup.testMailSent', { email: a.adminEmail }));
    return true;
  } catch (err) {
    log(t(lang, 'setup.testMailFailed', { detail: (err as Error).message }));
    return false;
  }
}
