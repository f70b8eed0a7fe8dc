import { aliasTo, asClass } from 'awilix';
import type { DeviceResolver } from '../../http/authenticate.ts';
import type { AtriumModule } from '../module.ts';
import { DoorService } from './door.ts';
import { tabletsRoutes } from './routes.ts';
import { TabletsService } from './service.ts';

declare module '../../cradle.ts' {
  interface Cradle {
    tabletsService: TabletsService;
    doorService: DoorService;
    /** Looked up by name in core/app.ts: `Authorization: Device` calls. */
    deviceResolver: DeviceResolver;
  }
}

export { TabletsService } from './service.ts';
export { TABLETS_CAPABILITIES, type TabletsCapability } from './capabilities.ts';
export type { TabletView } from './schema.ts';
export type { PadDay } from './door-schema.ts';

export const tabletsModule: AtriumModule = {
  name: 'tablets',
  register(container) {
    container.register({
      tabletsService: asClass(TabletsService).singleton(),
      doorService: asClass(DoorService).singleton(),
      deviceResolver: aliasTo('tabletsService'),
    });
  },
  routes: tabletsRoutes,
  jobs: (c) => [
    {
      name: 'tablets.sweepPairingCodes',
      everySeconds: 3600,
      run: async () => void (await c.tabletsService.sweepCodes()),
    },
  ],
};
