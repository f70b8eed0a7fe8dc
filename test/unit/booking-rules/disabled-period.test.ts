import test from 'ava';
import { disabledPeriod } from '../../../core/modules/bookings/rules/disabled-period.ts';
import { context } from './context.ts';

const period = (h1: number, h2: number, resourceId = 1) => ({
  resourceId,
  startAt: Date.UTC(2027, 2, 2, h1),
  endAt: Date.UTC(2027, 2, 2, h2),
  reason: 'works',
});

test('an overlapping disabled period refuses', (t) => {
  t.deepEqual(disabledPeriod(context({ disabledPeriods: [period(9, 12)] })), {
    key: 'bookings.disabledPeriod',
    params: { reason: 'works' },
  });
});

test("touching periods and other resources' periods do not", (t) => {
  t.is(disabledPeriod(context({ disabledPeriods: [period(10, 12), period(7, 9), period(9, 10, 2)] })), null);
});
