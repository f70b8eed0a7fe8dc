import test from 'ava';
import { bookingCount } from '../../../core/modules/bookings/rules/booking-count.ts';
import { context } from './context.ts';

test('the limit of active bookings refuses the next one; 0 is unlimited', (t) => {
  t.deepEqual(bookingCount(context({ countLimit: 2, activeCount: 2 })), {
    key: 'bookings.countLimit',
    params: { limit: 2 },
  });
  t.is(bookingCount(context({ countLimit: 2, activeCount: 1 })), null);
  t.is(bookingCount(context({ countLimit: 0, activeCount: 99 })), null);
});
