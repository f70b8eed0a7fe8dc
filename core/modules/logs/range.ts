/** Turns the lists' from/to (days in a zone, or epoch ms) into an epoch-ms half-open range. */
import { DateTime, IANAZone } from 'luxon';
import { BadRequestError, ValidationError } from '../../errors.ts';

function instant(value: string, tz: string, endOfRange: boolean): number {
  if (/^\d+$/.test(value)) return Number(value);
  const day = DateTime.fromISO(value, { zone: tz });
  if (!day.isValid) throw new ValidationError([{ field: endOfRange ? 'to' : 'from', message: 'not a date' }]);
  // A day range includes its last day: "to" is the start of the next day.
  return (endOfRange ? day.plus({ days: 1 }) : day).startOf('day').toMillis();
}

export function timeRange(q: { from?: string; to?: string; tz?: string }): { from?: number; to?: number } {
  const tz = q.tz ?? 'UTC';
  if (!IANAZone.isValidZone(tz)) throw new ValidationError([{ field: 'tz', message: 'not an IANA time zone' }]);
  const from = q.from ? instant(q.from, tz, false) : undefined;
  const to = q.to ? instant(q.to, tz, true) : undefined;
  if (from !== undefined && to !== undefined && from > to) throw new BadRequestError('logs.badRange');
  return { from, to };
}
