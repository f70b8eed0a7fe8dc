import type { Cradle } from '../../cradle.ts';
import { route, type ModuleRoutes } from '../../http/route.ts';
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
        permission: VIEW,
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
