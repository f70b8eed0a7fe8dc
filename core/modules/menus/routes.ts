import { z } from 'zod';
import { capabilitiesOf } from '../../actor.ts';
import { CAPABILITY_NAMES } from '../capabilities.ts';
import type { Cradle } from '../../cradle.ts';
import { pageOf } from '../../http/answers.ts';
import { SIGNED_IN, route, type ModuleRoutes, NO_DATA } from '../../http/route.ts';
import { IdParam, MenuBody, MenuQuery, MenuView } from './schema.ts';

/** A capability name (docs/conventions.md, Capabilities). */
const CapabilityName = z.enum(CAPABILITY_NAMES);

const NavEntry = z.object({
  name: z.string(),
  path: z.string(),
  meta: z.object({
    title: z.string(),
    titleEn: z.string(),
    titleJa: z.string(),
    icon: z.string().nullable(),
    hidden: z.boolean(),
  }),
});

export function menusRoutes({ menusService, menuAdminService }: Cradle): ModuleRoutes {
  return {
    tag: 'Menus',
    routes: [
      route({
        method: 'get',
        path: '/sys/menu/nav',
        permission: SIGNED_IN,
        spread: true,
        summary: "The signed-in user's menu, permissions and capabilities",
        response: z.object({
          menuList: z.array(NavEntry.extend({ children: z.array(NavEntry) })),
          permissions: z.array(z.string()),
          capabilities: z.array(CapabilityName),
        }),
        handler: async ({ actor }) => ({
          menuList: await menusService.nav(actor),
          permissions: [...actor.permissions].sort(),
          capabilities: capabilitiesOf(actor),
        }),
      }),
      route({
        method: 'get',
        path: '/auth/capabilities',
        permission: SIGNED_IN,
        summary: 'What the signed-in user may do: the capabilities their permissions grant, sorted',
        description:
          'Each capability is granted by any one of the permission codes listed for it (`*`, the system, has all). ' +
          'Clients ask this instead of matching permission codes themselves.',
        response: z.object({ capabilities: z.array(CapabilityName) }),
        handler: ({ actor }) => ({ capabilities: capabilitiesOf(actor) }),
      }),
      route({
        method: 'get',
        path: '/sys/menus',
        response: pageOf(MenuView),
        permission: 'sys:menu:view',
        query: MenuQuery,
        summary: 'Menu items, paged (parentId=0: the sections)',
        handler: ({ query }) => menuAdminService.list(query),
      }),
      route({
        method: 'get',
        path: '/sys/menus/tree',
        permission: 'sys:menu:view',
        summary: 'The whole menu as a tree: sections with their screens, by sort value',
        response: z.array(MenuView.extend({ children: z.array(MenuView) })),
        handler: () => menuAdminService.tree(),
      }),
      route({
        method: 'post',
        path: '/sys/menus',
        permission: 'sys:menu:add',
        body: MenuBody,
        response: MenuView,
        summary: 'Create a menu item (a section, or a screen under a section)',
        handler: ({ actor, body }) => menuAdminService.create(actor, body),
      }),
      route({
        method: 'get',
        path: '/sys/menus/:id',
        permission: 'sys:menu:view',
        params: IdParam,
        response: MenuView,
        summary: 'One menu item',
        handler: ({ params }) => menuAdminService.get(params.id),
      }),
      route({
        method: 'put',
        path: '/sys/menus/:id',
        permission: 'sys:menu:update',
        params: IdParam,
        body: MenuBody,
        response: MenuView,
        summary: 'Replace a menu item (built-in ones keep their name and parent)',
        handler: ({ actor, params, body }) => menuAdminService.update(actor, params.id, body),
      }),
      route({
        method: 'delete',
        path: '/sys/menus/:id',
        response: NO_DATA,
        permission: 'sys:menu:delete',
        params: IdParam,
        summary: 'Delete a menu item without children (built-in ones can only be hidden)',
        handler: ({ actor, params }) => menuAdminService.remove(actor, params.id),
      }),
    ],
  };
}
