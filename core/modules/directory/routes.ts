import type { Cradle } from '../../cradle.ts';
import { pageOf } from '../../http/answers.ts';
import { NO_DATA, route, type ModuleRoutes } from '../../http/route.ts';
import {
  GroupMapBody,
  GroupMapChoices,
  GroupMapQuery,
  GroupMapView,
  IdParam,
  RunDetail,
  RunQuery,
  RunView,
  SyncRequest,
} from './schema.ts';

export function directoryRoutes({ directoryService, directoryGroupMaps }: Cradle): ModuleRoutes {
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
      route({
        method: 'get',
        path: '/inte/app/groupMaps',
        permission: 'integrations.apps.view',
        query: GroupMapQuery,
        response: pageOf(GroupMapView),
        summary: 'Group mapping: which directory group gives which role and user group',
        handler: ({ query }) => directoryGroupMaps.list(query),
      }),
      route({
        method: 'get',
        path: '/inte/app/groupMaps/choices',
        permission: 'integrations.apps.save',
        response: GroupMapChoices,
        summary: 'The roles (all but the admin role) and user groups a mapping may give, for the mapping form',
        handler: () => directoryGroupMaps.choices(),
      }),
      route({
        method: 'post',
        path: '/inte/app/groupMaps',
        permission: 'integrations.apps.save',
        body: GroupMapBody,
        response: GroupMapView,
        summary: 'Map a directory group to a role and/or a user group (never the admin role)',
        handler: ({ actor, body }) => directoryGroupMaps.create(actor, body),
      }),
      route({
        method: 'delete',
        path: '/inte/app/groupMaps/:id',
        permission: 'integrations.apps.save',
        params: IdParam,
        response: NO_DATA,
        summary: 'Remove a group mapping (what it gave stays until the next sign-in or sync)',
        handler: ({ actor, params }) => directoryGroupMaps.remove(actor, params.id),
      }),
    ],
  };
}
