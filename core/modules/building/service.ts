/**
 * The building integrations on the booking lifecycle (docs/product-rules.md R20): what the `access`, `switch`
 * and `eink` change targets queue for each recorded change, the switching and the labels' redraws the clock
 * brings, and the drawing of a label when its call is delivered.
 */
import type { OutboxItem, OutboxRow } from '../../plugin-host/index.ts';
import type { ProviderBase } from '../../plugin-sdk/index.ts';
import type { Change } from '../changes/index.ts';
import { cardHolders } from '../users/index.ts';
import { accessWork } from './access.ts';
import type { BuildingDeps } from './deps.ts';
import { openDoor } from './door-open.ts';
import { einkSweep, einkWork, labelCall } from './eink.ts';
import { switchSweep, switchWork } from './switch.ts';

export class BuildingService {
  private readonly deps: BuildingDeps;

  constructor(deps: Omit<BuildingDeps, 'cardHolders'>) {
    // Awilix hands a proxy that resolves on access: the named parts are taken once, with the card lookup.
    this.deps = {
      db: deps.db,
      clock: deps.clock,
      logger: deps.logger,
      paramsService: deps.paramsService,
      devicesService: deps.devicesService,
      changeLog: deps.changeLog,
      pluginHost: deps.pluginHost,
      outbox: deps.outbox,
      liveBookingsService: deps.liveBookingsService,
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

  /** The `eink` target: the labels of the rooms whose day a change touches, coalesced (only reads). */
  einkWork(change: Change): Promise<OutboxItem[]> {
    return einkWork(this.deps, change);
  }

  /** The `building.eink` job: labels redrawn once when their room's day starts and its meetings start or end. */
  einkSweep(now: number): Promise<number> {
    return einkSweep(this.deps, now);
  }

  /**
   * Opens the room's locks once for a check-in at its door (R20.1), when `openDoorOnCheckIn`; answers the locks
   * opened. Never throws: a door that does not open must not undo the check-in.
   */
  async openDoor(resourceId: number, bookingId: number): Promise<string[]> {
    try {
      return await openDoor(this.deps, resourceId, bookingId);
    } catch (err) {
      this.deps.logger.warn({ err, resourceId, bookingId }, 'door not opened at check-in');
      return [];
    }
  }

  /** A label's `update` call, drawn when its row is delivered (the plugin host's call builder for `eink`). */
  labelCall(row: OutboxRow, provider: ProviderBase): Promise<unknown[]> {
    return labelCall(this.deps, row, provider);
  }
}
