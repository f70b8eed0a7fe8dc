/**
 * Who reads locations and floors: their own screens, the resource screens that pick them, and the booking
 * screens that filter by them. Imports only a type, so the console imports the names.
 */
import type { CapabilityTable } from '../../capability.ts';

const BOOKERS = [
  'center:reserve:view',
  'center:reservedesk:view',
  'center:search:view',
  'center:searchdesk:view',
] as const;

export const LOCATIONS_CAPABILITIES = {
  'locations.view': ['room:building:view', 'room:level:view', 'room:room:view', 'room:desk:view', ...BOOKERS],
  'locations.viewFloors': ['room:level:view', 'room:room:view', 'room:desk:view', ...BOOKERS],
} as const satisfies CapabilityTable<'locations'>;

export type LocationsCapability = keyof typeof LOCATIONS_CAPABILITIES;
