import type { Cradle } from '../../cradle.ts';
import { pageOf } from '../../http/answers.ts';
import { route, type ModuleRoutes } from '../../http/route.ts';
import { IdParam, RunDetail, RunQuery, RunView, SyncRequest } from './schema.ts';

export function directoryRoutes({ directoryService }: Cradle): ModuleRoutes {
  return {
    tag: 'Directory sync',
    routes: [
      route({
        method: 'post',
        path: '/inte/app/directory/sync',
        permission: 'integrations.apps.save',
        body: SyncRequest,
        response: RunDetail,
        summary: 'Sync the people of the apps provider now (or preview it with dryRun)',
        description:
          'Answers the finished run with its counts and report. A run that would disable more than directoryMaxDisablePercent of the linked accounts stops in state needsConfirmation until sent again with confirm. 409 while another run goes on.',
        handler: ({ actor, body }) => directoryService.run(actor, body),
      }),
      route({
        method: 'get',
        path: '/inte/app/directory/runs',
        permission: 'integrations.apps.view',
        query: RunQuery,
        response: pageOf(RunView),
        summary: 'Directory sync runs, newest first',
        handler: ({ query }) => directoryService.runs(query),
      }),
      route({
        method: 'get',
        path: '/inte/app/directory/runs/:id',
        permission: 'integrations.apps.view',
        params: IdParam,
        response: RunDetail,
        summary: 'One directory sync run with its report, person by person',
        handler: ({ params }) => directoryService.get(params.id),
      }),
    ],
  };
}
