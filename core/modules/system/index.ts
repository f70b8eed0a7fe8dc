import { asClass } from 'awilix';
import type { AtriumModule } from '../module.ts';
import { systemRoutes } from './routes.ts';
import { SystemService } from './service.ts';

declare module '../../container.ts' {
  interface Cradle {
    systemService: SystemService;
  }
}

export const systemModule: AtriumModule = {
  name: 'system',
  register(container) {
    container.register({ systemService: asClass(SystemService).singleton() });
  },
  routes: systemRoutes,
};
