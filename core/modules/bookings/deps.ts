/** What the booking services are built from (awilix injects it as one object). */
import type { Knex } from 'knex';
import type { Clock } from '../../clock.ts';
import type { Dialect } from '../../db/connection.ts';
import type { EventBus } from '../../events.ts';
import type { Cradle } from '../../cradle.ts';

export interface BookingDeps {
  db: Knex;
  dialect: Dialect;
  clock: Clock;
  events: EventBus;
  changeLog: Cradle['changeLog'];
  paramsService: Cradle['paramsService'];
  blocklistService: Cradle['blocklistService'];
  /** The rooms' own sensors (the tablets module): the no-show rule keeps a booking whose room was occupied. */
  presenceService: Cradle['presenceService'];
  /**
   * Rooms whose calendar provider is the source of truth (docs/product-rules.md R23.6): their calendars are read
   * before a booking of them is made or moved, so the slot table decides with the provider's latest meetings in it.
   */
  calendarSyncService: Cradle['calendarSyncService'];
}

export type { Db } from '../../db/transaction.ts';
