/**
 * Opens the database named by the configuration: an SQLite file in the data
 * dir by default, or MySQL/MariaDB by `mysql://` URL. Everything above this
 * file speaks plain knex and must run unchanged on both.
 */
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { keepDatabaseFilePrivate } from './private-files.ts';
import { cacheStatements } from './statement-cache.ts';

export type Dialect = 'sqlite' | 'mysql';

export interface DbTarget {
  dialect: Dialect;
  knexConfig: Knex.Config;
  /** Human-readable location, never containing the password. */
  describe: string;
}

export function resolveDbTarget(databaseUrl: string, dataDir: string): DbTarget {
  if (databaseUrl.startsWith('sqlite:')) {
    const file = databaseUrl.slice('sqlite:'.length).replace(/^\/\//, '') || path.join(dataDir, 'atrium.db');
    const filename = file === ':memory:' ? file : path.resolve(file);
    return {
      dialect: 'sqlite',
      describe: `sqlite:${filename}`,
      knexConfig: {
        client: 'better-sqlite3',
        connection: { filename },
        useNullAsDefault: true,
        pool: {
          min: 1,
          max: 1,
          // WAL lets readers proceed while one writer works; busy_timeout makes a second
          // process wait for the write lock instead of failing at once.
          afterCreate: (
            conn: { pragma: (s: string) => void } & Parameters<typeof cacheStatements>[0],
            done: (err: Error | null, c: unknown) => void,
          ) => {
            cacheStatements(conn);
            conn.pragma('journal_mode = WAL');
            conn.pragma('busy_timeout = 5000');
            conn.pragma('foreign_keys = ON');
            conn.pragma('synchronous = NORMAL');
            done(null, conn);
          },
        },
      },
    };
  }
  if (databaseUrl.startsWith('mysql://') || databaseUrl.startsWith('mariadb://')) {
    const url = new URL(databaseUrl.replace(/^mariadb:/, 'mysql:'));
    const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
    if (!database) throw new Error('DATABASE_URL must name a database: mysql://user:pass@host:3306/db');
    return {
      dialect: 'mysql',
      describe: `mysql://${url.hostname}:${url.port || 3306}/${database}`,
      knexConfig: {
        client: 'mysql2',
        connection: {
          host: url.hostname,
          port: Number(url.port || 3306),
          user: decodeURIComponent(url.username),
          password: decodeURIComponent(url.password),
          database,
          charset: 'utf8mb4',
          timezone: 'Z',
          supportBigNumbers: true,
          bigNumberStrings: false,
          // Several statements in one query, so a creation's writes travel together (core/db/batch.ts). Safe
          // because no statement is ever built from a value: every value is bound through knex and escaped by the
          // driver, so no input can end a statement and start another (test/unit/bound-values.test.ts keeps it so).
          multipleStatements: true,
        },
        pool: { min: 0, max: 10 },
      },
    };
  }
  throw new Error(`Unsupported DATABASE_URL "${databaseUrl.split(':')[0]}:": use sqlite: or mysql://`);
}

export function openDatabase(target: DbTarget): Knex {
  if (target.dialect === 'sqlite') {
    const filename = (target.knexConfig.connection as { filename: string }).filename;
    // Owner-only before SQLite creates it. In the data directory, a mode that cannot be changed is reported at start.
    if (filename !== ':memory:') keepDatabaseFilePrivate(filename);
  }
  return knexFactory(target.knexConfig);
}
