/** The booking centre (/center): its screens, lazily loaded, for the shell's screen table. */
import { lazyScreen } from '../../app/lazy.ts';

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
