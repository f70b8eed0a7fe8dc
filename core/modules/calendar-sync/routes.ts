import { z } from 'zod';
import type { Cradle } from '../../cradle.ts';
import { pageOf } from '../../http/answers.ts';
import { NO_DATA, route, type ModuleRoutes } from '../../http/route.ts';
import { notificationRoutes } from './notifications.ts';
import {
  CalendarRoomBody,
  CalendarRoomView,
  ExternalQuery,
  ExternalView,
  ProviderRooms,
  ProviderRoomsQuery,
  PullResult,
  RoomParam,
} from './schema.ts';

export function calendarSyncRoutes({ calendarSyncService, pluginHost, logger }: Cradle): ModuleRoutes {
  return {
    tag: 'Calendar sync',
    routes: [
      route({
        method: 'get',
        path: '/inte/event/rooms',
        permission: 'integrations.calendar.view',
        response: z.array(CalendarRoomView),
        summary: 'The rooms whose calendar at the calendar provider is mirrored both ways',
        handler: () => calendarSyncService.rooms(),
      }),
      route({
        method: 'get',
        path: '/inte/event/providerRooms',
        permission: 'integrations.calendar.view',
        query: ProviderRoomsQuery,
        response: ProviderRooms,
        summary: "The rooms the calendar provider knows (Microsoft 365's Places), to choose a mirrored room's calendar",
        handler: ({ query }) => calendarSyncService.providerRooms(query),
      }),
      route({
        method: 'put',
        path: '/inte/event/rooms/:resourceId',
        permission: 'integrations.calendar.save',
        params: RoomParam,
        body: CalendarRoomBody,
        response: CalendarRoomView,
        summary: "Mirror a room's calendar: events written there outside Atrium become bookings, or are declined",
        handler: ({ actor, params, body }) => calendarSyncService.setRoom(actor, params.resourceId, body),
      }),
      route({
        method: 'delete',
        path: '/inte/event/rooms/:resourceId',
        permission: 'integrations.calendar.save',
        params: RoomParam,
        response: NO_DATA,
        summary: "Stop reading a room's calendar (its bookings stay)",
        handler: ({ actor, params }) => calendarSyncService.removeRoom(actor, params.resourceId),
      }),
      route({
        method: 'get',
        path: '/inte/event/external',
        permission: 'integrations.calendar.view',
        query: ExternalQuery,
        response: pageOf(ExternalView),
        summary:
          'Events written into the rooms’ calendars outside Atrium, and what became of them (state=declined: the refused)',
        handler: ({ query }) => calendarSyncService.external(query),
      }),
      route({
        method: 'post',
        path: '/inte/event/pull',
        permission: 'integrations.calendar.save',
        response: PullResult,
        summary: 'Read the rooms’ calendars now (the calendar.pull job does it every 30 s)',
        handler: () => calendarSyncService.pull(),
      }),
      ...notificationRoutes({ calendarSyncService, pluginHost, logger }),
    ],
  };
}
