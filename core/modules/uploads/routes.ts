import fs from 'node:fs';
import { z } from 'zod';
import type { Cradle } from '../../cradle.ts';
import { pageOf } from '../../http/answers.ts';
import { PageQuery } from '../../db/paging.ts';
import { RawReply, SIGNED_IN, route, type ModuleRoutes, NO_DATA, media } from '../../http/route.ts';
import { IconId, IconInput, IconView, MAX_IMAGE_BYTES, UploadForm, UploadId, UploadView } from './schema.ts';

export function uploadsRoutes({ uploadsService, iconsService }: Cradle): ModuleRoutes {
  return {
    tag: 'Uploads and icons',
    routes: [
      route({
        method: 'post',
        path: '/upload/uploadFile',
        permission: SIGNED_IN,
        spread: true,
        multipart: { maxFileBytes: MAX_IMAGE_BYTES },
        summary: 'Upload a picture (multipart: type and file); jpg, jpeg or png up to 2 MB, checked by its bytes',
        body: UploadForm,
        response: z.object({ bean: UploadView }),
        handler: async ({ actor, body, files }) => ({
          bean: await uploadsService.storeImage(
            actor,
            body.type,
            files.find((f) => f.fieldName === 'file') ?? files[0],
          ),
        }),
      }),
      route({
        method: 'get',
        path: '/upload/:id',
        response: media('The uploaded file', 'image/jpeg', 'image/png'),
        permission: SIGNED_IN,
        params: UploadId,
        summary: 'The uploaded file',
        handler: async ({ params }) => {
          const f = await uploadsService.file(params.id);
          return new RawReply(fs.createReadStream(f.file), f.mime, {
            headers: { 'cache-control': 'private, max-age=86400' },
          });
        },
      }),
      route({
        method: 'get',
        path: '/room/icons',
        response: pageOf(IconView),
        permission: 'room:image:view',
        query: PageQuery,
        summary: 'Resource icons, paged',
        handler: ({ query }) => iconsService.list(query),
      }),
      route({
        method: 'post',
        path: '/room/icons',
        permission: 'room:image:add',
        body: IconInput,
        response: IconView,
        summary: 'Add a resource icon',
        handler: ({ actor, body }) => iconsService.create(actor, body),
      }),
      route({
        method: 'get',
        path: '/room/icons/:id',
        permission: 'room:image:view',
        params: IconId,
        response: IconView,
        summary: 'One resource icon',
        handler: ({ params }) => iconsService.get(params.id),
      }),
      route({
        method: 'put',
        path: '/room/icons/:id',
        permission: 'room:image:update',
        params: IconId,
        body: IconInput,
        response: IconView,
        summary: 'Change a resource icon',
        handler: ({ actor, params, body }) => iconsService.update(actor, params.id, body),
      }),
      route({
        method: 'delete',
        path: '/room/icons/:id',
        response: NO_DATA,
        permission: 'room:image:delete',
        params: IconId,
        summary: 'Delete a resource icon (refused while resources use it)',
        handler: ({ actor, params }) => iconsService.remove(actor, params.id),
      }),
    ],
  };
}
