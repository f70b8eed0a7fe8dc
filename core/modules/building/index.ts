/**
 * The building integrations (docs/product-rules.md R20): door access and room switches driven by the booking
 * lifecycle. The `access` and `switch` change targets (core/modules/changes/targets.ts) ask this module what
 * each change means; the `building.switch` job adds what the clock brings. Providers are reached only through
 * the outbox, so a failing one never fails or slows a booking.
 */
import { asClass } from 'awilix';
import type { AtriumModule } from '../module.ts';
import { BuildingService } from './service.ts';

declare module '../../cradle.ts' {
  interface Cradle {
    buildingService: BuildingService;
  }
}

export { BuildingService } from './service.ts';
export { ACCESS_DEVICE_KINDS } from './access.ts';
export { SWITCH_DEVICE_KINDS } from './switch.ts';

export const buildingModule: AtriumModule = {
  name: 'building',
  register(container) {
    container.register({ buildingService: asClass(BuildingService).singleton() });
  },
  jobs: (c) => [
    {
      name: 'building.switch',
      everySeconds: 30,
      run: async ({ now }) => void (await c.buildingService.switchSweep(now)),
    },
  ],
};
