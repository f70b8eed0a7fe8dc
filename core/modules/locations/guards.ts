/**
 * What blocks disabling or deleting a place (docs/product-rules.md R3.11, R3.12): future bookings that
 * still hold time, resources on a floor or at a location, floors of a location.
 */
import type { Knex } from 'knex';
import { BusinessRuleError } from '../../errors.ts';
import { HOLDS_TIME } from '../bookings/lifecycle.ts';
import type { Db } from '../../db/transaction.ts';

/** Booking states that still hold their time. */
export const HOLDING_STATES = HOLDS_TIME;

export type PlaceScope = { resourceId: number } | { floorId: number } | { locationId: number };

const count = async (q: Knex.QueryBuilder): Promise<number> =>
  Number(((await q.count({ n: '*' }).first()) as { n?: number } | undefined)?.n ?? 0);

export function futureBookings(db: Db, scope: PlaceScope, now: number): Promise<number> {
  const q = db('bookings as b')
    .whereIn('b.state', HOLDING_STATES as unknown as string[])
    .where('b.end_at', '>', now);
  if ('resourceId' in scope) q.where('b.resource_id', scope.resourceId);
  else
    q.join('resources as r', 'r.id', 'b.resource_id').where(
      `r.${'floorId' in scope ? 'floor_id' : 'location_id'}`,
      'floorId' in scope ? scope.floorId : scope.locationId,
    );
  return count(q);
}

/** Refuses with the catalogue message when the place still has bound bookings, rooms or floors. */
export async function assertUnbound(db: Db, scope: PlaceScope, now: number, entity: string): Promise<void> {
  const bookings = await futureBookings(db, scope, now);
  if (bookings > 0) throw new BusinessRuleError('places.boundBookings', { entity, count: bookings });
  if ('resourceId' in scope) return;
  const resources = await count(
    db('resources').where('floorId' in scope ? { floor_id: scope.floorId } : { location_id: scope.locationId }),
  );
  if (resources > 0) throw new BusinessRuleError('places.boundResources', { entity, count: resources });
  if ('locationId' in scope) {
    const floors = await count(db('floors').where({ location_id: scope.locationId }));
    if (floors > 0) throw new BusinessRuleError('places.boundFloors', { count: floors });
  }
}
