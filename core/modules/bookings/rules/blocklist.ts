import type { Rule } from './types.ts';

/** Users on the no-show blocklist cannot book until released. */
export const blocklist: Rule = (c) => (c.blocked ? { key: 'bookings.blocklisted' } : null);
