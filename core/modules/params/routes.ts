import { z } from 'zod';
import type { Cradle } from '../../cradle.ts';
import { PUBLIC, SIGNED_IN, route, type ModuleRoutes } from '../../http/route.ts';
import { ParamKey, ParamsChange, ParamView, TimeConfig } from './schema.ts';

export function paramsRoutes({ paramsService, clock }: Cradle): ModuleRoutes {
  return {
    tag: 'Settings',
    routes: [
      route({
        method: 'get',
        path: '/sys/config/all',
        permission: PUBLIC,
        spread: true,
        summary: 'Public configuration for the console, and the server time',
        response: z.object({
          config: z.record(z.string(), z.unknown()),
          time: z.number().describe('server time, epoch ms'),
        }),
        handler: async () => ({ config: await paramsService.publicValues(), time: clock.now() }),
      }),
      route({
        method: 'get',
        path: '/sys/params',
        permission: 'sys:setting:view',
        summary: 'System parameters with their explanations',
        description:
          "Only the parameters whose group you may view: the security, door-tablet and blocklist groups need their own screens' view permissions.",
        query: z.object({ group: z.string().max(30).optional(), q: z.string().max(100).optional() }),
        response: z.array(ParamView),
        handler: ({ actor, query }) => paramsService.list(actor, query),
      }),
      route({
        method: 'get',
        path: '/sys/params/:key',
        permission: 'sys:setting:view',
        summary: 'One system parameter (403 when its group is not yours to view)',
        params: ParamKey,
        response: ParamView,
        handler: ({ actor, params }) => paramsService.view(actor, params.key),
      }),
      route({
        method: 'put',
        path: '/sys/params',
        response: ParamsChange.describe('the values saved, by key'),
        permission: 'sys:setting:save',
        summary: 'Change several parameters at once (all or none)',
        description:
          "Each parameter also needs its group's save permission (security, door-tablet and blocklist parameters: their own screens'), and the same rules as the settings screens apply.",
        body: ParamsChange,
        handler: ({ actor, body }) => paramsService.setMany(actor, body),
      }),
      route({
        method: 'get',
        path: '/roTime/getOne',
        response: z.object({ bean: TimeConfig.describe('the configuration, under bean as older clients read it') }),
        permission: SIGNED_IN,
        spread: true,
        summary: 'The booking time configuration',
        handler: async () => ({ bean: await paramsService.getTimeConfig() }),
      }),
      route({
        method: 'put',
        path: '/roTime',
        response: TimeConfig,
        permission: 'sys:roomtime:save',
        summary: 'Change the booking time configuration',
        body: TimeConfig,
        handler: ({ actor, body }) => paramsService.setTimeConfig(actor, body),
      }),
    ],
  };
}
