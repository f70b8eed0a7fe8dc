/**
 * Every domain keeps its messages in its own file here, so the catalogue grows
 * without one file that every change touches.
 */
import type { MessageSet } from './types.ts';
import common from './common.ts';
import auth from './auth.ts';
import reports from './reports.ts';
import notifications from './notifications.ts';
import integrations from './integrations.ts';
import settings from './settings.ts';
import blocklist from './blocklist.ts';
import bookings from './bookings.ts';
import sso from './sso.ts';
import places from './places.ts';

const sets: MessageSet[] = [common, auth, reports, places, sso, bookings, blocklist, settings, integrations, notifications];

function merge(lang: keyof MessageSet): Record<string, string> {
  return Object.assign({}, ...sets.map((s) => s[lang])) as Record<string, string>;
}

export const catalogue: MessageSet = { cn: merge('cn'), en: merge('en'), ja: merge('ja') };
export { sets as messageSets };
