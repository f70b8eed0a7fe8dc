/**
 * The parts of a resource kept in their own tables: weekly hours, disabled
 * periods, approvers, exempt users, user groups, devices and images. An update
 * replaces them all, like the resource row itself (PUT semantics).
 */
import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import type { FieldError } from '../../errors.ts';
// The bookings module imports this one, so its index would close a cycle: usage.ts imports only the lifecycle.
import { holdingBookingDays } from '../bookings/usage.ts';
import { disabledDates, isDisabledOn, type StatusFields } from './availability.ts';
import type { DisabledPeriodInput, ResourceInput, Weekday } from './schema.ts';

type Trx = Knex.Transaction;

export interface Period {
  startAt: number;
  endAt: number;
  reason: string | null;
}

/** Every weekday gets a row; the ones not given are open around the clock. */
export function fullWeek(days: Weekday[] | undefined): Weekday[] {
  const given = new Map((days ?? []).map((d) => [d.weekday, d]));
  return [0, 1, 2, 3, 4, 5, 6].map(
    (weekday) => given.get(weekday) ?? { weekday, enabled: true, timeFrom: '00:00', timeTo: '24:00' },
  );
}

/** Wall clock in `zone` to epoch ms; 24:00 is the next day's midnight (docs/product-rules.md R4.2). */
function instant(date: string, time: string, zone: string): number {
  const base = DateTime.fromISO(`${date}T${time === '24:00' ? '00:00' : time}`, { zone });
  return (time === '24:00' ? base.plus({ days: 1 }) : base).toMillis();
}

export function toPeriods(input: DisabledPeriodInput[], zone: string): { periods: Period[]; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const periods = input.map((p, i) => {
    const startAt = p.startAt ?? instant(p.startDate!, p.startTime!, zone);
    const endAt = p.endAt ?? instant(p.endDate!, p.endTime!, zone);
    if (!Number.isFinite(startAt) || !Number.isFinite(endAt) || endAt <= startAt)
      errors.push({ field: `disabledPeriods.${i}.endAt`, message: 'must be after the start' });
    return { startAt, endAt, reason: p.reason ?? null };
  });
  return { periods, errors };
}

/** Field errors for referenced ids that do not exist. */
export async function missingRefs(trx: Trx, input: ResourceInput): Promise<FieldError[]> {
  const checks: Array<[string, string, Array<number | string>]> = [
    ['approverIds', 'users', input.approverIds],
    ['exemptUserIds', 'users', input.exemptUserIds],
    ['groupIds', 'user_groups', input.groupIds],
    ['deviceIds', 'devices', input.deviceIds],
    ['imageIds', 'uploads', input.imageIds],
    ['iconId', 'resource_icons', input.iconId ? [input.iconId] : []],
  ];
  const errors: FieldError[] = [];
  for (const [field, table, ids] of checks) {
    if (ids.length === 0) continue;
    const found = new Set(
      (await trx(table).whereIn('id', ids).select('id')).map((r: { id: number | string }) => String(r.id)),
    );
    const missing = ids.filter((id) => !found.has(String(id)));
    if (missing.length) errors.push({ field, message: `unknown: ${missing.join(', ')}` });
  }
  return errors;
}

async function replaceLinks(
  trx: Trx,
  table: string,
  column: string,
  resourceId: number,
  ids: number[],
  fresh: boolean,
): Promise<void> {
  if (!fresh) await trx(table).where({ resource_id: resourceId }).delete();
  if (ids.length) await trx(table).insert(ids.map((v) => ({ resource_id: resourceId, [column]: v })));
}

/** `fresh`: the resource was just inserted, so there is nothing to replace. */
export async function writeChildren(
  trx: Trx,
  resourceId: number,
  input: ResourceInput,
  periods: Period[],
  userId: number,
  now: number,
  fresh: boolean,
): Promise<void> {
  if (!fresh) {
    for (const table of ['resource_open_hours', 'resource_disabled_periods', 'resource_images'])
      await trx(table).where({ resource_id: resourceId }).delete();
  }
  await trx('resource_open_hours').insert(
    fullWeek(input.weekdays).map((d) => ({
      resource_id: resourceId,
      weekday: d.weekday,
      enabled: d.enabled,
      time_from: d.timeFrom,
      time_to: d.timeTo,
    })),
  );
  if (periods.length) {
    await trx('resource_disabled_periods').insert(
      periods.map((p) => ({
        resource_id: resourceId,
        start_at: p.startAt,
        end_at: p.endAt,
        reason: p.reason,
        created_by: userId || null,
        created_at: now,
      })),
    );
  }
  await replaceLinks(trx, 'resource_approvers', 'user_id', resourceId, input.approverIds, fresh);
  await replaceLinks(trx, 'resource_exempt_users', 'user_id', resourceId, input.exemptUserIds, fresh);
  await replaceLinks(trx, 'resource_groups', 'group_id', resourceId, input.groupIds, fresh);
  if (!fresh || input.deviceIds.length) await bindDevices(trx, resourceId, input.deviceIds);
  if (input.imageIds.length)
    await trx('resource_images').insert(
      input.imageIds.map((upload_id, sort) => ({ resource_id: resourceId, upload_id, sort })),
    );
}

/**
 * A device is mounted at one resource: claiming it here releases it elsewhere. The resource service has the
 * devices module's devices.resource_id follow (DevicesService.placeAt) in the same transaction.
 */
export async function bindDevices(trx: Trx, resourceId: number, deviceIds: number[]): Promise<void> {
  await trx('resource_devices').where({ resource_id: resourceId }).delete();
  if (!deviceIds.length) return;
  await trx('resource_devices').whereIn('device_id', deviceIds).delete();
  await trx('resource_devices').insert(deviceIds.map((device_id) => ({ resource_id: resourceId, device_id })));
}

/**
 * Holding bookings with time still to come on dates the new status and dates disable (`isDisabledOn`, R3.6)
 * and the old ones did not: what a change of status, `startDate` or `endDate` would strand (R3.11).
 */
export async function bookingsNewlyDisabled(
  trx: Trx,
  resourceId: number,
  before: StatusFields,
  after: StatusFields,
  now: number,
): Promise<number> {
  const off = disabledDates(after);
  if (!off) return 0;
  return (await holdingBookingDays(trx, resourceId, now, off))
    .filter((d) => isDisabledOn(after, d.date) && !isDisabledOn(before, d.date))
    .reduce((sum, d) => sum + d.count, 0);
}
