/**
 * Runs a callback once the caller's transaction has committed, so events never
 * announce a change that was rolled back. We hook knex's own `executionPromise`
 * (resolved after COMMIT, rejected on a rollback with an error) instead of
 * returning events for the caller to emit: callers (the no-show job, the booking
 * engine) then cannot forget to emit, nor emit twice.
 *
 * A savepoint's `executionPromise` resolves at RELEASE SAVEPOINT, long before the
 * real COMMIT, so we climb to the outermost transaction first.
 * Limitation: knex resolves (not rejects) `executionPromise` for `trx.rollback()`
 * called without an error; callers that roll back by hand must pass one.
 */
import type { Knex } from 'knex';

interface Transactor {
  executionPromise?: Promise<unknown>;
  parentTransaction?: Transactor;
  isTransaction?: boolean;
}

export function afterCommit(trx: Knex | Knex.Transaction, fn: () => void): void {
  let top = trx as unknown as Transactor;
  while (top.parentTransaction) top = top.parentTransaction;
  if (!top.isTransaction || !top.executionPromise) {
    // Not in a transaction: the statements are already committed.
    fn();
    return;
  }
  top.executionPromise.then(fn, () => {
    // Rolled back: nothing happened, nothing to announce.
  });
}
