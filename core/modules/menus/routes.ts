import { z } from 'zod';
import type { Cradle } from '../../container.ts';
import { SIGNED_IN, route, type ModuleRoutes } from '../../http/route.ts';

const NavEntry = z.object({ name: z.string(), path: z.string(), meta: z.object({ title: z.string(), titleEn: z.string(), titleJa: z.string(), icon: z.string().nullable(), hidden: z.boolean() }) });

export function menusRoutes({ menusService }: Cradle): ModuleRoutes {
  return {
    tag: 'Menus',
    routes: [
      route({
        method: 'get', path: '/sys/menu/nav', permission: SIGNED_IN, spread: true,
        summary: 'The signed-in user\'s menu and permissions',
        response: z.object({ menuList: z.array(NavEntry.extend({ children: z.array(NavEntry) })), permissions: z.array(z.string()) }),
        handler: async ({ actor }) => ({ menuList: await menusService.nav(actor), permissions: [...actor.permissions].sort() }),
      }),
    ],
  };
}
