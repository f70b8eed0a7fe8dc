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
