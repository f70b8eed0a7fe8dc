import { asFunction } from 'awilix';
import type { AtriumModule } from '../module.ts';
import { ChangeDispatcher } from './dispatcher.ts';
import { ChangeLog } from './change-log.ts';
import { ChangeRetention } from './retention.ts';
import { changeTargets } from './targets.ts';

declare module '../../cradle.ts' {
  interface Cradle {
    changeLog: ChangeLog;
    changeDispatcher: ChangeDispatcher;
    changeRetention: ChangeRetention;
  }
}

export { ChangeLog } from './change-log.ts';
export { Rest } from './rest.ts';
export { ChangeDispatcher, DISPATCH_DEFAULTS, type ChangeDispatcherOptions } from './dispatcher.ts';
export type { Change, ChangeTarget } from './types.ts';

export const changesModule: AtriumModule = {
  name: 'changes',
  register(container) {
    container.register({
      changeLog: asFunction((c) => new ChangeLog(c)).singleton(),
      // Normally stopped with the scheduler; stopped here too where it was started by hand.
      changeDispatcher: asFunction((c) => new ChangeDispatcher(c, () => changeTargets(c)))
        .singleton()
        .disposer((d) => d.stop()),
      changeRetention: asFunction((c) => new ChangeRetention(c, () => changeTargets(c))).singleton(),
    });
  },
  jobs: (c) => [
    // The worker dispatches as changes commit where the scheduler runs; the job's run is a sweep behind it.
    {
      name: 'changes.dispatch',
      everySeconds: 5,
      run: async () => void (await c.changeDispatcher.drain()),
      worker: c.changeDispatcher,
    },
    {
      name: 'changes.retention',
      everySeconds: 3600,
      run: async ({ now }) => void (await c.changeRetention.purge(now)),
    },
  ],
};
