import { asClass } from 'awilix';
import type { AtriumModule } from '../module.ts';
import { PanelsService } from './panels.ts';
import { dashboardRoutes } from './routes.ts';
import { DashboardService } from './service.ts';

declare module '../../container.ts' {
  interface Cradle {
    dashboardService: DashboardService;
    panelsService: PanelsService;
  }
}

export { DashboardService, USED_STATES, type ResourceUsage } from './service.ts';
export { openMinutes, rangeInZone } from './open-hours.ts';

export const dashboardModule: AtriumModule = {
  name: 'dashboard',
  register(container) {
    container.register({ dashboardService: asClass(DashboardService).singleton(), panelsService: asClass(PanelsService).singleton() });
  },
  routes: dashboardRoutes,
};
