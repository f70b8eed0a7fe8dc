/** Times on the tablet are the room's wall clock (its time zone), whatever zone the tablet itself is set to. */
import type { TFunction } from 'i18next';

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone });
    } catch {
      // an unknown zone: the tablet's own clock rather than nothing
      f = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    }
    formats.set(zone, f);
  }
  return f;
}

/** HH:mm of epoch ms in the zone. */
export function hhmmIn(ms: number, zone: string): string {
  return formatIn(zone).format(new Date(ms));
}

/** A span of time as "45 min", "2 h", "1 h 5 min" (rounded up to the minute, at least one). */
export function duration(t: TFunction, ms: number): string {
  const total = Math.max(1, Math.ceil(ms / 60_000));
  const h = Math.floor(total / 60);
  const m = total % 60;
  if (!h) return t('duration.min', { m });
  return m ? t('duration.hMin', { h, m }) : t('duration.h', { h });
}
