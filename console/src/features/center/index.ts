/** The booking centre (/center): its screens, lazily loaded, for the shell's screen table. */
import { lazyScreen } from '../../app/lazy.ts';
import { defineSection } from '../../app/sections.ts';

export const CenterScreens = {
  reserve: lazyScreen(() => import('./ReservePage.tsx')),
  reservedesk: lazyScreen(() => import('./ReserveDeskPage.tsx')),
  meeting: lazyScreen(() => import('./MeetingPage.tsx')),
  mydesk: lazyScreen(() => import('./MyDeskPage.tsx')),
  search: lazyScreen(() => import('./SearchPage.tsx')),
  searchdesk: lazyScreen(() => import('./SearchDeskPage.tsx')),
  recurring: lazyScreen(() => import('./RecurringPage.tsx')),
  approve: lazyScreen(() => import('./ApprovePage.tsx')),
};

/** The section in the console's screen list (app/screens.ts), each screen with its English title. */
export const centerSection = defineSection('/center', 'Booking Centre', {
  reserve: { title: 'Book by List', screen: CenterScreens.reserve },
  reservedesk: { title: 'Book by Floor plan', screen: CenterScreens.reservedesk },
  meeting: { title: 'My Booking', screen: CenterScreens.meeting },
  mydesk: { title: 'My Desk', screen: CenterScreens.mydesk },
  search: { title: 'Room Inquiry', screen: CenterScreens.search },
  searchdesk: { title: 'Desk Inquiry', screen: CenterScreens.searchdesk },
  recurring: { title: 'Recurring Booking', screen: CenterScreens.recurring },
  approve: { title: 'My Approval', screen: CenterScreens.approve },
});
