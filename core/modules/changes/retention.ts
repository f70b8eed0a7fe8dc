/**
 * Keeps the change record for `changeRetentionDays` (7 by default): long enough
 * for a live view that was away to catch up from its last id, bounded so the
 * table does not grow for ever. A change some target has not been handed yet is
 * kept however old it is. Deletes go in batches so a long-stopped installation
 * never holds a long lock.
 */
import type { Knex } from 'knex';
import type { ChangeTarget } from './types.ts';
import type { Cradle } from '../../cradle.ts';

const DAY_MS = 86_400_000;
const BATCH = 2_000;

export class ChangeRetention {
  constructor(
    private readonly deps: { db: Knex; paramsService: Cradle['paramsService'] },
    private readonly targets: () => readonly ChangeTarget[],
  ) {}

  /** Deletes the changes (and set-aside records) older than the retention; answers how many changes went. */
  async purge(now: number): Promise<number> {
    const { db, paramsService } = this.deps;
    const days = Number(await paramsService.get<number>('changeRetentionDays'));
    const cutoff = now - days * DAY_MS;
    const names = this.targets().map((t) => t.name);
    const progress = (await db('domain_event_targets').whereIn('target', names).select('last_event_id')) as Array<{
      last_event_id: number | string;
    }>;
    // Before every target has started, nothing is known to be handed over.
    if (progress.length < names.length) return 0;
    const handed = progress.length
      ? Math.min(...progress.map((p) => Number(p.last_event_id)))
      : Number.MAX_SAFE_INTEGER;
    let removed = 0;
    for (;;) {
      const ids = (await db('domain_events')
        .where('id', '<=', handed)
        .where('created_at', '<', cutoff)
        .orderBy('id')
        .limit(BATCH)
        .pluck('id')) as Array<number | string>;
      if (ids.length === 0) break;
      removed += await db('domain_events').whereIn('id', ids).del();
      if (ids.length < BATCH) break;
    }
    await db('domain_event_failures').where('failed_at', '<', cutoff).del();
    return removed;
  }
}
