/**
 * The reservation log (sys/reservelog): one row per booking event, written in the transaction of the change.
 * The logs module owns the table; this is its only writer, published through the module's index.
 */
import type { Knex } from 'knex';

export interface ReservationEntry {
  bookingId?: number | null;
  resourceId?: number | null;
  /** The actor; 0 (the system) is stored as no user. */
  userId?: number | null;
  /** created, updated, cancelled, approved, denied, checkedIn, checkedOut, autoCancelled, ... */
  action: string;
  detail?: unknown;
}

/** Writes one entry at `now` (the change's own instant) inside the caller's transaction. */
export async function logReservation(
  trx: Knex | Knex.Transaction,
  now: number,
  entry: ReservationEntry,
): Promise<void> {
  await trx('reservation_logs').insert({
    booking_id: entry.bookingId ?? null,
    resource_id: entry.resourceId ?? null,
    user_id: entry.userId || null,
    action: entry.action.slice(0, 50),
    detail: entry.detail === undefined ? null : JSON.stringify(entry.detail).slice(0, 60_000),
    created_at: now,
  });
}
