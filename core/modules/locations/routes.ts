import fs from 'node:fs';
import type { Cradle } from '../../cradle.ts';
import { pageOf } from '../../http/answers.ts';
import { PageQuery } from '../../db/paging.ts';
import { RawReply, SIGNED_IN, WALL, route, type ModuleRoutes, NO_DATA, media } from '../../http/route.ts';
import type { StoredFile } from '../uploads/index.ts';
import { FloorIconQuery, FloorInput, FloorList, FloorView, IdParam, LocationInput, LocationView } from './schema.ts';

const picture = (f: StoredFile) =>
  new RawReply(fs.createReadStream(f.file), f.mime, { headers: { 'cache-control': 'private, max-age=300' } });

export function locationsRoutes({ locationsService, floorsService }: Cradle): ModuleRoutes {
  return {
    tag: 'Locations and floors',
    routes: [
      route({
        method: 'get',
        path: '/room/locations',
        response: pageOf(LocationView),
        // A wall screen without panels cycles through every location (docs/product-rules.md R19.12).
        permission: ['locations.view', WALL],
        query: PageQuery,
        summary: 'Locations (sites, buildings), paged; q searches name and address',
        handler: ({ query }) => locationsService.list(query),
      }),
      route({
        method: 'post',
        path: '/room/locations',
        permission: 'room:building:add',
        body: LocationInput,
        response: LocationView,
        summary: 'Add a location with its IANA time zone',
        handler: ({ actor, body }) => locationsService.create(actor, body),
      }),
      route({
        method: 'get',
        path: '/room/locations/:id',
        permission: 'locations.view',
        params: IdParam,
        response: LocationView,
        summary: 'One location',
        handler: ({ params }) => locationsService.get(params.id),
      }),
      route({
        method: 'put',
        path: '/room/locations/:id',
        permission: 'room:building:update',
        params: IdParam,
        body: LocationInput,
        response: LocationView,
        summary: 'Change a location',
        handler: ({ actor, params, body }) => locationsService.update(actor, params.id, body),
      }),
      route({
        method: 'delete',
        path: '/room/locations/:id',
        response: NO_DATA,
        permission: 'room:building:delete',
        params: IdParam,
        summary: 'Delete a location (refused while it has future bookings, resources or floors)',
        handler: ({ actor, params }) => locationsService.remove(actor, params.id),
      }),
      route({
        method: 'get',
        path: '/room/floors',
        response: pageOf(FloorView),
        permission: 'locations.viewFloors',
        query: FloorList,
        summary: 'Floors, paged; filter by locationId, q searches names',
        handler: ({ query }) => floorsService.list(query),
      }),
      route({
        method: 'post',
        path: '/room/floors',
        permission: 'room:level:add',
        body: FloorInput,
        response: FloorView,
        summary: 'Add a floor',
        handler: ({ actor, body }) => floorsService.create(actor, body),
      }),
      route({
        method: 'get',
        path: '/room/floors/:id',
        permission: 'locations.viewFloors',
        params: IdParam,
        response: FloorView,
        summary: 'One floor',
        handler: ({ params }) => floorsService.get(params.id),
      }),
      route({
        method: 'put',
        path: '/room/floors/:id',
        permission: 'room:level:update',
        params: IdParam,
        body: FloorInput,
        response: FloorView,
        summary: 'Change a floor',
        handler: ({ actor, params, body }) => floorsService.update(actor, params.id, body),
      }),
      route({
        method: 'delete',
        path: '/room/floors/:id',
        response: NO_DATA,
        permission: 'room:level:delete',
        params: IdParam,
        summary: 'Delete a floor (refused while it has future bookings or resources)',
        handler: ({ actor, params }) => floorsService.remove(actor, params.id),
      }),
      route({
        method: 'get',
        path: '/room/floors/:id/plan',
        response: media('The floor plan image', 'image/jpeg', 'image/png'),
        permission: SIGNED_IN,
        params: IdParam,
        summary: 'The floor plan picture; 404 "no floor plan or icon for this floor" when none',
        handler: async ({ params }) => picture(await floorsService.picture(params.id, 'plan')),
      }),
      route({
        method: 'get',
        path: '/room/floors/:id/icon',
        response: media('The floor icon image', 'image/jpeg', 'image/png'),
        permission: SIGNED_IN,
        params: IdParam,
        query: FloorIconQuery,
        summary: "The floor's pad or grid icon (kind=pad|grid)",
        handler: async ({ params, query }) => picture(await floorsService.picture(params.id, query.kind)),
      }),
    ],
  };
}
