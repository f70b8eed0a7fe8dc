import { z } from 'zod';
import type { Cradle } from '../../cradle.ts';
import { route, type ModuleRoutes } from '../../http/route.ts';
import { LicenceStatus, LicenceText } from './schema.ts';

const Upload = z.object({ content: z.string().max(65_536).optional().describe('the licence text, instead of a file') });

export function licenceRoutes({ licenceService }: Cradle): ModuleRoutes {
  return {
    tag: 'Licence',
    routes: [
      route({
        method: 'get',
        path: '/sys/licence',
        permission: 'sys:licence:view',
        response: LicenceStatus,
        summary: 'Licence state (unregistered, registered, expired, dataError), limits and current usage',
        handler: () => licenceService.status(),
      }),
      route({
        method: 'post',
        path: '/sys/licence',
        permission: 'sys:licence:register',
        response: LicenceStatus,
        multipart: { maxFileBytes: 65_536 },
        body: Upload,
        summary:
          'Register a licence: multipart with a .txt file (or a content field). Every session ends: everyone signs in again',
        handler: ({ actor, files, body }) => licenceService.registerUpload(actor, files, body.content),
      }),
      route({
        method: 'post',
        path: '/sys/licence/text',
        permission: 'sys:licence:register',
        body: LicenceText,
        response: LicenceStatus,
        summary: 'Register a licence sent as JSON { content } (scripts). Every session ends',
        handler: ({ actor, body }) => licenceService.registerUpload(actor, [], body.content),
      }),
      route({
        method: 'delete',
        path: '/sys/licence',
        permission: 'sys:licence:licenceDelete',
        response: LicenceStatus,
        summary: 'Remove the licence (the installation is unregistered again)',
        handler: ({ actor }) => licenceService.remove(actor),
      }),
    ],
  };
}
