import { asClass } from 'awilix';
import type { AtriumModule } from '../module.ts';
import { RolesService } from './service.ts';

declare module '../../container.ts' {
  interface Cradle {
    rolesService: RolesService;
  }
}

export { RolesService, ADMIN_ROLE, STAFF_ROLE } from './service.ts';

export const rolesModule: AtriumModule = {
  name: 'roles',
  register(container) {
    container.register({ rolesService: asClass(RolesService).singleton() });
  },
  seed: (c) => c.rolesService.seed(),
};
