import type { Cradle } from '../../cradle.ts';
import { route, type ModuleRoutes } from '../../http/route.ts';
import { GroupBody, GroupQuery, GroupView, IdParam } from './schema.ts';

type Id = { id: number };

export function groupsRoutes({ groupsService }: Cradle): ModuleRoutes {
  return {
    tag: 'User groups',
    routes: [
      route<undefined, GroupQuery>({
        // Resource screens restrict resources to groups, so they may read the list too.
        method: 'get',
        path: '/sys/groups',
        permission: 'groups.list',
        query: GroupQuery,
        summary: 'User groups, paged, with their number of members',
        handler: ({ query }) => groupsService.list(query),
      }),
      route<GroupBody>({
        method: 'post',
        path: '/sys/groups',
        permission: 'sys:group:add',
        body: GroupBody,
        response: GroupView,
        summary: 'Create a user group',
        handler: ({ actor, body }) => groupsService.create(actor, body),
      }),
      route<undefined, undefined, Id>({
        method: 'get',
        path: '/sys/groups/:id',
        permission: 'sys:group:view',
        params: IdParam,
        response: GroupView,
        summary: 'One user group with its members',
        handler: ({ params }) => groupsService.get(params.id),
      }),
      route<GroupBody, undefined, Id>({
        method: 'put',
        path: '/sys/groups/:id',
        permission: 'sys:group:update',
        params: IdParam,
        body: GroupBody,
        response: GroupView,
        summary: 'Replace a user group (name, description, members)',
        handler: ({ actor, params, body }) => groupsService.update(actor, params.id, body),
      }),
      route<undefined, undefined, Id>({
        method: 'delete',
        path: '/sys/groups/:id',
        permission: 'sys:group:delete',
        params: IdParam,
        summary: 'Delete a user group',
        handler: ({ actor, params }) => groupsService.remove(actor, params.id),
      }),
    ],
  };
}
