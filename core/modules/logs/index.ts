import { asClass } from 'awilix';
import type { AtriumModule } from '../module.ts';
import { OperationLog } from './operation-log.ts';

declare module '../../container.ts' {
  interface Cradle {
    operationLog: OperationLog;
  }
}

export { OperationLog, scrub } from './operation-log.ts';

export const logsModule: AtriumModule = {
  name: 'logs',
  register(container) {
    container.register({ operationLog: asClass(OperationLog).singleton() });
  },
};
