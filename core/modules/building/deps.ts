/**
 * What the building integrations use: the devices of a room, the card holders, the settings, the outbox, and the
 * room's bookings as a door label shows them.
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock.ts';
import type { Cradle } from '../../cradle.ts';

export interface BuildingDeps {
  db: Knex;
  clock: Clock;
  logger: Logger;
  paramsService: Cradle['paramsService'];
  devicesService: Cradle['devicesService'];
  changeLog: Cradle['changeLog'];
  pluginHost: Cradle['pluginHost'];
  outbox: Cradle['outbox'];
  liveBookingsService: Cradle['liveBookingsService'];
  /** The enabled users among these ids who carry a card number. */
  cardHolders(ids: readonly number[]): Promise<Array<{ id: number; username: string; cardNo: string }>>;
}
