import { z } from 'zod';
import type { Cradle } from '../../cradle.ts';
import { pageOf } from '../../http/answers.ts';
import { route, type ModuleRoutes, NO_DATA } from '../../http/route.ts';
import { permissionTree } from './permission-tree.ts';
import { IdParam, PermissionTree, RoleBody, RoleQuery, RoleView } from './schema.ts';

export function rolesRoutes({ roleAdminService }: Cradle): ModuleRoutes {
  return {
    tag: 'Roles',
    routes: [
      route({
        // The user form lists roles too, so those who add or edit users may read them.
        method: 'get',
        path: '/sys/roles',
        response: pageOf(RoleView),
        permission: 'roles.list',
        query: RoleQuery,
        summary: 'Roles, paged, with their permissions and number of users (assignable=true: only those you may give)',
        handler: ({ actor, query }) => roleAdminService.list(actor, query),
      }),
      route({
        method: 'post',
        path: '/sys/roles',
        permission: 'sys:role:add',
        body: RoleBody,
        response: RoleView,
        summary: 'Create a role; its permissions may not exceed yours',
        handler: ({ actor, body }) => roleAdminService.create(actor, body),
      }),
      route({
        method: 'get',
        path: '/sys/permissions',
        permission: 'roles.readCatalogue',
        response: PermissionTree,
        summary: 'The permission catalogue as a tree: sections, screens and their actions, with titles',
        handler: () => permissionTree(),
      }),
      route({
        method: 'get',
        path: '/sys/role/pre/:id',
        permission: 'sys:role:view',
        params: IdParam,
        spread: true,
        response: z.object({ allowed: z.boolean() }),
        summary: 'Whether you may change or delete this role: code 0 when allowed, 403 when not',
        handler: ({ actor, params }) => roleAdminService.pre(actor, params.id),
      }),
      route({
        method: 'get',
        path: '/sys/roles/:id',
        permission: 'sys:role:view',
        params: IdParam,
        response: RoleView,
        summary: 'One role',
        handler: ({ params }) => roleAdminService.get(params.id),
      }),
      route({
        method: 'put',
        path: '/sys/roles/:id',
        permission: 'sys:role:update',
        params: IdParam,
        body: RoleBody,
        response: RoleView,
        summary: 'Replace a role (yours, unless you are a system administrator)',
        handler: ({ actor, params, body }) => roleAdminService.update(actor, params.id, body),
      }),
      route({
        method: 'delete',
        path: '/sys/roles/:id',
        response: NO_DATA,
        permission: 'sys:role:delete',
        params: IdParam,
        summary: 'Delete a role: not a built-in one, not one still given to users',
        handler: ({ actor, params }) => roleAdminService.remove(actor, params.id),
      }),
    ],
  };
}
