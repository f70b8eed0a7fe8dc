/**
 * The shape every domain module exports from its index.ts: how it registers its
 * services, its route table, its scheduled jobs and the base data it seeds.
 */
import type { AppContainer, Cradle } from '../cradle.ts';
import type { ModuleRoutes } from '../http/route.ts';
import type { JobDef } from '../scheduler/job.ts';

export interface AtriumModule {
  name: string;
  register(container: AppContainer): void;
  routes?(cradle: Cradle): ModuleRoutes;
  jobs?(cradle: Cradle): JobDef[];
  /** Runs in every serving process once the integrations started (listening to what providers push). */
  start?(cradle: Cradle): void;
  /** Base data every installation needs; must be idempotent (runs at every start). */
  seed?(cradle: Cradle): Promise<void>;
}
