/** knex migrations from the top-level migrations/ folder, shared by the server, the CLI and the tests. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';

export const migrationsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

const migrationConfig: Knex.MigratorConfig = {
  directory: migrationsDir,
  loadExtensions: ['.cjs'],
  tableName: 'knex_migrations',
};

export async function migrateLatest(db: Knex): Promise<string[]> {
  const [, applied] = await db.migrate.latest(migrationConfig);
  return applied as string[];
}

export async function migrateDown(db: Knex, all = false): Promise<string[]> {
  const [, undone] = await db.migrate.rollback(migrationConfig, all);
  return undone as string[];
}

export async function migrationStatus(db: Knex): Promise<{ done: string[]; pending: string[] }> {
  const [done, pending] = (await db.migrate.list(migrationConfig)) as [
    Array<{ name: string }>,
    Array<{ file: string }>,
  ];
  return { done: done.map((d) => d.name), pending: pending.map((p) => p.file) };
}
