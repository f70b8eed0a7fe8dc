/**
 * Every domain module, in the order their base data is seeded (parameters and
 * menus before the roles that use them, roles before the first user).
 */
import { authModule } from './auth/index.ts';
import { blocklistModule } from './blocklist/index.ts';
import { bookingsModule } from './bookings/index.ts';
import { buildingModule } from './building/index.ts';
import { changesModule } from './changes/index.ts';
import { dashboardModule } from './dashboard/index.ts';
import { devicesModule } from './devices/index.ts';
import { dictionaryModule } from './dictionary/index.ts';
import { environmentModule } from './environment/index.ts';
import { calendarSyncModule } from './calendar-sync/index.ts';
import { directoryModule } from './directory/index.ts';
import { facesModule } from './faces/index.ts';
import { groupsModule } from './groups/index.ts';
import { keysModule } from './keys/index.ts';
import { integrationsModule } from './integrations/index.ts';
import { notificationsModule } from './notifications/index.ts';
import { licencesModule } from './licences/index.ts';
import { liveModule } from './live/index.ts';
import { locationsModule } from './locations/index.ts';
import { logsModule } from './logs/index.ts';
import { menusModule } from './menus/index.ts';
import { metricsModule } from './metrics/index.ts';
import type { AtriumModule } from './module.ts';
import { paramsModule } from './params/index.ts';
import { reportsModule } from './reports/index.ts';
import { resourcesModule } from './resources/index.ts';
import { rolesModule } from './roles/index.ts';
import { scimModule } from './scim/index.ts';
import { ssoModule } from './sso/index.ts';
import { settingsModule } from './settings/index.ts';
import { systemModule } from './system/index.ts';
import { tabletsModule } from './tablets/index.ts';
import { uploadsModule } from './uploads/index.ts';
import { usersModule } from './users/index.ts';
import { waitlistModule } from './waitlist/index.ts';
import { webhooksModule } from './webhooks/index.ts';

export const modules: readonly AtriumModule[] = [
  logsModule,
  paramsModule,
  menusModule,
  rolesModule,
  usersModule,
  groupsModule,
  authModule,
  ssoModule,
  systemModule,
  uploadsModule,
  locationsModule,
  resourcesModule,
  devicesModule,
  tabletsModule,
  licencesModule,
  settingsModule,
  dictionaryModule,
  keysModule,
  changesModule,
  blocklistModule,
  bookingsModule,
  liveModule,
  dashboardModule,
  reportsModule,
  integrationsModule,
  notificationsModule,
  buildingModule,
  environmentModule,
  facesModule,
  directoryModule,
  calendarSyncModule,
  scimModule,
  metricsModule,
  webhooksModule,
  waitlistModule,
];
