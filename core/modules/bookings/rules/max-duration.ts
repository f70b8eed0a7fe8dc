import { MINUTE_MS } from '../time.ts';
import type { Rule } from './types.ts';

/** Time config maxDuration (minutes, 0 unlimited); a booking administrator (bookings.manageAny) is not bound by it. Measured in real time, so DST days count right. */
export const maxDuration: Rule = (c) => {
  if (c.isSuper || c.maxDurationMinutes <= 0) return null;
  return c.endAt - c.startAt > c.maxDurationMinutes * MINUTE_MS
    ? { key: 'bookings.maxDuration', params: { minutes: c.maxDurationMinutes } }
    : null;
};
