/**
 * A room's environment history (docs/product-rules.md R20.3): the raw readings of the last 24 hours, or the hourly
 * rows of the last 7 days, of every sensor of the room: each sensor's time axis once (epoch ms and the time in the
 * room's zone), and per indicator one column per sensor aligned with it (a day of one reading a minute is 1,440
 * points of eight indicators: columns on one axis keep the answer small, and are what chart libraries take).
 * Pages hold whole instants: a page that would split one ends before it, and `next` starts there.
 * The chart's hot path: plain knex over the (resource_id, measured_at) and (resource_id, device_id, hour_at)
 * indexes, rows mapped once here, local times written by hand from the zone's offset (luxon per point costs
 * more than the query).
 */
import type { Knex } from 'knex';
import { IANAZone } from 'luxon';
import type { Clock } from '../../clock.ts';
import {
  INDICATORS,
  type HistoryQuery,
  type HistoryView,
  type HourlyHistory,
  type HourAxis,
  type HourSeries,
  type Indicator,
  type RawHistory,
  type RawSeries,
  type SensorAxis,
} from './schema.ts';

const HOUR_MS = 3_600_000;
/** Zones change their offset on a quarter hour at the finest: one offset is asked per quarter hour. */
const QUARTER_MS = 15 * 60_000;

interface Deps {
  db: Knex;
  clock: Clock;
}

/** Rows of one page: at most `limit`, never splitting the rows of one instant; `next` where the rest begins. */
function page<T>(rows: T[], limit: number, atOf: (row: T) => number): { rows: T[]; next: number | null } {
  if (rows.length <= limit) return { rows, next: null };
  const next = atOf(rows[limit]!);
  let end = limit;
  while (end > 0 && atOf(rows[end - 1]!) === next) end--;
  // One instant fills the page (cannot happen with a room's few sensors): the page is that instant, cut.
  if (end === 0) return { rows: rows.slice(0, limit), next: next + 1 };
  return { rows: rows.slice(0, end), next };
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** `2027-03-10T18:00:00+09:00` for epoch ms in the zone (seconds kept, milliseconds dropped). */
export function zoneStamper(timeZone: string): (ms: number) => string {
  const zone = IANAZone.create(timeZone);
  const valid = zone.isValid ? zone : IANAZone.create('UTC');
  const offsets = new Map<number, number>();
  return (ms) => {
    const quarter = ms - (ms % QUARTER_MS);
    let offset = offsets.get(quarter);
    if (offset === undefined) offsets.set(quarter, (offset = valid.offset(ms)));
    const d = new Date(ms + offset * 60_000);
    const sign = offset < 0 ? '-' : '+';
    const abs = Math.abs(offset);
    return (
      `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}` +
      `T${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}` +
      `${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`
    );
  };
}

/** The rows of each sensor, in the order of the page (time). */
function bySensor(rows: Array<Record<string, unknown>>): Map<string, Array<Record<string, unknown>>> {
  const out = new Map<string, Array<Record<string, unknown>>>();
  for (const r of rows) {
    const id = String(r.device_id);
    let list = out.get(id);
    if (!list) out.set(id, (list = []));
    list.push(r);
  }
  return out;
}

/** A column of the sensor's rows, numbers or null; undefined when the sensor has no value in it at all. */
function column(rows: Array<Record<string, unknown>>, name: string): Array<number | null> | undefined {
  let any = false;
  const out = rows.map((r) => {
    const v = r[name];
    if (v === null || v === undefined) return null;
    any = true;
    return Number(v);
  });
  return any ? out : undefined;
}

const perIndicator = <S>() =>
  Object.fromEntries(INDICATORS.map((i) => [i, [] as S[]])) as unknown as Record<Indicator, S[]>;

export async function history(
  deps: Deps,
  resource: { id: number; timeZone: string },
  query: HistoryQuery,
): Promise<HistoryView> {
  const { db, clock } = deps;
  const now = clock.now();
  const zone = resource.timeZone || 'UTC';
  const stamp = zoneStamper(zone);
  if (query.range === '24h') {
    const from = now - 24 * HOUR_MS;
    const rows = (await db('environment_readings')
      .where('resource_id', resource.id)
      .where('measured_at', '>=', Math.max(from, query.cursor ?? 0))
      .where('measured_at', '<=', now)
      .orderBy('measured_at')
      .orderBy('device_id')
      .limit(query.limit + 1)
      .select('device_id', 'measured_at', ...INDICATORS)) as Array<Record<string, unknown>>;
    const p = page(rows, query.limit, (r) => Number(r.measured_at));
    const sensors: SensorAxis[] = [];
    const indicators = perIndicator<RawSeries>();
    for (const [deviceId, list] of bySensor(p.rows)) {
      const at = list.map((r) => Number(r.measured_at));
      sensors.push({ deviceId, at, time: at.map(stamp) });
      for (const i of INDICATORS) {
        const value = column(list, i);
        if (value) indicators[i].push({ deviceId, value });
      }
    }
    const answer: RawHistory = {
      resourceId: resource.id,
      range: '24h',
      resolution: 'raw',
      timeZone: zone,
      from,
      to: now,
      next: p.next,
      sensors,
      indicators,
    };
    return answer;
  }
  const from = now - (now % HOUR_MS) - (7 * 24 - 1) * HOUR_MS;
  const rows = (await db('environment_hourly')
    .where('resource_id', resource.id)
    .where('hour_at', '>=', Math.max(from, query.cursor ?? 0))
    .orderBy('hour_at')
    .orderBy('device_id')
    .limit(query.limit + 1)
    .select(
      'device_id',
      'hour_at',
      'samples',
      ...INDICATORS.flatMap((i) => [`${i}_avg`, `${i}_min`, `${i}_max`]),
    )) as Array<Record<string, unknown>>;
  const p = page(rows, query.limit, (r) => Number(r.hour_at));
  const sensors: HourAxis[] = [];
  const indicators = perIndicator<HourSeries>();
  for (const [deviceId, list] of bySensor(p.rows)) {
    const at = list.map((r) => Number(r.hour_at));
    sensors.push({ deviceId, at, time: at.map(stamp), samples: list.map((r) => Number(r.samples)) });
    for (const i of INDICATORS) {
      const avg = column(list, `${i}_avg`);
      if (avg) indicators[i].push({ deviceId, avg, min: column(list, `${i}_min`)!, max: column(list, `${i}_max`)! });
    }
  }
  const answer: HourlyHistory = {
    resourceId: resource.id,
    range: '7d',
    resolution: 'hour',
    timeZone: zone,
    from,
    to: now,
    next: p.next,
    sensors,
    indicators,
  };
  return answer;
}
