import { asClass } from 'awilix';
import type { AtriumModule } from '../module.ts';
import { devicesRoutes } from './routes.ts';
import { DevicesService } from './service.ts';

declare module '../../cradle.ts' {
  interface Cradle {
    devicesService: DevicesService;
  }
}

export { DevicesService } from './service.ts';
export { mountedDeviceIdsByName, mountedDeviceNames } from './names.ts';
export { DEVICES_CAPABILITIES, type DevicesCapability } from './capabilities.ts';
export { DEVICE_KINDS, type DeviceKind, type DeviceView } from './schema.ts';

export const devicesModule: AtriumModule = {
  name: 'devices',
  register(container) {
    container.register({ devicesService: asClass(DevicesService).singleton() });
  },
  routes: devicesRoutes,
};
