/** The texts the image cropper shows, given by the screen in the user's language. */
import type { Rect } from './crop-math.ts';

export interface CropperLabels {
  /** The file input's label. */
  choose: string;
  /** The line under the file input (types, size). */
  hint: string;
  /** The alternative text of the picture being cropped. */
  picture: string;
  /** The crop rectangle's accessible name: what it is and how keys move and resize it. */
  area: string;
  /** The crop described in words (announced politely as it changes). */
  status: (crop: Rect) => string;
  /** The button that crops and uploads. */
  upload: string;
  /** The button that lets the chosen picture go. */
  discard: string;
  problems: { chooseFirst: string; badType: string; tooLarge: string; unreadable: string; stillTooLarge: string };
}
