/**
 * Integration settings for the console: which provider each kind uses and its
 * settings (validated by the provider's schema, secrets kept sealed and carried
 * over only while the provider's endpoints stay the same), test connection, and
 * the outbox's state. The permission of each call depends on the kind
 * (`inte:<screen>:view|save`), so it is checked here.
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { can, type Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import { paginateModels, type Page } from '../../db/paging.ts';
import { BusinessRuleError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { parseWith } from '../../http/validate.ts';
import { t } from '../../i18n/index.ts';
import { PLUGIN_KINDS, type AnyPluginDefinition, type PluginKind } from '../../plugin-sdk/index.ts';
import { changedEndpoints, errorMessage, type Outbox, type PluginHost } from '../../plugin-host/index.ts';
import { kindCapability } from './capabilities.ts';
import { kindCatalogue } from './kinds.ts';
import { LISTING_KINDS, providerDevices } from './devices.ts';
import type {
  DeviceListAnswer,
  DeviceListQuery,
  OutboxQuery,
  OutboxView,
  SaveSettings,
  SettingsView,
  TestSettings,
} from './schema.ts';
import type { Cradle } from '../../cradle.ts';

export interface IntegrationsDeps {
  db: Knex;
  clock: Clock;
  logger: Logger;
  pluginHost: PluginHost;
  outbox: Outbox;
  operationLog: Cradle['operationLog'];
}

const mayDo = (actor: Actor, kind: PluginKind, action: 'view' | 'save') => can(actor, kindCapability(kind, action));

export class IntegrationsService {
  constructor(private readonly deps: IntegrationsDeps) {}

  private assert(actor: Actor, kind: PluginKind, action: 'view' | 'save'): void {
    if (!mayDo(actor, kind, action)) throw new ForbiddenError();
  }

  /** Kinds the caller may see, with their providers and settings forms. */
  async kinds(actor: Actor) {
    const discovery = await this.deps.pluginHost.discover();
    const kinds = kindCatalogue(discovery.plugins.map((p) => p.definition)).filter((k) => mayDo(actor, k.kind, 'view'));
    const selected = await Promise.all(kinds.map((k) => this.deps.pluginHost.selected(k.kind)));
    return { kinds: kinds.map((k, i) => ({ ...k, selected: selected[i] })), loadErrors: discovery.errors };
  }

  async view(actor: Actor, kind: PluginKind): Promise<SettingsView> {
    this.assert(actor, kind, 'view');
    const stored = await this.deps.pluginHost.store.read(kind);
    const def = await this.deps.pluginHost.definition(stored.provider);
    const { settings, secretsSet } = this.deps.pluginHost.store.mask(stored.raw, def?.secrets ?? []);
    return {
      kind,
      provider: stored.provider,
      settings,
      secretsSet,
      health: stored.health,
      updatedAt: stored.updatedAt,
    };
  }

  /**
   * Resolves the provider and its full settings: submitted values, stored secrets where none were sent.
   * A stored secret is not carried to a changed endpoint: 400 naming each such secret instead.
   */
  private async candidate(
    actor: Actor,
    kind: PluginKind,
    providerId: string,
    submitted: Record<string, unknown>,
  ): Promise<{ def?: AnyPluginDefinition; settings: Record<string, unknown> }> {
    if (providerId === 'none') return { settings: {} };
    const def = await this.deps.pluginHost.definition(providerId);
    if (!def || def.kind !== kind)
      throw new ValidationError([
        { field: 'provider', message: t(actor.lang, 'inte.unknownProvider', { provider: providerId }) },
      ]);
    const stored = await this.deps.pluginHost.store.read(kind);
    const merged = { ...submitted };
    const carried: string[] = [];
    if (stored.provider === providerId) {
      const unsealed = this.deps.pluginHost.store.unseal(stored.raw);
      for (const s of def.secrets ?? [])
        if ((merged[s] === undefined || merged[s] === '') && unsealed[s] !== undefined) {
          merged[s] = unsealed[s];
          carried.push(s);
        }
    }
    const settings = parseWith(def.settings, merged, actor.lang, 'settings') as Record<string, unknown>;
    const moved = carried.length ? changedEndpoints(def.endpoints ?? [], stored.raw, settings) : [];
    if (moved.length) {
      const params = { fields: moved.join(', ') };
      throw new ValidationError(
        carried.map((s) => ({ field: `settings.${s}`, message: t(actor.lang, 'inte.secretRetype', params) })),
        'inte.secretRetype',
        params,
      );
    }
    return { def, settings };
  }

  /** Saves a kind's settings and restarts its provider at once (no server restart). */
  async save(
    actor: Actor,
    kind: PluginKind,
    body: SaveSettings,
  ): Promise<SettingsView & { started: { running: boolean; error?: string } }> {
    this.assert(actor, kind, 'save');
    const { def, settings } = await this.candidate(actor, kind, body.provider, body.settings);
    const before = await this.view(actor, kind);
    await this.deps.db.transaction(async (trx) => {
      await this.deps.pluginHost.store.write(trx, kind, body.provider, settings, def?.secrets ?? [], actor.userId);
      const masked = this.deps.pluginHost.store.mask(settings, def?.secrets ?? []);
      await this.deps.operationLog.record(trx, actor, {
        action: 'inte.settings.save',
        target: kind,
        before: { provider: before.provider, settings: before.settings },
        after: { provider: body.provider, settings: masked.settings },
      });
    });
    const started = await this.deps.pluginHost.reload(kind);
    if (started.running)
      void this.deps.pluginHost
        .checkHealth(kind)
        .catch((err: unknown) => this.deps.logger.warn({ kind, error: errorMessage(err) }, 'health check failed'));
    return { ...(await this.view(actor, kind)), started };
  }

  /** Test connection: builds a throw-away provider from the given (or stored) settings and runs its health check. */
  async test(
    actor: Actor,
    kind: PluginKind,
    body: TestSettings,
  ): Promise<{ provider: string; ok: boolean; detail: string | null; ms: number }> {
    this.assert(actor, kind, 'save');
    const providerId = body.provider ?? (await this.deps.pluginHost.selected(kind));
    const submitted =
      body.settings ??
      (body.provider ? {} : this.deps.pluginHost.store.unseal((await this.deps.pluginHost.store.read(kind)).raw));
    const { def, settings } = await this.candidate(actor, kind, providerId, submitted);
    if (!def) return { provider: 'none', ok: true, detail: null, ms: 0 };
    const started = this.deps.clock.now();
    let running;
    try {
      running = await this.deps.pluginHost.instantiate(def, settings);
      const report = await this.deps.pluginHost.health(running);
      return { provider: def.id, ok: report.ok, detail: report.detail ?? null, ms: this.deps.clock.now() - started };
    } catch (err) {
      return { provider: def.id, ok: false, detail: errorMessage(err), ms: this.deps.clock.now() - started };
    } finally {
      if (running) await this.deps.pluginHost.close(running);
    }
  }

  async outboxList(actor: Actor, q: OutboxQuery): Promise<Page<OutboxView>> {
    const visible = PLUGIN_KINDS.filter((k) => mayDo(actor, k, 'view'));
    if (q.kind && !visible.includes(q.kind)) throw new ForbiddenError();
    const query = this.deps.outbox.list(q.kind ? [q.kind] : visible, q.state);
    return paginateModels(query, q, (r) => ({
      id: r.id,
      kind: r.kind,
      provider: r.provider ?? null,
      topic: r.topic,
      state: r.state,
      attempts: r.attempts,
      nextAttemptAt: r.nextAttemptAt,
      lastError: r.lastError ?? null,
      summary: summarise(r.payload),
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    }));
  }

  /** GET /inte/:kind/providerDevices: the devices the kind's provider lists, searched and paged (R20.6). */
  async providerDevices(actor: Actor, kind: PluginKind, query: DeviceListQuery): Promise<DeviceListAnswer> {
    this.assert(actor, kind, 'view');
    if (!LISTING_KINDS.includes(kind)) throw new BusinessRuleError('inte.noDevices');
    return providerDevices(this.deps.pluginHost, kind, query);
  }

  async retry(actor: Actor, id: number): Promise<void> {
    const row = await this.deps.outbox.find(id);
    if (!row) throw new NotFoundError('outbox', id);
    this.assert(actor, row.kind as PluginKind, 'save');
    if (row.state === 'done' || !(await this.deps.outbox.retry(id))) throw new BusinessRuleError('inte.outboxDone');
    await this.deps.operationLog.record(this.deps.db, actor, { action: 'inte.outbox.retry', target: id });
  }
}

/** A one-line description of a row's work for the console (a message's subject and recipients). */
function summarise(payload: string): string | null {
  try {
    const p = JSON.parse(payload) as { message?: { subject?: string; to?: Array<{ name?: string }> } };
    if (!p.message) return null;
    return `${p.message.subject ?? ''} → ${(p.message.to ?? []).map((r) => r.name).join(', ')}`.slice(0, 300);
  } catch {
    return null;
  }
}
