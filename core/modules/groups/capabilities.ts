/** Who lists user groups: their screen, and the resource screens that restrict a resource to groups. */
import type { CapabilityTable } from '../../capability.ts';

export const GROUPS_CAPABILITIES = {
  'groups.list': ['sys:group:view', 'room:room:add', 'room:room:update', 'room:desk:add', 'room:desk:update'],
} as const satisfies CapabilityTable<'groups'>;

export type GroupsCapability = keyof typeof GROUPS_CAPABILITIES;
