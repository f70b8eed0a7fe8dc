import { asClass } from 'awilix';
import type { AtriumModule } from '../module.ts';
import { licenceRoutes } from './routes.ts';
import { LicenceService } from './service.ts';

declare module '../../cradle.ts' {
  interface Cradle {
    licenceService: LicenceService;
  }
}

export { LicenceService, type LimitedKind } from './service.ts';
export { issueLicence, readLicence, LicencePayload, LicenceFormatError } from './format.ts';
export type { LicenceStatus, LicenceState } from './schema.ts';

export const licencesModule: AtriumModule = {
  name: 'licences',
  register(container) {
    container.register({ licenceService: asClass(LicenceService).singleton() });
  },
  routes: licenceRoutes,
};
