/**
 * The plugin host: knows every discovered plugin, runs the provider each kind's
 * settings select, reloads it when the settings change (in any process: the
 * settings' version is checked before use), checks health, and isolates every
 * call (timeout, catch, log with { plugin, kind }).
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from '../../config/default.ts';
import type { Clock } from '../clock.ts';
import type { EventBus } from '../events.ts';
import { RecentValue } from '../recent-value.ts';
import type { SecretBox } from '../secret-box.ts';
import {
  PLUGIN_KINDS,
  type AnyPluginDefinition,
  type CalendarRoom,
  type HealthReport,
  type PluginKind,
  type ProviderBase,
  type ProviderFor,
} from '../plugin-sdk/index.ts';
import { buildContext } from './context.ts';
import { discoverPlugins, type Discovery } from './discover.ts';
import { errorMessage, withTimeout } from './isolate.ts';
import type { Outbox, OutboxRow } from './outbox.ts';
import { SettingsStore, type StoredSettings } from './settings-store.ts';

export interface PluginHostDeps {
  db: Knex;
  clock: Clock;
  logger: Logger;
  events: EventBus;
  secretBox: SecretBox;
  config: Config;
  outbox: Outbox;
}

interface Running {
  def: AnyPluginDefinition;
  provider: ProviderBase;
  unsubscribe: () => void;
  /** Stops the provider's `watch`, when it offers one and it started. */
  stopWatch?: () => void;
}

/**
 * Builds a row's call arguments when it is delivered rather than when it is queued, with the running provider at
 * hand: an e-ink label is drawn from the room's day as it is then, at the size its provider names
 * (docs/product-rules.md R20.4), so coalesced work shows the newest state.
 */
export type CallBuilder = (row: OutboxRow, provider: ProviderBase) => Promise<unknown[]>;

/** What a provider's `watch` reports: environment readings, occupancy changes. */
export type PushListener = (value: unknown) => void;

export const DEFAULT_TIMEOUT_MS = 15_000;

/** No provider is selected for a kind (or it failed to start). */
export class NoProviderError extends Error {
  constructor(kind: PluginKind, why = 'no provider is selected') {
    super(`${kind}: ${why}`);
    this.name = 'NoProviderError';
  }
}

export class PluginHost {
  readonly store: SettingsStore;
  private discovery?: Promise<Discovery>;
  private readonly running = new Map<PluginKind, Running>();
  /** Settings version each kind was last (re)loaded from, whether or not its provider started. */
  private readonly loaded = new Map<PluginKind, number>();
  /** Each kind's stored settings as recently read: every booking event asks for them (see RecentValue). */
  private readonly recent = new Map<PluginKind, RecentValue<StoredSettings>>();
  private readonly startErrors = new Map<PluginKind, string>();
  private readonly queues = new Map<PluginKind, Promise<unknown>>();
  private readonly pushListeners = new Map<PluginKind, Set<PushListener>>();
  /** Set by stop(): work still in flight at shutdown must not start providers again. */
  private stopped = false;
  private readonly builders = new Map<PluginKind, CallBuilder>();

  constructor(private readonly deps: PluginHostDeps) {
    this.store = new SettingsStore(deps);
  }

  discover(): Promise<Discovery> {
    this.discovery ??= discoverPlugins(this.deps.config.pluginPaths).then((d) => {
      for (const e of d.errors)
        this.deps.logger.error({ source: e.source, error: e.error }, 'plugin could not be loaded');
      return d;
    });
    return this.discovery;
  }

  async definitions(kind?: PluginKind): Promise<AnyPluginDefinition[]> {
    return (await this.discover()).plugins.map((p) => p.definition).filter((d) => !kind || d.kind === kind);
  }

  async definition(id: string): Promise<AnyPluginDefinition | undefined> {
    return (await this.definitions()).find((d) => d.id === id);
  }

  timeoutOf(def: AnyPluginDefinition): number {
    return def.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** Starts the selected provider of every kind. A provider that fails to start is logged, never fatal. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.discover();
    for (const kind of PLUGIN_KINDS) await this.reload(kind);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const kind of [...this.running.keys()]) await this.serial(kind, () => this.stopKind(kind));
    this.loaded.clear();
  }

  /** Stops a kind's provider and starts the one its stored settings select; resolves with the outcome. */
  reload(kind: PluginKind): Promise<{ running: boolean; error?: string }> {
    return this.serial(kind, async () => {
      await this.stopKind(kind);
      this.recent.get(kind)?.forget();
      const stored = await this.storedRecently(kind);
      this.loaded.set(kind, stored.updatedAt);
      this.startErrors.delete(kind);
      if (stored.provider === 'none') return { running: false };
      try {
        const def = await this.definition(stored.provider);
        if (!def || def.kind !== kind) throw new Error(`provider "${stored.provider}" is not installed`);
        const provider = await this.instantiate(def, this.store.unseal(stored.raw));
        this.running.set(kind, provider);
        this.deps.logger.info({ plugin: def.id, kind }, 'provider started');
        await this.startWatch(kind, provider);
        return { running: true };
      } catch (err) {
        const error = errorMessage(err);
        this.startErrors.set(kind, error);
        this.deps.logger.error({ plugin: stored.provider, kind, error }, 'provider failed to start');
        await this.store.recordHealth(kind, false, error);
        return { running: false, error };
      }
    });
  }

  /** Builds a provider from settings (validated here, again, because a plugin's schema may have changed). */
  async instantiate(def: AnyPluginDefinition, settings: Record<string, unknown>): Promise<Running> {
    const parsed = def.settings.safeParse(settings);
    if (!parsed.success)
      throw new Error(
        `settings are not valid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      );
    const timeout = this.timeoutOf(def);
    const { ctx, unsubscribe } = buildContext(this.deps, def, parsed.data as Record<string, unknown>, timeout);
    try {
      const provider = (await withTimeout(() => def.create(ctx as never), timeout, `${def.id} create`)) as ProviderBase;
      if (!provider || typeof provider !== 'object') throw new Error('create() returned no provider');
      return { def, provider, unsubscribe };
    } catch (err) {
      unsubscribe();
      throw err;
    }
  }

  async close(running: Running): Promise<void> {
    running.unsubscribe();
    if (!running.provider.close) return;
    await withTimeout(() => running.provider.close!(), this.timeoutOf(running.def), `${running.def.id} close`).catch(
      (err: unknown) =>
        this.deps.logger.error(
          { plugin: running.def.id, kind: running.def.kind, error: errorMessage(err) },
          'provider failed to close',
        ),
    );
  }

  /** The running provider of a kind, reloaded first when its settings changed in any process. */
  async active<K extends PluginKind>(
    kind: K,
  ): Promise<{ def: AnyPluginDefinition; provider: ProviderFor<K> } | undefined> {
    if (this.stopped) return undefined;
    const version = (await this.storedRecently(kind)).updatedAt;
    if (this.loaded.get(kind) !== version) await this.reload(kind);
    const r = this.running.get(kind);
    return r ? { def: r.def, provider: r.provider as ProviderFor<K> } : undefined;
  }

  /** Id of the provider running for a kind (after `active`). */
  activeId(kind: PluginKind): string | undefined {
    return this.running.get(kind)?.def.id;
  }

  /**
   * Has outbox rows of `kind` queued without arguments get them from `builder` when delivered (the building
   * module's e-ink labels, drawn at delivery). One builder per kind; a later one replaces it.
   */
  private calendarRooms?: (resourceId: number) => Promise<CalendarRoom | undefined>;

  buildCallsWith(kind: PluginKind, builder: CallBuilder): void {
    this.builders.set(kind, builder);
  }

  /** The builder of `kind`'s call arguments, when one was set in this process. */
  callBuilder(kind: PluginKind): CallBuilder | undefined {
    return this.builders.get(kind);
  }

  /**
   * Where the calendar module says which calendar mirrors a room (SDK 1.5: `upsertEvent` and `cancelEvent` get it),
   * so a booking is written where the room's outside meetings are read. Set by core/modules/calendar-sync.
   */
  resolveCalendarRooms(resolver: (resourceId: number) => Promise<CalendarRoom | undefined>): void {
    this.calendarRooms = resolver;
  }

  /** The mirrored calendar of a room, when the calendar module knows one. */
  async calendarRoomOf(resourceId: number): Promise<CalendarRoom | undefined> {
    return this.calendarRooms?.(resourceId);
  }

  /** Database and clock, for host-side bookkeeping of provider work (calendar ids). */
  get storage(): { db: Knex; clock: Clock } {
    return { db: this.deps.db, clock: this.deps.clock };
  }

  /** The provider id that a kind's settings select ("none" when nothing is). */
  async selected(kind: PluginKind): Promise<string> {
    return (await this.storedRecently(kind)).provider;
  }

  /**
   * The address the selected notify provider sends from (its `account` setting, when it is an e-mail address):
   * the ORGANIZER of an invitation whose organiser has none (docs/product-rules.md R11.9).
   */
  async notifySender(): Promise<string | undefined> {
    const { provider, raw } = await this.storedRecently('notify');
    const account = raw.account;
    return provider !== 'none' && typeof account === 'string' && account.includes('@') ? account : undefined;
  }

  private storedRecently(kind: PluginKind): Promise<StoredSettings> {
    let recent = this.recent.get(kind);
    if (!recent) this.recent.set(kind, (recent = new RecentValue(() => this.store.read(kind))));
    return recent.get();
  }

  /**
   * Calls the active provider of `kind`, bounded by its timeout; logs and rethrows
   * any failure (callers that must not fail use `tryCall`).
   */
  async call<K extends PluginKind, T>(
    kind: K,
    what: string,
    fn: (provider: ProviderFor<K>) => Promise<T> | T,
  ): Promise<T> {
    const active = await this.active(kind);
    if (!active)
      throw new NoProviderError(
        kind,
        this.startErrors.get(kind) ? `provider failed to start: ${this.startErrors.get(kind)}` : undefined,
      );
    try {
      return await withTimeout(() => fn(active.provider), this.timeoutOf(active.def), `${active.def.id} ${what}`);
    } catch (err) {
      this.deps.logger.warn(
        { plugin: active.def.id, kind, call: what, error: errorMessage(err) },
        'provider call failed',
      );
      throw err;
    }
  }

  /** Like `call`, for the request path: a failure (or no provider) gives undefined. */
  async tryCall<K extends PluginKind, T>(
    kind: K,
    what: string,
    fn: (provider: ProviderFor<K>) => Promise<T> | T,
  ): Promise<T | undefined> {
    try {
      return await this.call(kind, what, fn);
    } catch {
      return undefined;
    }
  }

  /**
   * Listens to what the running provider of `kind` pushes through its optional `watch`
   * (whichever provider runs, across restarts). Answers the function that stops listening.
   */
  onPush(kind: PluginKind, listener: PushListener): () => void {
    let set = this.pushListeners.get(kind);
    if (!set) this.pushListeners.set(kind, (set = new Set()));
    set.add(listener);
    return () => void set.delete(listener);
  }

  /** Calls the provider's `watch` once at start, bounded; a push counts only while that provider runs. */
  private async startWatch(kind: PluginKind, running: Running): Promise<void> {
    const watch = (running.provider as { watch?: unknown }).watch;
    if (typeof watch !== 'function') return;
    const { def } = running;
    const onValue = (value: unknown) => {
      if (this.running.get(kind) !== running) return;
      for (const listener of this.pushListeners.get(kind) ?? []) {
        try {
          listener(value);
        } catch (err) {
          this.deps.logger.warn({ plugin: def.id, kind, error: errorMessage(err) }, 'push listener failed');
        }
      }
    };
    try {
      const stop = await withTimeout(
        () => (watch as (cb: PushListener) => Promise<unknown>).call(running.provider, onValue),
        this.timeoutOf(def),
        `${def.id} watch`,
      );
      if (typeof stop === 'function') running.stopWatch = stop as () => void;
    } catch (err) {
      this.deps.logger.warn({ plugin: def.id, kind, call: 'watch', error: errorMessage(err) }, 'provider call failed');
    }
  }

  /** Runs a provider's health check (when it has one) and stores the result. */
  async checkHealth(kind: PluginKind): Promise<HealthReport & { provider: string }> {
    const active = await this.active(kind);
    if (!active) {
      const provider = await this.selected(kind);
      return {
        provider,
        ok: provider === 'none',
        detail: this.startErrors.get(kind) ?? (provider === 'none' ? undefined : 'not running'),
      };
    }
    const report = await this.health(active as Running);
    await this.store.recordHealth(kind, report.ok, report.detail ?? null);
    return { provider: active.def.id, ...report };
  }

  async health(running: Running): Promise<HealthReport> {
    if (!running.provider.health) return { ok: true, detail: 'running (no health check offered)' };
    try {
      const report = await withTimeout(
        () => running.provider.health!(),
        this.timeoutOf(running.def),
        `${running.def.id} health`,
      );
      return { ok: Boolean(report?.ok), detail: report?.detail };
    } catch (err) {
      return { ok: false, detail: errorMessage(err) };
    }
  }

  /** Health checks of every running provider (the health job). */
  async checkAll(): Promise<void> {
    for (const kind of PLUGIN_KINDS) {
      if ((await this.selected(kind)) !== 'none') await this.checkHealth(kind);
    }
  }

  private async stopKind(kind: PluginKind): Promise<void> {
    const r = this.running.get(kind);
    if (!r) return;
    this.running.delete(kind);
    if (r.stopWatch) {
      await withTimeout(r.stopWatch, this.timeoutOf(r.def), `${r.def.id} stop watch`).catch((err: unknown) =>
        this.deps.logger.warn({ plugin: r.def.id, kind, error: errorMessage(err) }, 'provider watch failed to stop'),
      );
    }
    await this.close(r);
    this.deps.logger.info({ plugin: r.def.id, kind }, 'provider stopped');
  }

  /** Start/stop of one kind never overlap, whatever the number of concurrent callers. */
  private serial<T>(kind: PluginKind, fn: () => Promise<T>): Promise<T> {
    const next = (this.queues.get(kind) ?? Promise.resolve()).then(fn, fn);
    this.queues.set(
      kind,
      next.catch(() => undefined),
    );
    return next;
  }
}
