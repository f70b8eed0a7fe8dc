import test from 'ava';
import { inflateSync } from 'node:zlib';
import { CAPTCHA_ALPHABET, GLYPHS } from '../../core/modules/auth/captcha-font.ts';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, captchaPng } from '../../core/modules/auth/captcha-image.ts';

/** The chunks of a PNG file, in order, after checking its signature. */
function chunks(png: Buffer): Array<{ type: string; data: Buffer }> {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!png.subarray(0, 8).equals(signature)) throw new Error('not a PNG');
  const out = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    out.push({ type: png.toString('ascii', at + 4, at + 8), data: png.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
  }
  return out;
}

/** Pixel rows without their filter bytes (the encoder writes filter 0 only). */
function pixels(png: Buffer): Buffer {
  const idat = Buffer.concat(
    chunks(png)
      .filter((c) => c.type === 'IDAT')
      .map((c) => c.data),
  );
  const rows = inflateSync(idat);
  const stride = CAPTCHA_WIDTH * 3 + 1;
  return Buffer.concat(
    Array.from({ length: CAPTCHA_HEIGHT }, (_, y) => rows.subarray(y * stride + 1, (y + 1) * stride)),
  );
}

test('the CAPTCHA is a plain PNG: no text chunks, no shapes, and the text is nowhere in its bytes', (t) => {
  const text = 'K7QM4';
  const png = captchaPng(text);
  t.deepEqual(
    chunks(png).map((c) => c.type),
    ['IHDR', 'IDAT', 'IEND'],
    'no tEXt, iTXt or zTXt chunk',
  );
  const ihdr = chunks(png)[0]!.data;
  t.deepEqual([ihdr.readUInt32BE(0), ihdr.readUInt32BE(4)], [CAPTCHA_WIDTH, CAPTCHA_HEIGHT]);
  const inflated = pixels(png);
  t.is(inflated.length, CAPTCHA_WIDTH * CAPTCHA_HEIGHT * 3);
  for (const bytes of [png, inflated]) {
    const latin = bytes.toString('latin1');
    for (const form of [text, text.toLowerCase(), [...text].join(' ')]) t.false(latin.includes(form), form);
    t.false(/<svg|<path|<text/i.test(latin), 'no markup');
  }
});

test('the characters are drawn: a share of the pixels is dark ink, the rest light background', (t) => {
  const image = pixels(captchaPng('ABCDE'));
  let dark = 0;
  for (let i = 0; i < image.length; i += 3) if (image[i]! + image[i + 1]! + image[i + 2]! < 3 * 160) dark++;
  const share = dark / (CAPTCHA_WIDTH * CAPTCHA_HEIGHT);
  t.true(share > 0.08 && share < 0.5, `dark share ${share}`);
});

test('two images of the same text differ: their ink lies in different places', (t) => {
  const ink = (image: Buffer) =>
    Array.from(
      { length: CAPTCHA_WIDTH * CAPTCHA_HEIGHT },
      (_, p) => image[p * 3]! + image[p * 3 + 1]! + image[p * 3 + 2]! < 3 * 160,
    );
  const a = ink(pixels(captchaPng('HJ28W')));
  const b = ink(pixels(captchaPng('HJ28W')));
  const both = a.filter((v, i) => v && b[i]).length;
  const either = a.filter((v, i) => v || b[i]).length;
  // Drawn the same way twice, the ink would overlap entirely (1); a fixed picture per text could be learnt.
  t.true(both / either < 0.6, `overlap ${both / either}`);
});

test('every CAPTCHA character has strokes, and look-alikes are left out', (t) => {
  for (const char of CAPTCHA_ALPHABET) t.true((GLYPHS[char]?.flat().length ?? 0) >= 2, char);
  for (const confusable of ['0', 'O', '1', 'I']) t.false(CAPTCHA_ALPHABET.includes(confusable), confusable);
  t.false(CAPTCHA_ALPHABET.includes('S') && CAPTCHA_ALPHABET.includes('5'));
  t.false(CAPTCHA_ALPHABET.includes('Z') && CAPTCHA_ALPHABET.includes('2'));
});
