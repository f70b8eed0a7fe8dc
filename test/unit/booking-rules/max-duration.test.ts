import test from 'ava';
import { maxDuration } from '../../../core/modules/bookings/rules/max-duration.ts';
import { context } from './context.ts';

test('longer than maxDuration is refused', (t) => {
  t.deepEqual(maxDuration(context({ maxDurationMinutes: 30 })), {
    key: 'bookings.maxDuration',
    params: { minutes: 30 },
  });
});

test('exactly maxDuration, 0 (unlimited) and center:reserve:super pass', (t) => {
  t.is(maxDuration(context({ maxDurationMinutes: 60 })), null);
  t.is(maxDuration(context({ maxDurationMinutes: 0 })), null);
  t.is(maxDuration(context({ maxDurationMinutes: 30, isSuper: true })), null);
});
