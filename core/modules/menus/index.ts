import { asClass } from 'awilix';
import type { AtriumModule } from '../module.ts';
import { MenuAdminService } from './admin.ts';
import { menusRoutes } from './routes.ts';
import { MenusService } from './service.ts';

declare module '../../cradle.ts' {
  interface Cradle {
    menusService: MenusService;
    menuAdminService: MenuAdminService;
  }
}

export { MENU, allPermissions, staffPermissions, type Action, type MenuSection } from './catalog.ts';
export { MenusService } from './service.ts';
export { CAPABILITIES, CAPABILITY_NAMES, codesOf, type Capability } from '../capabilities.ts';
export { MenuAdminService } from './admin.ts';

export const menusModule: AtriumModule = {
  name: 'menus',
  register(container) {
    container.register({
      menusService: asClass(MenusService).singleton(),
      menuAdminService: asClass(MenuAdminService).singleton(),
    });
  },
  routes: menusRoutes,
  seed: (c) => c.menusService.seed(),
};
