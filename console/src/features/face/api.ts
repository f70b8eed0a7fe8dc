/**
 * The face data calls (core/modules/faces, docs/product-rules.md R20.7): the signed-in person's own under
 * /center/face and an administrator's under /sys/face, typed by the server's schemas. Uploads and the images
 * themselves go through app/files.ts (multipart, pictures behind the token header).
 */
import type { z } from 'zod';
import type { FaceState, FaceUserView } from '../../../../core/modules/faces/schema.ts';
import { api } from '../../app/api.ts';
import { actionOf, getOf, pageOf, readOf } from '../../app/endpoints.ts';
import type { Page, PageArgs } from '../../components/crud/index.ts';

export type FaceStateView = z.output<typeof FaceState>;
export type FaceUser = z.output<typeof FaceUserView>;

const TAG = 'Face';

export const faceApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    myFace: build.query<FaceStateView, void>(getOf<FaceStateView, typeof TAG>('/center/face', TAG)),
    giveMyConsent: build.mutation<FaceStateView, void>(actionOf(() => ({ url: '/center/face/consent' }), TAG)),
    withdrawMyConsent: build.mutation<FaceStateView, void>(
      actionOf(() => ({ url: '/center/face/consent', method: 'DELETE' }), TAG),
    ),
    deleteMyImage: build.mutation<unknown, number>(
      actionOf((id: number) => ({ url: `/center/face/images/${id}`, method: 'DELETE' }), TAG),
    ),
    faceUsers: build.query<Page<FaceUser>, PageArgs>(pageOf<FaceUser, typeof TAG>('/sys/face/users', TAG)),
    faceUser: build.query<FaceStateView, number>(readOf((id: number) => `/sys/face/users/${id}`, TAG)),
    giveConsentFor: build.mutation<FaceStateView, number>(
      actionOf((id: number) => ({ url: `/sys/face/users/${id}/consent` }), TAG),
    ),
    withdrawConsentFor: build.mutation<FaceStateView, number>(
      actionOf((id: number) => ({ url: `/sys/face/users/${id}/consent`, method: 'DELETE' }), TAG),
    ),
    deleteImageOf: build.mutation<unknown, { userId: number; imageId: number }>(
      actionOf(
        ({ userId, imageId }: { userId: number; imageId: number }) => ({
          url: `/sys/face/users/${userId}/images/${imageId}`,
          method: 'DELETE',
        }),
        TAG,
      ),
    ),
  }),
});

export const {
  useMyFaceQuery,
  useGiveMyConsentMutation,
  useWithdrawMyConsentMutation,
  useDeleteMyImageMutation,
  useFaceUsersQuery,
  useFaceUserQuery,
  useGiveConsentForMutation,
  useWithdrawConsentForMutation,
  useDeleteImageOfMutation,
} = faceApi;

/** Forgets the cached face data after an upload (made through app/files.ts, outside the slice). */
export const faceChanged = () => faceApi.util.invalidateTags([TAG]);
