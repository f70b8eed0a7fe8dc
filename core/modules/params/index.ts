import { asClass } from 'awilix';
import type { AtriumModule } from '../module.ts';
import { paramsRoutes } from './routes.ts';
import { ParamsService } from './service.ts';

declare module '../../cradle.ts' {
  interface Cradle {
    paramsService: ParamsService;
  }
}

export { ParamsService, DEFAULT_TIME_CONFIG } from './service.ts';
export { PARAMS, OPTION_FLAGS, type ParamGroup } from './catalog.ts';
export { PARAM_GROUP_PERMISSIONS, type GroupPermissions } from './groups.ts';
export { PARAMS_CAPABILITIES, type ParamsCapability } from './capabilities.ts';
export type { TimeConfig } from './schema.ts';

export const paramsModule: AtriumModule = {
  name: 'params',
  register(container) {
    container.register({ paramsService: asClass(ParamsService).singleton() });
  },
  routes: paramsRoutes,
  seed: (c) => c.paramsService.seedDefaults(),
};
