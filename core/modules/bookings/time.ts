/**
 * Wall-clock ↔ instant conversion in a resource's own zone (luxon), and the
 * 15-minute slot arithmetic of the booking_slots table.
 */
import { DateTime } from 'luxon';

/** The slot table's cell: 15 minutes, whatever the grid's display interval. */
export const SLOT_MS = 900_000;
export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

/** `HH:mm` → minutes after midnight; `24:00` → 1440. */
export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
}

export function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Midnight at the start of `date` in `zone`, as epoch ms. */
export function dayStart(date: string, zone: string): number {
  return DateTime.fromISO(date, { zone }).startOf('day').toMillis();
}

/**
 * An instant for a wall-clock time on a date in a zone. 24:00 is the next day's midnight; a time that
 * a spring-forward gap skips is moved forward by luxon (the grid's ticks need an instant for every label):
 * whatever books a time asks `wallClockExists` first.
 */
export function instantOf(date: string, time: string, zone: string): number {
  return remembered(instants, `${date} ${time} ${zone}`, () => {
    const base = DateTime.fromISO(date, { zone });
    if (time === '24:00') return base.plus({ days: 1 }).startOf('day').toMillis();
    const [hour, minute] = time.split(':').map(Number);
    return base.set({ hour: hour!, minute: minute!, second: 0, millisecond: 0 }).toMillis();
  });
}

/**
 * Whether a wall-clock time happens on a date in a zone: the hour clocks jump over in spring does not, and a
 * booking there would carry a label its instants contradict. Midnight and 24:00 are the day's bounds, which exist
 * even where the clocks jump at midnight (the day then starts at 01:00).
 */
export function wallClockExists(date: string, time: string, zone: string): boolean {
  if (time === '00:00' || time === '24:00') return true;
  return (
    remembered(existing, `${date} ${time} ${zone}`, () =>
      timeIn(instantOf(date, time, zone), zone) === time ? 1 : 0,
    ) === 1
  );
}

/** 0 Sunday .. 6 Saturday of a date (the resources' open-hours numbering). */
export function weekdayOf(date: string): number {
  return remembered(weekdays, date, () => DateTime.fromISO(date, { zone: 'UTC' }).weekday % 7);
}

/**
 * The functions above are pure, and a booking asks the same few of them again and again (its times, its
 * resource's open hours), each costing luxon tens of microseconds: answers are kept, up to a bound.
 */
const REMEMBERED = 10_000;
const instants = new Map<string, number>();
const weekdays = new Map<string, number>();
const existing = new Map<string, number>();

function remembered(answers: Map<string, number>, key: string, compute: () => number): number {
  let v = answers.get(key);
  if (v === undefined) {
    if (answers.size >= REMEMBERED) answers.clear();
    answers.set(key, (v = compute()));
  }
  return v;
}

/** Today's date in a zone. */
export function dateIn(epochMs: number, zone: string): string {
  return DateTime.fromMillis(epochMs, { zone }).toISODate()!;
}

export function timeIn(epochMs: number, zone: string): string {
  return DateTime.fromMillis(epochMs, { zone }).toFormat('HH:mm');
}

export function addDays(date: string, days: number): string {
  return DateTime.fromISO(date, { zone: 'UTC' }).plus({ days }).toISODate()!;
}

export function isValidZone(zone: string): boolean {
  return DateTime.local().setZone(zone).isValid;
}

/**
 * The earliest start a booking may be given at `now`: the start of the 15-minute cell in progress (taking the
 * rest of that cell is fine, anything before it is the past). The grid calls a cell expired by the same measure.
 */
export function earliestStart(now: number): number {
  return Math.floor(now / SLOT_MS) * SLOT_MS;
}

/** The slot numbers a range occupies: every 15-minute cell it touches. */
export function slotsOf(startAt: number, endAt: number): number[] {
  const out: number[] = [];
  for (let s = Math.floor(startAt / SLOT_MS); s < Math.ceil(endAt / SLOT_MS); s++) out.push(s);
  return out;
}
