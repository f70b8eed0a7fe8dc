/**
 * Thresholds (docs/product-rules.md R20.3): each written batch's newest reading of each sensor is set against
 * `envThresholds`; where an indicator goes from inside its bounds to outside (or from one side to the other),
 * the holders of the environment integration's save permission are told, once: the side is kept per sensor and
 * indicator in environment_alerts, and the notice is queued in the transaction of a conditional update from the
 * side it was on, so of two processes hearing the same reading only one tells. Back inside is recorded silently.
 * Each process remembers the sides for a minute (SideCache), so a reading on the side already recorded costs no
 * query; a side another process moved meanwhile is seen within that minute.
 */
import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import type { Logger } from 'pino';
import type { Clock } from '../../clock.ts';
import type { Cradle } from '../../cradle.ts';
import { runTx } from '../../db/transaction.ts';
import { t } from '../../i18n/index.ts';
import { EnvironmentAlertModel } from './model.ts';
import { INDICATORS, type EnvThresholds, type Indicator, type StoredReading } from './schema.ts';

export const UNITS: Record<Indicator, string> = {
  temperature: '°C',
  humidity: '%',
  co2: 'ppm',
  tvoc: 'mg/m³',
  pressure: 'hPa',
  hcho: 'mg/m³',
  pm25: 'µg/m³',
  pm10: 'µg/m³',
};

type Side = 'in' | 'low' | 'high';

interface Deps {
  db: Knex;
  clock: Clock;
  logger: Logger;
  resourcesService: Cradle['resourcesService'];
  notificationsService: Cradle['notificationsService'];
}

export function sideOf(value: number, bound: { min?: number; max?: number }): Side {
  if (bound.min !== undefined && value < bound.min) return 'low';
  if (bound.max !== undefined && value > bound.max) return 'high';
  return 'in';
}

const keyOf = (resourceId: number, deviceId: string, indicator: string) => `${resourceId}\n${deviceId}\n${indicator}`;

/** How long this process trusts the sides it remembers before reading them again (another process may move them). */
export const SIDES_MAX_AGE_MS = 60_000;

/**
 * The side each sensor's indicator was last recorded on, as this process wrote or read it: a reading on the same
 * side (nearly all of them) needs no database read. Forgotten whole every SIDES_MAX_AGE_MS (monotonic clock).
 */
export class SideCache {
  private readonly sides = new Map<string, Side>();
  private since = performance.now();

  private fresh(): Map<string, Side> {
    if (performance.now() - this.since >= SIDES_MAX_AGE_MS) {
      this.sides.clear();
      this.since = performance.now();
    }
    return this.sides;
  }
  get(key: string): Side | undefined {
    return this.fresh().get(key);
  }
  set(key: string, side: Side): void {
    this.fresh().set(key, side);
  }
  forget(key: string): void {
    this.sides.delete(key);
  }
}

/** Checks the newest reading of each sensor of a written batch against the thresholds. */
export async function checkThresholds(
  deps: Deps,
  readings: readonly StoredReading[],
  raw: unknown,
  cache: SideCache,
): Promise<void> {
  const thresholds = (raw && typeof raw === 'object' ? raw : {}) as EnvThresholds;
  const watched = INDICATORS.filter((i) => thresholds[i]?.min !== undefined || thresholds[i]?.max !== undefined);
  if (!watched.length) return;
  const newest = new Map<string, StoredReading>();
  for (const r of readings) {
    const k = `${r.resourceId}\n${r.deviceId}`;
    if ((newest.get(k)?.at ?? -1) < r.at) newest.set(k, r);
  }
  // Only the readings whose side differs from the one remembered are looked at in the database.
  const candidates: Array<{ r: StoredReading; indicator: Indicator; to: Side; key: string }> = [];
  for (const r of newest.values())
    for (const indicator of watched) {
      const value = r.values[indicator];
      if (value === null) continue;
      const to = sideOf(value, thresholds[indicator]!);
      const key = keyOf(r.resourceId, r.deviceId, indicator);
      if (cache.get(key) !== to) candidates.push({ r, indicator, to, key });
    }
  if (!candidates.length) return;
  const { db, clock } = deps;
  const deviceIds = [...new Set(candidates.map((c) => c.r.deviceId))];
  const known = new Map<string, EnvironmentAlertModel>();
  for (let i = 0; i < deviceIds.length; i += 500)
    for (const a of await EnvironmentAlertModel.query(db).whereIn('device_id', deviceIds.slice(i, i + 500)))
      known.set(keyOf(a.resourceId, a.deviceId, a.indicator), a);
  const now = clock.now();
  const fresh: Array<Record<string, unknown>> = [];
  const freshKeys: string[] = [];
  const changes: Array<{ reading: StoredReading; indicator: Indicator; from: Side; to: Side; key: string }> = [];
  for (const { r, indicator, to, key } of candidates) {
    const row = known.get(key);
    if (!row) {
      // First seen: recorded inside, so that a first reading outside is a crossing like any other.
      fresh.push({
        resource_id: r.resourceId,
        device_id: r.deviceId,
        indicator,
        side: 'in',
        measured_at: to === 'in' ? r.at : 0,
        changed_at: now,
      });
      if (to === 'in') freshKeys.push(key);
      else changes.push({ reading: r, indicator, from: 'in', to, key });
    } else if (row.side === to) cache.set(key, to);
    else if (row.measuredAt < r.at) changes.push({ reading: r, indicator, from: row.side, to, key });
  }
  for (let i = 0; i < fresh.length; i += 500)
    await db('environment_alerts')
      .insert(fresh.slice(i, i + 500))
      .onConflict(['resource_id', 'device_id', 'indicator'])
      .ignore();
  for (const key of freshKeys) cache.set(key, 'in');
  for (const c of changes) {
    try {
      // Moved by this process: remembered; not moved (another process was first, or knew a newer reading): read again.
      if (await cross(deps, c.reading, c.indicator, c.from, c.to, thresholds[c.indicator]!)) cache.set(c.key, c.to);
      else cache.forget(c.key);
    } catch (err) {
      cache.forget(c.key);
      deps.logger.warn({ err, deviceId: c.reading.deviceId, indicator: c.indicator }, 'environment alert not recorded');
    }
  }
}

/**
 * Moves one sensor's indicator to another side; going outside tells the administrators in the same transaction.
 * Answers whether this call moved it.
 */
async function cross(
  deps: Deps,
  r: StoredReading,
  indicator: Indicator,
  from: Side,
  to: Side,
  bound: { min?: number; max?: number },
): Promise<boolean> {
  const { db, clock } = deps;
  const now = clock.now();
  const move = (trx: Knex.Transaction) =>
    EnvironmentAlertModel.query(trx)
      .where({ resource_id: r.resourceId, device_id: r.deviceId, indicator, side: from })
      .where('measured_at', '<', r.at)
      .patch({ side: to, measuredAt: r.at, changedAt: now });
  if (to === 'in') return runTx(db, async (trx) => (await move(trx)) === 1);
  const room = await deps.resourcesService.get(r.resourceId);
  const zone = room.timeZone || 'UTC';
  const value = r.values[indicator]!;
  const limit = to === 'high' ? bound.max : bound.min;
  const queue = await deps.notificationsService.noticeToHolders('integrations.environment.save', {
    topic: 'environment.threshold',
    key: `environment.threshold:${r.resourceId}:${r.deviceId}:${indicator}:${r.at}`,
    words: (lang) => {
      const params = {
        room: room.name,
        sensor: r.deviceId,
        indicator: t(lang, `environment.${indicator}`),
        value,
        unit: UNITS[indicator],
        limit,
        side: t(lang, to === 'high' ? 'environment.above' : 'environment.below'),
        time: DateTime.fromMillis(r.at, { zone }).toFormat('yyyy-MM-dd HH:mm'),
        zone,
      };
      return { subject: t(lang, 'environment.alertSubject', params), text: t(lang, 'environment.alertText', params) };
    },
  });
  return runTx(db, async (trx) => {
    if ((await move(trx)) !== 1) return false;
    await queue(trx);
    return true;
  });
}
