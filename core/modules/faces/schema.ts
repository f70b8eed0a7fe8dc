/** The face data API's shapes (docs/product-rules.md R20.7). */
import { z } from 'zod';
import { PageQuery } from '../../db/paging.ts';

/** The version of the consent text (`faces.consentText`): raise it when the text's meaning changes. */
export const FACE_CONSENT_VERSION = 1;

export const ENROLMENT_STATES = ['none', 'queued', 'enrolled', 'failed'] as const;
export type EnrolmentState = (typeof ENROLMENT_STATES)[number];

export const FaceImageView = z.object({
  id: z.number(),
  mime: z.string(),
  size: z.number().describe('bytes of the image'),
  createdAt: z.number(),
});
export type FaceImageView = z.infer<typeof FaceImageView>;

export const FaceConsentView = z.object({
  given: z.boolean(),
  version: z.number().nullable().describe('the version of the text agreed to'),
  at: z.number().nullable(),
  byAdministrator: z.boolean().describe('recorded by an administrator on the person’s behalf'),
});

export const FaceState = z.object({
  consent: FaceConsentView,
  consentText: z.string().describe("the consent text in the caller's language"),
  consentVersion: z.number().describe('the version of the current text'),
  imageCount: z.number(),
  imageLimit: z.number(),
  images: z.array(FaceImageView),
  enrolment: z.enum(ENROLMENT_STATES).describe('the last enrolment at the face provider, from its outbox row'),
});
export type FaceState = z.infer<typeof FaceState>;

export const FaceUserView = z.object({
  userId: z.number(),
  username: z.string(),
  realName: z.string(),
  status: z.number().describe('the account: 1 enabled, 0 disabled'),
  consent: z.boolean(),
  consentAt: z.number().nullable(),
  imageCount: z.number(),
  images: z.array(z.number()).describe('the image ids'),
  enrolment: z.enum(ENROLMENT_STATES),
});
export type FaceUserView = z.infer<typeof FaceUserView>;

export const FaceUsersQuery = PageQuery;
export const UserIdParams = z.object({ id: z.coerce.number().int().positive() });
export const ImageIdParams = z.object({ id: z.coerce.number().int().positive() });
export const UserImageParams = z.object({
  id: z.coerce.number().int().positive(),
  imageId: z.coerce.number().int().positive(),
});
