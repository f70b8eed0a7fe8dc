/** The IANA time zones the browser knows (a short list where it cannot say), UTC always among them. */
export function timeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (k: string) => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? [
    'Asia/Shanghai',
    'Asia/Tokyo',
    'Europe/London',
    'America/New_York',
    'UTC',
  ];
  return zones.includes('UTC') ? zones : [...zones, 'UTC'];
}

/** The browser's own zone, for a new location. */
export function localZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
