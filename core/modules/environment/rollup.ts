/**
 * The scheduler's side of the environment history (docs/product-rules.md R20.3): the hours that received readings
 * since the last run are rolled up into hourly rows (average, minimum, maximum per indicator and sensor), each hour
 * deleted and written again in one transaction, so a second run, or a second process, gives the same rows; then
 * what is past `envRawDays` and `envHourlyDays` is deleted, a bounded batch at a time.
 */
import type { Knex } from 'knex';
import type { Clock } from '../../clock.ts';
import type { Cradle } from '../../cradle.ts';
import { runTx } from '../../db/transaction.ts';
import { EnvironmentRollupModel } from './model.ts';
import { INDICATORS } from './schema.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Readings received this long before the last run are looked at again (a batch committing while it ran). */
export const ROLLUP_MARGIN_MS = 2 * 60_000;
/** Hourly rows written per INSERT (28 columns each). */
const HOURLY_BATCH = 500;
/** Rows deleted per statement, and statements per table and run: the rest waits for the next run. */
export const DELETE_BATCH = 5000;
const DELETE_BATCHES = 20;

interface Deps {
  db: Knex;
  clock: Clock;
  paramsService: Cradle['paramsService'];
}

export interface RollupResult {
  hours: number;
  rows: number;
}
export interface SweepResult {
  raw: number;
  hourly: number;
}

const hourOf = (ms: number) => ms - (ms % HOUR_MS);

/** The aggregate columns of the hourly table, in the order `aggregates` selects them. */
const AGGREGATES = INDICATORS.flatMap((i) => [
  [`${i}_avg`, `avg(${i})`],
  [`${i}_min`, `min(${i})`],
  [`${i}_max`, `max(${i})`],
]);

/** Rolls up every hour that received readings since the last run (less ROLLUP_MARGIN_MS). */
export async function rollup(deps: Deps): Promise<RollupResult> {
  const { db, clock } = deps;
  const now = clock.now();
  const state = await EnvironmentRollupModel.query(db).findById(1);
  const since = (state?.rolledTo ?? 0) - ROLLUP_MARGIN_MS;
  const hours = (
    (await db('environment_readings')
      .where('received_at', '>', since)
      .distinct('hour_at')
      .orderBy('hour_at')) as Array<{ hour_at: number | string }>
  ).map((r) => Number(r.hour_at));
  let rows = 0;
  for (const hour of hours) rows += await rollupHour(db, hour);
  if (state) await EnvironmentRollupModel.query(db).findById(1).where('rolled_to', '<', now).patch({ rolledTo: now });
  else await db('environment_rollup').insert({ id: 1, rolled_to: now }).onConflict('id').ignore();
  return { hours: hours.length, rows };
}

/**
 * One hour's rows, computed from the raw readings and written over the hour's previous ones in one transaction
 * (the aggregate is read first, outside it, so ingestion is not held up). Plain knex: INSERT of computed rows.
 */
export async function rollupHour(db: Knex, hour: number): Promise<number> {
  const sums = (await db('environment_readings')
    .where('measured_at', '>=', hour)
    .where('measured_at', '<', hour + HOUR_MS)
    .groupBy('resource_id', 'device_id')
    .select(
      'resource_id',
      'device_id',
      db.raw('count(*) as samples'),
      ...AGGREGATES.map(([as, expr]) => db.raw(`${expr} as ${as}`)),
    )) as Array<Record<string, unknown>>;
  const rows = sums.map((s) => {
    const row: Record<string, unknown> = {
      resource_id: Number(s.resource_id),
      device_id: String(s.device_id),
      hour_at: hour,
      samples: Number(s.samples),
    };
    for (const [as] of AGGREGATES) row[as!] = s[as!] === null || s[as!] === undefined ? null : Number(s[as!]);
    return row;
  });
  await runTx(db, async (trx) => {
    await trx('environment_hourly').where('hour_at', hour).delete();
    for (let i = 0; i < rows.length; i += HOURLY_BATCH)
      await trx('environment_hourly').insert(rows.slice(i, i + HOURLY_BATCH));
  });
  return rows.length;
}

/** Deletes the raw readings older than envRawDays and the hourly rows older than envHourlyDays (whole hours). */
export async function sweep(deps: Deps): Promise<SweepResult> {
  const { db, clock, paramsService } = deps;
  const now = clock.now();
  const p = await paramsService.getMany(['envRawDays', 'envHourlyDays']);
  const rawCut = hourOf(now - Number(p.envRawDays) * DAY_MS);
  const hourlyCut = hourOf(now - Number(p.envHourlyDays) * DAY_MS);
  const raw = await deleteBefore(db, 'environment_readings', 'measured_at', rawCut);
  const hourly = await deleteBefore(db, 'environment_hourly', 'hour_at', hourlyCut);
  return { raw, hourly };
}

/**
 * Deletes the rows whose `column` is before `cut`, about DELETE_BATCH at a time: each statement deletes up to the
 * time of the DELETE_BATCH-th oldest row (with the rows sharing that time), over the column's index.
 */
async function deleteBefore(
  db: Knex,
  table: 'environment_readings' | 'environment_hourly',
  column: string,
  cut: number,
): Promise<number> {
  let deleted = 0;
  for (let n = 0; n < DELETE_BATCHES; n++) {
    const edge = (await db(table)
      .where(column, '<', cut)
      .orderBy(column)
      .offset(DELETE_BATCH - 1)
      .first(column)) as Record<string, number | string> | undefined;
    deleted += await db(table)
      .where(column, edge ? '<=' : '<', edge ? Number(edge[column]) : cut)
      .delete();
    if (!edge) break;
  }
  return deleted;
}
