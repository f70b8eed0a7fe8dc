import { asClass } from 'awilix';
import type { AtriumModule } from '../module.ts';
import { webhooksRoutes } from './routes.ts';
import { WEBHOOK_KIND, WebhooksService } from './service.ts';

declare module '../../cradle.ts' {
  interface Cradle {
    webhooksService: WebhooksService;
  }
}

export { WebhooksService, WEBHOOK_KIND } from './service.ts';
export { WEBHOOKS_CAPABILITIES, type WebhooksCapability } from './capabilities.ts';
export { WEBHOOK_EVENTS, TEST_EVENT } from './events.ts';

/** Webhook subscriptions (docs/product-rules.md R24). */
export const webhooksModule: AtriumModule = {
  name: 'webhooks',
  register(container) {
    container.register({ webhooksService: asClass(WebhooksService).singleton() });
  },
  routes: webhooksRoutes,
  jobs: (c) => [
    { name: 'webhooks.retention', everySeconds: 86_400, run: async () => void (await c.webhooksService.purge()) },
  ],
  // Every process that runs an outbox worker delivers webhook rows through this module.
  start: (c) => c.outbox.deliverWith(WEBHOOK_KIND, (row) => c.webhooksService.deliver(row)),
};
