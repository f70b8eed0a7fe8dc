/**
 * Each group of parameters is read and written with its own screen's actions (docs/product-rules.md R2.5):
 * security, door tablets and the blocklist have screens of their own, everything else is the settings screen.
 */
import type { CapabilityTable } from '../../capability.ts';

export const PARAMS_CAPABILITIES = {
  'params.viewGeneral': ['sys:setting:view'],
  'params.saveGeneral': ['sys:setting:save'],
  'params.viewSecurity': ['sys:security:view'],
  'params.saveSecurity': ['sys:security:save'],
  'params.viewPad': ['sys:padauth:view'],
  'params.savePad': ['sys:padauth:save'],
  'params.viewBlocklist': ['sys:blackset:view'],
  'params.saveBlocklist': ['sys:blackset:save'],
} as const satisfies CapabilityTable<'params'>;

export type ParamsCapability = keyof typeof PARAMS_CAPABILITIES;
