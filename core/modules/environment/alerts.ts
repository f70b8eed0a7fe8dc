/**
 * Thresholds (docs/product-rules.md R20.3): each written batch's newest reading of each sensor is set against
 * `envThresholds`; where an indicator goes from inside its bounds to outside (or from one side to the other),
 * the holders of the environment integration's save permission are told, once: the side is kept per sensor and
 * indicator in environment_alerts, and the notice is queued in the transaction of a conditional update from the
 * side it was on, so of two processes hearing the same reading only one tells. Back inside is recorded silently.
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

/** Checks the newest reading of each sensor of a written batch against the thresholds. */
export async function checkThresholds(deps: Deps, readings: readonly StoredReading[], raw: unknown): Promise<void> {
  const thresholds = (raw && typeof raw === 'object' ? raw : {}) as EnvThresholds;
  const watched = INDICATORS.filter((i) => thresholds[i]?.min !== undefined || thresholds[i]?.max !== undefined);
  if (!watched.length) return;
  const newest = new Map<string, StoredReading>();
  for (const r of readings) {
    const k = `${r.resourceId}\n${r.deviceId}`;
    if ((newest.get(k)?.at ?? -1) < r.at) newest.set(k, r);
  }
  const { db, clock } = deps;
  const deviceIds = [...new Set([...newest.values()].map((r) => r.deviceId))];
  const known = new Map<string, EnvironmentAlertModel>();
  for (let i = 0; i < deviceIds.length; i += 500)
    for (const a of await EnvironmentAlertModel.query(db).whereIn('device_id', deviceIds.slice(i, i + 500)))
      known.set(keyOf(a.resourceId, a.deviceId, a.indicator), a);
  const now = clock.now();
  const fresh: Array<Record<string, unknown>> = [];
  const changes: Array<{ reading: StoredReading; indicator: Indicator; from: Side; to: Side }> = [];
  for (const r of newest.values())
    for (const indicator of watched) {
      const value = r.values[indicator];
      if (value === null) continue;
      const to = sideOf(value, thresholds[indicator]!);
      const row = known.get(keyOf(r.resourceId, r.deviceId, indicator));
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
        if (to !== 'in') changes.push({ reading: r, indicator, from: 'in', to });
      } else if (row.measuredAt < r.at && row.side !== to) changes.push({ reading: r, indicator, from: row.side, to });
    }
  for (let i = 0; i < fresh.length; i += 500)
    await db('environment_alerts')
      .insert(fresh.slice(i, i + 500))
      .onConflict(['resource_id', 'device_id', 'indicator'])
      .ignore();
  for (const c of changes) {
    try {
      await cross(deps, c.reading, c.indicator, c.from, c.to, thresholds[c.indicator]!);
    } catch (err) {
      deps.logger.warn({ err, deviceId: c.reading.deviceId, indicator: c.indicator }, 'environment alert not recorded');
    }
  }
}

/** Moves one sensor's indicator to another side; going outside tells the administrators in the same transaction. */
async function cross(
  deps: Deps,
  r: StoredReading,
  indicator: Indicator,
  from: Side,
  to: Side,
  bound: { min?: number; max?: number },
): Promise<void> {
  const { db, clock } = deps;
  const now = clock.now();
  const move = (trx: Knex.Transaction) =>
    EnvironmentAlertModel.query(trx)
      .where({ resource_id: r.resourceId, device_id: r.deviceId, indicator, side: from })
      .where('measured_at', '<', r.at)
      .patch({ side: to, measuredAt: r.at, changedAt: now });
  if (to === 'in') {
    await runTx(db, async (trx) => void (await move(trx)));
    return;
  }
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
  await runTx(db, async (trx) => {
    if ((await move(trx)) === 1) await queue(trx);
  });
}
