import { asClass } from 'awilix';
import type { AtriumModule } from '../module.ts';
import { DesksService } from './desks.ts';
import { resourcesRoutes } from './routes.ts';
import { ResourcesService } from './service.ts';

declare module '../../cradle.ts' {
  interface Cradle {
    resourcesService: ResourcesService;
    desksService: DesksService;
  }
}

export { ResourcesService, DESK } from './service.ts';
export { RESOURCES_CAPABILITIES, resourceCapability, type ResourcesCapability } from './capabilities.ts';
export { DesksService } from './desks.ts';
export { MAX_DEVICES } from './schema.ts';
export { joinResource, mountDevice, resourceCounts, resourceExists } from './reach.ts';
export {
  disabledPeriodsOverlapping,
  resourceIdsWhere,
  resourceRules,
  resourcesApprovedBy,
  resourcesWhere,
  resourcesWithOneOfEach,
  type DisabledPeriod,
  type OpenDay,
  type ResourceFilter,
  type ResourceRules,
} from './reach.ts';
export { disabledDates, isDisabledOn, type DisabledDates, type StatusFields } from './availability.ts';
export type { ResourceInput, ResourceView, BulkDesks } from './schema.ts';

export const resourcesModule: AtriumModule = {
  name: 'resources',
  register(container) {
    container.register({
      resourcesService: asClass(ResourcesService).singleton(),
      desksService: asClass(DesksService).singleton(),
    });
  },
  routes: resourcesRoutes,
};
