/** What the booking services are built from (awilix injects it as one object). */
import type { Knex } from 'knex';
import type { Clock } from '../../clock.ts';
import type { EventBus } from '../../events.ts';
import type { BlocklistService } from '../blocklist/index.ts';
import type { ChangeLog } from '../changes/index.ts';
import type { ParamsService } from '../params/index.ts';

export interface BookingDeps {
  db: Knex;
  clock: Clock;
  events: EventBus;
  changeLog: ChangeLog;
  paramsService: ParamsService;
  blocklistService: BlocklistService;
}

export type Db = Knex | Knex.Transaction;
