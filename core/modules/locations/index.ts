import { asClass } from 'awilix';
import type { AtriumModule } from '../module.ts';
import { FloorsService } from './floors.ts';
import { locationsRoutes } from './routes.ts';
import { LocationsService } from './service.ts';

declare module '../../cradle.ts' {
  interface Cradle {
    locationsService: LocationsService;
    floorsService: FloorsService;
  }
}

export { LocationsService } from './service.ts';
export { LOCATIONS_CAPABILITIES, type LocationsCapability } from './capabilities.ts';
export { FloorsService } from './floors.ts';
export { floorNames, locationNames, locationTimeZone } from './lookups.ts';
export { joinFloor, joinLocation } from './joins.ts';
export { TimeZone, IdParam } from './schema.ts';
export type { LocationView, FloorView } from './schema.ts';

export const locationsModule: AtriumModule = {
  name: 'locations',
  register(container) {
    container.register({
      locationsService: asClass(LocationsService).singleton(),
      floorsService: asClass(FloorsService).singleton(),
    });
  },
  routes: locationsRoutes,
};
