/**
 * Calendar sync, the way back (docs/product-rules.md R23): events written into the mirrored rooms' calendars at the
 * calendar provider become bookings or are declined. The way out (bookings written into those calendars) is the
 * change dispatcher's `calendar` target (core/plugin-host/booking-sync.ts).
 */
import { asClass } from 'awilix';
import type { AtriumModule } from '../module.ts';
import { calendarSyncRoutes } from './routes.ts';
import { CalendarSyncService } from './service.ts';

declare module '../../cradle.ts' {
  interface Cradle {
    calendarSyncService: CalendarSyncService;
  }
}

export { CalendarSyncService } from './service.ts';

export const calendarSyncModule: AtriumModule = {
  name: 'calendar-sync',
  register(container) {
    container.register({ calendarSyncService: asClass(CalendarSyncService).singleton() });
  },
  routes: calendarSyncRoutes,
  // Calendar work delivered in any process writes a booking into its room's mirrored calendar (SDK 1.5).
  start(c) {
    c.pluginHost.resolveCalendarRooms((id) => c.calendarSyncService.roomOf(id));
  },
  jobs: (c) => [
    { name: 'calendar.pull', everySeconds: 30, run: async () => void (await c.calendarSyncService.pull()) },
  ],
};
