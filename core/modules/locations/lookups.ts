/** Locations and floors as other modules read them (docs/conventions.md, "Table ownership"). */
import type { Db } from '../../db/transaction.ts';
import { FloorModel, LocationModel } from './model.ts';

/** The location's IANA time zone, or undefined when there is no such location. */
export async function locationTimeZone(db: Db, id: number): Promise<string | undefined> {
  return (await LocationModel.query(db).findById(id).select('time_zone'))?.timeZone;
}

/** The names of these locations, by id (unknown ids are left out). */
export async function locationNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await LocationModel.query(db)
    .whereIn('id', [...new Set(ids)])
    .select('id', 'name');
  return new Map(rows.map((l) => [l.id, l.name]));
}

/** The display names of these floors, by id (unknown ids are left out). */
export async function floorNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await FloorModel.query(db)
    .whereIn('id', [...new Set(ids)])
    .select('id', 'display_name');
  return new Map(rows.map((f) => [f.id, f.displayName]));
}
