/**
 * The screen behind each menu path. Paths without a screen yet show the
 * "coming" placeholder inside the layout. Screens are lazy chunks.
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import { CenterScreens } from '../center/index.ts';

export const SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  '/center/reserve': CenterScreens.reserve,
  '/center/reservedesk': CenterScreens.reservedesk,
  '/center/meeting': CenterScreens.meeting,
  '/center/mydesk': CenterScreens.mydesk,
  '/center/search': CenterScreens.search,
  '/center/searchdesk': CenterScreens.searchdesk,
  '/center/recurring': CenterScreens.recurring,
  '/center/approve': CenterScreens.approve,
};
