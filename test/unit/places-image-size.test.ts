import test from 'ava';
import { imageSize } from '../../core/modules/uploads/index.ts';
import { jpegHeader, png } from '../helpers/places.ts';

test('PNG size comes from IHDR', async (t) => {
  t.deepEqual(imageSize(await png(420)), { width: 420, height: 420 });
});

test('JPEG size comes from the first start-of-frame, past other segments and fill bytes', (t) => {
  t.deepEqual(imageSize(jpegHeader(1024, 768)), { width: 1024, height: 768 });
  const header = jpegHeader(640, 480);
  // A progressive frame (C2) after an extra APP1 segment and a fill byte.
  const app1 = Buffer.from([0xff, 0xe1, 0x00, 0x06, 1, 2, 3, 4]);
  const progressive = Buffer.concat([header.subarray(0, 2), app1, Buffer.from([0xff]), header.subarray(2)]);
  progressive[progressive.indexOf(Buffer.from([0xff, 0xc0])) + 1] = 0xc2;
  t.deepEqual(imageSize(progressive), { width: 640, height: 480 });
});

test('anything else has no size', (t) => {
  t.is(imageSize(Buffer.from('GIF89a....')), undefined);
  t.is(imageSize(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x01])), undefined, 'a broken segment length');
  t.is(imageSize(Buffer.alloc(0)), undefined);
});
