import test from 'ava';
import { userGroup } from '../../../core/modules/bookings/rules/user-group.ts';
import { context, resource } from './context.ts';

test('restricted resources admit members of their groups only', (t) => {
  t.is(
    userGroup(context({ resource: resource({ groupIds: [3, 4] }), userGroupIds: [1] }))?.key,
    'bookings.noReservation',
  );
  t.is(userGroup(context({ resource: resource({ groupIds: [3, 4] }), userGroupIds: [4] })), null);
  t.is(userGroup(context({ userGroupIds: [] })), null);
});
