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

const PointBase = {
  deviceId: z.string().describe("the sensor's vendor id"),
  at: z.number().describe('epoch ms: the measurement (24h) or the start of the hour (7d)'),
  time: z.string().describe("the same time in the resource's zone, ISO 8601 with its offset"),
};
export const RawPoint = z.object({ ...PointBase, value: z.number() });
export const HourPoint = z.object({
  ...PointBase,
  avg: z.number(),
  min: z.number(),
  max: z.number(),
  samples: z.number().int().describe('readings in the hour'),
});
export type RawPoint = z.infer<typeof RawPoint>;
export type HourPoint = z.infer<typeof HourPoint>;

const seriesOf = <T extends z.ZodType>(point: T) =>
  z.object(Object.fromEntries(INDICATORS.map((i) => [i, z.array(point)])) as Record<Indicator, z.ZodArray<T>>);

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
  indicators: seriesOf(RawPoint).describe('per indicator its readings in time order (every sensor of the room)'),
});
export const HourlyHistory = z.object({
  ...HistoryBase,
  range: z.literal('7d'),
  resolution: z.literal('hour'),
  indicators: seriesOf(HourPoint).describe('per indicator its hourly average, minimum and maximum in time order'),
});
export const HistoryView = z.discriminatedUnion('resolution', [RawHistory, HourlyHistory]);
export type RawHistory = z.infer<typeof RawHistory>;
export type HourlyHistory = z.infer<typeof HourlyHistory>;
export type HistoryView = z.infer<typeof HistoryView>;
