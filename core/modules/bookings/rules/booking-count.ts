import type { Rule } from './types.ts';

/** bookingCountLimit (0 unlimited): active (pending, confirmed, checked-in, not yet ended) bookings per organiser. */
export const bookingCount: Rule = (c) =>
  c.countLimit > 0 && c.activeCount >= c.countLimit
    ? { key: 'bookings.countLimit', params: { limit: c.countLimit } }
    : null;
