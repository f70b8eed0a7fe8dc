/** Who sees a user's API keys: the key screen, and those who may reset the user's password (which revokes them). */
import type { CapabilityTable } from '../../capability.ts';

export const KEYS_CAPABILITIES = {
  'keys.viewUserKeys': ['sys:admin:update', 'sys:secret:view'],
} as const satisfies CapabilityTable<'keys'>;

export type KeysCapability = keyof typeof KEYS_CAPABILITIES;
