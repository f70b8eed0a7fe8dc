/**
 * Log retention: operation logs older than sysLogDays, reservation logs older
 * than reservationLogDays and decided approvals older than approvalLogDays are
 * deleted (0 keeps forever). Deletes go in batches so a first run on a large
 * table never holds a long lock.
 */
import type { Knex } from 'knex';
import type { Cradle } from '../../cradle.ts';
import { dropFinishedRuns } from '../../scheduler/scheduler.ts';

const DAY_MS = 86_400_000;
/** Finished scheduler runs are kept a week: enough to see recent failures, bounded for jobs that run every few seconds. */
const JOB_RUN_DAYS = 7;
const BATCH = 2_000;
export const DECIDED_APPROVAL_STATES = ['approved', 'denied', 'expired', 'revoked'] as const;

export interface RetentionResult {
  operations: number;
  reservations: number;
  approvals: number;
  sqlShapes: number;
  jobRuns: number;
}

async function deleteInBatches(
  db: Knex,
  table: string,
  idColumn: string,
  where: (q: Knex.QueryBuilder) => Knex.QueryBuilder,
): Promise<number> {
  let removed = 0;
  for (;;) {
    const ids = (await where(db(table)).limit(BATCH).pluck(idColumn)) as Array<number | string>;
    if (ids.length === 0) return removed;
    removed += await db(table).whereIn(idColumn, ids).del();
    if (ids.length < BATCH) return removed;
  }
}

export class LogRetention {
  constructor(private readonly deps: { db: Knex; paramsService: Cradle['paramsService'] }) {}

  async purge(now: number): Promise<RetentionResult> {
    const { db, paramsService } = this.deps;
    const days = (await paramsService.getMany(['sysLogDays', 'reservationLogDays', 'approvalLogDays'])) as Record<
      string,
      number
    >;
    const cutoff = (key: string) => (Number(days[key]) > 0 ? now - Number(days[key]) * DAY_MS : undefined);
    const result: RetentionResult = { operations: 0, reservations: 0, approvals: 0, sqlShapes: 0, jobRuns: 0 };
    const ops = cutoff('sysLogDays');
    if (ops !== undefined) {
      result.operations = await deleteInBatches(db, 'operation_logs', 'id', (q) => q.where('created_at', '<', ops));
      // Statement shapes not seen for as long follow the operation log.
      result.sqlShapes = await db('sql_stats').where('last_at', '<', ops).del();
    }
    const res = cutoff('reservationLogDays');
    if (res !== undefined)
      result.reservations = await deleteInBatches(db, 'reservation_logs', 'id', (q) => q.where('created_at', '<', res));
    const appr = cutoff('approvalLogDays');
    if (appr !== undefined) {
      result.approvals = await deleteInBatches(db, 'approvals', 'id', (q) =>
        q
          .whereIn('state', DECIDED_APPROVAL_STATES)
          .where((w) =>
            w.where('decided_at', '<', appr).orWhere((x) => x.whereNull('decided_at').where('created_at', '<', appr)),
          ),
      );
    }
    result.jobRuns = await dropFinishedRuns(db, now - JOB_RUN_DAYS * DAY_MS);
    return result;
  }
}
