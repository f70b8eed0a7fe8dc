import { z } from 'zod';
import type { Cradle } from '../../cradle.ts';
import { route, type ModuleRoutes, NO_DATA, WALL, type Permission } from '../../http/route.ts';
import { DashboardQuery, IdParam, LiveAnswer, LiveQuery, Panel, UtilisationRow } from './schema.ts';
import { PanelView, TopRow } from './responses.ts';

const VIEW = 'room:dashboard:view';
const SAVE = 'room:dashboard:save';
/** What the wall screen reads: a signed-in viewer of the dashboard, or a paired wall screen (R19.12). */
const WALL_VIEW: Permission[] = [VIEW, WALL];

export function dashboardRoutes({ dashboardService, panelsService, dashboardLiveService }: Cradle): ModuleRoutes {
  return {
    tag: 'Dashboard',
    routes: [
      route({
        method: 'get',
        path: '/room/dashboard/utilisation',
        permission: WALL_VIEW,
        query: DashboardQuery,
        summary: 'Utilisation (booked over open minutes) grouped by location, floor, resource or type',
        response: z.array(UtilisationRow),
        handler: async ({ actor, query }) => dashboardService.utilisation(await panelsService.placeFor(actor, query)),
      }),
      route({
        method: 'get',
        path: '/room/dashboard/heatmap',
        permission: WALL_VIEW,
        query: DashboardQuery,
        summary: 'Bookings per hour of the week: 7 rows (Sunday first) of 24 counts',
        response: z.array(z.array(z.number())),
        handler: async ({ actor, query }) => dashboardService.heatmap(await panelsService.placeFor(actor, query)),
      }),
      route({
        method: 'get',
        path: '/room/dashboard/noshow',
        permission: WALL_VIEW,
        query: DashboardQuery,
        summary: 'No-show rate: bookings cancelled for nobody checking in, over bookings that should have been used',
        response: z.object({ expected: z.number(), noShows: z.number(), rate: z.number() }),
        handler: async ({ actor, query }) => dashboardService.noShowRate(await panelsService.placeFor(actor, query)),
      }),
      route({
        method: 'get',
        path: '/room/dashboard/top',
        response: z.array(TopRow),
        permission: WALL_VIEW,
        query: DashboardQuery,
        summary: 'The most booked resources',
        handler: async ({ actor, query }) => dashboardService.top(await panelsService.placeFor(actor, query)),
      }),
      route({
        method: 'get',
        path: '/room/dashboard/live',
        permission: WALL_VIEW,
        query: LiveQuery,
        summary:
          "Now in a place: each enabled resource (by sort, 200 a page) with its current and next booking today and its sensors' latest environment readings",
        response: LiveAnswer,
        handler: async ({ actor, query }) =>
          dashboardLiveService.live(actor, await panelsService.placeFor(actor, query)),
      }),
      route({
        method: 'get',
        path: '/room/dashboard/panels',
        response: z.array(PanelView),
        // The pairing dialog of the tablet status screen offers the panels a wall screen may show.
        permission: [...WALL_VIEW, 'tablets.manage'],
        summary: 'Dashboard panels (wall screens); a wall screen paired to one panel sees that one only',
        handler: ({ actor }) => panelsService.list(actor),
      }),
      route({
        method: 'post',
        path: '/room/dashboard/panels',
        response: PanelView,
        permission: SAVE,
        body: Panel,
        summary: 'Create a dashboard panel',
        handler: ({ actor, body }) => panelsService.create(actor, body),
      }),
      route({
        method: 'get',
        path: '/room/dashboard/panels/:id',
        response: PanelView,
        permission: VIEW,
        params: IdParam,
        summary: 'One dashboard panel',
        handler: ({ params }) => panelsService.get(params.id),
      }),
      route({
        method: 'put',
        path: '/room/dashboard/panels/:id',
        response: PanelView,
        permission: SAVE,
        params: IdParam,
        body: Panel,
        summary: 'Replace a dashboard panel',
        handler: ({ actor, params, body }) => panelsService.update(actor, params.id, body),
      }),
      route({
        method: 'delete',
        path: '/room/dashboard/panels/:id',
        response: NO_DATA,
        permission: SAVE,
        params: IdParam,
        summary: 'Delete a dashboard panel',
        handler: ({ actor, params }) => panelsService.remove(actor, params.id),
      }),
    ],
  };
}
