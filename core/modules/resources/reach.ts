/**
 * Resources as other modules reach them (docs/conventions.md, "Table ownership"): a join that adds a
 * resource's columns to their query, whether a resource exists, how many use an icon, how many of each type
 * there are, and the resource side of mounting a device (resource_devices).
 */
import type { Knex } from 'knex';
import { joinById } from '../../db/join.ts';
import type { Db } from '../../db/transaction.ts';
import { BusinessRuleError } from '../../errors.ts';
import { MAX_DEVICES } from './schema.ts';

/**
 * Joins the resource whose id is in `on` (`'d.resource_id'`) as `as` (`r` unless told), a left join unless
 * told, selecting `columns` as `<as>.<column>` (`'name as resource_name'` keeps its alias).
 */
export function joinResource(
  q: Knex.QueryBuilder,
  on: string,
  columns: readonly string[] = [],
  { as = 'r', left = true }: { as?: string; left?: boolean } = {},
): Knex.QueryBuilder {
  return joinById(q, 'resources', on, columns, { as, left });
}

export async function resourceExists(db: Db, id: number): Promise<boolean> {
  return Boolean(await db('resources').where({ id }).first('id'));
}

/** How many resources show this icon (an icon in use is not deleted). */
export async function resourcesUsingIcon(db: Db, iconId: number): Promise<number> {
  return Number((await db('resources').where({ icon_id: iconId }).count({ n: '*' }).first())?.n ?? 0);
}

/** How many rooms (type 0) and desks (type 1) there are, for the licence. */
export async function resourceCounts(db: Db): Promise<{ rooms: number; desks: number }> {
  const rows = (await db('resources')
    .whereIn('type', [0, 1])
    .groupBy('type')
    .select('type')
    .count({ n: '*' })) as Array<{
    type: number | string;
    n: number | string;
  }>;
  const of = (type: number) => Number(rows.find((r) => Number(r.type) === type)?.n ?? 0);
  return { rooms: of(0), desks: of(1) };
}

/**
 * The resource side of mounting a device at a resource (or nowhere, with null): the resource lists it, at most
 * MAX_DEVICES each. The devices module keeps devices.resource_id in step.
 */
export async function mountDevice(trx: Db, deviceId: number, resourceId: number | null): Promise<void> {
  await trx('resource_devices').where({ device_id: deviceId }).delete();
  if (!resourceId) return;
  const n = Number(
    (await trx('resource_devices').where({ resource_id: resourceId }).count({ n: '*' }).first())?.n ?? 0,
  );
  if (n >= MAX_DEVICES) throw new BusinessRuleError('places.tooManyDevices', { max: MAX_DEVICES });
  await trx('resource_devices').insert({ resource_id: resourceId, device_id: deviceId });
}

/** What narrows a list of resources (the booking grid's and the inquiry's filter). */
export interface ResourceFilter {
  ids?: number[];
  type?: number;
  locationId?: number;
  floorId?: number;
  capacity?: number;
}

/**
 * The resources matching `f` as `r`, for the caller to select `r.<column>` and join more (the booking grid reads
 * a thousand of them per request: plain knex, mapped once by the caller).
 */
export function resourcesWhere(db: Db, f: ResourceFilter): Knex.QueryBuilder {
  const q = db('resources as r');
  if (f.ids) q.whereIn('r.id', f.ids);
  if (f.type !== undefined) q.where('r.type', f.type);
  if (f.locationId !== undefined) q.where('r.location_id', f.locationId);
  if (f.floorId !== undefined) q.where('r.floor_id', f.floorId);
  if (f.capacity !== undefined) q.where('r.capacity', '>=', f.capacity);
  return q;
}

/** The ids of the resources matching `f`, as a sub-query (instead of an IN list of possibly a thousand ids). */
export function resourceIdsWhere(db: Db, f: ResourceFilter): Knex.QueryBuilder {
  return resourcesWhere(db, f).select('r.id');
}

export interface OpenDay {
  enabled: boolean;
  from: string;
  to: string;
}

/** What the booking rules ask of a resource besides its own columns. */
export interface ResourceRules {
  /** By weekday 0 (Sunday) .. 6; empty when the resource has no open-hours rows (open every day, all day). */
  openHours: Map<number, OpenDay>;
  groupIds: number[];
  approverIds: number[];
  exemptIds: number[];
}

type RuleRow = { k: string; resource_id: number | string; a: unknown; e: unknown; tf: unknown; tt: unknown };
const bool = (v: unknown): boolean => v === true || v === 1 || v === '1';

/**
 * The open hours, groups, approvers and exempt users of the resources matching `f`, by resource id (a resource
 * without any is absent): one query. Given a weekday (0 Sunday .. 6), `openHours` holds that day only, and a
 * resource with hours on other days only gets a map without that day (closed), not an empty one (always open).
 */
export async function resourceRules(db: Db, f: ResourceFilter, weekday?: number): Promise<Map<number, ResourceRules>> {
  // Hours, groups, approvers and exempt users in one UNION ALL (k tells them apart), each on a sub-query of
  // the filter. The grid's hot path: plain knex.
  const ids = () => resourceIdsWhere(db, f);
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
  const rows = (await hoursQuery.unionAll([
    db('resource_groups')
      .whereIn('resource_id', ids())
      .select(db.raw("'g'"), 'resource_id', 'group_id', none, none, none),
    db('resource_approvers')
      .whereIn('resource_id', ids())
      .select(db.raw("'a'"), 'resource_id', 'user_id', none, none, none),
    db('resource_exempt_users')
      .whereIn('resource_id', ids())
      .select(db.raw("'x'"), 'resource_id', 'user_id', none, none, none),
  ])) as RuleRow[];
  const out = new Map<number, ResourceRules>();
  const of = (id: number) => {
    let r = out.get(id);
    if (!r) out.set(id, (r = { openHours: new Map(), groupIds: [], approverIds: [], exemptIds: [] }));
    return r;
  };
  // One UNION of four tables in one round trip (the grid's hottest read): its rows share columns but no model.
  for (const r of rows) {
    const rules = of(Number(r.resource_id));
    if (r.k === 'h') rules.openHours.set(Number(r.a), { enabled: bool(r.e), from: String(r.tf), to: String(r.tt) });
    else if (r.k === 'd') {
      // Hours on other days only: the map is not empty (so not "always open") and has no entry for the weekday (closed).
      if (r.e === null || r.e === undefined) rules.openHours.set(-1, { enabled: false, from: '00:00', to: '00:00' });
      else rules.openHours.set(weekday!, { enabled: bool(r.e), from: String(r.tf), to: String(r.tt) });
    } else (r.k === 'g' ? rules.groupIds : r.k === 'a' ? rules.approverIds : rules.exemptIds).push(Number(r.a));
  }
  return out;
}

export interface DisabledPeriod {
  resourceId: number;
  startAt: number;
  endAt: number;
  reason: string | null;
}

/** The disabled periods overlapping [from, to) of the resources matching `f`. */
export async function disabledPeriodsOverlapping(
  db: Db,
  f: ResourceFilter,
  from: number,
  to: number,
): Promise<DisabledPeriod[]> {
  const rows = (await db('resource_disabled_periods')
    .whereIn('resource_id', resourceIdsWhere(db, f))
    .where('start_at', '<', to)
    .where('end_at', '>', from)
    .select('resource_id', 'start_at', 'end_at', 'reason')) as Array<{
    resource_id: number;
    start_at: number;
    end_at: number;
    reason: string | null;
  }>;
  return rows.map((r) => ({
    resourceId: Number(r.resource_id),
    startAt: Number(r.start_at),
    endAt: Number(r.end_at),
    reason: r.reason ?? null,
  }));
}

/**
 * The ids of the resources matching `f` that have, for each group of `deviceGroups`, at least one of its devices
 * (a device name's devices, docs/product-rules.md R12.5); an empty group matches no resource.
 */
export async function resourcesWithOneOfEach(
  db: Db,
  f: ResourceFilter,
  deviceGroups: Readonly<ReadonlyArray<number>>[],
): Promise<Set<number>> {
  if (deviceGroups.some((g) => g.length === 0)) return new Set();
  const rows = (await db('resource_devices')
    .whereIn('device_id', deviceGroups.flat())
    .whereIn('resource_id', resourceIdsWhere(db, f))
    .select('resource_id', 'device_id')) as Array<{ resource_id: number | string; device_id: number | string }>;
  const mounted = new Map<number, Set<number>>();
  for (const r of rows) {
    const id = Number(r.resource_id);
    (mounted.get(id) ?? mounted.set(id, new Set()).get(id)!).add(Number(r.device_id));
  }
  const hasAll = (devices: Set<number>) => deviceGroups.every((g) => g.some((d) => devices.has(d)));
  return new Set([...mounted].filter(([, devices]) => hasAll(devices)).map(([id]) => id));
}

/** The resources whose bookings `userId` approves (docs/product-rules.md R5): what their My Approval follows. */
export async function resourcesApprovedBy(db: Knex, userId: number): Promise<number[]> {
  const rows = (await db('resource_approvers').where({ user_id: userId }).select('resource_id')) as Array<{
    resource_id: number;
  }>;
  return rows.map((r) => Number(r.resource_id));
}
