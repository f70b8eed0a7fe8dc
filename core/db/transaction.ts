/**
 * The one way Atrium runs a writing transaction, and the one way to act once it
 * has committed.
 */
import type { Knex } from 'knex';

/** MySQL picks a deadlock victim and asks it to try again; SQLite answers busy when another process holds the write lock. */
export function isRetryable(err: unknown): boolean {
  const e = err as { code?: string; errno?: number };
  return e.code === 'ER_LOCK_DEADLOCK' || e.errno === 1213 || e.code === 'SQLITE_BUSY';
}

/** Attempts of one transaction before its deadlock (or busy) error reaches the caller. */
const ATTEMPTS = 4;

/**
 * Runs `fn` in a transaction and commits it, running it again from the start when the database chose it as a
 * deadlock victim. `fn` may therefore run more than once: whatever it collects outside the database must be
 * collected afresh on each run.
 */
export async function runTx<T>(db: Knex, fn: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(fn);
    } catch (err) {
      if (isRetryable(err) && attempt < ATTEMPTS) continue;
      throw err;
    }
  }
}

interface Transactor {
  executionPromise?: Promise<unknown>;
  parentTransaction?: Transactor;
  isTransaction?: boolean;
}

/**
 * Runs `fn` once the caller's transaction has committed, and never when it rolls back, so nothing announces a
 * change that did not happen. Knex resolves a transaction's own `executionPromise` after COMMIT and rejects it
 * on a rollback with an error; a savepoint's resolves at RELEASE SAVEPOINT, long before the real COMMIT, so we
 * climb to the outermost transaction first. Outside a transaction the statements are committed already, so
 * `fn` runs at once.
 *
 * Limitation: knex resolves (not rejects) `executionPromise` for `trx.rollback()` called without an error;
 * code that rolls back by hand must pass one.
 */
export function afterCommit(trx: Knex | Knex.Transaction, fn: () => void): void {
  let top = trx as unknown as Transactor;
  while (top.parentTransaction) top = top.parentTransaction;
  if (!top.isTransaction || !top.executionPromise) {
    fn();
    return;
  }
  top.executionPromise.then(fn, () => {
    // Rolled back: nothing happened, nothing to act on.
  });
}
