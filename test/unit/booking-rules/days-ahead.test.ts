import test from 'ava';
import { daysAhead } from '../../../core/modules/bookings/rules/days-ahead.ts';
import { context, resource } from './context.ts';

test('beyond bookingDaysAhead is refused; the last day is fine; 0 is unlimited', (t) => {
  t.is(daysAhead(context({ daysAhead: 5, meetingDate: '2027-03-07' }))?.key, 'bookings.daysAhead');
  t.is(daysAhead(context({ daysAhead: 5, meetingDate: '2027-03-06' })), null);
  t.is(daysAhead(context({ daysAhead: 0, meetingDate: '2030-01-01' })), null);
});

test("days count in the resource's zone", (t) => {
  // 2027-03-01 08:00 UTC is still 2027-02-28 in Honolulu.
  t.is(
    daysAhead(
      context({ daysAhead: 5, meetingDate: '2027-03-06', resource: resource({ timeZone: 'Pacific/Honolulu' }) }),
    )?.key,
    'bookings.daysAhead',
  );
});
