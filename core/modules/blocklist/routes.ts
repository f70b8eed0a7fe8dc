import type { Cradle } from '../../cradle.ts';
import { pageOf } from '../../http/answers.ts';
import { route, type ModuleRoutes } from '../../http/route.ts';
import { BlocklistEntry, BlocklistQuery, IdParam, ViolationQuery, ViolationEntry } from './schema.ts';

const BLOCKLIST_VIEW = 'sys:blacklist:view';
const BLOCKLIST_UPDATE = 'sys:blacklist:update';
const VIOLATIONS_VIEW = 'sys:violationlist:view';

export function blocklistRoutes({ blocklistService }: Cradle): ModuleRoutes {
  return {
    tag: 'Blocklist',
    routes: [
      route({
        method: 'get',
        path: '/sys/blocklist',
        response: pageOf(BlocklistEntry),
        permission: BLOCKLIST_VIEW,
        query: BlocklistQuery,
        summary: 'Users on the blocklist (status=active, the default) or every blocklisting (status=all)',
        handler: ({ query }) => blocklistService.list(query),
      }),
      route({
        method: 'post',
        path: '/sys/blocklist/:id/release',
        permission: BLOCKLIST_UPDATE,
        params: IdParam,
        summary: 'Release a user from the blocklist before the release time',
        response: BlocklistEntry,
        handler: ({ actor, params }) => blocklistService.release(actor, params.id),
      }),
      route({
        method: 'get',
        path: '/sys/violations',
        response: pageOf(ViolationEntry),
        permission: VIOLATIONS_VIEW,
        query: ViolationQuery,
        summary: 'Violations (no-shows), newest first; filter by user and time range (epoch ms)',
        handler: ({ query }) => blocklistService.violations(query),
      }),
    ],
  };
}
