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

interface Day {
  date: string;
  /** 0 Sunday .. 6 Saturday. */
  weekday: number;
  /** Wall-clock minutes of the whole day: 1440, except on daylight-saving days. */
  length: number;
}

/** Days of from..to in a zone, worked out once per zone and range: luxon's zone arithmetic is the costly part. */
const calendars = new Map<string, Day[]>();

function daysOf(zone: string, from: string, to: string): Day[] {
  const key = `${zone}|${from}|${to}`;
  let days = calendars.get(key);
  if (days) return days;
  days = [];
  for (let day = DateTime.fromISO(from, { zone }); day.toISODate()! <= to; day = day.plus({ days: 1 })) {
    days.push({
      date: day.toISODate()!,
      weekday: day.weekday % 7, // luxon: 1 Monday .. 7 Sunday
      length: day.plus({ days: 1 }).startOf('day').diff(day.startOf('day'), 'minutes').minutes,
    });
  }
  if (calendars.size >= 64) calendars.delete(calendars.keys().next().value!);
  calendars.set(key, days);
  return days;
}

/** Minutes the resource is open on the dates from..to (inclusive, YYYY-MM-DD). */
export function openMinutes(resource: ResourceAvailability, hours: OpenHoursRow[], from: string, to: string): number {
  const byWeekday = new Map(hours.map((h) => [Number(h.weekday), h]));
  let total = 0;
  for (const day of daysOf(resource.time_zone, from, to)) {
    if (isDisabledOn(resource, day.date)) continue;
    const h = byWeekday.get(day.weekday);
    if (hours.length > 0 && (!h || !h.enabled)) continue;
    total += resource.whole_day || !h ? day.length : Math.max(0, minutes(h.time_to) - minutes(h.time_from));
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
