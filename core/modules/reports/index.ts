import { asClass } from 'awilix';
import type { AtriumModule } from '../module.ts';
import { reportsRoutes } from './routes.ts';
import { ReportsService } from './service.ts';

declare module '../../cradle.ts' {
  interface Cradle {
    reportsService: ReportsService;
  }
}

export { ReportsService } from './service.ts';
export { REPORTS_CAPABILITIES, type ReportsCapability } from './capabilities.ts';

export const reportsModule: AtriumModule = {
  name: 'reports',
  register(container) {
    container.register({ reportsService: asClass(ReportsService).singleton() });
  },
  routes: reportsRoutes,
  // Reports left pending by a process that stopped are picked up by any other.
  jobs: (c) => [
    { name: 'reports.generate', everySeconds: 10, run: async () => void (await c.reportsService.runPending()) },
  ],
};
