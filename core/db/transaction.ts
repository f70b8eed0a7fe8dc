/**
 * The one way Atrium runs a writing transaction (`runTx`), and the one way to act once it has committed
 * (`afterCommit`). The runner itself knows when its COMMIT succeeded, so the actions wait on that, not on
 * knex's internals.
 */
import type { Knex } from 'knex';

/** A database handle or an open transaction: what a query function that may run in either accepts. */
export type Db = Knex | Knex.Transaction;

/** MySQL picks a deadlock victim and asks it to try again; SQLite answers busy when another process holds the write lock. */
export function isRetryable(err: unknown): boolean {
  const e = err as { code?: string; errno?: number };
  return e.code === 'ER_LOCK_DEADLOCK' || e.errno === 1213 || e.code === 'SQLITE_BUSY';
}

/** Attempts of one transaction before its deadlock (or busy) error reaches the caller. */
const ATTEMPTS = 4;

/** What each run of a transaction asked to do once it commits; a run that failed takes its list with it. */
const committing = new WeakMap<Knex.Transaction, Array<() => void>>();

/**
 * Runs `fn` in a transaction and commits it, running it again from the start when the database chose it as a
 * deadlock victim. `fn` may therefore run more than once: whatever it collects outside the database must be
 * collected afresh on each run. Once COMMIT has succeeded, the run's `afterCommit` actions run, in order.
 */
export async function runTx<T>(db: Knex, fn: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const actions: Array<() => void> = [];
    let result: T;
    try {
      result = await db.transaction((trx) => {
        committing.set(trx, actions);
        return fn(trx);
      });
    } catch (err) {
      if (isRetryable(err) && attempt < ATTEMPTS) continue;
      throw err;
    }
    for (const action of actions) {
      try {
        action();
      } catch (err) {
        // The change has committed: a failing announcement must not make its caller believe otherwise.
        process.emitWarning(err instanceof Error ? err : new Error(String(err)), 'AfterCommitWarning');
      }
    }
    return result;
  }
}

/**
 * Runs `fn` once the transaction `trx` belongs to has committed, and never when it rolls back, so nothing
 * announces a change that did not happen. Outside a transaction the statements are committed already, so `fn`
 * runs at once. A savepoint's actions wait for the outermost COMMIT (a savepoint rolled back on its own does
 * not cancel them). `fn` must not throw.
 */
export function afterCommit(trx: Knex | Knex.Transaction, fn: () => void): void {
  if (!trx.isTransaction) {
    fn();
    return;
  }
  let top = trx as Knex.Transaction;
  while (top.parentTransaction) top = top.parentTransaction;
  const actions = committing.get(top);
  // A transaction opened with db.transaction() would give no sign of its COMMIT: acting now could announce a
  // change that is then rolled back, and never acting would lose it.
  if (!actions) throw new Error('afterCommit needs a transaction run by runTx (core/db/transaction.ts)');
  actions.push(fn);
}
