import { asClass } from 'awilix';
import type { AtriumModule } from '../module.ts';
import { ScimGroupsService } from './groups.ts';
import { scimRoutes } from './routes.ts';
import { ScimUsersService } from './users.ts';

declare module '../../cradle.ts' {
  interface Cradle {
    scimUsersService: ScimUsersService;
    scimGroupsService: ScimGroupsService;
  }
}

export { SCIM_PERMISSION, SCIM_SOURCE } from './schema.ts';

/** SCIM 2.0 provisioning (docs/scim.md): Microsoft Entra ID and Okta create, change and disable users and groups. */
export const scimModule: AtriumModule = {
  name: 'scim',
  register(container) {
    container.register({
      scimUsersService: asClass(ScimUsersService).singleton(),
      scimGroupsService: asClass(ScimGroupsService).singleton(),
    });
  },
  routes: scimRoutes,
};
