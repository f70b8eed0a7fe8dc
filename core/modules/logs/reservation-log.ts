/** The reservation log: one row per booking event, written in the booking's transaction. */
import type { Knex } from 'knex';
import type { Clock } from '../../clock.ts';

export interface ReservationEntry {
  bookingId?: number | null;
  resourceId?: number | null;
  userId?: number | null;
  /** created, updated, cancelled, approved, denied, checkedIn, checkedOut, autoCancelled, ... */
  action: string;
  detail?: unknown;
}

export class ReservationLog {
  constructor(private readonly deps: { clock: Clock }) {}

  async record(trx: Knex | Knex.Transaction, entry: ReservationEntry): Promise<void> {
    await trx('reservation_logs').insert({
      booking_id: entry.bookingId ?? null,
      resource_id: entry.resourceId ?? null,
      user_id: entry.userId ?? null,
      action: entry.action.slice(0, 50),
      detail: entry.detail === undefined ? null : JSON.stringify(entry.detail).slice(0, 60_000),
      created_at: this.deps.clock.now(),
    });
  }
}
