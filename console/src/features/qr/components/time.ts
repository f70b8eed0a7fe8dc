/** Times on the phone page are the room's wall clock (its time zone), wherever the phone is. */
const formats = new Map<string, Intl.DateTimeFormat>();

/** HH:mm of epoch ms in the zone (the phone's own zone when the room's is unknown to the browser). */
export function hhmmIn(ms: number, zone: string): string {
  let f = formats.get(zone);
  if (!f) {
    const options = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
    try {
      f = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: zone });
    } catch {
      f = new Intl.DateTimeFormat('en-GB', options);
    }
    formats.set(zone, f);
  }
  return f.format(new Date(ms));
}
