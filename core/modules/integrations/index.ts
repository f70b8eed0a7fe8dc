import { asClass, asFunction } from 'awilix';
import { Outbox, PluginHost } from '../../plugin-host/index.ts';
import type { AtriumModule } from '../module.ts';
import { OutboxWorker } from './outbox-worker.ts';
import { integrationsRoutes } from './routes.ts';
import { IntegrationsService } from './service.ts';

declare module '../../cradle.ts' {
  interface Cradle {
    pluginHost: PluginHost;
    outbox: Outbox;
    outboxWorker: OutboxWorker;
    integrationsService: IntegrationsService;
  }
}

export { IntegrationsService } from './service.ts';
export { INTEGRATIONS_CAPABILITIES, kindCapability, type IntegrationsCapability } from './capabilities.ts';
export { KIND_NAMES } from './kinds.ts';
export { OutboxWorker, type OutboxWorkerOptions } from './outbox-worker.ts';

export const integrationsModule: AtriumModule = {
  name: 'integrations',
  register(container) {
    container.register({
      // Stopped with the container, so providers close their sockets at shutdown.
      pluginHost: asClass(PluginHost)
        .singleton()
        .disposer((host) => host.stop()),
      outbox: asFunction((c) => new Outbox(c)).singleton(),
      // Normally stopped with the scheduler; stopped here too where it was started by hand.
      outboxWorker: asClass(OutboxWorker)
        .singleton()
        .disposer((worker) => worker.stop()),
      integrationsService: asClass(IntegrationsService).singleton(),
    });
  },
  routes: integrationsRoutes,
  jobs: (c) => [
    // The worker delivers continuously where the scheduler runs; the job's run is a sweep behind it.
    { name: 'integrations.outbox', everySeconds: 5, run: () => c.outboxWorker.drainDue(), worker: c.outboxWorker },
    { name: 'integrations.health', everySeconds: 300, run: () => c.pluginHost.checkAll() },
  ],
};
