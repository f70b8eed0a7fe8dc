/**
 * integration_settings: per kind, the selected provider ("none" when nothing is)
 * and its settings as JSON, with the provider's secret fields sealed by the
 * secret box. Secrets leave this file only decrypted for the provider itself;
 * the console gets a "set" flag instead.
 */
import type { Knex } from 'knex';
import type { Clock } from '../clock.ts';
import { SecretBox } from '../secret-box.ts';
import type { PluginKind } from '../plugin-sdk/index.ts';

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
    const row = await this.deps.db('integration_settings').where({ kind }).first();
    if (!row)
      return { kind, provider: 'none', raw: {}, health: { state: 'unknown', detail: null, at: null }, updatedAt: 0 };
    return {
      kind,
      provider: String(row.provider),
      raw: row.settings ? (JSON.parse(String(row.settings)) as Record<string, unknown>) : {},
      health: {
        state: (row.health ?? 'unknown') as StoredSettings['health']['state'],
        detail: row.health_detail ?? null,
        at: row.health_at === null || row.health_at === undefined ? null : Number(row.health_at),
      },
      updatedAt: Number(row.updated_at),
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
