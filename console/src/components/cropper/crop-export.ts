/** The crop's export: drawn on a canvas at most 1600 px wide and encoded as a JPEG within a byte limit. */
import { MAX_OUTPUT_WIDTH, encodeWithinLimit, outputSize, type Rect } from './crop-math.ts';

/** Draws `crop` of `image` as a JPEG within `maxBytes`; null when it cannot be made that small. */
export async function cropToJpeg(image: CanvasImageSource, crop: Rect, maxBytes: number): Promise<Blob | null> {
  const result = await encodeWithinLimit(async ({ quality, scale }) => {
    const out = outputSize(crop, MAX_OUTPUT_WIDTH, scale);
    const canvas = document.createElement('canvas');
    canvas.width = out.width;
    canvas.height = out.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    // JPEG has no transparency: transparent parts of a gif or png become white, not black.
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, out.width, out.height);
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(image, crop.x, crop.y, crop.width, crop.height, 0, 0, out.width, out.height);
    return new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
  }, maxBytes);
  return result?.blob ?? null;
}
