/**
 * The occupied-slot table: the database's own guarantee against double booking
 * (PRIMARY KEY (resource_id, slot)). Writers insert a booking's slots in the
 * booking's transaction; a duplicate key means someone holds that time.
 */
import type { Knex } from 'knex';
import { isUniqueViolation } from '../../db/errors.ts';
import { ConflictError } from '../../errors.ts';
import type { Db } from './deps.ts';
import { SLOT_MS, slotsOf } from './time.ts';

/** Thrown inside a transaction when a slot is taken; turned into a 409 with ranges once the transaction is gone. */
export class SlotTaken extends Error {
  constructor(
    readonly resourceId: number,
    readonly startAt: number,
    readonly endAt: number,
    readonly bookingId: number,
  ) {
    super('slot taken');
  }
}

export async function insertSlots(
  trx: Knex.Transaction,
  resourceId: number,
  bookingId: number,
  startAt: number,
  endAt: number,
): Promise<void> {
  try {
    await slotsInsert(trx, resourceId, bookingId, startAt, endAt);
  } catch (err) {
    throw slotTakenOr(err, resourceId, startAt, endAt, bookingId);
  }
}

/**
 * The INSERT of a booking's slot rows, not yet sent: for a batch of statements (core/db/batch.ts), where the
 * booking's id may be a value the database holds (`@booking_id`). None for a range shorter than a slot.
 */
export function slotsInsert(
  trx: Knex.Transaction,
  resourceId: number,
  bookingId: number | Knex.Raw,
  startAt: number,
  endAt: number,
): Knex.QueryBuilder | undefined {
  const rows = slotsOf(startAt, endAt).map((slot) => ({ resource_id: resourceId, slot, booking_id: bookingId }));
  return rows.length ? trx('booking_slots').insert(rows) : undefined;
}

/** A unique violation of the slot rows is the time being taken (A5.3); any other error is itself. */
export function slotTakenOr(err: unknown, resourceId: number, startAt: number, endAt: number, bookingId = 0): unknown {
  return isUniqueViolation(err) ? new SlotTaken(resourceId, startAt, endAt, bookingId) : err;
}

/** Frees every slot of a booking, or only those from `from` on (check-out frees the rest of the meeting). */
export async function freeSlots(trx: Db, bookingId: number, from?: number): Promise<void> {
  const q = trx('booking_slots').where({ booking_id: bookingId });
  if (from !== undefined) q.where('slot', '>=', Math.ceil(from / SLOT_MS));
  await q.delete();
}

export interface Range {
  startAt: number;
  endAt: number;
  bookingId?: number;
}

/** The bookings holding slots in a range: a primary-key range scan, never the resource's history. */
export async function conflictRanges(
  db: Db,
  resourceId: number,
  startAt: number,
  endAt: number,
  excludeBookingId?: number,
): Promise<Range[]> {
  // The creation path's conflict check: plain knex rows instead of models.
  const q = db('booking_slots as s')
    .join('bookings as b', 'b.id', 's.booking_id')
    .where('s.resource_id', resourceId)
    .whereBetween('s.slot', [Math.floor(startAt / SLOT_MS), Math.ceil(endAt / SLOT_MS) - 1])
    .distinct('b.id', 'b.start_at', 'b.end_at')
    .orderBy('b.start_at');
  if (excludeBookingId !== undefined) q.whereNot('b.id', excludeBookingId);
  const rows = (await q) as Array<Record<string, unknown>>;
  return rows.map((r) => ({ startAt: Number(r.start_at), endAt: Number(r.end_at), bookingId: Number(r.id) }));
}

export function alreadyBooked(ranges: Range[]): ConflictError {
  return new ConflictError('bookings.alreadyBooked', {}, { ranges });
}
