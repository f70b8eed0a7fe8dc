import { asClass } from 'awilix';
import type { AtriumModule } from '../module.ts';
import { settingsRoutes } from './routes.ts';
import { SettingsService } from './service.ts';

declare module '../../cradle.ts' {
  interface Cradle {
    settingsService: SettingsService;
  }
}

export { SettingsService } from './service.ts';
export { SETTINGS_GROUPS } from './groups.ts';

/** The console's grouped settings screens (security, pad, blocklist, ...), built on the params module. */
export const settingsModule: AtriumModule = {
  name: 'settings',
  register(container) {
    container.register({ settingsService: asClass(SettingsService).singleton() });
  },
  routes: settingsRoutes,
};
