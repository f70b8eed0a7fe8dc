/**
 * The building integrations on the booking lifecycle (docs/product-rules.md R20): what the `access` and
 * `switch` change targets queue for each recorded change, and the switching the clock brings.
 */
import type { OutboxItem } from '../../plugin-host/index.ts';
import type { Change } from '../changes/index.ts';
import { cardHolders } from '../users/index.ts';
import { accessWork } from './access.ts';
import type { BuildingDeps } from './deps.ts';
import { switchSweep, switchWork } from './switch.ts';

export class BuildingService {
  private readonly deps: BuildingDeps;

  constructor(deps: Omit<BuildingDeps, 'cardHolders'>) {
    // Awilix hands a proxy that resolves on access: the named parts are taken once, with the card lookup.
    this.deps = {
      db: deps.db,
      clock: deps.clock,
      paramsService: deps.paramsService,
      devicesService: deps.devicesService,
      changeLog: deps.changeLog,
      pluginHost: deps.pluginHost,
      outbox: deps.outbox,
      cardHolders: (ids) => cardHolders(deps.db, ids),
    };
  }

  /** The `access` target: grants and revocations one change means (only reads). */
  accessWork(change: Change): Promise<OutboxItem[]> {
    return accessWork(this.deps, change);
  }

  /** The `switch` target: relays turned on or off for one change (only reads). */
  switchWork(change: Change): Promise<OutboxItem[]> {
    return switchWork(this.deps, change);
  }

  /** The `building.switch` job: switching on ahead of meetings and off when their time ran out, once each. */
  switchSweep(now: number): Promise<number> {
    return switchSweep(this.deps, now);
  }
}
