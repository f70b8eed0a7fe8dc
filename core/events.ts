/**
 * The in-process event bus. Services emit after their transaction commits;
 * subscribers (notifications, the plugin host, logs) must never make the
 * emitter fail, so every handler runs isolated and its errors are logged.
 * Work that must survive a crash goes through the outbox, not through here.
 */
import type { Logger } from 'pino';

export type EventHandler<T = unknown> = (payload: T, name: string) => unknown;

export class EventBus {
  private readonly handlers = new Map<string, Set<EventHandler>>();
  private readonly pending = new Set<Promise<unknown>>();

  constructor(private readonly deps: { logger: Logger }) {}

  /** Subscribes to one event name, or to every event with `*`. Returns the unsubscribe function. */
  on<T = unknown>(name: string, handler: EventHandler<T>): () => void {
    let set = this.handlers.get(name);
    if (!set) this.handlers.set(name, (set = new Set()));
    set.add(handler as EventHandler);
    return () => set.delete(handler as EventHandler);
  }

  emit(name: string, payload: unknown): void {
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
