import { asClass } from 'awilix';
import type { AtriumModule } from '../module.ts';
import { CentreService } from './centre-service.ts';
import { notificationsRoutes } from './routes.ts';
import { NotificationsService } from './service.ts';
import { TemplatesService } from './templates-service.ts';

declare module '../../cradle.ts' {
  interface Cradle {
    notificationsService: NotificationsService;
    templatesService: TemplatesService;
    centreService: CentreService;
  }
}

export { NotificationsService } from './service.ts';
export { NOTIFICATIONS_CAPABILITIES, type NotificationsCapability } from './capabilities.ts';
export { TEMPLATE_EVENTS, type TemplateEvent } from './events.ts';

export const notificationsModule: AtriumModule = {
  name: 'notifications',
  register(container) {
    container.register({
      notificationsService: asClass(NotificationsService).singleton(),
      templatesService: asClass(TemplatesService).singleton(),
      centreService: asClass(CentreService).singleton(),
    });
  },
  routes: notificationsRoutes,
  seed: (c) => c.templatesService.seed(),
  jobs: (c) => [
    {
      name: 'notifications.reminders',
      everySeconds: 30,
      run: async () => void (await c.notificationsService.runReminders()),
    },
    {
      name: 'notifications.passwordExpiry',
      everySeconds: 86_400,
      run: async () => void (await c.notificationsService.runPasswordExpiry()),
    },
  ],
};
