/**
 * The building integrations (docs/product-rules.md R20): door access, room switches and e-ink door labels driven
 * by the booking lifecycle. The `access`, `switch` and `eink` change targets (core/modules/changes/targets.ts)
 * ask this module what each change means; the `building.switch` and `building.eink` jobs add what the clock
 * brings. Providers are reached only through the outbox, so a failing one never fails or slows a booking. A
 * label is drawn when its call is delivered (R20.4): this module gives the plugin host the builder of that call.
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
export { LABEL_DEVICE_KINDS, LABEL_SPACING_MS } from './eink.ts';
export { DEFAULT_LABEL_SIZE, renderLabel, labelSvg, type LabelSpec } from './label.ts';

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
    {
      name: 'building.eink',
      everySeconds: 60,
      run: async ({ now }) => void (await c.buildingService.einkSweep(now)),
    },
  ],
  // Wherever the outbox worker may deliver a label's row, the label is drawn here (R20.4).
  start(c) {
    c.pluginHost.buildCallsWith('eink', (row, provider) => c.buildingService.labelCall(row, provider));
  },
};
