/**
 * Dashboard figures: utilisation (booked over open time) by place or type,
 * bookings per hour of the week, the no-show rate and the busiest resources.
 * Aggregates run in SQL per time zone; only the open-hours arithmetic is in code.
 */
import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import type { Cradle } from '../../cradle.ts';
import { openMinutes, rangeInZone, type OpenHoursRow } from './open-hours.ts';
import { USES_TIME } from '../bookings/lifecycle.ts';
import type { DashboardQuery } from './schema.ts';

const DAY_MS = 86_400_000;

/** States in which a booking used its resource's time. */
export const USED_STATES = USES_TIME;

interface ResourceRow {
  id: number;
  name: string;
  type: number;
  location_id: number;
  floor_id: number | null;
  location_name: string;
  floor_name: string | null;
  time_zone: string;
  status: number;
  startDate: string | null;
  endDate: string | null;
  whole_day: boolean | number;
}

export interface ResourceUsage extends ResourceRow {
  openMinutes: number;
  bookedMinutes: number;
  bookings: number;
  /** Booked minutes during which the room's occupancy sensor knew whether anybody was there (R20.5). */
  sensedMinutes: number;
  /** Of those, the minutes it said nobody: booked but empty, "ghost meetings". */
  emptyMinutes: number;
}

/** The share of `part` in `whole`, to three places; 0 of nothing is 0. */
const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : 0);

/**
 * Instants that surely hold the starts of bookings dated from `from` to `to` in any zone (a day's margin each side):
 * beside the exact date filter, they let the (resource, start) index bound the read to the range instead of every
 * booking the resources ever had (docs/performance.md P3).
 */
function startBounds(q: Pick<DashboardQuery, 'from' | 'to'>): [number, number] {
  return [Date.parse(`${q.from}T00:00:00Z`) - DAY_MS, Date.parse(`${q.to}T00:00:00Z`) + 2 * DAY_MS];
}

export class DashboardService {
  constructor(private readonly deps: { db: Knex; presenceService: Cradle['presenceService'] }) {}

  private resources(q: Pick<DashboardQuery, 'locationId' | 'floorId' | 'type'>): Promise<ResourceRow[]> {
    const query = this.deps
      .db('resources as r')
      .join('locations as l', 'l.id', 'r.location_id')
      .leftJoin('floors as f', 'f.id', 'r.floor_id')
      .select(
        'r.id',
        'r.name',
        'r.type',
        'r.location_id',
        'r.floor_id',
        'l.name as location_name',
        'f.display_name as floor_name',
        'r.time_zone',
        'r.status',
        'r.start_date as startDate',
        'r.end_date as endDate',
        'r.whole_day',
      );
    if (q.locationId) query.where('r.location_id', q.locationId);
    if (q.floorId) query.where('r.floor_id', q.floorId);
    if (q.type !== undefined) query.where('r.type', q.type);
    return query as unknown as Promise<ResourceRow[]>;
  }

  /** Open and booked minutes of every matching resource over the range. */
  async usage(q: Pick<DashboardQuery, 'from' | 'to' | 'locationId' | 'floorId' | 'type'>): Promise<ResourceUsage[]> {
    const { db } = this.deps;
    const resources = await this.resources(q);
    if (resources.length === 0) return [];
    const ids = resources.map((r) => r.id);
    const hours = new Map<number, OpenHoursRow[]>();
    for (let i = 0; i < ids.length; i += 500) {
      for (const h of (await db('resource_open_hours').whereIn('resource_id', ids.slice(i, i + 500))) as Array<
        OpenHoursRow & { resource_id: number }
      >) {
        const list = hours.get(h.resource_id) ?? [];
        list.push(h);
        hours.set(h.resource_id, list);
      }
    }
    const booked = new Map<number, { minutes: number; count: number }>();
    const zones = [...new Set(resources.map((r) => r.time_zone))];
    for (const zone of zones) {
      const { startAt, endAt } = rangeInZone(q.from, q.to, zone);
      const zoneIds = resources.filter((r) => r.time_zone === zone).map((r) => r.id);
      for (let i = 0; i < zoneIds.length; i += 500) {
        const rows = await db('bookings')
          .whereIn('resource_id', zoneIds.slice(i, i + 500))
          .whereIn('state', USED_STATES as unknown as string[])
          .where('start_at', '>=', startAt)
          .where('start_at', '<', endAt)
          .groupBy('resource_id')
          .select('resource_id')
          .sum({ ms: db.raw('end_at - start_at') })
          .count({ n: '*' });
        for (const r of rows as Array<{ resource_id: number; ms: number | string; n: number | string }>) {
          booked.set(Number(r.resource_id), { minutes: Math.round(Number(r.ms) / 60_000), count: Number(r.n) });
        }
      }
    }
    const empty = await this.emptyTime(resources, q);
    return resources.map((r) => ({
      ...r,
      openMinutes: openMinutes(r, hours.get(r.id) ?? [], q.from, q.to),
      bookedMinutes: booked.get(r.id)?.minutes ?? 0,
      bookings: booked.get(r.id)?.count ?? 0,
      sensedMinutes: Math.round((empty.get(r.id)?.sensedMs ?? 0) / 60_000),
      emptyMinutes: Math.round((empty.get(r.id)?.emptyMs ?? 0) / 60_000),
    }));
  }

  /** Booked and empty time of the rooms that have a sensor's history, from their meetings in the range (R20.5). */
  private async emptyTime(resources: ResourceRow[], q: Pick<DashboardQuery, 'from' | 'to'>) {
    const { db, presenceService } = this.deps;
    const sensed = await presenceService.sensedRooms(resources.map((r) => r.id));
    const spans: Array<{ resourceId: number; startAt: number; endAt: number }> = [];
    for (const zone of new Set(resources.filter((r) => sensed.has(r.id)).map((r) => r.time_zone))) {
      const { startAt, endAt } = rangeInZone(q.from, q.to, zone);
      const ids = resources.filter((r) => r.time_zone === zone && sensed.has(r.id)).map((r) => r.id);
      for (let i = 0; i < ids.length; i += 500) {
        const rows = (await db('bookings')
          .whereIn('resource_id', ids.slice(i, i + 500))
          .whereIn('state', USED_STATES as unknown as string[])
          .where('start_at', '>=', startAt)
          .where('start_at', '<', endAt)
          .select('resource_id', 'start_at', 'end_at')) as Array<Record<string, number>>;
        for (const r of rows)
          spans.push({ resourceId: Number(r.resource_id), startAt: Number(r.start_at), endAt: Number(r.end_at) });
      }
    }
    return presenceService.emptyTime(spans);
  }

  async utilisation(q: DashboardQuery): Promise<
    Array<{
      key: string;
      name: string;
      openMinutes: number;
      bookedMinutes: number;
      utilisation: number;
      sensedMinutes: number;
      emptyMinutes: number;
      emptyShare: number;
    }>
  > {
    const groups = new Map<
      string,
      { name: string; openMinutes: number; bookedMinutes: number; sensedMinutes: number; emptyMinutes: number }
    >();
    for (const u of await this.usage(q)) {
      const [key, name] =
        q.groupBy === 'location'
          ? [`l${u.location_id}`, u.location_name]
          : q.groupBy === 'floor'
            ? [`f${u.floor_id ?? 0}`, u.floor_name ?? '—']
            : q.groupBy === 'type'
              ? [`t${u.type}`, String(u.type)]
              : [`r${u.id}`, u.name];
      const g = groups.get(key) ?? { name, openMinutes: 0, bookedMinutes: 0, sensedMinutes: 0, emptyMinutes: 0 };
      g.openMinutes += u.openMinutes;
      g.bookedMinutes += u.bookedMinutes;
      g.sensedMinutes += u.sensedMinutes;
      g.emptyMinutes += u.emptyMinutes;
      groups.set(key, g);
    }
    return [...groups.entries()].map(([key, g]) => ({
      key,
      ...g,
      utilisation: share(g.bookedMinutes, g.openMinutes),
      emptyShare: share(g.emptyMinutes, g.sensedMinutes),
    }));
  }

  /** Bookings per weekday (0 Sunday) and starting hour, read from the bookings' own wall-clock fields. */
  async heatmap(q: DashboardQuery): Promise<number[][]> {
    const { db } = this.deps;
    const ids = (await this.resources(q)).map((r) => r.id);
    const grid = Array.from({ length: 7 }, () => Array<number>(24).fill(0));
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await db('bookings')
        .whereIn('resource_id', ids.slice(i, i + 500))
        .whereIn('state', USED_STATES as unknown as string[])
        .whereBetween('meeting_date', [q.from, q.to])
        .whereBetween('start_at', startBounds(q))
        .groupBy('meeting_date', db.raw('substr(start_time, 1, 2)'))
        .select('meeting_date', db.raw('substr(start_time, 1, 2) as hour'))
        .count({ n: '*' });
      for (const r of rows as Array<{ meeting_date: string; hour: string; n: number | string }>) {
        const weekday = DateTime.fromISO(r.meeting_date).weekday % 7;
        grid[weekday]![Number(r.hour)]! += Number(r.n);
      }
    }
    return grid;
  }

  /** Share of bookings that should have been used but were cancelled for nobody checking in. */
  async noShowRate(q: DashboardQuery): Promise<{ expected: number; noShows: number; rate: number }> {
    const { db } = this.deps;
    const ids = (await this.resources(q)).map((r) => r.id);
    let expected = 0;
    let noShows = 0;
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await db('bookings')
        .whereIn('resource_id', ids.slice(i, i + 500))
        .whereBetween('meeting_date', [q.from, q.to])
        .whereBetween('start_at', startBounds(q))
        .whereIn('state', [...USED_STATES, 'autoCancelled'])
        .groupBy('state')
        .select('state')
        .count({ n: '*' });
      for (const r of rows as Array<{ state: string; n: number | string }>) {
        expected += Number(r.n);
        if (r.state === 'autoCancelled') noShows += Number(r.n);
      }
    }
    return { expected, noShows, rate: expected > 0 ? Math.round((noShows / expected) * 1000) / 1000 : 0 };
  }

  async top(
    q: DashboardQuery,
  ): Promise<Array<{ id: number; name: string; bookedMinutes: number; bookings: number; utilisation: number }>> {
    return (await this.usage(q))
      .sort((a, b) => b.bookedMinutes - a.bookedMinutes || a.id - b.id)
      .slice(0, q.limit)
      .map((u) => ({
        id: u.id,
        name: u.name,
        bookedMinutes: u.bookedMinutes,
        bookings: u.bookings,
        utilisation: u.openMinutes > 0 ? Math.round((u.bookedMinutes / u.openMinutes) * 1000) / 1000 : 0,
      }));
  }
}
