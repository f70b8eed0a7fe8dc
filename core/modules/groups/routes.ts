import type { Cradle } from '../../cradle.ts';
import { pageOf } from '../../http/answers.ts';
import { route, type ModuleRoutes, NO_DATA } from '../../http/route.ts';
import { GroupBody, GroupQuery, GroupView, IdParam, GroupSummary } from './schema.ts';

export function groupsRoutes({ groupsService }: Cradle): ModuleRoutes {
  return {
    tag: 'User groups',
    routes: [
      route({
        // Resource screens restrict resources to groups, so they may read the list too.
        method: 'get',
        path: '/sys/groups',
        response: pageOf(GroupSummary),
        permission: 'groups.list',
        query: GroupQuery,
        summary: 'User groups, paged, with their number of members',
        handler: ({ query }) => groupsService.list(query),
      }),
      route({
        method: 'post',
        path: '/sys/groups',
        permission: 'sys:group:add',
        body: GroupBody,
        response: GroupView,
        summary: 'Create a user group',
        handler: ({ actor, body }) => groupsService.create(actor, body),
      }),
      route({
        method: 'get',
        path: '/sys/groups/:id',
        permission: 'sys:group:view',
        params: IdParam,
        response: GroupView,
        summary: 'One user group with its members',
        handler: ({ params }) => groupsService.get(params.id),
      }),
      route({
        method: 'put',
        path: '/sys/groups/:id',
        permission: 'sys:group:update',
        params: IdParam,
        body: GroupBody,
        response: GroupView,
        summary: 'Replace a user group (name, description, members)',
        handler: ({ actor, params, body }) => groupsService.update(actor, params.id, body),
      }),
      route({
        method: 'delete',
        path: '/sys/groups/:id',
        response: NO_DATA,
        permission: 'sys:group:delete',
        params: IdParam,
        summary: 'Delete a user group',
        handler: ({ actor, params }) => groupsService.remove(actor, params.id),
      }),
    ],
  };
}
