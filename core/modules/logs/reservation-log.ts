/**
 * The reservation log (sys/reservelog): one row per booking event, written in the transaction of the change.
 * The logs module owns the table; this is its only writer, published through the module's index.
 */
import type { Knex } from 'knex';
import type { Actor } from '../../actor.ts';

export interface ReservationEntry {
  bookingId?: number | null;
  resourceId?: number | null;
  /** The actor; 0 (the system) is stored as no user. */
  userId?: number | null;
  /** created, updated, cancelled, approved, denied, checkedIn, checkedOut, autoCancelled, ... */
  action: string;
  detail?: unknown;
  /**
   * Where the change was made when not in the web app or the API: `tablet` at a door tablet, `qr` from a phone
   * that read the room's QR code (docs/product-rules.md R19.9).
   */
  channel?: 'tablet' | 'qr';
}

/** The channel of an actor's changes: a door tablet, or a person who authenticated at one. */
export const channelOf = (actor: Actor): ReservationEntry['channel'] => (actor.device ? 'tablet' : undefined);

/** Writes one entry at `now` (the change's own instant) inside the caller's transaction. */
export async function logReservation(
  trx: Knex | Knex.Transaction,
  now: number,
  entry: ReservationEntry,
): Promise<void> {
  await reservationLogInsert(trx, now, entry);
}

/**
 * The INSERT of one entry, not yet sent: for a batch of statements (core/db/batch.ts), where the booking's id may be
 * a value the database holds (`@booking_id`) rather than one this process knows yet.
 */
export function reservationLogInsert(
  trx: Knex | Knex.Transaction,
  now: number,
  entry: Omit<ReservationEntry, 'bookingId'> & { bookingId?: number | Knex.Raw | null },
): Knex.QueryBuilder {
  const detail = detailOf(entry);
  return trx('reservation_logs').insert({
    booking_id: entry.bookingId ?? null,
    resource_id: entry.resourceId ?? null,
    user_id: entry.userId || null,
    action: entry.action.slice(0, 50),
    detail: detail === undefined ? null : JSON.stringify(detail).slice(0, 60_000),
    created_at: now,
  });
}

/** The stored detail: the entry's own, with the channel beside it when there is one. */
function detailOf({ detail, channel }: Pick<ReservationEntry, 'detail' | 'channel'>): unknown {
  if (!channel) return detail;
  return detail !== null && typeof detail === 'object' && !Array.isArray(detail)
    ? { ...detail, channel }
    : { channel, detail };
}
