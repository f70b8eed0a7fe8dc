/**
 * Brings a database to a usable state: migrations, the base data of every
 * module, the first administrator, and (on an empty installation, when asked)
 * the demo organisation. Safe to run at every start.
 */
import type { AppContainer } from './cradle.ts';
import { migrateLatest } from './db/migrations.ts';
import { keepDataDirPrivate } from './db/private-files.ts';
import { modules } from './modules/index.ts';
import { seedDemo } from './seed/demo.ts';

export interface PrepareResult {
  migrations: string[];
  adminPassword?: string;
  demoSeeded: boolean;
}

export async function prepare(container: AppContainer, options: { demo?: boolean } = {}): Promise<PrepareResult> {
  const c = container.cradle;
  const loose = keepDataDirPrivate(c.config.dataDir);
  if (loose.length) c.logger.warn({ paths: loose }, 'could not make these owner-only (chmod 700/600): do it by hand');
  const migrations = await migrateLatest(c.db);
  for (const m of modules) if (m.seed) await m.seed(c);
  const admin = await c.usersService.ensureAdmin();
  let demoSeeded = false;
  if (options.demo) {
    const resources = await c.db('resources').count({ n: '*' }).first();
    if (Number(resources?.n ?? 0) === 0) {
      await seedDemo(c);
      demoSeeded = true;
    }
  }
  return { migrations, adminPassword: admin.created ? admin.password : undefined, demoSeeded };
}

/** The first-start notice with the administrator's initial password: printed once, never logged. */
export function adminPasswordNotice(password: string, fromConfig: boolean): string {
  const line = '─'.repeat(60);
  return [
    line,
    ' Atrium: the administrator account was created.',
    '   username: admin',
    fromConfig ? '   password: (from ATRIUM_ADMIN_PASSWORD)' : `   password: ${password}`,
    ' It must be changed at the first sign-in. This is shown only once.',
    line,
  ].join('\n');
}
