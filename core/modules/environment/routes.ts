import type { Cradle } from '../../cradle.ts';
import { route, WALL, type ModuleRoutes } from '../../http/route.ts';
import { IdParam } from '../locations/index.ts';
import { resourceCapability } from '../resources/index.ts';
import { HistoryQuery, HistoryView } from './schema.ts';

// Whoever may view the resource (either kind; the resources service narrows by its type, docs/product-rules.md R2.6).
const VIEW = [resourceCapability(0, 'view'), resourceCapability(1, 'view')];

export function environmentRoutes({ environmentService }: Cradle): ModuleRoutes {
  return {
    tag: 'Environment',
    routes: [
      route({
        method: 'get',
        path: '/room/resources/:id/environment',
        // A wall screen shows each room's last day beside its values (R20.3).
        permission: [...VIEW, WALL],
        params: IdParam,
        query: HistoryQuery,
        response: HistoryView,
        summary:
          "The room's environment history per indicator (docs/product-rules.md R20.3): range 24h the raw readings, 7d the hourly average, minimum and maximum; times in the resource's zone, paged by cursor",
        handler: ({ actor, params, query }) => environmentService.history(actor, params.id, query),
      }),
    ],
  };
}
