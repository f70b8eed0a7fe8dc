/**
 * The reminder columns of bookings as the notifications reach them (docs/conventions.md, "Table ownership"):
 * which reminders are due, and the claim that makes each one go out once however many processes look.
 */
import type { Db } from '../../db/transaction.ts';

/** Ids of the bookings whose reminder is due at `now` and not yet claimed, the earliest first. */
export async function dueReminders(db: Db, now: number, limit: number): Promise<number[]> {
  return (
    await db('bookings')
      .whereNotNull('remind_at')
      .where('remind_at', '<=', now)
      .whereNull('reminded_at')
      .orderBy('remind_at')
      .limit(limit)
      .pluck('id')
  ).map(Number);
}

/** Claims a booking's reminder (`UPDATE … WHERE reminded_at IS NULL`): true for the one caller that got it. */
export async function claimReminder(trx: Db, id: number, now: number): Promise<boolean> {
  return (await trx('bookings').where({ id }).whereNull('reminded_at').update({ reminded_at: now })) === 1;
}
