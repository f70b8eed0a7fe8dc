/**
 * Environment history (docs/product-rules.md R20.3): the readings of the rooms' environment sensors kept raw and
 * per hour, the room's history for charts, and the administrators told when a reading leaves its thresholds.
 * Readings come from the provider's pushes (`watch`, listened to in every serving process) and from the wall
 * screens' fetches (the dashboard's reading cache hands each fresh one over); the scheduler rolls them up and
 * deletes what is past retention.
 */
import { asClass } from 'awilix';
import type { AtriumModule } from '../module.ts';
import { environmentRoutes } from './routes.ts';
import { EnvironmentService } from './service.ts';

declare module '../../cradle.ts' {
  interface Cradle {
    environmentService: EnvironmentService;
  }
}

export { EnvironmentService } from './service.ts';
export type { HistoryView } from './schema.ts';

export const environmentModule: AtriumModule = {
  name: 'environment',
  register(container) {
    container.register({ environmentService: asClass(EnvironmentService).singleton() });
  },
  routes: environmentRoutes,
  jobs: (c) => [
    {
      // Rolls the hours that received readings into hourly rows, then deletes what is past retention (R20.3).
      name: 'environment.rollup',
      everySeconds: 300,
      run: async () => {
        await c.environmentService.flush();
        await c.environmentService.rollup();
        await c.environmentService.sweep();
      },
    },
  ],
  start: (c) => {
    c.pluginHost.onPush('environment', (value) => c.environmentService.ingest([value]));
    c.environmentReadingsService.onFresh((readings) => c.environmentService.ingest(readings));
  },
};
