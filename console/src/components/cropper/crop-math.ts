/**
 * The image cropper's arithmetic, free of the DOM so it can be unit tested:
 * the crop rectangle (in the picture's own pixels) at a fixed aspect ratio,
 * moved and resized within the picture; the output size; the JPEG quality
 * steps that keep the result under the server's upload limit.
 */

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface Size {
  width: number;
  height: number;
}
/** The corner a resize drags; the opposite corner stays put. */
export type Handle = 'nw' | 'ne' | 'sw' | 'se';

/** The smallest crop side, in picture pixels (smaller pictures allow their own size). */
export const MIN_CROP = 32;
/** The widest picture the cropper sends. */
export const MAX_OUTPUT_WIDTH = 1600;

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), Math.max(lo, hi));

/** The largest width a crop of `aspect` (width / height) may have inside `image`. */
export function maxCropWidth(image: Size, aspect: number): number {
  return Math.min(image.width, image.height * aspect);
}

/** The smallest width a crop may be given, never more than the largest. */
export function minCropWidth(image: Size, aspect: number): number {
  const least = Math.max(MIN_CROP, MIN_CROP * aspect);
  return Math.min(least, maxCropWidth(image, aspect));
}

/** The crop a picture starts with: `fill` (0..1) of the largest crop that fits, centred. */
export function initialCrop(image: Size, aspect: number, fill = 0.8): Rect {
  const width = Math.max(minCropWidth(image, aspect), maxCropWidth(image, aspect) * clamp(fill, 0, 1));
  const height = width / aspect;
  return { x: (image.width - width) / 2, y: (image.height - height) / 2, width, height };
}

/** `rect` moved by (dx, dy), kept inside the picture. */
export function moveCrop(rect: Rect, dx: number, dy: number, image: Size): Rect {
  return {
    ...rect,
    x: clamp(rect.x + dx, 0, image.width - rect.width),
    y: clamp(rect.y + dy, 0, image.height - rect.height),
  };
}

/**
 * `rect` resized by dragging corner `handle` by (dx, dy) picture pixels: the
 * opposite corner stays, the ratio stays `aspect`, and the result stays inside
 * the picture and at least the smallest crop. The axis dragged further (in
 * proportion to the ratio) decides the new size.
 */
export function resizeCrop(rect: Rect, handle: Handle, dx: number, dy: number, aspect: number, image: Size): Rect {
  const east = handle === 'ne' || handle === 'se';
  const south = handle === 'sw' || handle === 'se';
  // The fixed corner.
  const ax = east ? rect.x : rect.x + rect.width;
  const ay = south ? rect.y : rect.y + rect.height;
  const byX = rect.width + (east ? dx : -dx);
  const byY = (rect.height + (south ? dy : -dy)) * aspect;
  const wanted = Math.abs(dx) >= Math.abs(dy) * aspect ? byX : byY;
  // Room from the fixed corner to the picture's edges in the dragged directions.
  const roomX = east ? image.width - ax : ax;
  const roomY = south ? image.height - ay : ay;
  const largest = Math.min(roomX, roomY * aspect);
  const width = clamp(wanted, Math.min(minCropWidth(image, aspect), largest), largest);
  const height = width / aspect;
  return { x: east ? ax : ax - width, y: south ? ay : ay - height, width, height };
}

/** What a key does to the crop: arrows move it, shift + arrows resize it (right/down grow, left/up shrink). Null: not ours. */
export function keyCrop(rect: Rect, key: string, shift: boolean, aspect: number, image: Size): Rect | null {
  const dirs: Record<string, [number, number]> = {
    ArrowLeft: [-1, 0],
    ArrowRight: [1, 0],
    ArrowUp: [0, -1],
    ArrowDown: [0, 1],
  };
  const dir = dirs[key];
  if (!dir) return null;
  const step = keyStep(image);
  if (!shift) return moveCrop(rect, dir[0] * step, dir[1] * step, image);
  const grow = dir[0] + dir[1] > 0 ? 1 : -1;
  return resizeCrop(rect, 'se', grow * step, 0, aspect, image);
}

/** One key press moves or resizes by 1% of the picture's larger side (at least a pixel). */
export function keyStep(image: Size): number {
  return Math.max(1, Math.round(Math.max(image.width, image.height) / 100));
}

/** A rectangle in whole pixels that still lies inside the picture. */
export function roundCrop(rect: Rect, image: Size): Rect {
  const x = clamp(Math.round(rect.x), 0, image.width - 1);
  const y = clamp(Math.round(rect.y), 0, image.height - 1);
  return {
    x,
    y,
    width: clamp(Math.round(rect.width), 1, image.width - x),
    height: clamp(Math.round(rect.height), 1, image.height - y),
  };
}

/** The size the crop is drawn at: its own, scaled down to at most `maxWidth` wide (then by `scale`). */
export function outputSize(crop: Size, maxWidth = MAX_OUTPUT_WIDTH, scale = 1): Size {
  const factor = Math.min(1, maxWidth / crop.width) * scale;
  return { width: Math.max(1, Math.round(crop.width * factor)), height: Math.max(1, Math.round(crop.height * factor)) };
}

/** How to encode, in order, until the file is small enough: lower JPEG quality first, then fewer pixels. */
export const ENCODING_ATTEMPTS: ReadonlyArray<{ quality: number; scale: number }> = [
  { quality: 0.9, scale: 1 },
  { quality: 0.8, scale: 1 },
  { quality: 0.7, scale: 1 },
  { quality: 0.6, scale: 1 },
  { quality: 0.5, scale: 1 },
  { quality: 0.7, scale: 0.75 },
  { quality: 0.6, scale: 0.5 },
];

/**
 * Encodes with each attempt in turn and answers the first result of at most
 * `maxBytes` (with the attempt that made it), or null when none was small
 * enough or the encoder gave nothing.
 */
export async function encodeWithinLimit<B extends { size: number }>(
  encode: (attempt: { quality: number; scale: number }) => Promise<B | null>,
  maxBytes: number,
  attempts = ENCODING_ATTEMPTS,
): Promise<{ blob: B; quality: number; scale: number } | null> {
  for (const attempt of attempts) {
    const blob = await encode(attempt);
    if (!blob) return null;
    if (blob.size <= maxBytes) return { blob, ...attempt };
  }
  return null;
}

/** Converts between picture pixels and screen pixels: the picture is shown `scale` times its size. */
export function displayScale(image: Size, box: Size): number {
  if (image.width <= 0 || image.height <= 0) return 1;
  return Math.min(1, box.width / image.width, box.height / image.height);
}
