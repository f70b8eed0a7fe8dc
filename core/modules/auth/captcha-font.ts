/**
 * The CAPTCHA's characters as strokes in a box 4 units wide and 6 tall, y downwards: each stroke a
 * polyline of "x y" points separated by commas, strokes separated by "|". Drawn only into pixels,
 * never sent as shapes, so a client gets no per-character outline to match. Upper case and digits
 * only (answers are compared case-insensitively), without the characters people confuse once
 * warped: of 0/O, 1/I, S/5 and Z/2 one each at most.
 */
export type Point = readonly [number, number];
export type Glyph = ReadonlyArray<ReadonlyArray<Point>>;

export const GLYPH_WIDTH = 4;
export const GLYPH_HEIGHT = 6;

const STROKES: Readonly<Record<string, string>> = {
  A: '0 6, 2 0, 4 6 | 0.7 4, 3.3 4',
  B: '0 0, 0 6, 3 6, 4 5, 4 4, 3 3, 0 3 | 0 0, 3 0, 3.8 0.8, 3.8 2.2, 3 3',
  C: '4 1, 3 0, 1 0, 0 1, 0 5, 1 6, 3 6, 4 5',
  D: '0 0, 0 6, 2.5 6, 4 4.5, 4 1.5, 2.5 0, 0 0',
  E: '4 0, 0 0, 0 6, 4 6 | 0 3, 3 3',
  F: '4 0, 0 0, 0 6 | 0 3, 3 3',
  G: '4 1, 3 0, 1 0, 0 1, 0 5, 1 6, 3 6, 4 5, 4 3.5, 2.2 3.5',
  H: '0 0, 0 6 | 4 0, 4 6 | 0 3, 4 3',
  J: '1 0, 4 0 | 3 0, 3 5, 2 6, 1 6, 0 5',
  K: '0 0, 0 6 | 4 0, 0 3.5 | 1.3 2.7, 4 6',
  L: '0 0, 0 6, 4 6',
  M: '0 6, 0 0, 2 3.5, 4 0, 4 6',
  N: '0 6, 0 0, 4 6, 4 0',
  P: '0 6, 0 0, 3 0, 4 1, 4 2.5, 3 3.5, 0 3.5',
  Q: '1 0, 0 1, 0 5, 1 6, 3 6, 4 5, 4 1, 3 0, 1 0 | 2.5 4.5, 4.3 6.3',
  R: '0 6, 0 0, 3 0, 4 1, 4 2.5, 3 3.5, 0 3.5 | 2 3.5, 4 6',
  T: '0 0, 4 0 | 2 0, 2 6',
  U: '0 0, 0 5, 1 6, 3 6, 4 5, 4 0',
  V: '0 0, 2 6, 4 0',
  W: '0 0, 1 6, 2 2.5, 3 6, 4 0',
  X: '0 0, 4 6 | 4 0, 0 6',
  Y: '0 0, 2 3, 4 0 | 2 3, 2 6',
  '2': '0 1, 1 0, 3 0, 4 1, 4 2.5, 0 6, 4 6',
  '3': '0 0.5, 1 0, 3 0, 4 1, 4 2, 3 3, 1.5 3 | 3 3, 4 4, 4 5, 3 6, 1 6, 0 5.5',
  '4': '3 6, 3 0, 0 4, 4 4',
  '5': '4 0, 0.5 0, 0 3, 3 2.7, 4 3.7, 4 5, 3 6, 1 6, 0 5.3',
  '6': '3.5 0, 1.5 0, 0 2, 0 5, 1 6, 3 6, 4 5, 4 4, 3 3, 1 3, 0 4',
  '7': '0 0, 4 0, 1.5 6',
  '8': '1 0, 3 0, 4 1, 4 2, 3 3, 1 3, 0 4, 0 5, 1 6, 3 6, 4 5, 4 4, 3 3 | 1 3, 0 2, 0 1, 1 0',
  '9': '4 2, 3 3, 1 3, 0 2, 0 1, 1 0, 3 0, 4 1, 4 4, 2.5 6, 0.5 6',
};

const parse = (strokes: string): Glyph =>
  strokes.split('|').map((stroke) =>
    stroke.split(',').map((point) => {
      const [x, y] = point.trim().split(/\s+/).map(Number);
      return [x!, y!] as const;
    }),
  );

export const GLYPHS: Readonly<Record<string, Glyph>> = Object.fromEntries(
  Object.entries(STROKES).map(([char, strokes]) => [char, parse(strokes)]),
);

/** The characters a CAPTCHA is made of. */
export const CAPTCHA_ALPHABET = Object.keys(STROKES).join('');
