/**
 * Tells a process-local cache that rows it copied may have changed: every INSERT, UPDATE, DELETE or REPLACE this
 * process sends on one of the watched tables calls `onWrite` when it is sent, and once more when its transaction's
 * COMMIT is sent, so a read that ran between the statement and the commit (and saw the old rows) is not kept
 * either. Writes by other processes are not seen here: a cache that uses this must also let its copies expire.
 */
import type { Knex } from 'knex';

interface QueryEvent {
  sql?: string;
  __knexTxId?: string;
}

/** The table an INSERT, UPDATE, DELETE or REPLACE names first (knex quotes it with backticks on both dialects). */
const WRITE = /^\s*(?:insert\s+(?:or\s+\w+\s+)?into|replace\s+into|update|delete\s+from)\s+[`"]?(\w+)[`"]?/i;

export function writtenTable(sql: string): string | undefined {
  return WRITE.exec(sql)?.[1]?.toLowerCase();
}

/**
 * Calls `onWrite(table, sql)` for writes on `tables` (see above); `onWrite` answers false to let a statement it
 * knows to be harmless pass. Answers the function that stops watching.
 */
export function watchWrites(
  db: Knex,
  tables: readonly string[],
  onWrite: (table: string, sql: string) => boolean | void,
): () => void {
  const watched = new Set(tables);
  const pendingCommit = new Map<string, string>();
  const listener = (q: QueryEvent) => {
    const sql = q.sql;
    if (!sql) return;
    if (q.__knexTxId && pendingCommit.has(q.__knexTxId) && /^\s*(commit|rollback)/i.test(sql)) {
      const table = pendingCommit.get(q.__knexTxId)!;
      pendingCommit.delete(q.__knexTxId);
      onWrite(table, sql);
      return;
    }
    const table = writtenTable(sql);
    if (!table || !watched.has(table)) return;
    if (onWrite(table, sql) === false) return;
    if (q.__knexTxId) pendingCommit.set(q.__knexTxId, table);
  };
  db.on('query', listener);
  return () => void db.removeListener('query', listener);
}
