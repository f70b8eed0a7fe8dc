import { asClass } from 'awilix';
import type { AtriumModule } from '../module.ts';
import { ReleaseCheck } from './release-check.ts';
import { systemRoutes } from './routes.ts';
import { SystemService } from './service.ts';

declare module '../../cradle.ts' {
  interface Cradle {
    systemService: SystemService;
    releaseCheck: ReleaseCheck;
  }
}

export const systemModule: AtriumModule = {
  name: 'system',
  register(container) {
    container.register({
      systemService: asClass(SystemService).singleton(),
      releaseCheck: asClass(ReleaseCheck).singleton(),
    });
  },
  routes: systemRoutes,
};
