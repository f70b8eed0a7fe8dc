import { z } from 'zod';
import type { Cradle } from '../../cradle.ts';
import { pageOf } from '../../http/answers.ts';
import { route, type ModuleRoutes, NO_DATA } from '../../http/route.ts';
import { IdParam } from '../locations/index.ts';
import { DeviceInput, DeviceList, DeviceView, RelayItem, SensorItem } from './schema.ts';

export function devicesRoutes({ devicesService }: Cradle): ModuleRoutes {
  return {
    tag: 'Devices',
    routes: [
      route({
        method: 'get',
        path: '/room/devices',
        response: pageOf(DeviceView),
        permission: 'room:equipment:view',
        query: DeviceList,
        summary: 'Devices, paged; filters kind, resourceId, connected, q (name, device ID, MAC)',
        handler: ({ query }) => devicesService.list(query),
      }),
      route({
        method: 'post',
        path: '/room/devices',
        permission: 'room:equipment:add',
        body: DeviceInput,
        response: DeviceView,
        summary: 'Add a device (device ID unique; licence device limit)',
        handler: ({ actor, body }) => devicesService.create(actor, body),
      }),
      route({
        method: 'get',
        path: '/room/devices/:id',
        permission: 'room:equipment:view',
        params: IdParam,
        response: DeviceView,
        summary: 'One device',
        handler: ({ params }) => devicesService.get(params.id),
      }),
      route({
        method: 'put',
        path: '/room/devices/:id',
        permission: 'room:equipment:update',
        params: IdParam,
        body: DeviceInput,
        response: DeviceView,
        summary: 'Change a device',
        handler: ({ actor, params, body }) => devicesService.update(actor, params.id, body),
      }),
      route({
        method: 'delete',
        path: '/room/devices/:id',
        response: NO_DATA,
        permission: 'room:equipment:delete',
        params: IdParam,
        summary: 'Delete a device',
        handler: ({ actor, params }) => devicesService.remove(actor, params.id),
      }),
      route({
        method: 'post',
        path: '/roRoom/getRelayList',
        permission: 'devices.listRelays',
        summary: 'Relays (switch devices): id and identifier',
        response: z.array(RelayItem),
        handler: () => devicesService.relays(),
      }),
      route({
        method: 'get',
        path: '/inte/environment/deviceList',
        permission: 'devices.listEnvironmentSensors',
        summary: 'Environment sensors with their room',
        response: z.array(SensorItem),
        handler: () => devicesService.sensors('environment'),
      }),
      route({
        method: 'get',
        path: '/inte/occupancy/deviceList',
        permission: 'devices.listOccupancySensors',
        summary: 'Occupancy (presence) sensors with their room',
        response: z.array(SensorItem),
        handler: () => devicesService.sensors('occupancy'),
      }),
    ],
  };
}
