/**
 * A context for a plugin's own unit tests, without a server: an in-memory kv,
 * a clock the test moves, the real fetch (mock it with nock), collected logs
 * and an event emitter the test drives.
 */
import type { HttpInit, PluginContext, PluginHttp } from './context.ts';
import { PluginHttpError } from './context.ts';
import type { PluginKind } from './kinds.ts';

export interface TestContext<S> extends PluginContext<S> {
  logs: Array<{ level: string; obj: object | string; msg?: string }>;
  /** Runs the handlers the plugin subscribed to. */
  emit(name: string, payload: unknown): Promise<void>;
  /** Moves the clock (token expiry, caches). */
  advance(ms: number): void;
}

export function createHttp(defaultTimeoutMs = 10_000): PluginHttp {
  const doFetch = (url: string | URL, init: HttpInit = {}) => {
    const { timeoutMs, ...rest } = init;
    return fetch(url, { ...rest, signal: rest.signal ?? AbortSignal.timeout(timeoutMs ?? defaultTimeoutMs) });
  };
  return {
    fetch: doFetch,
    async json<T>(url: string | URL, init?: HttpInit): Promise<T> {
      const res = await doFetch(url, init);
      const text = await res.text();
      if (!res.ok) throw new PluginHttpError(res.status, text, String(url));
      return JSON.parse(text) as T;
    },
  };
}

export function createTestContext<S>(
  settings: S,
  options: { pluginId?: string; kind?: PluginKind; now?: number } = {},
): TestContext<S> {
  let now = options.now ?? Date.UTC(2026, 0, 1);
  const store = new Map<string, { value: unknown; expiresAt?: number }>();
  const handlers = new Map<string, Array<(p: unknown) => unknown>>();
  const logs: TestContext<S>['logs'] = [];
  const log = (level: string) => (obj: object | string, msg?: string) => void logs.push({ level, obj, msg });
  return {
    pluginId: options.pluginId ?? 'test-plugin',
    kind: options.kind ?? 'notify',
    settings,
    logger: { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') },
    http: createHttp(),
    clock: { now: () => now },
    kv: {
      async get<T>(key: string) {
        const e = store.get(key);
        if (!e || (e.expiresAt !== undefined && e.expiresAt <= now)) return undefined;
        return e.value as T;
      },
      async set(key, value, ttlMs) {
        store.set(key, { value, expiresAt: ttlMs === undefined ? undefined : now + ttlMs });
      },
      async delete(key) {
        store.delete(key);
      },
    },
    events: {
      on(name, handler) {
        handlers.set(name, [...(handlers.get(name) ?? []), handler as (p: unknown) => unknown]);
      },
    },
    logs,
    async emit(name, payload) {
      for (const h of handlers.get(name) ?? []) await h(payload);
    },
    advance(ms) {
      now += ms;
    },
  };
}
