/** Who reads the device lists other screens pick from: relays and the two kinds of sensors. */
import type { CapabilityTable } from '../../capability.ts';

export const DEVICES_CAPABILITIES = {
  'devices.listRelays': ['room:equipment:view', 'room:room:view', 'inte:switch:view'],
  'devices.listEnvironmentSensors': ['inte:environment:view', 'room:equipment:view', 'room:dashboard:view'],
  'devices.listOccupancySensors': ['inte:occupancy:view', 'room:equipment:view', 'room:dashboard:view'],
} as const satisfies CapabilityTable<'devices'>;

export type DevicesCapability = keyof typeof DEVICES_CAPABILITIES;
