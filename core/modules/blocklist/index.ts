import { asClass } from 'awilix';
import type { AtriumModule } from '../module.ts';
import { blocklistRoutes } from './routes.ts';
import { BlocklistService } from './service.ts';

declare module '../../cradle.ts' {
  interface Cradle {
    blocklistService: BlocklistService;
  }
}

export { BlocklistService, type ViolationInput } from './service.ts';

export const blocklistModule: AtriumModule = {
  name: 'blocklist',
  register(container) {
    container.register({ blocklistService: asClass(BlocklistService).singleton() });
  },
  routes: blocklistRoutes,
  // Every minute: a release is due at most a minute late, which the blocklist's day-long spans can afford.
  jobs: (c) => [
    {
      name: 'blocklist.release',
      everySeconds: 60,
      run: async ({ now }) => void (await c.blocklistService.releaseDue(now)),
    },
  ],
};
