/**
 * What every CLI command shares: the same configuration and database as
 * `npm start`, a container to reach the services, and clean shutdown.
 */
import { loadConfig } from '../config/default.ts';
import { adminPasswordNotice, prepare } from '../core/bootstrap.ts';
import { buildContainer, makeLogger, type AppContainer } from '../core/container.ts';

export async function withContainer<T>(fn: (container: AppContainer) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const container = buildContainer(config, { logger: makeLogger(process.env.LOG_LEVEL ?? 'warn') });
  try {
    return await fn(container);
  } finally {
    await container.dispose();
  }
}

/** Parses `90s`, `15m`, `1h`, `2d` (or plain seconds) into seconds. */
export function parseDuration(text: string): number {
  const m = /^(\d+)\s*([smhd]?)$/i.exec(text.trim());
  if (!m) throw new Error(`Not a duration: "${text}" (use 90s, 15m, 1h or 2d)`);
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86_400 }[m[2]!.toLowerCase() as '' | 's' | 'm' | 'h' | 'd'];
  return Number(m[1]) * unit;
}

/** Errors the user can act on are printed plainly; the exit code tells scripts it failed. */
export function fail(message: string): never {
  console.error(`atrium: ${message}`);
  process.exit(1);
}

/** Migrates and seeds like the server does; if that made the first administrator, prints its password once. */
export async function ready(container: AppContainer): Promise<void> {
  const result = await prepare(container);
  if (result.adminPassword)
    console.log(adminPasswordNotice(result.adminPassword, Boolean(container.cradle.config.adminPassword)));
}
