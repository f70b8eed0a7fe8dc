/**
 * The screen behind each menu path. Paths without a screen yet show the
 * "coming" placeholder inside the layout. Screens are lazy chunks.
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import { CenterScreens } from '../center/index.ts';
import { RoomScreens } from '../room/index.ts';
import { SysScreens } from '../sys/index.ts';
import { InteScreens } from '../inte/index.ts';

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
  '/sys/admin': SysScreens.admin,
  '/sys/role': SysScreens.role,
  '/sys/menu': SysScreens.menu,
  '/sys/group': SysScreens.group,
  '/sys/reservelog': SysScreens.reservelog,
  '/sys/status': SysScreens.status,
  '/sys/roomtime': SysScreens.roomtime,
  '/sys/email': SysScreens.email,
  '/sys/face': SysScreens.face,
  '/sys/licence': SysScreens.licence,
  '/sys/log': SysScreens.log,
  '/sys/dic': SysScreens.dic,
  '/sys/setting': SysScreens.setting,
  '/sys/setting/sql': SysScreens.sql,
  '/sys/setting/code': SysScreens.code,
  '/sys/secret': SysScreens.secret,
  '/sys/padauth': SysScreens.padauth,
  '/sys/security': SysScreens.security,
  '/sys/blackset': SysScreens.blackset,
  '/sys/blacklist': SysScreens.blacklist,
  '/sys/violationlist': SysScreens.violationlist,
  '/inte/environment': InteScreens.environment,
  '/inte/occupancy': InteScreens.occupancy,
  '/inte/fr': InteScreens.fr,
  '/inte/esl': InteScreens.esl,
  '/inte/ar': InteScreens.ar,
  '/inte/notify': InteScreens.notify,
  '/inte/app': InteScreens.app,
  '/inte/event': InteScreens.event,
  '/inte/switch': InteScreens.switch,
};
