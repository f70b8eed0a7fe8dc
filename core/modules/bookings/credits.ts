/**
 * Credit movements (option |useCredit|). The balance lives in users.credit_balance and
 * changes only through guarded UPDATEs in the caller's transaction, each with its
 * ledger row, so concurrent charges can never take it below zero.
 */
import type { Knex } from 'knex';
import type { Actor } from '../../actor.ts';
import { paginateModels, type Page } from '../../db/paging.ts';
import { BusinessRuleError, NotFoundError } from '../../errors.ts';
import type { BookingDeps, Db } from './deps.ts';
import { CreditLedgerModel } from './model.ts';
import { loadSettings } from './settings.ts';
import type { Cradle } from '../../cradle.ts';
import { creditBalance, moveCredit } from '../users/index.ts';

export interface LedgerEntry {
  id: number;
  userId: number;
  amount: number;
  balanceAfter: number;
  kind: string;
  bookingId: number | null;
  note: string | null;
  createdBy: number | null;
  createdAt: number;
}

export async function balanceOf(trx: Db, userId: number): Promise<number> {
  const balance = await creditBalance(trx, userId);
  if (balance === undefined) throw new NotFoundError('user', userId);
  return balance;
}

async function ledger(
  trx: Db,
  now: number,
  e: {
    userId: number;
    amount: number;
    kind: string;
    bookingId?: number | null;
    note?: string | null;
    createdBy?: number | null;
  },
): Promise<void> {
  await trx('credit_ledger').insert({
    user_id: e.userId,
    amount: e.amount,
    balance_after: await balanceOf(trx, e.userId),
    kind: e.kind,
    booking_id: e.bookingId ?? null,
    note: e.note ?? null,
    created_by: e.createdBy ?? null,
    created_at: now,
  });
}

/** Takes `amount` from the balance, or refuses with "insufficient balance, please top-up". */
export async function charge(
  trx: Knex.Transaction,
  now: number,
  userId: number,
  bookingId: number,
  amount: number,
): Promise<void> {
  if (amount <= 0) return;
  if (!(await moveCredit(trx, userId, -amount, { noDebt: true })))
    throw new BusinessRuleError('bookings.insufficientBalance');
  await ledger(trx, now, { userId, amount: -amount, kind: 'charge', bookingId });
}

/** Gives back what a booking was charged, less what was already refunded: refunding twice is a no-op. */
export async function refund(trx: Knex.Transaction, now: number, bookingId: number): Promise<void> {
  const rows = await CreditLedgerModel.query(trx)
    .where({ booking_id: bookingId })
    .whereIn('kind', ['charge', 'refund'])
    .select('user_id', 'amount');
  if (rows.length === 0) return;
  const owed = -rows.reduce((sum, r) => sum + r.amount, 0);
  if (owed <= 0) return;
  const userId = rows[0]!.userId;
  await moveCredit(trx, userId, owed);
  await ledger(trx, now, { userId, amount: owed, kind: 'refund', bookingId });
}

function toEntry(m: CreditLedgerModel): LedgerEntry {
  return {
    id: m.id,
    userId: m.userId,
    amount: m.amount,
    balanceAfter: m.balanceAfter,
    kind: m.kind,
    bookingId: m.bookingId,
    note: m.note,
    createdBy: m.createdBy,
    createdAt: m.createdAt,
  };
}

export class CreditsService {
  constructor(private readonly deps: BookingDeps & { operationLog: Cradle['operationLog'] }) {}

  async recharge(
    actor: Actor,
    userId: number,
    input: { amount: number; note?: string },
  ): Promise<{ balance: number; entry: LedgerEntry }> {
    const { db, clock, operationLog } = this.deps;
    return db.transaction(async (trx) => {
      const now = clock.now();
      if (!(await moveCredit(trx, userId, input.amount))) throw new NotFoundError('user', userId);
      await ledger(trx, now, {
        userId,
        amount: input.amount,
        kind: 'recharge',
        note: input.note ?? null,
        createdBy: actor.userId || null,
      });
      const entry = toEntry(
        (await CreditLedgerModel.query(trx).where({ user_id: userId }).orderBy('id', 'desc').first())!,
      );
      const balance = await balanceOf(trx, userId);
      // Money given by hand: the log says who gave how much to whom, next to the ledger row that holds it.
      await operationLog.record(trx, actor, {
        action: 'sys.user.recharge',
        target: userId,
        before: { balance: balance - input.amount },
        after: { balance, amount: input.amount, ledgerId: entry.id },
        note: input.note,
      });
      return { balance, entry };
    });
  }

  async ledger(
    userId: number,
    q: { page: number; pageSize: number },
  ): Promise<Page<LedgerEntry> & { balance: number }> {
    const balance = await balanceOf(this.deps.db, userId);
    const page = await paginateModels(
      CreditLedgerModel.query(this.deps.db).where({ user_id: userId }).orderBy('id', 'desc'),
      q,
      toEntry,
    );
    return { ...page, balance };
  }

  /** The caller's own balance and movements, newest first (docs/product-rules.md R10.5), and whether credit is on. */
  async own(actor: Actor, q: { page: number; pageSize: number }) {
    const [settings, ledger] = await Promise.all([loadSettings(this.deps.paramsService), this.ledger(actor.userId, q)]);
    return { ...ledger, useCredit: settings.useCredit };
  }
}
