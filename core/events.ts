/**
 * The in-process event bus: best-effort news for listeners in this process (a
 * plugin's `ctx.events`, tests). It hears each change once its transaction has
 * committed. Subscribers must never make the emitter fail, so every handler runs
 * isolated and its errors are logged. Nothing that must happen may hang on it: a
 * crash between the commit and a handler loses the handler's work. Work that
 * must survive goes through the change record (core/modules/changes), which
 * feeds the outbox.
 */
import type { Logger } from 'pino';
import type { EventMap, EventName } from './event-types.ts';

export type EventHandler<K extends EventName> = (payload: EventMap[K], name: K) => unknown;
type AnyHandler = (payload: EventMap[EventName], name: EventName) => unknown;

export class EventBus {
  private readonly handlers = new Map<EventName | '*', Set<AnyHandler>>();
  private readonly pending = new Set<Promise<unknown>>();

  constructor(private readonly deps: { logger: Logger }) {}

  /** Subscribes to one event, or to every event with `*`. Returns the unsubscribe function. */
  on<K extends EventName>(name: K, handler: EventHandler<K>): () => void;
  on(name: '*', handler: AnyHandler): () => void;
  on(name: EventName | '*', handler: AnyHandler): () => void {
    let set = this.handlers.get(name);
    if (!set) this.handlers.set(name, (set = new Set()));
    set.add(handler);
    return () => set.delete(handler);
  }

  emit<K extends EventName>(name: K, payload: EventMap[K]): void {
    for (const handler of [...(this.handlers.get(name) ?? []), ...(this.handlers.get('*') ?? [])]) {
      const run = Promise.resolve()
        .then(() => handler(payload, name))
        .catch((err: unknown) => this.deps.logger.error({ err, event: name }, 'event handler failed'));
      this.pending.add(run);
      void run.finally(() => this.pending.delete(run));
    }
  }

  /** Resolves once every handler started so far has finished (graceful shutdown, tests). */
  async settle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
