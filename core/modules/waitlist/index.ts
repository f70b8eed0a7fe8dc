import { asClass } from 'awilix';
import type { AtriumModule } from '../module.ts';
import { waitlistRoutes } from './routes.ts';
import { WAITLIST_KIND, WaitlistService } from './service.ts';

declare module '../../cradle.ts' {
  interface Cradle {
    waitlistService: WaitlistService;
  }
}

export { WaitlistService, WAITLIST_KIND } from './service.ts';

/** The waitlist of taken ranges (docs/product-rules.md R25). */
export const waitlistModule: AtriumModule = {
  name: 'waitlist',
  register(container) {
    container.register({ waitlistService: asClass(WaitlistService).singleton() });
  },
  routes: waitlistRoutes,
  jobs: (c) => [
    {
      name: 'waitlist.expire',
      everySeconds: 60,
      run: async ({ now }) => {
        await c.waitlistService.expire(now);
        await c.waitlistService.resumeStopped(now);
      },
    },
  ],
  // Every process that runs an outbox worker serves lines through this module (R25.4).
  start: (c) =>
    c.outbox.deliverWith(WAITLIST_KIND, async (row) => {
      const served = await c.waitlistService.serve((row.payload as { resourceId: number }).resourceId);
      return `${served} served`;
    }),
};
