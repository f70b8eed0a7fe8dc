/**
 * Every domain keeps its messages in its own file here, so the catalogue grows
 * without one file that every change touches.
 */
import type { MessageSet } from './types.ts';
import common from './common.ts';
import auth from './auth.ts';
import reports from './reports.ts';
import sso from './sso.ts';
import blocklist from './blocklist.ts';
import bookings from './bookings.ts';
import settings from './settings.ts';
import places from './places.ts';
import users from './users.ts';
import integrations from './integrations.ts';
import notifications from './notifications.ts';
import live from './live.ts';
import tablets from './tablets.ts';
import qr from './qr.ts';
import wall from './wall.ts';
import eink from './eink.ts';
import environment from './environment.ts';
import calendar from './calendar.ts';
import directory from './directory.ts';
import faces from './faces.ts';
import scim from './scim.ts';
import setup from './setup.ts';
import webhooks from './webhooks.ts';
import waitlist from './waitlist.ts';

const sets: MessageSet[] = [
  common,
  auth,
  reports,
  sso,
  blocklist,
  places,
  settings,
  users,
  integrations,
  bookings,
  notifications,
  live,
  tablets,
  qr,
  wall,
  eink,
  environment,
  calendar,
  directory,
  faces,
  scim,
  setup,
  webhooks,
  waitlist,
];

function merge(lang: keyof MessageSet): Record<string, string> {
  return Object.assign({}, ...sets.map((s) => s[lang])) as Record<string, string>;
}

export const catalogue: MessageSet = { cn: merge('cn'), en: merge('en'), ja: merge('ja') };
export { sets as messageSets };
