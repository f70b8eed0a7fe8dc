/**
 * Resources in the shape the booking rules need, read through the resources module's query helpers (it owns
 * the tables) and the locations module's joins for the place names. Batch loaders so the grid never queries per
 * resource.
 */
import { NotFoundError } from '../../errors.ts';
import type { Db } from '../../db/transaction.ts';
import { joinFloor, joinLocation } from '../locations/index.ts';
import {
  disabledPeriodsOverlapping,
  resourceRules,
  resourcesWhere,
  type DisabledPeriod,
  type OpenDay,
  type ResourceFilter,
} from '../resources/index.ts';

export type { DisabledPeriod, OpenDay, ResourceFilter };

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

type ResourceRow = {
  id: number;
  name: string;
  type: number;
  capacity: number;
  location_id: number;
  floor_id: number | null;
  price_per_hour: number | string;
  time_zone: string;
  all_day: number | boolean;
  status: number;
  start_date: string | null;
  end_date: string | null;
  whole_day: number | boolean;
  pos_x: number | null;
  pos_y: number | null;
  location_name: string | null;
  floor_name: string | null;
};

const bool = (v: unknown): boolean => v === true || v === 1 || v === '1';

/**
 * Resources matching the filter with their hours, groups, approvers and exempt users: two queries in all, side
 * by side. Given a weekday (0 Sunday .. 6), `openHours` holds that day only (openOn answers the same for it).
 * The grid's hot path: plain knex rows, mapped here once.
 */
export async function loadResources(db: Db, f: ResourceFilter, weekday?: number): Promise<ResourceInfo[]> {
  const resourceRows = joinFloor(
    joinLocation(resourcesWhere(db, f), 'r.location_id', ['name as location_name']),
    'r.floor_id',
    ['display_name as floor_name'],
    { as: 'fl' },
  )
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
    ) as Promise<ResourceRow[]>;
  // Side by side: neither needs the other's answer, and on MySQL they run on two connections at once.
  const [rows, rules] = await Promise.all([resourceRows, resourceRules(db, f, weekday)]);
  // Rows of a join over three modules' tables (resource, place and floor names) fit no one model, and this runs
  // for every grid: they are mapped here, once, with Number() because MariaDB answers DECIMAL price as text.
  return rows.map((r) => {
    const id = Number(r.id);
    const related = rules.get(id);
    return {
      id,
      name: String(r.name),
      type: Number(r.type),
      capacity: Number(r.capacity),
      locationId: Number(r.location_id),
      floorId: r.floor_id === null ? null : Number(r.floor_id),
      locationName: r.location_name ?? null,
      floorName: r.floor_name ?? null,
      pricePerHour: Number(r.price_per_hour),
      timeZone: String(r.time_zone),
      allDay: bool(r.all_day),
      status: Number(r.status),
      startDate: r.start_date ?? null,
      endDate: r.end_date ?? null,
      wholeDay: bool(r.whole_day),
      openHours: related?.openHours ?? new Map(),
      position:
        r.pos_x === null || r.pos_x === undefined || r.pos_y === null || r.pos_y === undefined
          ? null
          : { x: Number(r.pos_x), y: Number(r.pos_y) },
      groupIds: related?.groupIds ?? [],
      approverIds: related?.approverIds ?? [],
      exemptIds: related?.exemptIds ?? [],
    };
  });
}

export async function loadResource(db: Db, id: number): Promise<ResourceInfo> {
  const [r] = await loadResources(db, { ids: [id] });
  if (!r) throw new NotFoundError('resource', id);
  return r;
}

/** Disabled periods overlapping [from, to) for the resources of a filter. */
export function loadDisabledPeriods(db: Db, f: ResourceFilter, from: number, to: number): Promise<DisabledPeriod[]> {
  return disabledPeriodsOverlapping(db, f, from, to);
}

/** The open hours of a date, or null when the resource is closed that weekday. */
export function openOn(resource: ResourceInfo, weekday: number): { from: string; to: string } | null {
  if (resource.openHours.size === 0) return { from: '00:00', to: '24:00' };
  const day = resource.openHours.get(weekday);
  if (!day || !day.enabled) return null;
  return resource.wholeDay ? { from: '00:00', to: '24:00' } : { from: day.from, to: day.to };
}
