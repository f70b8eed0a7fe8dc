import { z } from 'zod';
import { PageQuery } from '../../db/paging.ts';
import { CalendarDate } from '../../http/validate.ts';
import { TimeZone } from '../locations/index.ts';

/** docs/product-rules.md R3.10: up to 7 devices per resource. */
export const MAX_DEVICES = 7;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'HH:mm (24:00 allowed)');
const date = CalendarDate;
const id = z.number().int().positive();
const ids = (max: number) =>
  z
    .array(id)
    .max(max)
    .refine((a) => new Set(a).size === a.length, { message: 'ids must not repeat' })
    .default([]);
const text = (max: number) => z.string().trim().max(max).nullable().optional();
const count = z.number().int().min(0).max(10_000).default(0);

export const Weekday = z
  .object({
    weekday: z.number().int().min(0).max(6).describe('0 Sunday .. 6 Saturday'),
    enabled: z.boolean(),
    timeFrom: hhmm.default('00:00'),
    timeTo: hhmm.default('24:00'),
  })
  .refine((d) => d.timeFrom < d.timeTo, { message: 'timeTo must be after timeFrom', path: ['timeTo'] });
export type Weekday = z.infer<typeof Weekday>;

/** Either instants (epoch ms) or wall-clock dates and times in the resource's zone. */
export const DisabledPeriodInput = z
  .object({
    startAt: z.number().int().nonnegative().optional(),
    endAt: z.number().int().nonnegative().optional(),
    startDate: date.optional(),
    startTime: hhmm.optional(),
    endDate: date.optional(),
    endTime: hhmm.optional(),
    reason: text(300),
  })
  .refine(
    (p) => (p.startAt !== undefined && p.endAt !== undefined) || (p.startDate && p.startTime && p.endDate && p.endTime),
    { message: 'give startAt and endAt, or startDate, startTime, endDate and endTime' },
  );
export type DisabledPeriodInput = z.infer<typeof DisabledPeriodInput>;

export const ResourceInput = z
  .object({
    name: z.string().trim().min(1).max(100),
    type: z.number().int().min(0).max(99).describe('0 meeting room, 1 desk, others as availableResource offers'),
    capacity: z.number().int().min(1).max(10_000),
    area: z.number().min(0).max(1_000_000).nullable().optional(),
    description: text(300),
    cableCount: count,
    portCount: count,
    outletCount: count,
    teleconferenceNo: text(50),
    locationId: id,
    floorId: id.nullable().optional(),
    pricePerHour: z.number().int().min(0).max(100_000_000).describe('cents'),
    timeZone: TimeZone.optional().describe("defaults to the location's"),
    allDay: z.boolean().default(false).describe('bookable only as whole days'),
    status: z
      .union([z.literal(0), z.literal(1)])
      .default(1)
      .describe('1 open, 0 disabled'),
    startDate: date.nullable().optional(),
    endDate: date.nullable().optional(),
    wholeDay: z.boolean().default(false).describe('open around the clock on open days'),
    weekdays: z
      .array(Weekday)
      .max(7)
      .refine((a) => new Set(a.map((d) => d.weekday)).size === a.length, { message: 'each weekday once' })
      .optional()
      .describe('missing weekdays are open 00:00-24:00'),
    disabledPeriods: z.array(DisabledPeriodInput).max(100).default([]),
    approverIds: ids(100),
    exemptUserIds: ids(1000),
    groupIds: ids(100),
    deviceIds: ids(MAX_DEVICES),
    imageIds: z.array(z.string().uuid()).max(10).default([]),
    iconId: id.nullable().optional(),
    sensorId: text(100),
    cardReaderId: text(100),
    lockId: text(100),
    position: z
      .object({ x: z.number().min(-1e6).max(1e6), y: z.number().min(-1e6).max(1e6) })
      .nullable()
      .optional(),
    sort: z.number().int().min(0).max(1_000_000).default(0),
  })
  .refine((r) => !r.startDate || !r.endDate || r.startDate <= r.endDate, {
    message: 'endDate must not be before startDate',
    path: ['endDate'],
  });
export type ResourceInput = z.infer<typeof ResourceInput>;

const num = z.number();
export const ResourceView = z.object({
  id: num,
  name: z.string(),
  type: num,
  capacity: num,
  area: num.nullable(),
  description: z.string().nullable(),
  cableCount: num,
  portCount: num,
  outletCount: num,
  teleconferenceNo: z.string().nullable(),
  locationId: num,
  locationName: z.string(),
  floorId: num.nullable(),
  floorName: z.string().nullable().describe("the floor's display name"),
  pricePerHour: num,
  timeZone: z.string(),
  allDay: z.boolean(),
  status: num,
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  wholeDay: z.boolean(),
  weekdays: z.array(z.object({ weekday: num, enabled: z.boolean(), timeFrom: z.string(), timeTo: z.string() })),
  disabledPeriods: z.array(z.object({ id: num, startAt: num, endAt: num, reason: z.string().nullable() })),
  approverIds: z.array(num),
  exemptUserIds: z.array(num),
  groupIds: z.array(num),
  deviceIds: z.array(num),
  imageIds: z.array(z.string()),
  iconId: num.nullable(),
  sensorId: z.string().nullable(),
  cardReaderId: z.string().nullable(),
  lockId: z.string().nullable(),
  position: z.object({ x: num, y: num }).nullable(),
  sort: num,
  createdAt: num,
  updatedAt: num,
});
export type ResourceView = z.infer<typeof ResourceView>;

const optId = z.coerce.number().int().positive().optional();
export const ResourceList = PageQuery.extend({
  type: z.coerce.number().int().min(0).max(99).optional(),
  locationId: optId,
  floorId: optId,
  minCapacity: z.coerce.number().int().min(0).max(10_000).optional(),
  status: z.coerce.number().int().min(0).max(1).optional(),
});
export type ResourceList = z.infer<typeof ResourceList>;

export const BulkDesks = z.object({
  desks: z
    .array(
      z.object({
        name: z.string().trim().min(1).max(100),
        x: z.number().min(-1e6).max(1e6),
        y: z.number().min(-1e6).max(1e6),
      }),
    )
    .min(1)
    .max(1000),
  capacity: z.number().int().min(1).max(100).default(1),
  pricePerHour: z.number().int().min(0).max(100_000_000).default(0),
});
export type BulkDesks = z.infer<typeof BulkDesks>;

export const QrQuery = z.object({ size: z.coerce.number().int().min(50).max(1000).default(100) });
export type QrQuery = z.infer<typeof QrQuery>;
