import { z } from 'zod';
import type { Cradle } from '../../cradle.ts';
import { pageOf } from '../../http/answers.ts';
import { RawReply, route, type ModuleRoutes, NO_DATA, media } from '../../http/route.ts';
import { IdParam } from '../locations/index.ts';
import { eitherKind } from './capabilities.ts';
import { BulkDesks, QrQuery, ResourceInput, ResourceList, ResourceView } from './schema.ts';

// The routes admit either kind; the service narrows by the resource's type (docs/product-rules.md R2.6).

export function resourcesRoutes({ resourcesService, desksService }: Cradle): ModuleRoutes {
  return {
    tag: 'Resources',
    routes: [
      route({
        method: 'get',
        path: '/room/resources',
        response: pageOf(ResourceView),
        permission: eitherKind('view'),
        query: ResourceList,
        summary:
          'Resources, paged and sorted by the resourceSort parameter; filters type, locationId, floorId, minCapacity, status, q',
        handler: ({ actor, query }) => resourcesService.list(actor, query),
      }),
      route({
        method: 'post',
        path: '/room/resources',
        permission: eitherKind('add'),
        body: ResourceInput,
        response: ResourceView,
        summary: 'Add a resource (types as availableResource offers)',
        handler: ({ actor, body }) => resourcesService.create(actor, body),
      }),
      route({
        method: 'get',
        path: '/room/resources/:id',
        permission: eitherKind('view'),
        params: IdParam,
        response: ResourceView,
        summary: 'One resource with its hours, periods, approvers, devices and images',
        handler: ({ actor, params }) => resourcesService.view(actor, params.id),
      }),
      route({
        method: 'put',
        path: '/room/resources/:id',
        permission: eitherKind('update'),
        params: IdParam,
        body: ResourceInput,
        response: ResourceView,
        summary: 'Replace a resource (disabling is refused while bookings hold time on it)',
        handler: ({ actor, params, body }) => resourcesService.update(actor, params.id, body),
      }),
      route({
        method: 'delete',
        path: '/room/resources/:id',
        response: NO_DATA,
        permission: eitherKind('delete'),
        params: IdParam,
        summary: 'Delete a resource (refused while bookings hold time on it)',
        handler: ({ actor, params }) => resourcesService.remove(actor, params.id),
      }),
      route({
        method: 'get',
        path: '/room/resources/:id/qrcode',
        response: media('The QR code image', 'image/png'),
        permission: eitherKind('view'),
        params: IdParam,
        query: QrQuery,
        summary: "PNG QR code (default 100×100) of the resource's check-in address",
        handler: async ({ actor, params, query }) =>
          new RawReply(await resourcesService.qrCode(actor, params.id, query.size), 'image/png'),
      }),
      route({
        method: 'post',
        path: '/room/floors/:id/desks',
        permission: 'resources.addDesks',
        params: IdParam,
        body: BulkDesks,
        response: z.object({ ids: z.array(z.number()) }),
        summary: 'Create many desks on a floor at the given positions, in one transaction',
        handler: ({ actor, params, body }) => desksService.createOnFloor(actor, params.id, body),
      }),
    ],
  };
}
