/**
 * knex asks better-sqlite3 to prepare every statement again on each query, and SQLite's parser
 * and planner then cost more than running the statement itself. The connection remembers the
 * statements it prepared, by their SQL text, so a hot query is compiled once per connection.
 * Reuse is safe because knex runs them with all() or run(), which finish synchronously, and
 * SQLite re-prepares a cached statement by itself when a migration changes the schema.
 */
interface Statement {
  readonly reader: boolean;
}
interface PreparingConnection {
  prepare(sql: string): Statement;
}

/** Distinct statements kept per connection; `in (?, ?, …)` lists of varying length make the set open-ended. */
const LIMIT = 500;

export function cacheStatements(conn: PreparingConnection): void {
  const prepare = conn.prepare.bind(conn);
  const cache = new Map<string, Statement>();
  conn.prepare = (sql: string) => {
    let statement = cache.get(sql);
    if (statement) {
      // Least recently used goes first: move this one to the end.
      cache.delete(sql);
    } else {
      statement = prepare(sql);
      if (cache.size >= LIMIT) cache.delete(cache.keys().next().value!);
    }
    cache.set(sql, statement);
    return statement;
  };
}
