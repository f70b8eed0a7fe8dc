/** The bench's Atrium: the real server on SQLite, or on MariaDB when ATRIUM_BENCH_MYSQL_URL is set. */
import { startTestApp, type TestApp } from '../test/helpers/app.ts';

export async function startBenchApp(): Promise<TestApp> {
  const mysql = process.env.ATRIUM_BENCH_MYSQL_URL;
  if (mysql) process.env.ATRIUM_TEST_MYSQL_URL = mysql;
  return startTestApp({ dialect: mysql ? 'mysql' : 'sqlite' });
}
