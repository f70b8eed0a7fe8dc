/** A client-side picture cropper: fixed aspect ratio, pointer and keyboard, JPEG out. */
export { ImageCropper, cropToJpeg, type CropperLabels } from './ImageCropper.tsx';
export {
  ENCODING_ATTEMPTS,
  MAX_OUTPUT_WIDTH,
  encodeWithinLimit,
  initialCrop,
  keyCrop,
  moveCrop,
  outputSize,
  resizeCrop,
  type Rect,
  type Size,
} from './crop-math.ts';
export { ACCEPT, MAX_SOURCE_BYTES, croppedName, pictureKind, sourceProblem, type PictureKind } from './image-file.ts';
