/**
 * A room's environment history (docs/product-rules.md R20.3): the raw readings of the last 24 hours, or the hourly
 * rows of the last 7 days, of every sensor of the room, per indicator in time order, stamped in the room's zone.
 * Pages hold whole instants: a page that would split one ends before it, and `next` starts there.
 * The wall screen's and the console's chart call: plain knex over the (resource_id, measured_at) and
 * (resource_id, device_id, hour_at) indexes, rows mapped once here.
 */
import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import type { Clock } from '../../clock.ts';
import {
  INDICATORS,
  type HistoryQuery,
  type HistoryView,
  type HourlyHistory,
  type HourPoint,
  type Indicator,
  type RawHistory,
  type RawPoint,
} from './schema.ts';

const HOUR_MS = 3_600_000;

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

function empty<T>(): Record<Indicator, T[]> {
  return Object.fromEntries(INDICATORS.map((i) => [i, []])) as unknown as Record<Indicator, T[]>;
}

export async function history(
  deps: Deps,
  resource: { id: number; timeZone: string },
  query: HistoryQuery,
): Promise<HistoryView> {
  const { db, clock } = deps;
  const now = clock.now();
  const zone = resource.timeZone || 'UTC';
  const stamp = (ms: number) => DateTime.fromMillis(ms, { zone }).toISO({ suppressMilliseconds: true }) ?? '';
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
    const indicators = empty<RawPoint>();
    for (const r of p.rows) {
      const at = Number(r.measured_at);
      const base = { deviceId: String(r.device_id), at, time: stamp(at) };
      for (const i of INDICATORS)
        if (r[i] !== null && r[i] !== undefined) indicators[i].push({ ...base, value: Number(r[i]) });
    }
    const answer: RawHistory = {
      resourceId: resource.id,
      range: '24h',
      resolution: 'raw',
      timeZone: zone,
      from,
      to: now,
      next: p.next,
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
  const indicators = empty<HourPoint>();
  for (const r of p.rows) {
    const at = Number(r.hour_at);
    const base = { deviceId: String(r.device_id), at, time: stamp(at), samples: Number(r.samples) };
    for (const i of INDICATORS) {
      const avg = r[`${i}_avg`];
      if (avg === null || avg === undefined) continue;
      indicators[i].push({ ...base, avg: Number(avg), min: Number(r[`${i}_min`]), max: Number(r[`${i}_max`]) });
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
    indicators,
  };
  return answer;
}
