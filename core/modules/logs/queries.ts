/** Reading the logs: operation log, reservation log and SQL statistics, paged and filtered. */
import type { Knex } from 'knex';
import { whereAnyContains, whereStartsWith } from '../../db/like.ts';
import { paginate, paginateModels, type Page } from '../../db/paging.ts';
import { OperationLogModel, ReservationLogModel, SqlStatModel } from './model.ts';
import { timeRange } from './range.ts';
import type {
  OperationLogItem,
  OperationLogQuery,
  ReservationLogItem,
  ReservationLogQuery,
  SqlStatItem,
  SqlStatsQuery,
} from './schema.ts';
import type { SqlMonitor } from './sql-monitor.ts';

function json(v: string | null): unknown {
  if (v == null) return null;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

/** A row of the operation log's query (shared with the export, which caps it), mapped by the model. */
export const toOperation = (r: object): OperationLogItem => {
  const m = OperationLogModel.fromDatabaseJson(r);
  return {
    id: m.id,
    userId: m.userId ?? null,
    username: m.username ?? null,
    action: m.action,
    target: m.target ?? null,
    summary: json(m.summary ?? null),
    ip: m.ip ?? null,
    createdAt: m.createdAt,
  };
};

/** A row of the reservation log's query, with the resource's name and the user's (the read model's joins). */
export const toReservation = (r: object): ReservationLogItem => {
  const m = ReservationLogModel.fromDatabaseJson(r) as ReservationLogModel & {
    resourceName?: string | null;
    username?: string | null;
  };
  return {
    id: m.id,
    bookingId: m.bookingId ?? null,
    resourceId: m.resourceId ?? null,
    resourceName: m.resourceName ?? null,
    userId: m.userId ?? null,
    username: m.username ?? null,
    action: m.action,
    detail: json(m.detail ?? null),
    createdAt: m.createdAt,
  };
};

const SQL_SORT: Record<SqlStatsQuery['sort'], string> = {
  total: 'total_ms',
  count: 'count',
  max: 'max_ms',
  slow: 'slow_count',
  last: 'last_at',
  mean: 'mean',
};

export class LogsService {
  constructor(private readonly deps: { db: Knex; sqlMonitor: SqlMonitor }) {}

  /** The filtered operation log, newest first, unpaged (the list pages it, the export caps it). */
  operationsQuery(query: Omit<OperationLogQuery, 'page' | 'pageSize'>): Knex.QueryBuilder {
    const { from, to } = timeRange(query);
    const q = this.deps.db('operation_logs').orderBy('id', 'desc');
    if (from !== undefined) q.where('created_at', '>=', from);
    if (to !== undefined) q.where('created_at', '<', to);
    if (query.userId) q.where('user_id', query.userId);
    if (query.username) whereAnyContains(q, ['username'], query.username);
    if (query.action) {
      if (query.action.endsWith('*')) whereStartsWith(q, 'action', query.action.slice(0, -1));
      else q.where('action', query.action);
    }
    if (query.target) q.where('target', query.target);
    if (query.q) whereAnyContains(q, ['username', 'action', 'target'], query.q);
    return q.select('*');
  }

  async operations(query: OperationLogQuery): Promise<Page<OperationLogItem>> {
    return paginate(this.operationsQuery(query), query, toOperation);
  }

  reservationsQuery(query: Omit<ReservationLogQuery, 'page' | 'pageSize'>): Knex.QueryBuilder {
    const { from, to } = timeRange(query);
    const q = this.deps
      .db('reservation_logs as l')
      .leftJoin('resources as r', 'r.id', 'l.resource_id')
      .leftJoin('users as u', 'u.id', 'l.user_id')
      .orderBy('l.id', 'desc');
    if (from !== undefined) q.where('l.created_at', '>=', from);
    if (to !== undefined) q.where('l.created_at', '<', to);
    if (query.bookingId) q.where('l.booking_id', query.bookingId);
    if (query.resourceId) q.where('l.resource_id', query.resourceId);
    if (query.userId) q.where('l.user_id', query.userId);
    if (query.action) q.where('l.action', query.action);
    if (query.q) whereAnyContains(q, ['u.username', 'r.name', 'l.action'], query.q);
    return q.select('l.*', 'r.name as resource_name', 'u.username');
  }

  async reservations(query: ReservationLogQuery): Promise<Page<ReservationLogItem>> {
    return paginate(this.reservationsQuery(query), query, toReservation);
  }

  /** Statement shapes with their timings; this process's latest figures are flushed first. */
  async sql(query: SqlStatsQuery): Promise<Page<SqlStatItem> & { slowMs: number }> {
    const { db, sqlMonitor } = this.deps;
    await sqlMonitor.flush();
    const q = SqlStatModel.query(db).select('*', db.raw('?? / ?? as ??', ['total_ms', 'count', 'mean']));
    if (query.slowOnly) q.where('slow_count', '>', 0);
    if (query.q) whereAnyContains(q, ['shape'], query.q);
    q.orderBy(SQL_SORT[query.sort], 'desc').orderBy('shape_hash');
    const page = await paginateModels(q, query, (m) => ({
      shapeHash: m.shapeHash,
      shape: m.shape,
      count: m.count,
      totalMs: round(m.totalMs),
      meanMs: round(m.totalMs / Math.max(1, m.count)),
      maxMs: round(m.maxMs),
      slowCount: m.slowCount,
      lastAt: m.lastAt,
    }));
    return { ...page, slowMs: sqlMonitor.slowMs };
  }
}

const round = (n: number) => Math.round(n * 1000) / 1000;
