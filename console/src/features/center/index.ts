/** The booking centre (/center): its screens, lazily loaded, for the console's screen list (app/screens.ts). */
import { lazyScreen } from '../../app/lazy.ts';
import { defineSection } from '../../app/sections.ts';

export const centerSection = defineSection('/center', 'Booking Centre', {
  reserve: { title: 'Book by List', screen: lazyScreen(() => import('./screens/ReserveScreen.tsx')) },
  reservedesk: { title: 'Book by Floor plan', screen: lazyScreen(() => import('./screens/ReserveDeskScreen.tsx')) },
  meeting: { title: 'My Booking', screen: lazyScreen(() => import('./screens/MeetingScreen.tsx')) },
  mydesk: { title: 'My Desk', screen: lazyScreen(() => import('./screens/MyDeskScreen.tsx')) },
  search: { title: 'Room Inquiry', screen: lazyScreen(() => import('./screens/SearchScreen.tsx')) },
  searchdesk: { title: 'Desk Inquiry', screen: lazyScreen(() => import('./screens/SearchDeskScreen.tsx')) },
  suggest: { title: 'Find me a Room', screen: lazyScreen(() => import('./screens/SuggestScreen.tsx')) },
  recurring: { title: 'Recurring Booking', screen: lazyScreen(() => import('./screens/RecurringScreen.tsx')) },
  approve: { title: 'My Approval', screen: lazyScreen(() => import('./screens/ApproveScreen.tsx')) },
});
