/**
 * Pictures for the room forms: checked in the browser by the server's rules
 * (jpg, jpeg or png up to 2 MB), then POST /upload/uploadFile as the given type.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadType, UploadView } from '../../../../../core/modules/uploads/schema.ts';
import { uploadFile } from '../../../app/files.ts';
import { useToast } from '../../../app/hooks.ts';
import { useAppDispatch } from '../../../app/store.ts';

export type { UploadType };

const ALLOWED_NAME = /\.(jpe?g|png)$/i;
const ALLOWED_MIME = ['image/jpeg', 'image/png'];
/** The server's limit for a picture (uploads MAX_IMAGE_BYTES). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const PICTURE_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

/** Why a file cannot be uploaded as a picture (a message key), or null. */
export function pictureProblem(file: File | null | undefined): string | null {
  if (!file) return 'upload.chooseFirst';
  if (!ALLOWED_NAME.test(file.name) || (file.type && !ALLOWED_MIME.includes(file.type))) return 'upload.badType';
  if (file.size > MAX_IMAGE_BYTES) return 'upload.tooLarge';
  return null;
}

/** Uploads a picture and answers its upload id, or null (the server's refusal is toasted). */
export function usePictureUpload(): {
  /** The upload under way (its key, the type by default), for the button that started it. */
  uploading: string | null;
  upload: (file: File | null | undefined, type: UploadType, key?: string) => Promise<string | null>;
} {
  const { t } = useTranslation('room');
  const toast = useToast();
  const dispatch = useAppDispatch();
  const [uploading, setUploading] = useState<string | null>(null);
  const upload = async (file: File | null | undefined, type: UploadType, key: string = type) => {
    const problem = pictureProblem(file);
    if (problem) {
      toast('warning', t(problem));
      return null;
    }
    setUploading(key);
    try {
      const res = await dispatch(uploadFile('/upload/uploadFile', { type, file: file as File }));
      return 'data' in res ? ((res.data.bean as UploadView | undefined)?.id ?? null) : null;
    } finally {
      setUploading(null);
    }
  };
  return { uploading, upload };
}
