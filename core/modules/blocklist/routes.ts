import type { Cradle } from '../../cradle.ts';
import { route, type ModuleRoutes } from '../../http/route.ts';
import { BlocklistEntry, BlocklistQuery, IdParam, ViolationQuery } from './schema.ts';

const BLOCKLIST_VIEW = 'sys:blacklist:view';
const BLOCKLIST_UPDATE = 'sys:blacklist:update';
const VIOLATIONS_VIEW = 'sys:violationlist:view';

export function blocklistRoutes({ blocklistService }: Cradle): ModuleRoutes {
  return {
    tag: 'Blocklist',
    routes: [
      route<undefined, BlocklistQuery>({
        method: 'get',
        path: '/sys/blocklist',
        permission: BLOCKLIST_VIEW,
        query: BlocklistQuery,
        summary: 'Users on the blocklist (status=active, the default) or every blocklisting (status=all)',
        handler: ({ query }) => blocklistService.list(query),
      }),
      route<undefined, undefined, { id: number }>({
        method: 'post',
        path: '/sys/blocklist/:id/release',
        permission: BLOCKLIST_UPDATE,
        params: IdParam,
        summary: 'Release a user from the blocklist before the release time',
        response: BlocklistEntry,
        handler: ({ actor, params }) => blocklistService.release(actor, params.id),
      }),
      route<undefined, ViolationQuery>({
        method: 'get',
        path: '/sys/violations',
        permission: VIOLATIONS_VIEW,
        query: ViolationQuery,
        summary: 'Violations (no-shows), newest first; filter by user and time range (epoch ms)',
        handler: ({ query }) => blocklistService.violations(query),
      }),
    ],
  };
}
