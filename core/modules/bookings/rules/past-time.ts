import { earliestStart } from '../time.ts';
import type { Rule } from './types.ts';

/**
 * "Booking time expired": nothing may start before the current 15-minute cell (booking the cell in
 * progress is fine). A modification that keeps the start (extending a meeting under way) is not a new start.
 */
export const pastTime: Rule = (c) => {
  if (c.originalStartAt !== undefined && c.startAt === c.originalStartAt) return null;
  return c.startAt < earliestStart(c.now) ? { key: 'bookings.timeExpired' } : null;
};
