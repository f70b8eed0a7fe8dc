/**
 * Latest environment readings per sensor, from the active `environment`
 * provider through the plugin host (bounded, isolated). Each device is asked
 * at most once a minute (the SDK's contract), whatever the number of wall
 * screens; readings the provider pushes through `watch` refresh the cache.
 * No provider, a failure or a timeout gives no readings, never an error.
 * Each fresh reading (fetched or pushed) is also handed to the sinks registered with `onFresh` (the environment
 * module keeps them as history, docs/product-rules.md R20.3).
 */
import type { Logger } from 'pino';
import type { Clock } from '../../clock.ts';
import type { PluginHost } from '../../plugin-host/index.ts';
import type { EnvironmentReading } from '../../plugin-sdk/index.ts';

export const READING_TTL_MS = 60_000;

/** The measured values a reading may carry (SDK EnvironmentReading), all optional numbers. */
export const READING_FIELDS = ['temperature', 'humidity', 'co2', 'tvoc', 'pressure', 'hcho', 'pm25', 'pm10'] as const;

interface Entry {
  at: number;
  reading: EnvironmentReading | null;
  pending?: Promise<void>;
}

/** A provider's reading reduced to what the SDK promises: a device id, a time and finite numbers. */
export function cleanReading(value: unknown): EnvironmentReading | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (typeof v.deviceId !== 'string' || !v.deviceId) return null;
  const out: EnvironmentReading = {
    deviceId: v.deviceId,
    at: typeof v.at === 'number' && Number.isFinite(v.at) ? v.at : 0,
  };
  for (const f of READING_FIELDS) {
    const n = v[f];
    if (typeof n === 'number' && Number.isFinite(n)) out[f] = n;
  }
  return out;
}

export class EnvironmentReadingsService {
  private readonly cache = new Map<string, Entry>();
  /** The provider instance the cache was filled from: another one (settings saved) starts afresh. */
  private source?: object;
  private listening = false;
  private readonly sinks = new Set<(readings: EnvironmentReading[]) => void>();

  constructor(private readonly deps: { pluginHost: PluginHost; clock: Clock; logger: Logger }) {}

  /**
   * Hands every fresh reading the cache fetches to `sink` (pushed ones reach their listeners through the plugin
   * host already). Answers the function that stops it. A sink that throws is logged and skipped.
   */
  onFresh(sink: (readings: EnvironmentReading[]) => void): () => void {
    this.sinks.add(sink);
    return () => void this.sinks.delete(sink);
  }

  private handOver(readings: EnvironmentReading[]): void {
    if (!readings.length) return;
    for (const sink of this.sinks) {
      try {
        sink(readings);
      } catch (err) {
        this.deps.logger.warn({ err }, 'environment reading sink failed');
      }
    }
  }

  /** Latest reading of each of these vendor device ids that has one (by device id). */
  async latest(deviceIds: string[]): Promise<Map<string, EnvironmentReading>> {
    const out = new Map<string, EnvironmentReading>();
    const ids = [...new Set(deviceIds)];
    if (ids.length === 0) return out;
    const { pluginHost, clock } = this.deps;
    const active = await pluginHost.active('environment');
    if (!active) return out;
    this.listen();
    if (this.source !== active.provider) {
      this.cache.clear();
      this.source = active.provider;
    }
    const now = clock.now();
    const stale = ids.filter((id) => {
      const e = this.cache.get(id);
      return !e || (!e.pending && now - e.at >= READING_TTL_MS);
    });
    if (stale.length) {
      const pending = this.fetch(stale, now);
      for (const id of stale) this.cache.set(id, { at: now, reading: this.cache.get(id)?.reading ?? null, pending });
    }
    await Promise.all(ids.map((id) => this.cache.get(id)?.pending));
    for (const id of ids) {
      const reading = this.cache.get(id)?.reading;
      if (reading) out.set(id, reading);
    }
    return out;
  }

  private async fetch(ids: string[], now: number): Promise<void> {
    let readings: EnvironmentReading[] = [];
    let failed = false;
    try {
      const answer = await this.deps.pluginHost.call('environment', 'readings', (p) => p.readings(ids));
      readings = Array.isArray(answer)
        ? answer.map(cleanReading).filter((r): r is EnvironmentReading => r !== null)
        : [];
    } catch {
      // The host logged it with { plugin, kind, call }; the route answers without readings.
      failed = true;
    }
    const wanted = new Set(ids);
    const got = new Map(readings.filter((r) => wanted.has(r.deviceId)).map((r) => [r.deviceId, r]));
    this.handOver([...got.values()]);
    for (const id of ids) {
      // Pushed meanwhile (no longer pending), or the provider changed (gone): that entry stays.
      if (!this.cache.get(id)?.pending) continue;
      // A failure clears what was known: a wall screen must not show old values as current.
      this.cache.set(id, { at: now, reading: failed ? null : (got.get(id) ?? null) });
    }
  }

  /** Readings the provider pushes (`watch`) replace the cached ones. */
  private listen(): void {
    if (this.listening) return;
    this.listening = true;
    this.deps.pluginHost.onPush('environment', (value) => {
      const reading = cleanReading(value);
      if (reading) this.cache.set(reading.deviceId, { at: this.deps.clock.now(), reading });
    });
  }
}
