/**
 * Who sees and manages the door tablets (docs/product-rules.md R19): the tablet status screen, whose one code
 * grants both, and the device screen.
 */
import type { CapabilityTable } from '../../capability.ts';

export const TABLETS_CAPABILITIES = {
  'tablets.view': ['room:equipment:view', 'sys:status:view'],
  'tablets.manage': ['room:equipment:update', 'sys:status:view'],
} as const satisfies CapabilityTable<'tablets'>;

export type TabletsCapability = keyof typeof TABLETS_CAPABILITIES;
