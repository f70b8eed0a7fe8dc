/**
 * The screen behind each menu path. Paths without a screen yet show the
 * "coming" placeholder inside the layout. Screens are lazy chunks.
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import { CenterScreens } from '../center/index.ts';
import { RoomScreens } from '../room/index.ts';

export const SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  '/center/reserve': CenterScreens.reserve,
  '/center/reservedesk': CenterScreens.reservedesk,
  '/center/meeting': CenterScreens.meeting,
  '/center/mydesk': CenterScreens.mydesk,
  '/center/search': CenterScreens.search,
  '/center/searchdesk': CenterScreens.searchdesk,
  '/center/recurring': CenterScreens.recurring,
  '/center/approve': CenterScreens.approve,
  '/room/room': RoomScreens.room,
  '/room/building': RoomScreens.building,
  '/room/level': RoomScreens.level,
  '/room/equipment': RoomScreens.equipment,
  '/room/desk': RoomScreens.desk,
  '/room/image': RoomScreens.image,
  '/room/report': RoomScreens.report,
  '/room/dashboard': RoomScreens.dashboard,
  '/room/dashboardx': RoomScreens.dashboardx,
};
