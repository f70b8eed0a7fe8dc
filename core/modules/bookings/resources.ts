/**
 * Read-only access to the resources tables (owned by the resources module) in the
 * shape the booking rules need. Batch loaders so the grid never queries per resource.
 */
import type { Knex } from 'knex';
import { NotFoundError } from '../../errors.ts';
import type { Db } from '../../db/transaction.ts';

export interface OpenDay {
  enabled: boolean;
  from: string;
  to: string;
}

export interface ResourceInfo {
  id: number;
  name: string;
  type: number;
  capacity: number;
  locationId: number;
  floorId: number | null;
  locationName: string | null;
  floorName: string | null;
  pricePerHour: number;
  timeZone: string;
  allDay: boolean;
  status: number;
  startDate: string | null;
  endDate: string | null;
  wholeDay: boolean;
  /** Where it stands on its floor plan, when placed: the floor-plan booking page draws it there. */
  position: { x: number; y: number } | null;
  /** By weekday 0 (Sunday) .. 6; empty when the resource has no open-hours rows (open every day, all day). */
  openHours: Map<number, OpenDay>;
  groupIds: number[];
  approverIds: number[];
  exemptIds: number[];
}

export interface ResourceFilter {
  ids?: number[];
  type?: number;
  locationId?: number;
  floorId?: number;
  capacity?: number;
}

type Row = Record<string, unknown>;

const bool = (v: unknown): boolean => v === true || v === 1 || v === '1';

export function filteredResources(db: Db, f: ResourceFilter): Knex.QueryBuilder {
  const q = db('resources as r');
  if (f.ids) q.whereIn('r.id', f.ids);
  if (f.type !== undefined) q.where('r.type', f.type);
  if (f.locationId !== undefined) q.where('r.location_id', f.locationId);
  if (f.floorId !== undefined) q.where('r.floor_id', f.floorId);
  if (f.capacity !== undefined) q.where('r.capacity', '>=', f.capacity);
  return q;
}

function groupBy(rows: Row[], key: string, value: string): Map<number, number[]> {
  const m = new Map<number, number[]>();
  for (const r of rows) {
    const k = Number(r[key]);
    if (!m.has(k)) m.set(k, []);
    m.get(k)!.push(Number(r[value]));
  }
  return m;
}

/**
 * Resources matching the filter with their hours, groups, approvers and exempt users: two queries in all.
 * Given a weekday (0 Sunday .. 6), `openHours` holds that day only (openOn answers the same for it).
 */
export async function loadResources(db: Db, f: ResourceFilter, weekday?: number): Promise<ResourceInfo[]> {
  const resourceRows = filteredResources(db, f)
    .leftJoin('locations as l', 'l.id', 'r.location_id')
    .leftJoin('floors as fl', 'fl.id', 'r.floor_id')
    .orderBy([{ column: 'r.sort' }, { column: 'r.id' }])
    .select(
      'r.id',
      'r.name',
      'r.type',
      'r.capacity',
      'r.location_id',
      'r.floor_id',
      'r.price_per_hour',
      'r.time_zone',
      'r.all_day',
      'r.status',
      'r.start_date',
      'r.end_date',
      'r.whole_day',
      'r.pos_x',
      'r.pos_y',
      'l.name as location_name',
      'fl.display_name as floor_name',
    ) as Promise<Row[]>;
  // Hours, groups, approvers and exempt users in one UNION ALL (k tells them apart), each on a sub-query of
  // the same filter instead of an IN list of (possibly) a thousand ids.
  const ids = () => filteredResources(db, f).select('r.id');
  const none = db.raw('null');
  // With a weekday (the grid, the inquiry) only that day's hours and, per resource, whether it has hours at
  // all: one row per resource instead of seven.
  const hoursQuery: Knex.QueryBuilder =
    weekday === undefined
      ? db('resource_open_hours')
          .whereIn('resource_id', ids())
          .select(db.raw("'h' as k"), 'resource_id', 'weekday as a', 'enabled as e', 'time_from as tf', 'time_to as tt')
      : // Wrapped: a GROUP BY on the first member of a knex union would be placed after the whole union.
        db
          .from(
            db('resource_open_hours')
              .whereIn('resource_id', ids())
              .groupBy('resource_id')
              .select(
                db.raw("'d' as k"),
                'resource_id',
                db.raw('count(*) as a'),
                db.raw('max(case when weekday = ? then enabled end) as e', [weekday]),
                db.raw('max(case when weekday = ? then time_from end) as tf', [weekday]),
                db.raw('max(case when weekday = ? then time_to end) as tt', [weekday]),
              )
              .as('d'),
          )
          .select('k', 'resource_id', 'a', 'e', 'tf', 'tt');
  const relatedRows = hoursQuery.unionAll([
    db('resource_groups')
      .whereIn('resource_id', ids())
      .select(db.raw("'g'"), 'resource_id', 'group_id', none, none, none),
    db('resource_approvers')
      .whereIn('resource_id', ids())
      .select(db.raw("'a'"), 'resource_id', 'user_id', none, none, none),
    db('resource_exempt_users')
      .whereIn('resource_id', ids())
      .select(db.raw("'x'"), 'resource_id', 'user_id', none, none, none),
  ]) as Promise<Row[]>;
  // Side by side: neither needs the other's answer, and on MySQL they run on two connections at once.
  const [rows, related] = await Promise.all([resourceRows, relatedRows]);
  if (rows.length === 0) return [];
  const hours: Row[] = [];
  const groups: Row[] = [];
  const approvers: Row[] = [];
  const exempt: Row[] = [];
  for (const r of related) {
    if (r.k === 'h') hours.push(r);
    else if (r.k === 'd') {
      // Hours on other days only: the map is not empty (so not "always open") and has no entry for the weekday (closed).
      if (r.e === null || r.e === undefined)
        hours.push({ resource_id: r.resource_id, a: -1, e: false, tf: '00:00', tt: '00:00' });
      else hours.push({ ...r, a: weekday });
    } else (r.k === 'g' ? groups : r.k === 'a' ? approvers : exempt).push(r);
  }
  const hoursBy = new Map<number, Map<number, OpenDay>>();
  for (const h of hours) {
    const id = Number(h.resource_id);
    if (!hoursBy.has(id)) hoursBy.set(id, new Map());
    hoursBy.get(id)!.set(Number(h.a), { enabled: bool(h.e), from: String(h.tf), to: String(h.tt) });
  }
  const groupsBy = groupBy(groups, 'resource_id', 'a');
  const approversBy = groupBy(approvers, 'resource_id', 'a');
  const exemptBy = groupBy(exempt, 'resource_id', 'a');
  return rows.map((r) => {
    const id = Number(r.id);
    return {
      id,
      name: String(r.name),
      type: Number(r.type),
      capacity: Number(r.capacity),
      locationId: Number(r.location_id),
      floorId: r.floor_id === null ? null : Number(r.floor_id),
      locationName: (r.location_name as string | null) ?? null,
      floorName: (r.floor_name as string | null) ?? null,
      pricePerHour: Number(r.price_per_hour),
      timeZone: String(r.time_zone),
      allDay: bool(r.all_day),
      status: Number(r.status),
      startDate: (r.start_date as string | null) ?? null,
      endDate: (r.end_date as string | null) ?? null,
      wholeDay: bool(r.whole_day),
      openHours: hoursBy.get(id) ?? new Map(),
      position:
        r.pos_x === null || r.pos_x === undefined || r.pos_y === null || r.pos_y === undefined
          ? null
          : { x: Number(r.pos_x), y: Number(r.pos_y) },
      groupIds: groupsBy.get(id) ?? [],
      approverIds: approversBy.get(id) ?? [],
      exemptIds: exemptBy.get(id) ?? [],
    };
  });
}

export async function loadResource(db: Db, id: number): Promise<ResourceInfo> {
  const [r] = await loadResources(db, { ids: [id] });
  if (!r) throw new NotFoundError('resource', id);
  return r;
}

export interface DisabledPeriod {
  resourceId: number;
  startAt: number;
  endAt: number;
  reason: string | null;
}

/** Disabled periods overlapping [from, to) for the resources of a filter. */
export async function loadDisabledPeriods(
  db: Db,
  f: ResourceFilter,
  from: number,
  to: number,
): Promise<DisabledPeriod[]> {
  const rows = (await db('resource_disabled_periods')
    .whereIn('resource_id', filteredResources(db, f).select('r.id'))
    .where('start_at', '<', to)
    .where('end_at', '>', from)
    .select('resource_id', 'start_at', 'end_at', 'reason')) as Row[];
  return rows.map((r) => ({
    resourceId: Number(r.resource_id),
    startAt: Number(r.start_at),
    endAt: Number(r.end_at),
    reason: (r.reason as string | null) ?? null,
  }));
}

/** The open hours of a date, or null when the resource is closed that weekday. */
export function openOn(resource: ResourceInfo, weekday: number): { from: string; to: string } | null {
  if (resource.openHours.size === 0) return { from: '00:00', to: '24:00' };
  const day = resource.openHours.get(weekday);
  if (!day || !day.enabled) return null;
  return resource.wholeDay ? { from: '00:00', to: '24:00' } : { from: day.from, to: day.to };
}
