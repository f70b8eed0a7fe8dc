import { asClass } from 'awilix';
import type { AtriumModule } from '../module.ts';
import { menusRoutes } from './routes.ts';
import { MenusService } from './service.ts';

declare module '../../container.ts' {
  interface Cradle {
    menusService: MenusService;
  }
}

export { MENU, allPermissions, staffPermissions, type Action, type MenuSection } from './catalog.ts';
export { MenusService } from './service.ts';

export const menusModule: AtriumModule = {
  name: 'menus',
  register(container) {
    container.register({ menusService: asClass(MenusService).singleton() });
  },
  routes: menusRoutes,
  seed: (c) => c.menusService.seed(),
};
