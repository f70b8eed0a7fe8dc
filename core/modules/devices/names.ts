/**
 * Device names as the booking inquiry knows them (docs/product-rules.md R12.5): a name such as "Projector" is shared
 * by many rooms, each device its own row, so staff choose names and the inquiry turns each name into the ids of
 * the mounted devices that carry it. Only mounted devices count: a device in a drawer equips no room.
 */
import type { Knex } from 'knex';
import { whereAnyContains } from '../../db/like.ts';
import { paginate, type Page } from '../../db/paging.ts';
import type { Db } from '../../db/transaction.ts';

const mounted = (db: Db) => db('devices').whereNotNull('resource_id').where('resource_id', '>', 0);

/**
 * The distinct names of mounted devices, alphabetical, optionally those containing `q` and those mounted at the
 * resources a sub-query answers (the caller's: the rooms, or the desks).
 */
export function mountedDeviceNames(
  db: Db,
  query: { q?: string; page: number; pageSize: number },
  at?: Knex.QueryBuilder,
): Promise<Page<string>> {
  const names = mounted(db).distinct('name');
  if (at) names.whereIn('resource_id', at);
  if (query.q) whereAnyContains(names, ['name'], query.q);
  // Counted as a derived table: a count over DISTINCT with paging is spelt differently by each engine.
  const q = db.from(names.as('n')).select('name').orderBy('name');
  return paginate(q, query, (r) => String(r.name));
}

/**
 * For each name, the ids of the mounted devices so named, letter case aside (MariaDB's collation ignores it, so
 * SQLite is made to as well); an unknown name maps to none.
 */
export async function mountedDeviceIdsByName(db: Db, names: readonly string[]): Promise<Map<string, number[]>> {
  const byName = new Map(names.map((n) => [n.toLowerCase(), [] as number[]]));
  const lower = [...byName.keys()];
  const rows = (await mounted(db)
    .whereRaw(`lower(name) in (${lower.map(() => '?').join(', ')})`, lower)
    .select('id', 'name')) as Array<{ id: number | string; name: string }>;
  for (const r of rows) byName.get(r.name.toLowerCase())?.push(Number(r.id));
  return byName;
}
