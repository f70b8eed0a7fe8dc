import type { Rule } from './types.ts';

/** A resource restricted to user groups admits only their members. */
export const userGroup: Rule = (c) => {
  if (c.resource.groupIds.length === 0) return null;
  return c.resource.groupIds.some((g) => c.userGroupIds.includes(g)) ? null : { key: 'bookings.noReservation' };
};
