import { z } from 'zod';

/** What an upload is for; every kind here is a picture (licences and imports have their own calls). */
export const UPLOAD_TYPES = ['resourceImage', 'floorPlan', 'icon', 'padIcon', 'gridIcon', 'logo'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** docs/product-rules.md R13.2: image uploads at most 2 MB. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** docs/product-rules.md R13.2: a floor plan picture must not be too small. */
export const MIN_FLOOR_PLAN = { width: 400, height: 300 } as const;

export const UploadForm = z.object({ type: z.enum(UPLOAD_TYPES) });
export type UploadForm = z.infer<typeof UploadForm>;

export const UploadId = z.object({ id: z.string().uuid() });
export const IconId = z.object({ id: z.coerce.number().int().positive() });

export const UploadView = z.object({
  id: z.string(),
  type: z.string(),
  originalName: z.string(),
  mime: z.string(),
  size: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  createdAt: z.number(),
});
export type UploadView = z.infer<typeof UploadView>;

export const IconInput = z.object({ name: z.string().trim().min(1).max(100), uploadId: z.string().uuid() });
export type IconInput = z.infer<typeof IconInput>;

export const IconView = z.object({
  id: z.number(),
  name: z.string(),
  uploadId: z.string(),
  url: z.string(),
  createdAt: z.number(),
});
export type IconView = z.infer<typeof IconView>;
