/**
 * Builds the `ctx` a provider's `create` receives; its event subscriptions are tracked so stop() removes them.
 * `ctx.events` is the in-process bus: best effort, after commit, in this process only. What a provider must
 * not miss reaches it through the outbox instead.
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import { isEventName } from '../event-types.ts';
import type { EventBus } from '../events.ts';
import type { AnyPluginDefinition, PluginContext, PluginLogger } from '../plugin-sdk/index.ts';
import { createHttp } from '../plugin-sdk/testing.ts';
import { errorMessage, withTimeout } from './isolate.ts';
import { pluginKv } from './kv.ts';

export interface ContextDeps {
  db: Knex;
  clock: Clock;
  logger: Logger;
  events: EventBus;
}

function childLogger(logger: Logger, def: AnyPluginDefinition): PluginLogger {
  const child = logger.child({ plugin: def.id, kind: def.kind });
  const at = (level: 'debug' | 'info' | 'warn' | 'error') => (obj: object | string, msg?: string) =>
    typeof obj === 'string' ? child[level](obj) : child[level](obj, msg);
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

export function buildContext(
  deps: ContextDeps,
  def: AnyPluginDefinition,
  settings: Record<string, unknown>,
  timeoutMs: number,
): { ctx: PluginContext<Record<string, unknown>>; unsubscribe: () => void } {
  const logger = childLogger(deps.logger, def);
  const offs: Array<() => void> = [];
  const ctx: PluginContext<Record<string, unknown>> = {
    pluginId: def.id,
    kind: def.kind,
    logger,
    settings: Object.freeze({ ...settings }),
    http: createHttp(Math.min(10_000, timeoutMs)),
    clock: deps.clock,
    kv: pluginKv(deps.db, deps.clock, def.id),
    events: {
      on<T>(name: string, handler: (payload: T) => unknown) {
        // A name no event has would never be heard: say so once, where the plugin's author looks.
        if (!isEventName(name)) {
          logger.warn({ event: name }, 'plugin subscribed to an event that does not exist');
          return;
        }
        // Bounded, so a hanging handler cannot hold up the bus's settle() at shutdown.
        offs.push(
          deps.events.on(name, (payload) =>
            // The plugin names the payload's type (the SDK's EventMap documents it); the bus checked the name.
            withTimeout(() => handler(payload as T), timeoutMs, `${def.id} ${name} handler`).catch((err: unknown) =>
              logger.error({ event: name, error: errorMessage(err) }, 'plugin event handler failed'),
            ),
          ),
        );
      },
    },
  };
  return { ctx, unsubscribe: () => offs.splice(0).forEach((off) => off()) };
}
