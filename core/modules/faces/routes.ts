/** The face data API (docs/product-rules.md R20.7): a person's own under /center/face, an administrator's under /sys/face. */
import { z } from 'zod';
import type { Cradle } from '../../cradle.ts';
import { pageOf } from '../../http/answers.ts';
import { NO_DATA, RawReply, SIGNED_IN, media, route, type ModuleRoutes, type UploadedFile } from '../../http/route.ts';
import { MAX_IMAGE_BYTES } from '../uploads/index.ts';
import {
  FaceImageView,
  FaceState,
  FaceUserView,
  FaceUsersQuery,
  ImageIdParams,
  UserIdParams,
  UserImageParams,
} from './schema.ts';

const fileOf = (files: UploadedFile[]) => files.find((f) => f.fieldName === 'file') ?? files[0];
const imageReply = (image: { bytes: Buffer; mime: string }) =>
  new RawReply(image.bytes, image.mime, { headers: { 'cache-control': 'private, no-store' } });

export function facesRoutes({ facesService }: Cradle): ModuleRoutes {
  return {
    tag: 'Face data',
    routes: [
      route({
        method: 'get',
        path: '/center/face',
        permission: SIGNED_IN,
        response: FaceState,
        summary: "The caller's face data: consent (and its text in the caller's language), images and enrolment",
        handler: ({ actor, lang }) => facesService.state(actor.userId, lang),
      }),
      route({
        method: 'post',
        path: '/center/face/consent',
        permission: SIGNED_IN,
        response: FaceState,
        summary: 'Agree to the current face recognition consent text',
        handler: ({ actor }) => facesService.giveConsent(actor, actor.userId),
      }),
      route({
        method: 'delete',
        path: '/center/face/consent',
        permission: SIGNED_IN,
        response: FaceState,
        summary: 'Withdraw consent: the images are deleted and the face provider is told to forget the caller',
        handler: ({ actor }) => facesService.withdrawConsent(actor, actor.userId),
      }),
      route({
        method: 'post',
        path: '/center/face/images',
        permission: SIGNED_IN,
        multipart: { maxFileBytes: MAX_IMAGE_BYTES },
        body: z.object({}),
        response: FaceImageView,
        summary: 'Upload a face image of oneself (multipart field "file"): JPEG or PNG by its bytes, up to 2 MB',
        handler: ({ actor, files }) => facesService.addImage(actor, actor.userId, fileOf(files)),
      }),
      route({
        method: 'get',
        path: '/center/face/images/:id',
        permission: SIGNED_IN,
        params: ImageIdParams,
        response: media('One of the caller’s face images', 'image/jpeg', 'image/png'),
        summary: 'One of the caller’s own face images',
        handler: async ({ actor, params }) => imageReply(await facesService.image(params.id, actor.userId)),
      }),
      route({
        method: 'delete',
        path: '/center/face/images/:id',
        permission: SIGNED_IN,
        params: ImageIdParams,
        response: NO_DATA,
        summary: 'Delete one of the caller’s face images (the rest are enrolled again; none left: removed)',
        handler: ({ actor, params }) => facesService.deleteImage(actor, actor.userId, params.id),
      }),
      route({
        method: 'get',
        path: '/sys/face/users',
        permission: 'sys:face:view',
        query: FaceUsersQuery,
        response: pageOf(FaceUserView),
        summary: 'People with their face consent, images and enrolment state (none, queued, enrolled, failed)',
        handler: ({ query }) => facesService.listUsers(query),
      }),
      route({
        method: 'get',
        path: '/sys/face/users/:id',
        permission: 'sys:face:view',
        params: UserIdParams,
        response: FaceState,
        summary: "A person's face data (the consent text in the administrator's language)",
        handler: ({ params, lang }) => facesService.stateOf(params.id, lang),
      }),
      route({
        method: 'get',
        path: '/sys/face/images/:id',
        permission: 'sys:face:view',
        params: ImageIdParams,
        response: media('A face image', 'image/jpeg', 'image/png'),
        summary: 'A face image of anyone',
        handler: async ({ params }) => imageReply(await facesService.image(params.id, null)),
      }),
      route({
        method: 'post',
        path: '/sys/face/users/:id/consent',
        permission: 'sys:face:save',
        params: UserIdParams,
        response: FaceState,
        summary: "Record a person's consent on their behalf (they agreed outside Atrium)",
        handler: ({ actor, params }) => facesService.giveConsent(actor, params.id),
      }),
      route({
        method: 'delete',
        path: '/sys/face/users/:id/consent',
        permission: 'sys:face:save',
        params: UserIdParams,
        response: FaceState,
        summary: "Withdraw a person's consent: their images are deleted and the provider told to forget them",
        handler: ({ actor, params }) => facesService.withdrawConsent(actor, params.id),
      }),
      route({
        method: 'post',
        path: '/sys/face/users/:id/images',
        permission: 'sys:face:save',
        params: UserIdParams,
        multipart: { maxFileBytes: MAX_IMAGE_BYTES },
        body: z.object({}),
        response: FaceImageView,
        summary: 'Upload a face image for a person whose consent is on record (multipart field "file")',
        handler: ({ actor, params, files }) => facesService.addImage(actor, params.id, fileOf(files)),
      }),
      route({
        method: 'delete',
        path: '/sys/face/users/:id/images/:imageId',
        permission: 'sys:face:save',
        params: UserImageParams,
        response: NO_DATA,
        summary: "Delete one of a person's face images",
        handler: ({ actor, params }) => facesService.deleteImage(actor, params.id, params.imageId),
      }),
    ],
  };
}
