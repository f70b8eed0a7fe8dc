/**
 * Looks for a newer Atrium release at the configured URL. Off unless an
 * administrator sets ATRIUM_RELEASE_URL: no call leaves the site otherwise.
 * The feed answers JSON `{ version, url?, notes? }` (or a list of them).
 */
import type { Logger } from 'pino';
import type { Config } from '../../../config/default.ts';
import type { Clock } from '../../clock.ts';
import { VERSION } from '../../version.ts';

export interface ReleaseInfo {
  enabled: boolean;
  current: string;
  latest: string | null;
  newer: boolean;
  url: string | null;
  notes: string | null;
  checkedAt: number | null;
  error?: string;
}

const CACHE_MS = 6 * 3600_000;

export function compareVersions(a: string, b: string): number {
  const parse = (v: string) =>
    v
      .replace(/^v/, '')
      .split(/[.-]/)
      .slice(0, 3)
      .map((n) => Number.parseInt(n, 10) || 0);
  const [x, y] = [parse(a), parse(b)];
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

export class ReleaseCheck {
  private cached?: ReleaseInfo;

  constructor(private readonly deps: { config: Config; clock: Clock; logger: Logger }) {}

  async latest(force = false): Promise<ReleaseInfo> {
    const { config, clock, logger } = this.deps;
    const none: ReleaseInfo = {
      enabled: false,
      current: VERSION,
      latest: null,
      newer: false,
      url: null,
      notes: null,
      checkedAt: null,
    };
    if (!config.releaseCheckUrl) return none;
    if (!force && this.cached?.checkedAt && clock.now() - this.cached.checkedAt < CACHE_MS) return this.cached;
    try {
      const res = await fetch(config.releaseCheckUrl, {
        signal: AbortSignal.timeout(5000),
        headers: { accept: 'application/json', 'user-agent': `atrium/${VERSION}` },
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const body = (await res.json()) as unknown;
      const entries = (Array.isArray(body) ? body : [body]) as Array<{
        version?: unknown;
        url?: unknown;
        notes?: unknown;
      }>;
      const best = entries
        .filter((e) => typeof e.version === 'string')
        .sort((p, q) => compareVersions(String(q.version), String(p.version)))[0];
      if (!best) throw new Error('no version in the release feed');
      this.cached = {
        enabled: true,
        current: VERSION,
        latest: String(best.version),
        newer: compareVersions(String(best.version), VERSION) > 0,
        url: typeof best.url === 'string' && /^https?:\/\//.test(best.url) ? best.url : null,
        notes: typeof best.notes === 'string' ? best.notes.slice(0, 2000) : null,
        checkedAt: clock.now(),
      };
    } catch (err) {
      logger.warn({ err: (err as Error).message }, 'release check failed');
      this.cached = { ...none, enabled: true, checkedAt: clock.now(), error: (err as Error).message };
    }
    return this.cached;
  }
}
