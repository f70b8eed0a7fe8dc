/**
 * What the resource calls let a caller do: desks (type 1) with the desk screen's actions, every other type with
 * the room screen's (docs/product-rules.md R2.6). Imports only a type, so the console imports the names.
 */
import type { CapabilityTable } from '../../capability.ts';

export const RESOURCES_CAPABILITIES = {
  'resources.viewRooms': ['room:room:view'],
  'resources.addRooms': ['room:room:add'],
  'resources.updateRooms': ['room:room:update'],
  'resources.deleteRooms': ['room:room:delete'],
  'resources.viewDesks': ['room:desk:view'],
  'resources.addDesks': ['room:desk:add'],
  'resources.updateDesks': ['room:desk:update'],
  'resources.deleteDesks': ['room:desk:delete'],
} as const satisfies CapabilityTable<'resources'>;

export type ResourcesCapability = keyof typeof RESOURCES_CAPABILITIES;
export type ResourceAction = 'view' | 'add' | 'update' | 'delete';

/** The capability to `action` a resource of `type`: desks (type 1) have their own, every other type is a room. */
export const resourceCapability = (type: number, action: ResourceAction): ResourcesCapability =>
  `resources.${action}${type === 1 ? 'Desks' : 'Rooms'}`;

/** Either kind: routes admit both, the service narrows by the resource's type. */
export const eitherKind = (action: ResourceAction): ResourcesCapability[] => [
  resourceCapability(0, action),
  resourceCapability(1, action),
];
