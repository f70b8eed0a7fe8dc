/**
 * CSV exports of the operation and reservation logs (the screens' export
 * action), with the list's filters. UTF-8 with a byte-order mark so Excel reads
 * Chinese and Japanese text; cells that a spreadsheet would run as a formula
 * are prefixed with an apostrophe. Above the row cap the caller is asked to
 * filter first (docs/product-rules.md R17.3), and an empty result says there is nothing to export.
 */
import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import { BusinessRuleError } from '../../errors.ts';
import { toOperation, toReservation, type LogsService } from './queries.ts';
import type { OperationLogQuery, ReservationLogQuery } from './schema.ts';

export const EXPORT_MAX_ROWS = 50_000;

function cell(value: unknown): string {
  let text = value == null ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csv(header: string[], rows: unknown[][]): string {
  return '\uFEFF' + [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

async function capped(q: Knex.QueryBuilder, max: number): Promise<Array<Record<string, unknown>>> {
  const rows = (await q.clone().limit(max + 1)) as Array<Record<string, unknown>>;
  if (rows.length === 0) throw new BusinessRuleError('report.noData');
  if (rows.length > max) {
    const total = (await q.clone().clearSelect().clearOrder().count({ n: '*' }).first()) as { n?: number } | undefined;
    throw new BusinessRuleError('report.tooMuch', { count: Number(total?.n ?? rows.length), limit: max });
  }
  return rows;
}

const time = (ms: number, tz: string) => DateTime.fromMillis(ms, { zone: tz }).toFormat('yyyy-MM-dd HH:mm:ss');

export class LogExports {
  /** Row cap of one export (a field so tests can lower it). */
  maxRows = EXPORT_MAX_ROWS;

  constructor(private readonly deps: { logsService: LogsService }) {}

  async operations(query: Omit<OperationLogQuery, 'page' | 'pageSize'>): Promise<string> {
    const tz = query.tz ?? 'UTC';
    const rows = (await capped(this.deps.logsService.operationsQuery(query), this.maxRows)).map(toOperation);
    return csv(
      ['id', 'time', 'username', 'action', 'target', 'ip', 'summary'],
      rows.map((r) => [r.id, time(r.createdAt, tz), r.username, r.action, r.target, r.ip, r.summary]),
    );
  }

  async reservations(query: Omit<ReservationLogQuery, 'page' | 'pageSize'>): Promise<string> {
    const tz = query.tz ?? 'UTC';
    const rows = (await capped(this.deps.logsService.reservationsQuery(query), this.maxRows)).map(toReservation);
    return csv(
      ['id', 'time', 'bookingId', 'resource', 'username', 'action', 'detail'],
      rows.map((r) => [r.id, time(r.createdAt, tz), r.bookingId, r.resourceName, r.username, r.action, r.detail]),
    );
  }
}
