import { z } from 'zod';
import { CalendarDate } from '../../http/validate.ts';

const date = CalendarDate;

export const DashboardQuery = z
  .object({
    from: date,
    to: date,
    locationId: z.coerce.number().int().positive().optional(),
    floorId: z.coerce.number().int().positive().optional(),
    type: z.coerce.number().int().min(0).max(20).optional(),
    groupBy: z.enum(['location', 'floor', 'resource', 'type']).default('resource'),
    limit: z.coerce.number().int().min(1).max(100).default(10),
  })
  .refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 <= 366, {
    message: 'at most one year',
    path: ['to'],
  });
export type DashboardQuery = z.infer<typeof DashboardQuery>;

export const UtilisationRow = z.object({
  key: z.string(),
  name: z.string(),
  openMinutes: z.number(),
  bookedMinutes: z.number(),
  utilisation: z.number().describe('0..1'),
  sensedMinutes: z
    .number()
    .describe("booked minutes during which the rooms' occupancy sensors knew whether anybody was in"),
  emptyMinutes: z.number().describe('of those, the minutes they said nobody: booked but empty ("ghost meetings")'),
  emptyShare: z.number().describe('emptyMinutes over sensedMinutes, 0..1 (0 without sensors)'),
});

export const Panel = z
  .object({
    name: z.string().trim().min(1).max(100),
    locationId: z.number().int().positive().nullable().optional(),
    floorId: z.number().int().positive().nullable().optional(),
    logoUploadId: z.string().max(36).nullable().optional(),
    environmentSlideSeconds: z.number().int().min(3).max(3600).default(10),
    bookingSlideSeconds: z.number().int().min(3).max(3600).default(10),
  })
  .refine((p) => p.locationId || p.floorId, { message: 'choose a location or a floor', path: ['locationId'] });
export type Panel = z.infer<typeof Panel>;

export { IdParam } from '../../http/validate.ts';

export const LiveQuery = z
  .object({
    locationId: z.coerce.number().int().positive().optional(),
    floorId: z.coerce.number().int().positive().optional(),
    page: z.coerce.number().int().min(1).max(1000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(200),
  })
  .refine((q) => q.locationId || q.floorId, { message: 'choose a location or a floor', path: ['locationId'] });
export type LiveQuery = z.infer<typeof LiveQuery>;

const LiveBookingView = z.object({
  id: z.number(),
  subject: z.string().nullable().describe("null where other people's subjects are hidden"),
  organiserId: z.number(),
  organiserName: z.string(),
  startAt: z.number(),
  endAt: z.number(),
  startTime: z.string(),
  endTime: z.string(),
  state: z.string(),
  checkedIn: z.boolean(),
});

const ReadingView = z.object({
  deviceId: z.string().describe('the vendor id (device identifier or MAC address)'),
  at: z.number().describe('epoch ms of the measurement'),
  temperature: z.number().optional(),
  humidity: z.number().optional(),
  co2: z.number().optional(),
  tvoc: z.number().optional(),
  pressure: z.number().optional(),
  hcho: z.number().optional(),
  pm25: z.number().optional(),
  pm10: z.number().optional(),
});

export const LiveResource = z.object({
  id: z.number(),
  name: z.string(),
  type: z.number(),
  floorId: z.number().nullable(),
  floorName: z.string().nullable(),
  timeZone: z.string(),
  current: LiveBookingView.nullable(),
  next: LiveBookingView.nullable().describe('the next booking later today'),
  readings: z.array(ReadingView).describe('latest reading of each environment sensor at the resource'),
});
export type LiveResource = z.infer<typeof LiveResource>;

export const LiveAnswer = z.object({
  items: z.array(LiveResource),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  now: z.number().describe("the server's clock, epoch ms"),
});
export type LiveAnswer = z.infer<typeof LiveAnswer>;
