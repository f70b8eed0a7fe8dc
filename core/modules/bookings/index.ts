import { asClass } from 'awilix';
import type { AtriumModule } from '../module.ts';
import { ApprovalsService } from './approvals.ts';
import { CreditsService } from './credits.ts';
import { BookingFeedService } from './ics.ts';
import { LiveBookingsService } from './live.ts';
import { bookingsRoutes } from './routes.ts';
import { BookingsService } from './service.ts';

declare module '../../cradle.ts' {
  interface Cradle {
    bookingsService: BookingsService;
    approvalsService: ApprovalsService;
    creditsService: CreditsService;
    bookingFeedService: BookingFeedService;
    liveBookingsService: LiveBookingsService;
  }
}

export { BOOKINGS_CAPABILITIES, type BookingsCapability } from './capabilities.ts';
export { BookingsService } from './service.ts';
export { ApprovalsService } from './approvals.ts';
export { CreditsService, type LedgerEntry } from './credits.ts';
export { BookingFeedService } from './ics.ts';
export { LiveBookingsService, type LiveBooking, type LiveSlot } from './live.ts';
export type { BookingView } from './schema.ts';
export type { RoomBooking } from './door.ts';
export { snapshotsOf } from './repo.ts';
export { claimReminder, dueReminders } from './reminders.ts';
export { joinBooking } from './reach.ts';
export {
  checkedInMeetingsEndedBetween,
  meetingsEndingBetween,
  meetingsStartingBetween,
  roomFreeFrom,
  roomInUse,
  type BookingAtRoom,
} from './building.ts';
export {
  futureHoldingBookings,
  holdingBookingDays,
  holdingBookingsOverlapping,
  resourceHasBookingHistory,
  type ResourceIds,
  type TimeSpan,
} from './usage.ts';
export {
  awaitsApproval,
  BOOKING_STATES,
  CHANGEABLE,
  checkStatusOf,
  CONFIRMED,
  FINAL,
  HOLDS_TIME,
  isChangeable,
  isIn,
  LIFECYCLE,
  ON_CALENDAR,
  USES_TIME,
  type BookingState,
  type CheckStatus,
  type Command as BookingCommand,
  type Role as BookingRole,
} from './lifecycle.ts';

export const bookingsModule: AtriumModule = {
  name: 'bookings',
  register(container) {
    container.register({
      bookingsService: asClass(BookingsService).singleton(),
      approvalsService: asClass(ApprovalsService).singleton(),
      creditsService: asClass(CreditsService).singleton(),
      bookingFeedService: asClass(BookingFeedService).singleton(),
      liveBookingsService: asClass(LiveBookingsService).singleton(),
    });
  },
  routes: bookingsRoutes,
  // Every minute: a no-show or a lapsed approval is handled at most a minute after its window closes.
  jobs: (c) => [
    {
      name: 'bookings.noShow',
      everySeconds: 60,
      run: async ({ now }) => void (await c.bookingsService.autoCancelNoShows(now)),
    },
    {
      name: 'bookings.expirePending',
      everySeconds: 60,
      run: async ({ now }) => void (await c.approvalsService.expireDue(now)),
    },
  ],
};
