import type { Rule } from './types.ts';

/** Timed disable periods (maintenance, events) that overlap the booking. */
export const disabledPeriod: Rule = (c) => {
  const hit = c.disabledPeriods.find(
    (p) => p.resourceId === c.resource.id && p.startAt < c.endAt && p.endAt > c.startAt,
  );
  return hit ? { key: 'bookings.disabledPeriod', params: { reason: hit.reason ?? '' } } : null;
};
