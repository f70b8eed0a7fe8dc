/**
 * Statements sent to MariaDB in one round trip. On a busy machine each trip to the database costs as much as the
 * statement itself (the write to its socket, the wait, the wake-up), and a creation's writes wait on one another
 * only for ids the database can hand on itself: the booking's through a session variable, the change record's
 * through LAST_INSERT_ID(). MariaDB connections take several statements in one query (core/db/connection.ts, where
 * the reason it is safe is written); SQLite runs in this process, with no trip to save, and its callers send the
 * statements one by one as before (docs/performance.md P1).
 */
import type { Knex } from 'knex';
import type { Db } from './transaction.ts';

/** True where the connection takes several statements in one query (MariaDB). */
export function takesBatches(db: Db): boolean {
  const connection = db.client.config.connection as { multipleStatements?: boolean } | undefined;
  return connection?.multipleStatements === true;
}

/**
 * Sends two or more of knex's statements, their values bound as always, in one query and answers the id each one
 * generated (or handed on), in order. The first statement that fails stops the rest and rejects the whole, with
 * that statement's error.
 */
export async function sendTogether(
  trx: Db,
  statements: ReadonlyArray<Knex.QueryBuilder | Knex.Raw>,
): Promise<number[]> {
  if (!takesBatches(trx)) throw new Error('sendTogether needs a connection that takes several statements (MariaDB)');
  if (statements.length < 2) throw new Error('sendTogether sends two statements or more');
  const natives = statements.map((s) => s.toSQL().toNative());
  const [answers] = (await trx.raw(
    natives.map((n) => n.sql).join(';\n'),
    natives.flatMap((n) => n.bindings as Knex.Value[]),
  )) as [Array<{ insertId: number | string }>];
  return answers.map((a) => Number(a.insertId));
}
