/**
 * The awilix container: the shared infrastructure (config, database, logger,
 * clock, event bus, secret box) plus every module's services. Services are
 * classes taking their dependencies as one object (`constructor({ db, clock })`),
 * so tests build the same graph with a manual clock or another database.
 */
import { asFunction, asValue, createContainer, InjectionMode } from 'awilix';
import pino, { type Logger } from 'pino';
import type { Config } from '../config/default.ts';
import type { AppContainer, Cradle } from './cradle.ts';
import { systemClock, type Clock } from './clock.ts';
import { openDatabase, resolveDbTarget } from './db/connection.ts';
import { EventBus } from './events.ts';
import { modules } from './modules/index.ts';
import { SecretBox } from './secret-box.ts';

export type { AppContainer, Cradle };

export interface ContainerOptions {
  clock?: Clock;
  logger?: Logger;
}

/** Pino options shared by the server and the CLI: secrets and credentials never reach the log. */
export function makeLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: [
        'password',
        '*.password',
        'token',
        '*.token',
        'refreshToken',
        '*.refreshToken',
        'secret',
        '*.secret',
        'headers.token',
        'headers.authorization',
        'req.headers.authorization',
        'req.headers.token',
        'captcha',
        '*.captcha',
      ],
      censor: '[redacted]',
    },
  });
}

export function buildContainer(config: Config, options: ContainerOptions = {}): AppContainer {
  const container = createContainer<Cradle>({ injectionMode: InjectionMode.PROXY, strict: true });
  const target = resolveDbTarget(config.databaseUrl, config.dataDir);
  container.register({
    config: asValue(config),
    dialect: asValue(target.dialect),
    logger: asValue(options.logger ?? makeLogger(config.logLevel)),
    clock: asValue(options.clock ?? systemClock),
    db: asFunction(() => openDatabase(target))
      .singleton()
      .disposer((db) => db.destroy()),
    events: asFunction((c: Cradle) => new EventBus(c)).singleton(),
    secretBox: asFunction(() => SecretBox.fromConfig(config.secretKey, config.dataDir)).singleton(),
  });
  for (const m of modules) m.register(container);
  return container;
}
