import test from 'ava';
import { checkRules, RULES } from '../../../core/modules/bookings/rules/index.ts';
import { hasMessage } from '../../../core/i18n/index.ts';
import { context } from './context.ts';

test('a valid request passes every rule', (t) => {
  t.deepEqual(checkRules(context()), []);
  t.is(RULES.length, 12);
});

test('every refusal has a message in the catalogue', (t) => {
  const failures = checkRules(
    context({
      startAt: 0,
      blocked: true,
      countLimit: 1,
      activeCount: 1,
      useCredit: true,
      price: 5,
      balance: 0,
      maxDurationMinutes: 1,
    }),
  );
  t.true(failures.length >= 5);
  for (const f of failures) t.true(hasMessage(f.key), f.key);
});
