/**
 * Every domain module, in the order their base data is seeded (parameters and
 * menus before the roles that use them, roles before the first user).
 */
import { authModule } from './auth/index.ts';
import { blocklistModule } from './blocklist/index.ts';
import { dashboardModule } from './dashboard/index.ts';
import { licencesModule } from './licences/index.ts';
import { logsModule } from './logs/index.ts';
import { menusModule } from './menus/index.ts';
import type { AtriumModule } from './module.ts';
import { paramsModule } from './params/index.ts';
import { reportsModule } from './reports/index.ts';
import { rolesModule } from './roles/index.ts';
import { systemModule } from './system/index.ts';
import { usersModule } from './users/index.ts';

export const modules: readonly AtriumModule[] = [
  logsModule,
  paramsModule,
  menusModule,
  rolesModule,
  usersModule,
  authModule,
  systemModule,
  licencesModule,
  blocklistModule,
  dashboardModule,
  reportsModule,
];
