/**
 * Unpacks an uploaded workbook (a zip) within a byte budget before exceljs sees it.
 * The sizes a zip declares are written by whoever made the file, so they are never
 * believed: every entry is inflated and the bytes that actually come out are counted,
 * and inflating stops as soon as the running total passes the budget. exceljs then
 * reads a copy of the archive whose entries are stored uncompressed, so it cannot
 * inflate anything beyond what was counted here.
 */
import zlib from 'node:zlib';
import { BadRequestError } from '../../errors.ts';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

export interface ZipEntry {
  name: Buffer;
  data: Buffer;
}

const unreadable = () => new BadRequestError('users.importBadType');

/** The entries' names and unpacked bytes; refuses the file once more than `budget` bytes come out. */
export async function unzipWithin(zip: Buffer, budget: number): Promise<ZipEntry[]> {
  const tooLarge = new BadRequestError('users.importTooLarge', { mb: budget / 1048576 });
  const entries: ZipEntry[] = [];
  let left = budget;
  for (const e of centralDirectory(zip)) {
    const packed = zip.subarray(e.start, e.end);
    const data = e.method === STORED ? packed : await inflateWithin(packed, left, tooLarge);
    left -= data.length;
    if (left < 0) throw tooLarge;
    if (!e.name.toString('latin1').endsWith('/')) entries.push({ name: e.name, data });
  }
  return entries;
}

/** A zip holding `entries` uncompressed (what exceljs is given to read). */
export function storedZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL, 0);
    central.writeUInt16LE(20, 4); // version made by
    central.writeUInt16LE(20, 6); // version needed
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(EOCD, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

interface Located {
  name: Buffer;
  method: number;
  /** Where the entry's packed bytes start and end in the file (the end is clamped to the file). */
  start: number;
  end: number;
}

/** The entries the central directory lists, each located through its local header. */
function centralDirectory(zip: Buffer): Located[] {
  const end = endOfDirectory(zip);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const out: Located[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) throw unreadable();
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const packed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    // Encrypted entries and methods other than stored/deflate are nothing a workbook uses.
    if (flags & 1 || (method !== STORED && method !== DEFLATED)) throw unreadable();
    if (at + 46 + nameLength > zip.length || local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL)
      throw unreadable();
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    if (start > zip.length) throw unreadable();
    out.push({
      name: Buffer.from(zip.subarray(at + 46, at + 46 + nameLength)),
      method,
      start,
      end: Math.min(zip.length, start + packed),
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return out;
}

/** Offset of the end-of-central-directory record: within the last 64 KiB + 22 bytes, searched backwards. */
function endOfDirectory(zip: Buffer): number {
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65_535); i--) {
    if (zip.readUInt32LE(i) === EOCD) return i;
  }
  throw unreadable();
}

/** Inflates `packed`, giving up with `tooLarge` as soon as more than `budget` bytes have come out. */
function inflateWithin(packed: Buffer, budget: number, tooLarge: Error): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const inflater = zlib.createInflateRaw();
    const chunks: Buffer[] = [];
    let size = 0;
    inflater.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > budget) {
        chunks.length = 0;
        inflater.destroy();
        reject(tooLarge);
        return;
      }
      chunks.push(chunk);
    });
    inflater.on('end', () => resolve(Buffer.concat(chunks, size)));
    inflater.on('error', () => reject(unreadable()));
    inflater.end(packed);
  });
}
