import { addDays, dateIn } from '../time.ts';
import type { Rule } from './types.ts';

/** bookingDaysAhead (0 unlimited), counted in calendar days of the resource's zone. */
export const daysAhead: Rule = (c) => {
  if (c.daysAhead <= 0) return null;
  const last = addDays(dateIn(c.now, c.resource.timeZone), c.daysAhead);
  return c.meetingDate > last ? { key: 'bookings.daysAhead', params: { days: c.daysAhead } } : null;
};
