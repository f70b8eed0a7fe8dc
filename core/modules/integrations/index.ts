import { asClass, asFunction } from 'awilix';
import { Outbox, PluginHost } from '../../plugin-host/index.ts';
import type { AtriumModule } from '../module.ts';
import { integrationsRoutes } from './routes.ts';
import { IntegrationsService } from './service.ts';

declare module '../../container.ts' {
  interface Cradle {
    pluginHost: PluginHost;
    outbox: Outbox;
    integrationsService: IntegrationsService;
  }
}

export { IntegrationsService } from './service.ts';
export { KIND_NAMES } from './kinds.ts';

export const integrationsModule: AtriumModule = {
  name: 'integrations',
  register(container) {
    container.register({
      // Stopped with the container, so providers close their sockets at shutdown.
      pluginHost: asClass(PluginHost)
        .singleton()
        .disposer((host) => host.stop()),
      outbox: asFunction((c) => new Outbox(c)).singleton(),
      integrationsService: asClass(IntegrationsService).singleton(),
    });
  },
  routes: integrationsRoutes,
  jobs: (c) => [
    { name: 'integrations.outbox', everySeconds: 5, run: async () => void (await c.integrationsService.deliverDue()) },
    { name: 'integrations.health', everySeconds: 300, run: () => c.pluginHost.checkAll() },
  ],
};
