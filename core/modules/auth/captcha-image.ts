/**
 * Draws a CAPTCHA as a PNG: each character's strokes turned, slanted, scaled and moved at random,
 * the whole picture warped by two waves, crossed by curves as thick and as dark as the characters,
 * on a speckled background. Only pixels leave the server; the same text never draws the same image.
 */
import { deflateSync, crc32 } from 'node:zlib';
import { GLYPHS, GLYPH_HEIGHT, GLYPH_WIDTH, type Point } from './captcha-font.ts';

export const CAPTCHA_WIDTH = 150;
export const CAPTCHA_HEIGHT = 50;

type Rgb = [number, number, number];

/** Something drawn with one pen: segments, their half width, colour and bounding box. */
interface Stroke {
  segments: Array<[Point, Point]>;
  halfWidth: number;
  color: Rgb;
  box: [number, number, number, number];
}

const between = (random: () => number, lo: number, hi: number) => lo + (hi - lo) * random();

function darkColor(random: () => number): Rgb {
  // A dark, saturated colour; characters and crossing curves share the palette so colour separates nothing.
  const base = between(random, 20, 90);
  return [base + between(random, 0, 80), base + between(random, 0, 60), base + between(random, 0, 90)].map((v) =>
    Math.round(Math.min(150, v)),
  ) as Rgb;
}

function stroke(polylines: Point[][], halfWidth: number, color: Rgb): Stroke {
  const segments: Array<[Point, Point]> = [];
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const line of polylines) {
    for (let i = 1; i < line.length; i++) segments.push([line[i - 1]!, line[i]!]);
    for (const [x, y] of line) {
      box[0] = Math.min(box[0], x - halfWidth - 1);
      box[1] = Math.min(box[1], y - halfWidth - 1);
      box[2] = Math.max(box[2], x + halfWidth + 1);
      box[3] = Math.max(box[3], y + halfWidth + 1);
    }
  }
  return { segments, halfWidth, color, box };
}

/** One character: its strokes under a random scale, rotation and slant, centred at (cx, cy). */
function character(char: string, cx: number, cy: number, random: () => number): Stroke {
  const glyph = GLYPHS[char];
  if (!glyph) throw new Error(`no glyph for ${char}`);
  const scale = between(random, 4.3, 5.4);
  const angle = between(random, -0.35, 0.35);
  const slant = between(random, -0.3, 0.3);
  const stretch = between(random, 0.85, 1.15);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const place = ([x, y]: Point): Point => {
    const u = (x - GLYPH_WIDTH / 2) * scale * stretch + (y - GLYPH_HEIGHT / 2) * scale * slant;
    const v = (y - GLYPH_HEIGHT / 2) * scale;
    return [cx + u * cos - v * sin, cy + u * sin + v * cos];
  };
  return stroke(
    glyph.map((line) => line.map(place)),
    between(random, 1.5, 2.2),
    darkColor(random),
  );
}

/** A curve across the picture (a quadratic Bézier in short segments). */
function crossingCurve(random: () => number): Stroke {
  const [x0, y0] = [between(random, -10, 30), between(random, 5, CAPTCHA_HEIGHT - 5)];
  const [x1, y1] = [between(random, 40, 110), between(random, -10, CAPTCHA_HEIGHT + 10)];
  const [x2, y2] = [between(random, 120, 160), between(random, 5, CAPTCHA_HEIGHT - 5)];
  const points: Point[] = [];
  for (let i = 0; i <= 24; i++) {
    const t = i / 24;
    const a = (1 - t) * (1 - t);
    const b = 2 * t * (1 - t);
    const c = t * t;
    points.push([a * x0 + b * x1 + c * x2, a * y0 + b * y1 + c * y2]);
  }
  return stroke([points], between(random, 0.8, 1.4), darkColor(random));
}

function distanceToSegment(px: number, py: number, [[ax, ay], [bx, by]]: [Point, Point]): number {
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / lengthSquared)) : 0;
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}

/** The picture as RGB pixels, row by row. */
export function drawCaptcha(text: string, random: () => number = Math.random): Uint8Array {
  const step = (CAPTCHA_WIDTH - 24) / text.length;
  const strokes: Stroke[] = [...text].map((char, i) =>
    character(
      char,
      12 + step * (i + 0.5) + between(random, -3, 3),
      CAPTCHA_HEIGHT / 2 + between(random, -4, 4),
      random,
    ),
  );
  const curves = 2 + Math.floor(random() * 2);
  for (let i = 0; i < curves; i++)
    strokes.splice(Math.floor(random() * (strokes.length + 1)), 0, crossingCurve(random));
  const waves = [0, 1].map(() => ({
    amplitude: between(random, 1.8, 3.4),
    length: between(random, 22, 40),
    phase: between(random, 0, 2 * Math.PI),
  }));
  const background: Rgb = [between(random, 225, 250), between(random, 225, 250), between(random, 225, 250)].map(
    Math.round,
  ) as Rgb;
  const pixels = new Uint8Array(CAPTCHA_WIDTH * CAPTCHA_HEIGHT * 3);
  for (let y = 0; y < CAPTCHA_HEIGHT; y++) {
    for (let x = 0; x < CAPTCHA_WIDTH; x++) {
      // Where this pixel comes from before the warp: characters bend along both axes.
      const sx = x + 0.5 + waves[0]!.amplitude * Math.sin((y + 0.5) / waves[0]!.length + waves[0]!.phase);
      const sy = y + 0.5 + waves[1]!.amplitude * Math.sin((x + 0.5) / waves[1]!.length + waves[1]!.phase);
      const grain = between(random, -18, 18);
      let [r, g, b] = background.map((v) => v + grain) as Rgb;
      for (const s of strokes) {
        if (sx < s.box[0] || sx > s.box[2] || sy < s.box[1] || sy > s.box[3]) continue;
        let d = Infinity;
        for (const segment of s.segments) d = Math.min(d, distanceToSegment(sx, sy, segment));
        const cover = Math.max(0, Math.min(1, s.halfWidth + 0.5 - d));
        if (cover === 0) continue;
        r += (s.color[0] - r) * cover;
        g += (s.color[1] - g) * cover;
        b += (s.color[2] - b) * cover;
      }
      const at = (y * CAPTCHA_WIDTH + x) * 3;
      pixels[at] = r;
      pixels[at + 1] = g;
      pixels[at + 2] = b;
    }
  }
  // Specks as dark as the strokes, so a threshold cannot tell them apart.
  for (let i = 0; i < 160; i++) {
    const at = (Math.floor(random() * CAPTCHA_HEIGHT) * CAPTCHA_WIDTH + Math.floor(random() * CAPTCHA_WIDTH)) * 3;
    const [r, g, b] = darkColor(random);
    pixels[at] = r;
    pixels[at + 1] = g;
    pixels[at + 2] = b;
  }
  return pixels;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** RGB pixels as a PNG file: signature, IHDR, one IDAT, IEND; no text chunks. */
export function encodePng(pixels: Uint8Array, width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // truecolour
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    // Each row starts with its filter type, 0 (none).
    rows.set(pixels.subarray(y * width * 3, (y + 1) * width * 3), y * (width * 3 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

export function captchaPng(text: string, random: () => number = Math.random): Buffer {
  return encodePng(drawCaptcha(text, random), CAPTCHA_WIDTH, CAPTCHA_HEIGHT);
}
