import test from 'ava';
import { creditBalance, priceOf } from '../../../core/modules/bookings/rules/credit-balance.ts';
import { context } from './context.ts';

test('with useCredit, a price above the balance is refused', (t) => {
  t.is(creditBalance(context({ useCredit: true, price: 1500, balance: 1000 }))?.key, 'bookings.insufficientBalance');
  t.is(creditBalance(context({ useCredit: true, price: 1000, balance: 1000 })), null);
  t.is(creditBalance(context({ useCredit: false, price: 1500, balance: 0 })), null);
});

test('price is price per hour times duration, in cents', (t) => {
  t.is(priceOf(1000, 0, 90 * 60_000), 1500);
  t.is(priceOf(999, 0, 20 * 60_000), 333);
});
