/** The console's image cropper without a browser: the crop arithmetic, the JPEG size steps, the file checks by magic numbers. */
import test from 'ava';
import {
  ENCODING_ATTEMPTS,
  MIN_CROP,
  encodeWithinLimit,
  initialCrop,
  keyCrop,
  keyStep,
  maxCropWidth,
  moveCrop,
  outputSize,
  resizeCrop,
  roundCrop,
  displayScale,
  type Rect,
} from '../../console/src/components/cropper/crop-math.ts';
import {
  ACCEPT,
  MAX_SOURCE_BYTES,
  croppedName,
  pictureKind,
  sourceProblem,
} from '../../console/src/components/cropper/image-file.ts';

const ASPECT = 4 / 3;
const image = { width: 800, height: 600 };
const near = (a: number, b: number, eps = 1e-6) => Math.abs(a - b) < eps;
const inside = (r: Rect, size = image) =>
  r.x >= -1e-9 && r.y >= -1e-9 && r.x + r.width <= size.width + 1e-9 && r.y + r.height <= size.height + 1e-9;

test('the first crop is 80% of the largest that fits, centred, at the ratio', (t) => {
  t.deepEqual(initialCrop(image, ASPECT), { x: 80, y: 60, width: 640, height: 480 });
  const tall = { width: 300, height: 1000 };
  const c = initialCrop(tall, ASPECT);
  t.true(near(c.width, 240) && near(c.height, 180));
  t.true(near(c.x, 30) && near(c.y, 410), 'centred');
  t.true(near(c.width / c.height, ASPECT));
  const full = initialCrop(image, ASPECT, 1);
  t.deepEqual(full, { x: 0, y: 0, width: 800, height: 600 });
  t.is(maxCropWidth({ width: 1000, height: 300 }, ASPECT), 400, 'a wide picture: its height decides');
});

test('a tiny picture still gets a crop inside it', (t) => {
  const tiny = { width: 20, height: 10 };
  const c = initialCrop(tiny, ASPECT);
  t.true(inside(c, tiny), JSON.stringify(c));
  t.true(near(c.width / c.height, ASPECT));
});

test('moving keeps the crop inside the picture', (t) => {
  const c = initialCrop(image, ASPECT);
  t.deepEqual(moveCrop(c, 10, -20, image), { ...c, x: 90, y: 40 });
  t.deepEqual(moveCrop(c, -500, 500, image), { ...c, x: 0, y: 120 }, 'stops at the left and bottom edges');
  t.deepEqual(moveCrop(c, 1000, -1000, image), { ...c, x: 160, y: 0 });
});

test('resizing from a corner keeps the opposite corner and the ratio', (t) => {
  const c: Rect = { x: 100, y: 100, width: 400, height: 300 };
  const se = resizeCrop(c, 'se', 40, 0, ASPECT, image);
  t.deepEqual({ x: se.x, y: se.y }, { x: 100, y: 100 }, 'the top-left corner stays');
  t.true(near(se.width, 440) && near(se.height, 330));
  const nw = resizeCrop(c, 'nw', 40, 0, ASPECT, image);
  t.true(near(nw.x + nw.width, 500) && near(nw.y + nw.height, 400), 'the bottom-right corner stays');
  t.true(near(nw.width, 360) && near(nw.height, 270));
  // A mostly vertical drag: the height decides.
  const sw = resizeCrop(c, 'sw', 1, 60, ASPECT, image);
  t.true(near(sw.height, 360) && near(sw.width, 480));
  t.true(near(sw.x + sw.width, 500) && near(sw.y, 100));
  const ne = resizeCrop(c, 'ne', 80, -5, ASPECT, image);
  t.true(near(ne.x, 100) && near(ne.y + ne.height, 400) && near(ne.width, 480));
});

test('resizing stops at the picture edges and at the smallest crop', (t) => {
  const c: Rect = { x: 100, y: 100, width: 400, height: 300 };
  const big = resizeCrop(c, 'se', 5000, 5000, ASPECT, image);
  t.true(inside(big), JSON.stringify(big));
  t.true(near(big.width, 666.6666666666666), 'limited by the bottom edge: 500 px of height left');
  t.true(near(big.width / big.height, ASPECT));
  const bigNw = resizeCrop(c, 'nw', -5000, 0, ASPECT, image);
  t.true(inside(bigNw) && near(bigNw.x + bigNw.width, 500), JSON.stringify(bigNw));
  const small = resizeCrop(c, 'se', -5000, 0, ASPECT, image);
  t.true(near(small.width, MIN_CROP * ASPECT) && near(small.height, MIN_CROP), JSON.stringify(small));
  t.deepEqual({ x: small.x, y: small.y }, { x: 100, y: 100 });
  // Dragging through the fixed corner does not flip the crop.
  const flipped = resizeCrop(c, 'nw', 900, 900, ASPECT, image);
  t.true(flipped.width > 0 && flipped.height > 0 && inside(flipped));
});

test('keys: arrows move by 1% of the picture, shift + arrows resize', (t) => {
  const c = initialCrop(image, ASPECT);
  t.is(keyStep(image), 8);
  t.is(keyStep({ width: 30, height: 20 }), 1, 'at least one pixel');
  t.deepEqual(keyCrop(c, 'ArrowRight', false, ASPECT, image), { ...c, x: 88 });
  t.deepEqual(keyCrop(c, 'ArrowUp', false, ASPECT, image), { ...c, y: 52 });
  const grown = keyCrop(c, 'ArrowDown', true, ASPECT, image) as Rect;
  t.true(near(grown.width, 648) && near(grown.height, 486) && grown.x === c.x && grown.y === c.y);
  const shrunk = keyCrop(c, 'ArrowLeft', true, ASPECT, image) as Rect;
  t.true(near(shrunk.width, 632) && near(shrunk.width / shrunk.height, ASPECT));
  t.is(keyCrop(c, 'Enter', false, ASPECT, image), null, "other keys are not the cropper's");
  let r = c;
  for (let i = 0; i < 100; i++) r = keyCrop(r, 'ArrowRight', true, ASPECT, image) as Rect;
  t.true(inside(r), 'growing stops at the edge');
});

test('whole pixels inside the picture', (t) => {
  t.deepEqual(roundCrop({ x: 79.6, y: 59.5, width: 640.4, height: 480.2 }, image), {
    x: 80,
    y: 60,
    width: 640,
    height: 480,
  });
  t.deepEqual(roundCrop({ x: 400.4, y: 300.2, width: 399.9, height: 299.9 }, image), {
    x: 400,
    y: 300,
    width: 400,
    height: 300,
  });
  t.deepEqual(
    roundCrop({ x: 700, y: 550, width: 133.4, height: 100 }, image),
    { x: 700, y: 550, width: 100, height: 50 },
    'clipped to the picture',
  );
});

test('the output is at most 1600 px wide, at the crop ratio', (t) => {
  t.deepEqual(outputSize({ width: 640, height: 480 }), { width: 640, height: 480 }, 'small crops keep their size');
  t.deepEqual(outputSize({ width: 4000, height: 3000 }), { width: 1600, height: 1200 });
  t.deepEqual(outputSize({ width: 4000, height: 3000 }, 1600, 0.5), { width: 800, height: 600 });
  t.deepEqual(outputSize({ width: 1, height: 1 }, 1600, 0.1), { width: 1, height: 1 }, 'never zero');
});

test('JPEG quality 0.9 first, lower only while the file exceeds the limit', async (t) => {
  t.deepEqual(ENCODING_ATTEMPTS[0], { quality: 0.9, scale: 1 });
  const tried: number[] = [];
  const small = await encodeWithinLimit(async ({ quality }) => {
    tried.push(quality);
    return { size: 1000 };
  }, 2048);
  t.deepEqual(tried, [0.9]);
  t.like(small, { quality: 0.9, scale: 1 });

  // The size falls with the quality and the scale: the first that fits wins.
  const calls: Array<{ quality: number; scale: number }> = [];
  const fits = await encodeWithinLimit(
    async (a) => {
      calls.push(a);
      return { size: Math.round(3_000_000 * a.quality * a.scale) };
    },
    2 * 1024 * 1024,
  );
  t.like(fits, { quality: 0.6, scale: 1 });
  t.deepEqual(
    calls.map((c) => c.quality),
    [0.9, 0.8, 0.7, 0.6],
  );

  const never = await encodeWithinLimit(async () => ({ size: 10_000_000 }), 2 * 1024 * 1024);
  t.is(never, null, 'no attempt small enough');
  t.is(await encodeWithinLimit(async () => null, 100), null, 'the encoder gave nothing');
  t.true(
    ENCODING_ATTEMPTS.every((a, i) => {
      const before = ENCODING_ATTEMPTS[i - 1];
      return !before || a.scale < before.scale || (a.scale === before.scale && a.quality < before.quality);
    }),
    'each attempt gives up quality or pixels',
  );
});

test('the display scale fits the picture in the box and never enlarges it', (t) => {
  t.is(displayScale({ width: 800, height: 600 }, { width: 400, height: 400 }), 0.5);
  t.is(displayScale({ width: 800, height: 600 }, { width: 1000, height: 300 }), 0.5);
  t.is(displayScale({ width: 200, height: 100 }, { width: 1000, height: 1000 }), 1);
});

const bytes = (...b: number[]) => new Uint8Array(b);
const ascii = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));

test('pictures are told apart by their first bytes', (t) => {
  t.is(pictureKind(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)), 'png');
  t.is(pictureKind(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46)), 'jpeg');
  t.is(pictureKind(ascii('GIF89a\x01\x00')), 'gif');
  t.is(pictureKind(ascii('GIF87a\x01\x00')), 'gif');
  t.is(pictureKind(bytes(0x42, 0x4d, 0x36, 0x10, 0x0e, 0x00, 0, 0)), 'bmp');
  t.is(pictureKind(ascii('hello, I am text')), null, 'a text file, whatever its name');
  t.is(pictureKind(ascii('GIF88a..')), null);
  t.is(pictureKind(bytes(0x89, 0x50, 0x4e)), null, 'too short to be sure');
  t.is(pictureKind(ascii('BM')), null);
  t.is(pictureKind(ascii('RIFF\x00\x00\x00\x00WEBP')), null, 'webp is not taken');
  t.is(pictureKind(new Uint8Array(0)), null);
});

test('a chosen file: missing, too large or of another kind is refused', (t) => {
  const png = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
  t.is(sourceProblem(null, null), 'chooseFirst');
  t.is(sourceProblem(undefined, png), 'chooseFirst');
  t.is(sourceProblem({ size: 1000 }, png), null);
  t.is(sourceProblem({ size: MAX_SOURCE_BYTES }, png), null, '10 MB exactly is fine');
  t.is(sourceProblem({ size: MAX_SOURCE_BYTES + 1 }, png), 'tooLarge');
  t.is(sourceProblem({ size: 10 }, ascii('plain text')), 'badType');
  t.is(sourceProblem({ size: 10 }, null), 'badType');
  t.is(MAX_SOURCE_BYTES, 10 * 1024 * 1024);
});

test('the accept list names the five types; the upload is named .jpg', (t) => {
  for (const ext of ['.gif', '.jpeg', '.jpg', '.png', '.bmp', 'image/gif', 'image/jpeg', 'image/png', 'image/bmp'])
    t.true(ACCEPT.split(',').includes(ext), ext);
  t.is(croppedName('office.bmp'), 'office.jpg');
  t.is(croppedName('my.photo.PNG'), 'my.photo.jpg');
  t.is(croppedName('noext'), 'noext.jpg');
  t.is(croppedName('.gif'), 'image.jpg');
});
