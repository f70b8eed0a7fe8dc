/** Bookings as other modules' lists show them (docs/conventions.md, "Table ownership"): the booking a row is about. */
import type { Knex } from 'knex';
import { joinById } from '../../db/join.ts';

/**
 * Joins the booking whose id is in `on` (`'v.booking_id'`) as `as` (`b` unless told), a left join unless told,
 * selecting `columns` as `<as>.<column>`.
 */
export function joinBooking(
  q: Knex.QueryBuilder,
  on: string,
  columns: readonly string[] = [],
  { as = 'b', left = true }: { as?: string; left?: boolean } = {},
): Knex.QueryBuilder {
  return joinById(q, 'bookings', on, columns, { as, left });
}
