import test from 'ava';
import { resourceStatus } from '../../../core/modules/bookings/rules/resource-status.ts';
import { context, resource } from './context.ts';

test('an open resource passes', (t) => {
  t.is(resourceStatus(context()), null);
});

test('a disabled resource without dates is disabled every day', (t) => {
  t.is(resourceStatus(context({ resource: resource({ status: 0 }) }))?.key, 'bookings.resourceDisabled');
});

test('a disabled date range covers only its dates', (t) => {
  const r = resource({ status: 0, startDate: '2027-03-01', endDate: '2027-03-02' });
  t.is(resourceStatus(context({ resource: r }))?.key, 'bookings.resourceDisabled');
  t.is(resourceStatus(context({ resource: r, meetingDate: '2027-03-03' })), null);
});
