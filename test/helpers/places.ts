/** Fixtures for the places API tests: pictures made in memory, and bookings written straight into the table. */
import QRCode from 'qrcode';
import type { TestApp } from './app.ts';

/** A valid PNG of `size`×`size` pixels (a QR code is the shortest way to one). */
export function png(size: number): Promise<Buffer> {
  return QRCode.toBuffer('atrium test picture', { type: 'png', width: size, margin: 1 });
}

/** The header of a JPEG (SOI, JFIF, a baseline frame of width×height): enough for type and size checks. */
export function jpegHeader(width: number, height: number): Buffer {
  const app0 = Buffer.from([
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
  ]);
  const sof = Buffer.from([
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.alloc(64), Buffer.from([0xff, 0xd9])]);
}

/** The first bytes of a Linux executable. */
export function elf(): Buffer {
  const b = Buffer.alloc(256);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]).copy(b);
  b.writeUInt16LE(2, 16); // ET_EXEC
  b.writeUInt16LE(0x3e, 18); // x86-64
  return b;
}

export interface UploadAnswer {
  status: number;
  body: { code: number; msg: string; bean?: { id: string; width: number; height: number } };
}

export async function upload(
  app: TestApp,
  token: string,
  type: string,
  name: string,
  bytes: Buffer,
  lang = 'en',
): Promise<UploadAnswer> {
  const form = new FormData();
  form.append('type', type);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }), name);
  return app.request('POST', '/api/upload/uploadFile', { token, rawBody: form, lang }) as Promise<UploadAnswer>;
}

/** A booking that still holds time (confirmed, ending in the future), as the bookings module would write it. */
export async function futureBooking(app: TestApp, resourceId: number, state = 'confirmed'): Promise<number> {
  const { db } = app.cradle;
  const admin = await db('users').where({ username: 'admin' }).first('id');
  const now = app.clock.now();
  const startAt = now + 3_600_000;
  const [id] = await db('bookings').insert({
    resource_id: resourceId,
    organiser_id: admin.id,
    meeting_date: '2030-01-01',
    start_time: '10:00',
    end_time: '11:00',
    start_at: startAt,
    end_at: startAt + 3_600_000,
    time_zone: 'UTC',
    subject: 'Held',
    check_in_code: '123456',
    state,
    created_at: now,
    updated_at: now,
  });
  return Number(id);
}

export async function removeBooking(app: TestApp, id: number): Promise<void> {
  await app.cradle.db('bookings').where({ id }).delete();
}
