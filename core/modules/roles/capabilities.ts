/** Who reads roles and the permission catalogue: the role screen, and the user screen that gives roles. */
import type { CapabilityTable } from '../../capability.ts';

export const ROLES_CAPABILITIES = {
  /** List roles (to administer them, or to give them to users). */
  'roles.list': ['sys:role:view', 'sys:admin:add', 'sys:admin:update'],
  /** Read the permission catalogue a role is made of. */
  'roles.readCatalogue': ['sys:role:view', 'sys:role:add', 'sys:role:update'],
} as const satisfies CapabilityTable<'roles'>;

export type RolesCapability = keyof typeof ROLES_CAPABILITIES;
