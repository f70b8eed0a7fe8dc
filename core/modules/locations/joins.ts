/**
 * Locations and floors as other modules' hot paths reach them (docs/conventions.md, "Table ownership"): joins
 * that add a location's or a floor's columns to the caller's query in the same round trip (a booking's place
 * names, read on every booking change).
 */
import type { Knex } from 'knex';
import { joinById } from '../../db/join.ts';

/**
 * Left-joins the location whose id is in `on` (`'r.location_id'`) as `as` (`l` unless told), selecting
 * `columns` as `<as>.<column>` (`'name as location_name'` keeps its alias).
 */
export function joinLocation(
  q: Knex.QueryBuilder,
  on: string,
  columns: readonly string[] = [],
  { as = 'l' }: { as?: string } = {},
): Knex.QueryBuilder {
  return joinById(q, 'locations', on, columns, { as, left: true });
}

/** Left-joins the floor whose id is in `on` (`'r.floor_id'`) as `as` (`f` unless told), as joinLocation. */
export function joinFloor(
  q: Knex.QueryBuilder,
  on: string,
  columns: readonly string[] = [],
  { as = 'f' }: { as?: string } = {},
): Knex.QueryBuilder {
  return joinById(q, 'floors', on, columns, { as, left: true });
}
