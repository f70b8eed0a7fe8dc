/**
 * The objection models of the environment module's tables (docs/conventions.md, "Models"; docs/product-rules.md
 * R20.3). Readings are written in batches with plain knex (the ingestion's hot path: one multi-row insert).
 */
import { TableModel } from '../../db/model.ts';

/** One reading of one sensor at one time (kept envRawDays). */
export class EnvironmentReadingModel extends TableModel {
  static override tableName = 'environment_readings';
  static override idColumn = ['resource_id', 'measured_at', 'device_id'];
  static override coerce = { measuredAt: 'number', hourAt: 'number', receivedAt: 'number' } as const;
  resourceId!: number;
  deviceId!: string;
  measuredAt!: number;
  hourAt!: number;
  receivedAt!: number;
  temperature!: number | null;
  humidity!: number | null;
  co2!: number | null;
  tvoc!: number | null;
  pressure!: number | null;
  hcho!: number | null;
  pm25!: number | null;
  pm10!: number | null;
}

/**
 * One sensor's hour: average, minimum and maximum of each indicator (kept envHourlyDays), in the columns
 * `<indicator>_avg`, `_min`, `_max`; written by the rollup's INSERT ... SELECT and read by the history's hot path.
 */
export class EnvironmentHourlyModel extends TableModel {
  static override tableName = 'environment_hourly';
  static override coerce = { id: 'number', hourAt: 'number', samples: 'number' } as const;
  id!: number;
  resourceId!: number;
  deviceId!: string;
  hourAt!: number;
  samples!: number;
}

/** How far the rollup has read (one row, id 1). */
export class EnvironmentRollupModel extends TableModel {
  static override tableName = 'environment_rollup';
  static override coerce = { rolledTo: 'number' } as const;
  id!: number;
  rolledTo!: number;
}

/** Where a sensor's indicator last stood against its thresholds: in, low or high. */
export class EnvironmentAlertModel extends TableModel {
  static override tableName = 'environment_alerts';
  static override idColumn = ['resource_id', 'device_id', 'indicator'];
  static override coerce = { measuredAt: 'number', changedAt: 'number' } as const;
  resourceId!: number;
  deviceId!: string;
  indicator!: string;
  side!: 'in' | 'low' | 'high';
  measuredAt!: number;
  changedAt!: number;
}
