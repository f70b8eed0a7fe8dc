/**
 * Which pictures the cropper takes: gif, jpeg/jpg, png and bmp of at most
 * 10 MB, told apart by their first bytes (magic numbers), not by their name.
 * Free of the DOM so it can be unit tested.
 */

export type PictureKind = 'gif' | 'jpeg' | 'png' | 'bmp';

/** The biggest picture the cropper opens (it sends a much smaller JPEG). */
export const MAX_SOURCE_BYTES = 10 * 1024 * 1024;
/** How many leading bytes `pictureKind` needs. */
export const SNIFF_BYTES = 8;
/** The file input's accept attribute: the five extensions and their types. */
export const ACCEPT = '.gif,.jpeg,.jpg,.png,.bmp,image/gif,image/jpeg,image/png,image/bmp';

const starts = (bytes: Uint8Array, sig: number[]) => sig.length <= bytes.length && sig.every((b, i) => bytes[i] === b);

/** The kind of picture the leading bytes announce, or null for anything else. */
export function pictureKind(bytes: Uint8Array): PictureKind | null {
  if (starts(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  // GIF87a / GIF89a
  if (starts(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61)
    return 'gif';
  // "BM", then the file size and two reserved words.
  if (starts(bytes, [0x42, 0x4d]) && bytes.length >= 6) return 'bmp';
  return null;
}

/** Why a chosen file cannot be cropped: 'chooseFirst', 'badType' or 'tooLarge'; null when it can. */
export function sourceProblem(
  file: { size: number } | null | undefined,
  leading: Uint8Array | null,
): 'chooseFirst' | 'badType' | 'tooLarge' | null {
  if (!file) return 'chooseFirst';
  if (file.size > MAX_SOURCE_BYTES) return 'tooLarge';
  if (!leading || !pictureKind(leading)) return 'badType';
  return null;
}

/** The name the cropped JPEG is sent under: the original's, with .jpg. */
export function croppedName(original: string): string {
  const base = original.replace(/\.[^./\\]*$/, '').trim();
  return `${base || 'image'}.jpg`;
}
