/**
 * Inserts a location, a floor and resources straight into the database, so the
 * booking tests do not depend on the resources API (built in parallel).
 */
import { systemActor } from '../../core/actor.ts';
import type { TestApp } from './app.ts';

export interface Place {
  locationId: number;
  floorId: number;
}

export interface ResourceSpec {
  name?: string;
  type?: number;
  capacity?: number;
  timeZone?: string;
  allDay?: boolean;
  wholeDay?: boolean;
  status?: number;
  startDate?: string | null;
  endDate?: string | null;
  pricePerHour?: number;
  /** Open hours of every day (default 00:00–24:00). */
  from?: string;
  to?: string;
  /** Weekdays (0 Sunday .. 6) that are closed. */
  closedDays?: number[];
  approvers?: number[];
  exempt?: number[];
  groups?: number[];
  floorId?: number | null;
}

let seq = 0;

export async function createPlace(app: TestApp, timeZone = 'UTC'): Promise<Place> {
  const { db } = app.cradle;
  const now = Date.now();
  const [locationId] = await db('locations').insert({
    name: `Site ${++seq}`,
    time_zone: timeZone,
    sort: 0,
    created_at: now,
    updated_at: now,
  });
  const [floorId] = await db('floors').insert({
    location_id: locationId,
    name: `F${seq}`,
    display_name: `Floor ${seq}`,
    sort: 0,
    created_at: now,
    updated_at: now,
  });
  return { locationId: Number(locationId), floorId: Number(floorId) };
}

export async function createResource(app: TestApp, place: Place, spec: ResourceSpec = {}): Promise<number> {
  const { db } = app.cradle;
  const now = Date.now();
  const [id] = await db('resources').insert({
    name: spec.name ?? `Room ${++seq}`,
    type: spec.type ?? 0,
    capacity: spec.capacity ?? 8,
    location_id: place.locationId,
    floor_id: spec.floorId === undefined ? place.floorId : spec.floorId,
    price_per_hour: spec.pricePerHour ?? 0,
    time_zone: spec.timeZone ?? 'UTC',
    all_day: spec.allDay ?? false,
    status: spec.status ?? 1,
    start_date: spec.startDate ?? null,
    end_date: spec.endDate ?? null,
    whole_day: spec.wholeDay ?? false,
    sort: seq,
    created_at: now,
    updated_at: now,
  });
  const resourceId = Number(id);
  await db('resource_open_hours').insert(
    [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
      resource_id: resourceId,
      weekday,
      enabled: !(spec.closedDays ?? []).includes(weekday),
      time_from: spec.from ?? '00:00',
      time_to: spec.to ?? '24:00',
    })),
  );
  for (const userId of spec.approvers ?? [])
    await db('resource_approvers').insert({ resource_id: resourceId, user_id: userId });
  for (const userId of spec.exempt ?? [])
    await db('resource_exempt_users').insert({ resource_id: resourceId, user_id: userId });
  for (const groupId of spec.groups ?? [])
    await db('resource_groups').insert({ resource_id: resourceId, group_id: groupId });
  return resourceId;
}

export async function createGroup(app: TestApp, name: string, members: number[]): Promise<number> {
  const { db } = app.cradle;
  const now = Date.now();
  const [id] = await db('user_groups').insert({ name, created_at: now, updated_at: now });
  for (const userId of members) await db('user_group_members').insert({ group_id: id, user_id: userId });
  return Number(id);
}

/** Sets system parameters as an administrator would (validated by the params service). */
export async function setParams(app: TestApp, values: Record<string, unknown>): Promise<void> {
  await app.cradle.paramsService.setMany(systemActor(), values);
}

export async function setTimeConfig(
  app: TestApp,
  values: Partial<{ startTime: string; endTime: string; interval: 15 | 30; maxDuration: number }>,
): Promise<void> {
  const current = await app.cradle.paramsService.getTimeConfig();
  await app.cradle.paramsService.setTimeConfig(systemActor(), { ...current, ...values });
}
