/** The plugins' key-value store on table plugin_kv: shared by every process, values as JSON, optional expiry. */
import type { Knex } from 'knex';
import type { Clock } from '../clock.ts';
import type { PluginKv } from '../plugin-sdk/index.ts';
import { PluginKvModel } from './model.ts';

export function pluginKv(db: Knex, clock: Clock, plugin: string): PluginKv {
  return {
    async get<T>(key: string): Promise<T | undefined> {
      const row = await PluginKvModel.query(db).where({ plugin, key }).select('value', 'expires_at').first();
      if (!row) return undefined;
      if (row.expiresAt !== null && row.expiresAt <= clock.now()) return undefined;
      return JSON.parse(row.value) as T;
    },
    async set(key: string, value: unknown, ttlMs?: number): Promise<void> {
      const now = clock.now();
      await db('plugin_kv')
        .insert({
          plugin,
          key,
          value: JSON.stringify(value ?? null),
          expires_at: ttlMs === undefined ? null : now + ttlMs,
          updated_at: now,
        })
        .onConflict(['plugin', 'key'])
        .merge(['value', 'expires_at', 'updated_at']);
    },
    async delete(key: string): Promise<void> {
      await db('plugin_kv').where({ plugin, key }).delete();
    },
  };
}
