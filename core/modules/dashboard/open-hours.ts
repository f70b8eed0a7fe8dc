/**
 * Open minutes of resources over a date range, in each resource's own zone:
 * the denominator of utilisation. Follows the weekly hours, the whole-day flag
 * and the dates the resource's status disables it on (`isDisabledOn`, R3.6).
 */
import { DateTime } from 'luxon';
import { isDisabledOn, type StatusFields } from '../resources/index.ts';

export interface OpenHoursRow {
  weekday: number;
  enabled: boolean | number;
  time_from: string;
  time_to: string;
}

export interface ResourceAvailability extends StatusFields {
  whole_day: boolean | number;
  time_zone: string;
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Minutes the resource is open on the dates from..to (inclusive, YYYY-MM-DD). */
export function openMinutes(resource: ResourceAvailability, hours: OpenHoursRow[], from: string, to: string): number {
  const byWeekday = new Map(hours.map((h) => [Number(h.weekday), h]));
  let total = 0;
  for (
    let day = DateTime.fromISO(from, { zone: resource.time_zone });
    day.toISODate()! <= to;
    day = day.plus({ days: 1 })
  ) {
    const date = day.toISODate()!;
    if (isDisabledOn(resource, date)) continue;
    const h = byWeekday.get(day.weekday % 7); // luxon: 1 Monday .. 7 Sunday; ours: 0 Sunday .. 6 Saturday
    if (hours.length > 0 && (!h || !h.enabled)) continue;
    if (resource.whole_day || !h) {
      // A whole day is 24 hours of wall clock, except on daylight-saving days.
      total += day.plus({ days: 1 }).startOf('day').diff(day.startOf('day'), 'minutes').minutes;
      continue;
    }
    total += Math.max(0, minutes(h.time_to) - minutes(h.time_from));
  }
  return Math.round(total);
}

/** The epoch-ms span of the dates from..to (inclusive) in `zone`. */
export function rangeInZone(from: string, to: string, zone: string): { startAt: number; endAt: number } {
  return {
    startAt: DateTime.fromISO(from, { zone }).startOf('day').toMillis(),
    endAt: DateTime.fromISO(to, { zone }).plus({ days: 1 }).startOf('day').toMillis(),
  };
}
