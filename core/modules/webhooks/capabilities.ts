/** Who manages webhook subscriptions (docs/product-rules.md R24), and is told when one is disabled (R24.5). */
import type { CapabilityTable } from '../../capability.ts';

export const WEBHOOKS_CAPABILITIES = {
  'webhooks.manage': ['sys:webhook:save'],
} as const satisfies CapabilityTable<'webhooks'>;

export type WebhooksCapability = keyof typeof WEBHOOKS_CAPABILITIES;
