/** The objection models of the plugin host's tables (docs/conventions.md, "Models"). */
import { TableModel } from '../db/model.ts';

/** Work for a plugin kind's provider, delivered at least once. */
export class OutboxModel extends TableModel {
  static override tableName = 'outbox';
  id!: number;
  kind!: string;
  provider!: string | null;
  topic!: string;
  /** JSON. */
  payload!: string;
  state!: 'pending' | 'done' | 'parked';
  attempts!: number;
  nextAttemptAt!: number;
  lockedBy!: string | null;
  lockedUntil!: number | null;
  lastError!: string | null;
  idempotencyKey!: string | null;
  createdAt!: number;
  updatedAt!: number;
}

/** A plugin's stored value under its key. */
export class PluginKvModel extends TableModel {
  static override tableName = 'plugin_kv';
  static override idColumn = ['plugin', 'key'];
  plugin!: string;
  key!: string;
  value!: string;
  expiresAt!: number | null;
  updatedAt!: number;
}

/** One kind's chosen provider and its settings (JSON, secret fields sealed), with its last health. */
export class IntegrationSettingsModel extends TableModel {
  static override tableName = 'integration_settings';
  static override idColumn = 'kind';
  kind!: string;
  provider!: string;
  settings!: string | null;
  health!: string | null;
  healthDetail!: string | null;
  healthAt!: number | null;
  updatedBy!: number | null;
  updatedAt!: number;
}
