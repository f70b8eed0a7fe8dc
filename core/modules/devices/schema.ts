import { z } from 'zod';
import { PageQuery } from '../../db/paging.ts';

export const DEVICE_KINDS = [
  'pad',
  'relay',
  'environment',
  'occupancy',
  'sensor',
  'cardReader',
  'lock',
  // An e-ink door label (docs/product-rules.md R20.4).
  'label',
  'other',
] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** Six pairs of hex digits separated by colons or dashes; stored upper-case with colons. */
const MacAddress = z
  .string()
  .trim()
  .regex(/^[0-9A-Fa-f]{2}([:-])[0-9A-Fa-f]{2}(\1[0-9A-Fa-f]{2}){4}$/, 'MAC address like 00:1A:2B:3C:4D:5E')
  .transform((v) => v.toUpperCase().replace(/-/g, ':'));

export const DeviceInput = z.object({
  name: z.string().trim().min(1).max(100),
  deviceNo: z.string().trim().min(1).max(100).describe('device ID, unique'),
  kind: z.enum(DEVICE_KINDS).default('pad'),
  showOnTerminal: z.boolean().default(false),
  connected: z.boolean().default(false),
  lastSeenAt: z.number().int().nonnegative().nullable().optional().describe('last connection, epoch ms'),
  macAddress: MacAddress.nullable().optional(),
  identifier: z.string().trim().max(100).nullable().optional().describe('relay channel or vendor id'),
  resourceId: z.number().int().positive().nullable().optional(),
});
export type DeviceInput = z.infer<typeof DeviceInput>;

export const DeviceView = z.object({
  id: z.number(),
  name: z.string(),
  deviceNo: z.string(),
  kind: z.string(),
  showOnTerminal: z.boolean(),
  connected: z.boolean(),
  lastSeenAt: z.number().nullable(),
  macAddress: z.string().nullable(),
  identifier: z.string().nullable(),
  resourceId: z.number().nullable(),
  resourceName: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type DeviceView = z.infer<typeof DeviceView>;

export const DeviceList = PageQuery.extend({
  kind: z.enum(DEVICE_KINDS).optional(),
  resourceId: z.coerce.number().int().positive().optional(),
  connected: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});
export type DeviceList = z.infer<typeof DeviceList>;

export const RelayItem = z.object({ id: z.number(), identifier: z.string().nullable() });
export const SensorItem = z.object({
  id: z.number(),
  macAddress: z.string().nullable(),
  deviceName: z.string(),
  roomName: z.string().nullable(),
  resourceId: z.number().nullable(),
});
export type SensorItem = z.infer<typeof SensorItem>;
