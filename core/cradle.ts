/**
 * What the container holds. Each module adds its services by declaration merging in its
 * index.ts (`declare module '../../cradle.ts'`). This file imports only types of files that
 * import no module, so a service can name its dependencies without an import cycle through
 * the container that registers it.
 */
import type { AwilixContainer } from 'awilix';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from '../config/default.ts';
import type { Clock } from './clock.ts';
import type { Dialect } from './db/connection.ts';
import type { EventBus } from './events.ts';
import type { SecretBox } from './secret-box.ts';

export interface Cradle {
  config: Config;
  db: Knex;
  dialect: Dialect;
  logger: Logger;
  clock: Clock;
  events: EventBus;
  secretBox: SecretBox;
}

export type AppContainer = AwilixContainer<Cradle>;
