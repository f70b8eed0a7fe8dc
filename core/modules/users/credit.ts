/**
 * A user's credit balance (users.credit_balance) as the bookings' credit ledger reaches it (docs/conventions.md,
 * "Table ownership"): read it, read it inside another query (the booking plan's one round trip), and move it.
 */
import type { Knex } from 'knex';
import type { Db } from '../../db/transaction.ts';
import { UserModel } from './model.ts';

/** The balance, or undefined when there is no such user. */
export async function creditBalance(db: Db, userId: number): Promise<number | undefined> {
  return (await UserModel.query(db).findById(userId).select('credit_balance'))?.creditBalance;
}

/** The balance as a scalar subquery, to select inside the caller's query (`.select(creditBalanceOf(…).as('b'))`). */
export function creditBalanceOf(db: Db, userId: number): Knex.QueryBuilder {
  return db('users').where({ id: userId }).select('credit_balance');
}

/**
 * Adds `delta` (negative to take) to the balance in one statement; with `noDebt` a take that would leave the
 * balance below zero changes nothing. True when the balance changed (false: no such user, or not enough).
 */
export async function moveCredit(
  trx: Db,
  userId: number,
  delta: number,
  { noDebt = false }: { noDebt?: boolean } = {},
): Promise<boolean> {
  const q = trx('users').where({ id: userId });
  if (noDebt && delta < 0) q.where('credit_balance', '>=', -delta);
  const n = delta < 0 ? await q.decrement('credit_balance', -delta) : await q.increment('credit_balance', delta);
  return n === 1;
}
