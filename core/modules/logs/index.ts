import { asClass } from 'awilix';
import type { AtriumModule } from '../module.ts';
import { LogExports } from './export.ts';
import { OperationLog } from './operation-log.ts';
import { LogsService } from './queries.ts';
import { LogRetention } from './retention.ts';
import { logsRoutes } from './routes.ts';
import { SqlMonitor } from './sql-monitor.ts';

declare module '../../cradle.ts' {
  interface Cradle {
    operationLog: OperationLog;
    sqlMonitor: SqlMonitor;
    logRetention: LogRetention;
    logsService: LogsService;
    logExports: LogExports;
  }
}

export { OperationLog, scrub } from './operation-log.ts';
export { channelOf, logReservation, reservationLogInsert, type ReservationEntry } from './reservation-log.ts';
export { SqlMonitor, shapeOf } from './sql-monitor.ts';

export const logsModule: AtriumModule = {
  name: 'logs',
  register(container) {
    container.register({
      operationLog: asClass(OperationLog).singleton(),
      sqlMonitor: asClass(SqlMonitor)
        .singleton()
        .disposer((m) => m.stop()),
      logRetention: asClass(LogRetention).singleton(),
      logsService: asClass(LogsService).singleton(),
      logExports: asClass(LogExports).singleton(),
    });
  },
  routes: logsRoutes,
  jobs: (c) => [
    { name: 'logs.retention', everySeconds: 3600, run: async ({ now }) => void (await c.logRetention.purge(now)) },
  ],
  // The logs module is seeded first, right after the migrations: the SQL monitor starts listening
  // to the database here, so it sees every statement of the server (or CLI command) from then on.
  seed: async (c) => c.sqlMonitor.attach(() => c.paramsService.get<number>('sqlSlowMs')),
};
