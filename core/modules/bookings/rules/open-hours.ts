import { openOn } from '../resources.ts';
import { minutesOf, weekdayOf } from '../time.ts';
import type { Rule } from './types.ts';

/**
 * Open days and hours in the resource's own zone (the times are wall-clock there already), the
 * around-the-clock flag (whole_day) and resources bookable only as whole days (all_day).
 */
export const openHours: Rule = (c) => {
  if (c.resource.allDay && !c.wholeDay) return { key: 'bookings.allDayOnly' };
  const open = openOn(c.resource, weekdayOf(c.meetingDate));
  if (!open) return { key: 'bookings.closedDay' };
  if (minutesOf(c.startTime) < minutesOf(open.from) || minutesOf(c.endTime) > minutesOf(open.to)) {
    return { key: 'bookings.outsideOpenHours', params: { from: open.from, to: open.to } };
  }
  return null;
};
