/**
 * integration_settings: per kind, the selected provider ("none" when nothing is)
 * and its settings as JSON, with the provider's secret fields sealed by the
 * secret box. Secrets leave this file only decrypted for the provider itself;
 * the console gets a "set" flag instead. The sign-in methods (kind ldap | oidc |
 * saml, provider builtin) keep their settings in the same table, sealed by the
 * sso module itself: they read and write through `rows` and `put`.
 */
import type { Knex } from 'knex';
import type { Clock } from '../clock.ts';
import { SecretBox } from '../secret-box.ts';
import type { PluginKind } from '../plugin-sdk/index.ts';
import { IntegrationSettingsModel } from './model.ts';

export interface StoredSettings {
  kind: PluginKind;
  provider: string;
  /** Settings as stored: secret fields still sealed. */
  raw: Record<string, unknown>;
  health: { state: 'ok' | 'failing' | 'unknown'; detail: string | null; at: number | null };
  updatedAt: number;
}

export class SettingsStore {
  constructor(private readonly deps: { db: Knex; clock: Clock; secretBox: SecretBox }) {}

  async read(kind: PluginKind): Promise<StoredSettings> {
    const row = await IntegrationSettingsModel.query(this.deps.db).findById(kind);
    if (!row)
      return { kind, provider: 'none', raw: {}, health: { state: 'unknown', detail: null, at: null }, updatedAt: 0 };
    return {
      kind,
      provider: row.provider,
      raw: row.settings ? (JSON.parse(row.settings) as Record<string, unknown>) : {},
      health: {
        state: (row.health ?? 'unknown') as StoredSettings['health']['state'],
        detail: row.healthDetail ?? null,
        at: row.healthAt ?? null,
      },
      updatedAt: row.updatedAt,
    };
  }

  /** Decrypts the secret fields, for the provider's `create`. */
  unseal(raw: Record<string, unknown>): Record<string, unknown> {
    return Object.fromEntries(
      Object.entries(raw).map(([k, v]) => [k, SecretBox.isSealed(v) ? this.deps.secretBox.decrypt(v) : v]),
    );
  }

  /** Settings for the console: secrets removed, and which of them are set. */
  mask(
    raw: Record<string, unknown>,
    secrets: readonly string[],
  ): { settings: Record<string, unknown>; secretsSet: Record<string, boolean> } {
    const settings = Object.fromEntries(
      Object.entries(raw).filter(([k, v]) => !secrets.includes(k) && !SecretBox.isSealed(v)),
    );
    const secretsSet = Object.fromEntries(
      secrets.map((s) => [s, raw[s] !== undefined && raw[s] !== null && raw[s] !== '']),
    );
    return { settings, secretsSet };
  }

  async write(
    trx: Knex | Knex.Transaction,
    kind: PluginKind,
    provider: string,
    settings: Record<string, unknown>,
    secrets: readonly string[],
    userId: number,
  ): Promise<number> {
    const sealed = Object.fromEntries(
      Object.entries(settings).map(([k, v]) => [
        k,
        secrets.includes(k) && typeof v === 'string' && v !== '' ? this.deps.secretBox.encrypt(v) : v,
      ]),
    );
    // updated_at must grow on every save, even twice in one millisecond: other processes reload on a change.
    const previous = await trx('integration_settings').where({ kind }).first('updated_at');
    const now = Math.max(this.deps.clock.now(), previous ? Number(previous.updated_at) + 1 : 0);
    await trx('integration_settings')
      .insert({
        kind,
        provider,
        settings: JSON.stringify(sealed),
        health: 'unknown',
        health_detail: null,
        health_at: null,
        updated_by: userId || null,
        updated_at: now,
      })
      .onConflict('kind')
      .merge();
    return now;
  }

  /** Settings as stored (secrets still sealed) of the kinds saved under `provider`, by kind. */
  async rows(
    kinds: readonly string[],
    provider: string,
  ): Promise<Map<string, { raw: Record<string, unknown>; updatedAt: number }>> {
    const rows = await IntegrationSettingsModel.query(this.deps.db)
      .whereIn('kind', kinds)
      .where({ provider })
      .whereNotNull('settings')
      .select('kind', 'settings', 'updated_at');
    return new Map(
      rows.map((r) => [r.kind, { raw: JSON.parse(r.settings!) as Record<string, unknown>, updatedAt: r.updatedAt }]),
    );
  }

  /** Replaces a kind's provider and settings as given (already sealed by the caller); its health stays. */
  async put(
    trx: Knex | Knex.Transaction,
    kind: string,
    provider: string,
    raw: Record<string, unknown>,
    userId: number,
  ): Promise<void> {
    await trx('integration_settings')
      .insert({
        kind,
        provider,
        settings: JSON.stringify(raw),
        updated_by: userId || null,
        updated_at: this.deps.clock.now(),
      })
      .onConflict('kind')
      .merge(['provider', 'settings', 'updated_by', 'updated_at']);
  }

  async recordHealth(kind: PluginKind, ok: boolean, detail: string | null): Promise<void> {
    await this.deps
      .db('integration_settings')
      .where({ kind })
      .update({
        health: ok ? 'ok' : 'failing',
        health_detail: detail ? detail.slice(0, 500) : null,
        health_at: this.deps.clock.now(),
      });
  }
}
