import { asClass } from 'awilix';
import type { AtriumModule } from '../module.ts';
import { LiveService } from './live.ts';
import { PanelsService } from './panels.ts';
import { EnvironmentReadingsService } from './readings.ts';
import { dashboardRoutes } from './routes.ts';
import { DashboardService } from './service.ts';

declare module '../../cradle.ts' {
  interface Cradle {
    dashboardService: DashboardService;
    panelsService: PanelsService;
    dashboardLiveService: LiveService;
    environmentReadingsService: EnvironmentReadingsService;
  }
}

export { DashboardService, USED_STATES, type ResourceUsage } from './service.ts';
export { openMinutes, rangeInZone } from './open-hours.ts';
export { EnvironmentReadingsService } from './readings.ts';
export { panelNamesOf } from './panels.ts';

export const dashboardModule: AtriumModule = {
  name: 'dashboard',
  register(container) {
    container.register({
      dashboardService: asClass(DashboardService).singleton(),
      panelsService: asClass(PanelsService).singleton(),
      dashboardLiveService: asClass(LiveService).singleton(),
      environmentReadingsService: asClass(EnvironmentReadingsService).singleton(),
    });
  },
  routes: dashboardRoutes,
};
