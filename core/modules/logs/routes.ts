import { z } from 'zod';
import type { Cradle } from '../../cradle.ts';
import { pageOf } from '../../http/answers.ts';
import { RawReply, route, type ModuleRoutes, media } from '../../http/route.ts';
import {
  OperationLogQuery,
  ReservationLogQuery,
  SqlStatsQuery,
  OperationLogItem,
  ReservationLogItem,
  SqlStatItem,
} from './schema.ts';

const CSV = 'text/csv; charset=utf-8';

export function logsRoutes({ logsService, logExports, clock }: Cradle): ModuleRoutes {
  const stamp = () => new Date(clock.now()).toISOString().slice(0, 10);
  return {
    tag: 'Logs',
    routes: [
      route({
        method: 'get',
        path: '/sys/logs/operations',
        response: pageOf(OperationLogItem),
        permission: 'sys:log:view',
        query: OperationLogQuery,
        summary: 'Operation log: who changed what, when and from where (newest first)',
        handler: ({ query }) => logsService.operations(query),
      }),
      route({
        method: 'get',
        path: '/sys/logs/operations/export',
        response: media('The operation log as CSV', CSV),
        permission: 'sys:log:export',
        query: OperationLogQuery,
        summary: "Operation log as CSV, with the list's filters (at most 50,000 rows: filter first above that)",
        handler: async ({ query }) =>
          new RawReply(await logExports.operations(query), CSV, { filename: `operation-log-${stamp()}.csv` }),
      }),
      route({
        method: 'get',
        path: '/sys/logs/reservations/export',
        response: media('The reservation log as CSV', CSV),
        permission: 'sys:reservelog:export',
        query: ReservationLogQuery,
        summary: "Reservation log as CSV, with the list's filters (at most 50,000 rows)",
        handler: async ({ query }) =>
          new RawReply(await logExports.reservations(query), CSV, { filename: `reservation-log-${stamp()}.csv` }),
      }),
      route({
        method: 'get',
        path: '/sys/logs/reservations',
        response: pageOf(ReservationLogItem),
        permission: 'sys:reservelog:view',
        query: ReservationLogQuery,
        summary: 'Reservation log (newest first)',
        handler: ({ query }) => logsService.reservations(query),
      }),
      route({
        method: 'get',
        path: '/sys/logs/sql',
        response: pageOf(SqlStatItem).extend({ slowMs: z.number() }),
        permission: 'sys:setting-sql:view',
        query: SqlStatsQuery,
        summary: 'SQL monitor: statement shapes (literals removed) with count, mean, max and slow runs',
        handler: ({ query }) => logsService.sql(query),
      }),
    ],
  };
}
