import type { Rule } from './types.ts';

/**
 * With |useCredit|, the price must be covered by the balance. This is the friendly early answer; the
 * charge itself is a guarded UPDATE (credits.ts), which is what stops concurrent charges overdrawing.
 */
export const creditBalance: Rule = (c) =>
  c.useCredit && c.price > 0 && c.balance < c.price ? { key: 'bookings.insufficientBalance' } : null;

/** price_per_hour (cents) × duration, rounded to the cent. */
export function priceOf(pricePerHour: number, startAt: number, endAt: number): number {
  return Math.round((pricePerHour * (endAt - startAt)) / 3_600_000);
}
