import test from 'ava';
import { blocklist } from '../../../core/modules/bookings/rules/blocklist.ts';
import { context } from './context.ts';

test('blocklisted users cannot book', (t) => {
  t.is(blocklist(context({ blocked: true }))?.key, 'bookings.blocklisted');
  t.is(blocklist(context()), null);
});
