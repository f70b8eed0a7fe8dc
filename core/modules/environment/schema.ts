/** The environment history's inputs and answers (docs/product-rules.md R20.3). */
import { z } from 'zod';

/** The indicators a reading may carry (SDK EnvironmentReading), in display order; each a column of the tables. */
export const INDICATORS = ['temperature', 'humidity', 'co2', 'tvoc', 'pressure', 'hcho', 'pm25', 'pm10'] as const;
export type Indicator = (typeof INDICATORS)[number];

/** `envThresholds` as the parameters catalogue validated it: per indicator an optional lower and upper bound. */
export type EnvThresholds = Partial<Record<Indicator, { min?: number; max?: number }>>;

/** A reading as stored: the sensor's room, and every indicator a number or null. */
export interface StoredReading {
  resourceId: number;
  deviceId: string;
  at: number;
  values: Record<Indicator, number | null>;
}

export const RANGES = ['24h', '7d'] as const;
export type HistoryRange = (typeof RANGES)[number];

export const HistoryQuery = z.object({
  range: z.enum(RANGES).default('24h').describe('24h: raw readings of the last 24 hours; 7d: hourly rows of 7 days'),
  limit: z.coerce
    .number()
    .int()
    .min(100)
    .max(10_000)
    .default(5000)
    .describe('at most this many readings (24h) or sensor-hours (7d) a page'),
  cursor: z.coerce
    .number()
    .int()
    .nonnegative()
    .optional()
    .describe("the previous page's `next`: continues from that time (epoch ms)"),
});
export type HistoryQuery = z.infer<typeof HistoryQuery>;

/** One sensor's time axis: the same index in its indicators' columns is the same point. */
export const SensorAxis = z.object({
  deviceId: z.string().describe("the sensor's vendor id"),
  at: z.array(z.number()).describe('epoch ms of each point: the measurement (24h) or the start of the hour (7d)'),
  time: z.array(z.string()).describe("the same times in the resource's zone, ISO 8601 with the offset"),
});
export const HourAxis = SensorAxis.extend({
  samples: z.array(z.number().int()).describe('readings in each hour'),
});
const nullableColumn = (what: string) =>
  z.array(z.number().nullable()).describe(`${what} at each point of the sensor's axis; null where it had none`);
/** One sensor's readings of one indicator, aligned with its axis. */
export const RawSeries = z.object({ deviceId: z.string(), value: nullableColumn('the reading') });
/** One sensor's hourly average, minimum and maximum of one indicator, aligned with its axis. */
export const HourSeries = z.object({
  deviceId: z.string(),
  avg: nullableColumn("the hour's average"),
  min: nullableColumn("the hour's minimum"),
  max: nullableColumn("the hour's maximum"),
});
export type SensorAxis = z.infer<typeof SensorAxis>;
export type HourAxis = z.infer<typeof HourAxis>;
export type RawSeries = z.infer<typeof RawSeries>;
export type HourSeries = z.infer<typeof HourSeries>;

const seriesOf = <T extends z.ZodType>(series: T) =>
  z.object(Object.fromEntries(INDICATORS.map((i) => [i, z.array(series)])) as Record<Indicator, z.ZodArray<T>>);

const HistoryBase = {
  resourceId: z.number(),
  timeZone: z.string().describe("the resource's time zone"),
  from: z.number().describe('epoch ms: the start of the range'),
  to: z.number().describe('epoch ms: now'),
  next: z.number().nullable().describe('pass as `cursor` for the next page; null on the last'),
};
export const RawHistory = z.object({
  ...HistoryBase,
  range: z.literal('24h'),
  resolution: z.literal('raw'),
  sensors: z.array(SensorAxis).describe("each sensor of the room that reported, with its points' times"),
  indicators: seriesOf(RawSeries).describe(
    "per indicator one series per sensor that measured it, aligned with the sensor's axis",
  ),
});
export const HourlyHistory = z.object({
  ...HistoryBase,
  range: z.literal('7d'),
  resolution: z.literal('hour'),
  sensors: z.array(HourAxis).describe("each sensor of the room that reported, with its hours' times"),
  indicators: seriesOf(HourSeries).describe(
    "per indicator one series per sensor that measured it: hourly average, minimum and maximum, aligned with the sensor's axis",
  ),
});
export const HistoryView = z.discriminatedUnion('resolution', [RawHistory, HourlyHistory]);
export type RawHistory = z.infer<typeof RawHistory>;
export type HourlyHistory = z.infer<typeof HourlyHistory>;
export type HistoryView = z.infer<typeof HistoryView>;
