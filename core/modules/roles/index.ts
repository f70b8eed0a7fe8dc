import { asClass } from 'awilix';
import type { AtriumModule } from '../module.ts';
import { RoleAdminService } from './admin.ts';
import { rolesRoutes } from './routes.ts';
import { RolesService } from './service.ts';

declare module '../../cradle.ts' {
  interface Cradle {
    rolesService: RolesService;
    roleAdminService: RoleAdminService;
  }
}

export { RolesService, ADMIN_ROLE, STAFF_ROLE } from './service.ts';
export { RoleAdminService } from './admin.ts';
export {
  assignRoles,
  giveRoles,
  holdersOf,
  holdersOfPermissions,
  permissionsOfRoles,
  rolesByIds,
  rolesOfUsers,
  roleIdsOf,
  takeRoles,
  type RoleRef,
} from './holders.ts';
export { ROLES_CAPABILITIES, type RolesCapability } from './capabilities.ts';
export type { RoleView } from './schema.ts';

export const rolesModule: AtriumModule = {
  name: 'roles',
  register(container) {
    container.register({
      rolesService: asClass(RolesService).singleton(),
      roleAdminService: asClass(RoleAdminService).singleton(),
    });
  },
  routes: rolesRoutes,
  seed: (c) => c.rolesService.seed(),
};
