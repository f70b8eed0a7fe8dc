/**
 * Violations and the blocklist (SPEC §4): no-shows add violations; enough of them
 * within the statistics period put the user on the blocklist for some days.
 * (Skeleton: the interface the booking engine calls; filled in by the blocklist work.)
 */
import type { Knex } from 'knex';

export interface ViolationInput {
  userId: number;
  bookingId: number | null;
  kind?: 'noShow';
  at: number;
}

export class BlocklistService {
  constructor(private readonly deps: { db: Knex }) {}

  /** Records a violation inside the caller's transaction and blocklists the user when the maximum is reached. */
  async recordViolation(_trx: Knex.Transaction, _v: ViolationInput): Promise<{ recorded: boolean; blocklisted: boolean }> {
    void this.deps;
    return { recorded: false, blocklisted: false };
  }

  /** True while the user is on the blocklist at `at`. */
  async isBlocked(_trx: Knex | Knex.Transaction, _userId: number, _at: number): Promise<boolean> {
    return false;
  }
}
