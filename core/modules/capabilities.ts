/**
 * Every module's capabilities in one table (docs/conventions.md, Capabilities): the one place a capability
 * meets the permission codes that grant it. `can()` (core/actor.ts) reads it; the menu module answers the
 * signed-in user's list; a start-up check and test/unit/capabilities.test.ts hold every code to the catalogue.
 * Each module's file imports nothing that runs but the kinds of integrations, so nothing here forms a cycle.
 */
import type { PermissionCode } from '../capability.ts';
import { BOOKINGS_CAPABILITIES } from './bookings/capabilities.ts';
import { DEVICES_CAPABILITIES } from './devices/capabilities.ts';
import { GROUPS_CAPABILITIES } from './groups/capabilities.ts';
import { INTEGRATIONS_CAPABILITIES } from './integrations/capabilities.ts';
import { KEYS_CAPABILITIES } from './keys/capabilities.ts';
import { LOCATIONS_CAPABILITIES } from './locations/capabilities.ts';
import { NOTIFICATIONS_CAPABILITIES } from './notifications/capabilities.ts';
import { PARAMS_CAPABILITIES } from './params/capabilities.ts';
import { REPORTS_CAPABILITIES } from './reports/capabilities.ts';
import { RESOURCES_CAPABILITIES } from './resources/capabilities.ts';
import { ROLES_CAPABILITIES } from './roles/capabilities.ts';
import { TABLETS_CAPABILITIES } from './tablets/capabilities.ts';
import { WEBHOOKS_CAPABILITIES } from './webhooks/capabilities.ts';

export const CAPABILITIES = {
  ...BOOKINGS_CAPABILITIES,
  ...DEVICES_CAPABILITIES,
  ...GROUPS_CAPABILITIES,
  ...INTEGRATIONS_CAPABILITIES,
  ...KEYS_CAPABILITIES,
  ...LOCATIONS_CAPABILITIES,
  ...NOTIFICATIONS_CAPABILITIES,
  ...PARAMS_CAPABILITIES,
  ...REPORTS_CAPABILITIES,
  ...RESOURCES_CAPABILITIES,
  ...ROLES_CAPABILITIES,
  ...TABLETS_CAPABILITIES,
  ...WEBHOOKS_CAPABILITIES,
} as const;

/** Every capability of every module. */
export type Capability = keyof typeof CAPABILITIES;

export const CAPABILITY_NAMES = Object.keys(CAPABILITIES).sort() as Capability[];

const KNOWN = new Set<string>(CAPABILITY_NAMES);
export const isCapability = (name: string): name is Capability => KNOWN.has(name);

/** The permission codes that grant a capability (any one suffices). */
export const codesOf = (capability: Capability): readonly PermissionCode[] => CAPABILITIES[capability];
