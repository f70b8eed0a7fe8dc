import type { Rule } from './types.ts';

/**
 * A change cannot make a booking end in the past: the time it would give back is gone, and a meeting under way
 * would be over before the change was made. (A new booking cannot either, but past-time refuses its start first.)
 */
export const pastEnd: Rule = (c) => (c.modifying && c.endAt <= c.now ? { key: 'bookings.endPassed' } : null);
