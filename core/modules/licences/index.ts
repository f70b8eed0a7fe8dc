import { asClass } from 'awilix';
import type { AtriumModule } from '../module.ts';
import { LicenceService } from './service.ts';

declare module '../../container.ts' {
  interface Cradle {
    licenceService: LicenceService;
  }
}

export { LicenceService, type LimitedKind } from './service.ts';

export const licencesModule: AtriumModule = {
  name: 'licences',
  register(container) {
    container.register({ licenceService: asClass(LicenceService).singleton() });
  },
};
