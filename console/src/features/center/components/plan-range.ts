/** The time range of Book by floor plan: each place's state over it, and the range the plan opens with. */
import { BOOKED } from '../../../components/timegrid/index.ts';
import type { GridResource } from '../api.ts';
import { minutesOf, timeOf } from './dates.ts';

/** The state of a resource over [start, end): booked wins, then all free, else the first not-free state. */
export function stateOver(r: GridResource, start: string, end: string): string {
  const a = minutesOf(start);
  const b = minutesOf(end);
  const cells = r.cells.filter((c) => minutesOf(c.time) >= a && minutesOf(c.time) < b);
  if (cells.length === 0) return 'unavailable';
  const booked = cells.find((c) => BOOKED.has(c.state));
  if (booked) return booked.state;
  return cells.find((c) => c.state !== 'free')?.state ?? 'free';
}

/** Desks are booked for the working day: From at its start on other days, and to its end unless later. */
export const DAY_START = '09:00';
export const DAY_END = '18:00';

/**
 * The range the plan opens with: From at the first free cell of any place (from DAY_START on other days, from now
 * on today, where the past cells are not free), To at DAY_END or an hour later. Null while nothing is free.
 */
export function openingRange(resources: GridResource[], isToday: boolean): { start: string; end: string } | null {
  const earliest = isToday ? 0 : minutesOf(DAY_START);
  let first: number | null = null;
  for (const r of resources)
    for (const c of r.cells)
      if (c.state === 'free' && minutesOf(c.time) >= earliest && (first === null || minutesOf(c.time) < first))
        first = minutesOf(c.time);
  if (first === null) return isToday ? null : openingRange(resources, true);
  const end = first < minutesOf(DAY_END) ? minutesOf(DAY_END) : Math.min(first + 60, 24 * 60);
  return { start: timeOf(first), end: timeOf(end) };
}
