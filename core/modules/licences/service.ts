/**
 * Licences: verification of the vendor-signed licence file, its state, and the
 * limits it sets on rooms, desks and devices.
 * (Skeleton: the limits are enforced once a licence module lands; until then every
 * installation is unlimited.)
 */
import type { Knex } from 'knex';

export type LimitedKind = 'room' | 'desk' | 'device';

export class LicenceService {
  constructor(private readonly deps: { db: Knex }) {}

  /**
   * Refuses (BusinessRuleError 'licence.limitReached') when adding `count` more of `kind`
   * would exceed the registered licence's limit. Call inside the creating transaction.
   */
  async assertCanAdd(_trx: Knex | Knex.Transaction, _kind: LimitedKind, _count = 1): Promise<void> {
    void this.deps;
  }
}
