/**
 * What blocks moving or deleting a floor or a location (docs/product-rules.md R3.11, R3.12): future bookings
 * that still hold time on its resources, its resources, the floors of a location. The bookings and resources
 * are their owners' to count; a resource's own bookings are the resources module's question.
 */
import type { Cradle } from '../../cradle.ts';
import type { Db } from '../../db/transaction.ts';
import { BusinessRuleError } from '../../errors.ts';
import { futureHoldingBookings } from '../bookings/usage.ts';
import { FloorModel } from './model.ts';

export type PlaceScope = { floorId: number } | { locationId: number };

/** Refuses with the catalogue message when the place still has bound bookings, rooms or floors. */
export async function assertUnbound(
  db: Db,
  resources: Cradle['resourcesService'],
  scope: PlaceScope,
  now: number,
  entity: string,
): Promise<void> {
  const bookings = await futureHoldingBookings(db, resources.idsOn(db, scope), now);
  if (bookings > 0) throw new BusinessRuleError('places.boundBookings', { entity, count: bookings });
  const count = await resources.countOn(db, scope);
  if (count > 0) throw new BusinessRuleError('places.boundResources', { entity, count });
  if ('locationId' in scope) {
    const floors = await FloorModel.query(db).where({ location_id: scope.locationId }).resultSize();
    if (floors > 0) throw new BusinessRuleError('places.boundFloors', { count: floors });
  }
}
