import { z } from 'zod';
import type { Cradle } from '../../cradle.ts';
import { route, type ModuleRoutes, type RouteDef } from '../../http/route.ts';
import { SETTINGS_GROUPS } from './groups.ts';

const Form = z.record(z.string(), z.unknown());

export function settingsRoutes({ settingsService }: Cradle): ModuleRoutes {
  const routes: RouteDef[] = SETTINGS_GROUPS.flatMap((g) => [
    route({
      method: 'get',
      path: `/sys/settings/${g.name}`,
      permission: g.view,
      summary: g.summary,
      response: Form,
      handler: () => settingsService.get(g.name),
    }),
    route({
      method: 'put',
      path: `/sys/settings/${g.name}`,
      permission: g.save,
      response: Form,
      summary: `Change: ${g.summary}`,
      description:
        "Any subset of the group's parameters (see GET); all are validated and saved together or not at all. Answers the whole group.",
      // Validated in the service, which gives the screen's rules their specific messages.
      body: Form,
      handler: ({ actor, body }) => settingsService.update(actor, g.name, body),
    }),
  ]);
  return { tag: 'Settings', routes };
}
