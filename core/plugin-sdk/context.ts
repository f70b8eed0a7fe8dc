/**
 * What the host hands a provider in `create(ctx)`: the only doors a plugin has
 * to the outside (logging, HTTP, events, storage, time). Everything a plugin
 * needs is here, so a plugin never imports Atrium's internals.
 */
import type { PluginKind } from './kinds.ts';

/** A structured logger; every line already carries `{ plugin, kind }`. */
export interface PluginLogger {
  debug(obj: object | string, msg?: string): void;
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
}

export interface HttpInit extends RequestInit {
  /** Milliseconds before the request is aborted; the host's default (10 s) when absent. */
  timeoutMs?: number;
}

/** `fetch` with a timeout on every request, so a vendor that stops answering cannot hang a provider. */
export interface PluginHttp {
  fetch(url: string | URL, init?: HttpInit): Promise<Response>;
  /** Fetches and parses JSON; throws `PluginHttpError` on a non-2xx status. */
  json<T = unknown>(url: string | URL, init?: HttpInit): Promise<T>;
}

/** A vendor answered with an HTTP error status. */
export class PluginHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    url: string,
  ) {
    super(`HTTP ${status} from ${new URL(url).host}: ${body.slice(0, 200)}`);
    this.name = 'PluginHttpError';
  }
}

/** Event subscription: the booking and user events of the bus (see `EventMap`). */
export interface PluginEvents {
  /**
   * Subscribes for as long as the provider runs (the host unsubscribes on stop).
   * Handlers run after the change committed, isolated: a throw is logged, never
   * seen by the code that emitted. Work that must not be lost belongs in the outbox
   * (the host's deliveries), not in a handler.
   */
  on<T = unknown>(name: string, handler: (payload: T) => unknown): void;
}

/** A small key-value store per plugin (table plugin_kv), shared by every Atrium process. */
export interface PluginKv {
  get<T = unknown>(key: string): Promise<T | undefined>;
  /** `ttlMs` makes the value disappear after that long (tokens, caches). */
  set(key: string, value: unknown, ttlMs?: number): Promise<void>;
  delete(key: string): Promise<void>;
}

export interface PluginClock {
  /** Epoch milliseconds; tests move it. Use this, never Date.now(), for expiries. */
  now(): number;
}

export interface PluginContext<S = Record<string, unknown>> {
  pluginId: string;
  kind: PluginKind;
  logger: PluginLogger;
  /** The settings as saved by an administrator, validated by the plugin's schema, secrets decrypted. */
  settings: Readonly<S>;
  http: PluginHttp;
  events: PluginEvents;
  kv: PluginKv;
  clock: PluginClock;
}

/** Result of a provider's `health()`. */
export interface HealthReport {
  ok: boolean;
  /** Short, human-readable: shown to administrators next to the provider. */
  detail?: string;
}

/** What every provider may offer, whatever its kind. */
export interface ProviderBase {
  /**
   * Checks that the vendor is reachable with these settings: one cheap call
   * (fetch a token, SMTP NOOP). Called right after start, by the console's
   * "test connection", and by the host every five minutes. May throw; a throw
   * or a timeout counts as failing, with the error's message as the detail.
   */
  health?(): Promise<HealthReport>;
  /**
   * Called once when the provider stops: its settings changed, another provider
   * was chosen, or the server shuts down. Release sockets and timers. Errors are
   * logged and otherwise ignored.
   */
  close?(): Promise<void>;
}
