/**
 * What a booking would cost the caller before it is made (docs/product-rules.md R10.5): the price the charge would
 * take, by the same function, and the balance it would be taken from. The answer informs; the charge still decides.
 */
import type { Actor } from '../../actor.ts';
import { balanceOf } from './credits.ts';
import type { BookingDeps } from './deps.ts';
import { priceFor, resolveTimes } from './plan.ts';
import { loadResource } from './resources.ts';
import type { QuoteQuery } from './schema.ts';
import { loadSettings } from './settings.ts';

export interface CreditQuote {
  useCredit: boolean;
  /** Cents; 0 without useCredit. */
  price: number;
  /** Cents; null without useCredit (there is nothing to pay from). */
  balance: number | null;
  enough: boolean;
}

export function creditQuote(useCredit: boolean, price: number, balance: number): CreditQuote {
  if (!useCredit) return { useCredit, price: 0, balance: null, enough: true };
  return { useCredit, price, balance, enough: balance >= price };
}

/** The quote of one booking. */
export async function quoteBooking(deps: BookingDeps, actor: Actor, q: QuoteQuery): Promise<CreditQuote> {
  const [settings, resource] = await Promise.all([
    loadSettings(deps.paramsService),
    loadResource(deps.db, q.resourceId),
  ]);
  if (!settings.useCredit) return creditQuote(false, 0, 0);
  const price = priceFor(settings, resource, resolveTimes(resource, q));
  return creditQuote(true, price, await balanceOf(deps.db, actor.userId));
}
