/**
 * Environment history (docs/product-rules.md R20.3): every reading of a room's environment sensors, pushed by the
 * provider (`watch`) or fetched for the wall screens (the dashboard's cache hands them over), is queued here and
 * written in bounded batches: one row per sensor and measurement time (a repeat is ignored by the unique key),
 * readings of sensors mounted nowhere dropped. Each batch also checks the thresholds (alerts.ts). The scheduler
 * rolls the raw rows into hourly ones and deletes what is past retention (rollup.ts); the room's history is read
 * by history.ts.
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { can, type Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import type { Cradle } from '../../cradle.ts';
import type { EnvironmentReading } from '../../plugin-sdk/index.ts';
import { RecentValue } from '../../recent-value.ts';
import { ForbiddenError, NotFoundError } from '../../errors.ts';
import { resourceCapability, resourcesWhere } from '../resources/index.ts';
import { checkThresholds, SideCache } from './alerts.ts';
import { history } from './history.ts';
import { rollup, sweep, type RollupResult, type SweepResult } from './rollup.ts';
import { INDICATORS, type HistoryQuery, type HistoryView, type StoredReading } from './schema.ts';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
/** Readings written per INSERT (13 columns each: well under either database's limit on parameters). */
export const BATCH = 500;
/** Readings waiting to be written at most; beyond, the oldest are dropped (and counted in the log). */
export const MAX_QUEUED = 50_000;
/** How long a reading may wait for others to share its batch. */
const FLUSH_DELAY_MS = 200;
/** A reading stamped further ahead than this is a sensor with a wrong clock: dropped. */
const FUTURE_MS = 5 * 60_000;
/** How long the map of mounted sensors is trusted (a sensor mounted or moved is seen within this time). */
const SENSORS_MAX_AGE_MS = 10_000;

export interface EnvironmentDeps {
  db: Knex;
  clock: Clock;
  logger: Logger;
  paramsService: Cradle['paramsService'];
  devicesService: Cradle['devicesService'];
  resourcesService: Cradle['resourcesService'];
  notificationsService: Cradle['notificationsService'];
}

/** A provider's reading reduced to what the SDK promises (a device id, a time, finite numbers), or null. */
export function cleanReading(value: unknown): EnvironmentReading | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (typeof v.deviceId !== 'string' || !v.deviceId || v.deviceId.length > 100) return null;
  const out: EnvironmentReading = {
    deviceId: v.deviceId,
    at: typeof v.at === 'number' && Number.isFinite(v.at) ? v.at : 0,
  };
  for (const f of INDICATORS) {
    const n = v[f];
    if (typeof n === 'number' && Number.isFinite(n)) out[f] = n;
  }
  return out;
}

export class EnvironmentService {
  private queue: EnvironmentReading[] = [];
  private dropped = 0;
  private timer?: NodeJS.Timeout;
  private flushing?: Promise<void>;
  /**
   * The newest measurement time this process has checked against the thresholds, per sensor: a repeated or
   * late reading (a fetch after a push, a feed replaying) is stored if new but never moves a threshold's side.
   */
  private readonly newestAt = new Map<string, number>();
  /** The threshold side last recorded per sensor and indicator, as this process saw it (alerts.ts). */
  private readonly sides = new SideCache();
  /** Vendor id → resource id of every environment sensor mounted at a resource. */
  private readonly sensors = new RecentValue(() => this.loadSensors(), SENSORS_MAX_AGE_MS);

  constructor(private readonly deps: EnvironmentDeps) {}

  private async loadSensors(): Promise<Map<string, number>> {
    const ids = (await resourcesWhere(this.deps.db, {}).select('r.id')).map((r: { id: number }) => Number(r.id));
    const map = new Map<string, number>();
    for (let i = 0; i < ids.length; i += 2000)
      for (const s of await this.deps.devicesService.environmentSensorsOf(ids.slice(i, i + 2000)))
        if (!map.has(s.vendorId)) map.set(s.vendorId, s.resourceId);
    return map;
  }

  /** Forgets the map of mounted sensors (a sensor just mounted is seen by the next batch). */
  forgetSensors(): void {
    this.sensors.forget();
  }

  /**
   * Queues readings (the provider's pushes, the dashboard's fetches) to be written shortly, in batches. Never throws
   * and never waits on the database: a slow database delays the history, not the caller.
   */
  ingest(values: readonly unknown[]): void {
    for (const v of values) {
      const r = cleanReading(v);
      if (r) this.queue.push(r);
    }
    if (this.queue.length > MAX_QUEUED) {
      const over = this.queue.length - MAX_QUEUED;
      this.queue.splice(0, over);
      this.dropped += over;
    }
    if (this.queue.length >= BATCH) void this.flush();
    else this.later();
  }

  /** Writes what is queued shortly (once), so that readings arriving together share a batch. */
  private later(): void {
    if (this.queue.length && !this.timer)
      this.timer = setTimeout(() => {
        this.timer = undefined;
        void this.flush();
      }, FLUSH_DELAY_MS);
  }

  /** How many readings wait to be written. */
  get pending(): number {
    return this.queue.length;
  }

  /** Writes every queued reading (one batch at a time, never two at once); resolves when the queue is empty. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    // `finally` runs after the assignment even when there is nothing to write (its callback is a later microtask).
    this.flushing ??= this.drain().finally(() => {
      this.flushing = undefined;
      // Queued after the last batch was taken.
      this.later();
    });
    return this.flushing;
  }

  private async drain(): Promise<void> {
    while (this.queue.length) {
      const batch = this.queue.splice(0, BATCH);
      try {
        await this.write(batch);
      } catch (err) {
        this.deps.logger.warn({ err, readings: batch.length }, 'environment readings not written');
      }
    }
    if (this.dropped) {
      this.deps.logger.warn({ dropped: this.dropped }, 'environment readings dropped: the queue was full');
      this.dropped = 0;
    }
  }

  /** Writes one batch: the readings of mounted sensors within the kept time, each sensor and time once. */
  async write(batch: readonly EnvironmentReading[]): Promise<number> {
    const { db, clock, paramsService } = this.deps;
    const now = clock.now();
    const p = await paramsService.getMany(['envRawDays', 'envThresholds']);
    // An hour's raw rows are deleted whole (rollup.ts); a reading older than that would make a partial hour.
    const oldest = now - Number(p.envRawDays) * DAY_MS + HOUR_MS;
    const sensors = await this.sensors.get();
    const unique = new Map<string, StoredReading>();
    for (const r of batch) {
      const resourceId = sensors.get(r.deviceId);
      const at = r.at > 0 ? Math.round(r.at) : now;
      if (resourceId === undefined || at < oldest || at > now + FUTURE_MS) continue;
      const values = Object.fromEntries(INDICATORS.map((i) => [i, r[i] ?? null])) as StoredReading['values'];
      unique.set(`${r.deviceId}\n${at}`, { resourceId, deviceId: r.deviceId, at, values });
    }
    const rows = [...unique.values()];
    if (!rows.length) return 0;
    await db('environment_readings')
      .insert(
        rows.map((r) => ({
          resource_id: r.resourceId,
          device_id: r.deviceId,
          measured_at: r.at,
          hour_at: r.at - (r.at % HOUR_MS),
          received_at: now,
          ...r.values,
        })),
      )
      .onConflict(['device_id', 'measured_at'])
      .ignore();
    const newer = rows.filter((r) => r.at > (this.newestAt.get(r.deviceId) ?? 0));
    for (const r of newer) if (r.at > (this.newestAt.get(r.deviceId) ?? 0)) this.newestAt.set(r.deviceId, r.at);
    await checkThresholds(this.deps, newer, p.envThresholds as Record<string, unknown>, this.sides);
    return rows.length;
  }

  /** The scheduler's rollup of the hours that received readings (rollup.ts). */
  rollup(): Promise<RollupResult> {
    return rollup(this.deps);
  }

  /** The scheduler's deletion of what is past envRawDays and envHourlyDays (rollup.ts). */
  sweep(): Promise<SweepResult> {
    return sweep(this.deps);
  }

  /**
   * GET /room/resources/:id/environment: for whoever may view the resource, as the resources module decides it
   * (docs/product-rules.md R2.6: desks with the desk screen, the rest with the room screen); 404 when unknown.
   * The chart's hot path: the resource's type and zone through the owner's query helper, not its whole view.
   */
  async history(actor: Actor, resourceId: number, query: HistoryQuery): Promise<HistoryView> {
    const resource = (await resourcesWhere(this.deps.db, { ids: [resourceId] }).first('r.type', 'r.time_zone')) as
      { type: number | string; time_zone: string | null } | undefined;
    if (!resource) throw new NotFoundError('resource', resourceId);
    // A wall screen (its device credential) shows every room of its places, as the wall's live view does.
    const wall = actor.device?.purpose === 'wall';
    if (!wall && !can(actor, resourceCapability(Number(resource.type), 'view')))
      throw new ForbiddenError('places.typeForbidden');
    return history(this.deps, { id: resourceId, timeZone: resource.time_zone || 'UTC' }, query);
  }
}
