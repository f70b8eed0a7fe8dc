/**
 * The backup file (docs/backup.md): an 10-byte preamble, then either the gzip'd body or, when the backup holds the
 * secret key, the gzip'd body encrypted with a passphrase in authenticated chunks.
 *
 *   "ATRIUMBK" | format version (1 byte) | mode (1 byte: 0 plain, 1 encrypted)
 *   plain:     gzip(body)
 *   encrypted: header length (4 bytes BE) | header JSON {kdf, N, r, p, salt, noncePrefix, check}
 *              | chunks of gzip(body): length (4 bytes BE) | AES-256-GCM ciphertext | tag (16 bytes)
 *
 * The key is scrypt(passphrase, salt) (64 bytes: 32 for AES-256-GCM, 32 for the passphrase check, an HMAC of a fixed
 * text, so a wrong passphrase is told apart from a damaged file before anything is read). Chunk i is sealed with the
 * nonce noncePrefix | i (8 bytes BE) and the additional data [1] for the last chunk, [0] otherwise: a chunk moved,
 * changed, dropped or cut off is refused. The body is JSON lines with raw file bytes between them (see dump.ts).
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { PassThrough, Transform, type TransformCallback, type Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';

export const MAGIC = Buffer.from('ATRIUMBK', 'ascii');
export const CONTAINER_VERSION = 1;
const PREAMBLE = MAGIC.length + 2;
const CHUNK = 64 * 1024;
const TAG = 16;
const CHECK_TEXT = 'atrium-backup passphrase check';
const KDF = { N: 2 ** 15, r: 8, p: 1 };

/** A problem the operator can act on: printed as one line, without a stack trace. */
export class BackupError extends Error {}

interface EncryptionHeader {
  kdf: 'scrypt';
  N: number;
  r: number;
  p: number;
  salt: string;
  noncePrefix: string;
  check: string;
}

function deriveKeys(passphrase: string, salt: Buffer, h: { N: number; r: number; p: number }) {
  return new Promise<{ key: Buffer; check: Buffer }>((resolve, reject) =>
    scrypt(passphrase, salt, 64, { N: h.N, r: h.r, p: h.p, maxmem: 256 * h.N * h.r + 1024 * 1024 }, (err, out) => {
      if (err) reject(err);
      else
        resolve({
          key: out.subarray(0, 32),
          check: createHmac('sha256', out.subarray(32)).update(CHECK_TEXT).digest(),
        });
    }),
  );
}

function nonce(prefix: Buffer, counter: number): Buffer {
  const n = Buffer.alloc(12);
  prefix.copy(n, 0, 0, 4);
  n.writeBigUInt64BE(BigInt(counter), 4);
  return n;
}

/** Seals the stream in chunks; the last one (possibly empty) is marked as such. */
class EncryptChunks extends Transform {
  private pending: Buffer[] = [];
  private size = 0;
  private counter = 0;

  constructor(
    private readonly key: Buffer,
    private readonly prefix: Buffer,
  ) {
    super();
  }

  private seal(plain: Buffer, last: boolean): void {
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce(this.prefix, this.counter++));
    cipher.setAAD(Buffer.from([last ? 1 : 0]));
    const data = Buffer.concat([cipher.update(plain), cipher.final()]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    this.push(Buffer.concat([length, data, cipher.getAuthTag()]));
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.pending.push(chunk);
    this.size += chunk.length;
    while (this.size > CHUNK) {
      const all = Buffer.concat(this.pending);
      this.seal(all.subarray(0, CHUNK), false);
      this.pending = [all.subarray(CHUNK)];
      this.size = all.length - CHUNK;
    }
    done();
  }

  override _flush(done: TransformCallback): void {
    this.seal(Buffer.concat(this.pending), true);
    done();
  }
}

/** Opens and checks the sealed chunks; refuses a changed chunk and a file that ends before its last chunk. */
class DecryptChunks extends Transform {
  private buffered: Buffer = Buffer.alloc(0);
  private counter = 0;
  private ended = false;

  constructor(
    private readonly key: Buffer,
    private readonly prefix: Buffer,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
    try {
      while (this.buffered.length >= 4) {
        const length = this.buffered.readUInt32BE(0);
        if (length > CHUNK) throw new BackupError('the backup file is damaged (a chunk is too large)');
        if (this.buffered.length < 4 + length + TAG) break;
        if (this.ended) throw new BackupError('the backup file is damaged (data after its end)');
        const data = this.buffered.subarray(4, 4 + length);
        const tag = this.buffered.subarray(4 + length, 4 + length + TAG);
        this.buffered = this.buffered.subarray(4 + length + TAG);
        this.push(this.open(data, tag));
      }
      done();
    } catch (err) {
      done(err as Error);
    }
  }

  private open(data: Buffer, tag: Buffer): Buffer {
    const at = this.counter++;
    for (const last of [false, true]) {
      const decipher = createDecipheriv('aes-256-gcm', this.key, nonce(this.prefix, at));
      decipher.setAAD(Buffer.from([last ? 1 : 0]));
      decipher.setAuthTag(tag);
      try {
        const plain = Buffer.concat([decipher.update(data), decipher.final()]);
        this.ended = last;
        return plain;
      } catch {
        // try the other marking; both failing means the chunk was changed
      }
    }
    throw new BackupError(`the backup file is damaged (chunk ${at + 1} does not authenticate)`);
  }

  override _flush(done: TransformCallback): void {
    if (!this.ended || this.buffered.length)
      done(new BackupError('the backup file is incomplete (it ends before its last chunk)'));
    else done();
  }
}

export interface ArchiveWriter {
  /** Writes to the body, waiting while the file catches up. */
  write(data: Buffer | string): Promise<void>;
  /** Finishes the file and moves it to its name (it is written beside it first). */
  finish(): Promise<void>;
  /** Removes the part written after a failure. */
  abort(): Promise<void>;
}

/**
 * Starts a backup file: `file`.partial (owner-only), renamed to `file` by finish(). With a passphrase the body is
 * encrypted.
 */
export async function createArchive(file: string, passphrase?: string): Promise<ArchiveWriter> {
  const partial = `${file}.partial`;
  const out = fs.createWriteStream(partial, { mode: 0o600 });
  const preamble = Buffer.from([...MAGIC, CONTAINER_VERSION, passphrase ? 1 : 0]);
  const stages: Array<NodeJS.ReadWriteStream> = [createGzip()];
  let head = preamble;
  if (passphrase) {
    const salt = randomBytes(16);
    const prefix = randomBytes(4);
    const { key, check } = await deriveKeys(passphrase, salt, KDF);
    const header: EncryptionHeader = {
      kdf: 'scrypt',
      ...KDF,
      salt: salt.toString('base64'),
      noncePrefix: prefix.toString('base64'),
      check: check.toString('base64'),
    };
    const json = Buffer.from(JSON.stringify(header));
    const length = Buffer.alloc(4);
    length.writeUInt32BE(json.length);
    head = Buffer.concat([preamble, length, json]);
    stages.push(new EncryptChunks(key, prefix));
  }
  out.write(head);
  const input = new PassThrough();
  const done = pipeline([input, ...stages, out]);
  let failure: Error | undefined;
  done.catch((err: Error) => (failure = err));
  return {
    write: (data) =>
      new Promise<void>((resolve, reject) => {
        if (failure) return reject(failure);
        if (input.write(data)) resolve();
        else input.once('drain', resolve);
      }),
    finish: async () => {
      input.end();
      await done;
      await fs.promises.rename(partial, file);
    },
    abort: async () => {
      input.destroy();
      await done.catch(() => undefined);
      await fs.promises.rm(partial, { force: true });
    },
  };
}

/** Reads the body line by line, and raw bytes between lines. */
export class BodyReader {
  private chunks: Buffer[] = [];
  private size = 0;
  private done = false;
  private readonly source: AsyncIterator<Buffer>;

  constructor(stream: Readable) {
    this.source = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  }

  private async more(): Promise<boolean> {
    if (this.done) return false;
    let next: IteratorResult<Buffer>;
    try {
      next = await this.source.next();
    } catch (err) {
      throw damaged(err);
    }
    if (next.done) {
      this.done = true;
      return false;
    }
    this.chunks.push(next.value);
    this.size += next.value.length;
    return true;
  }

  private take(n: number): Buffer {
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    this.chunks = n < all.length ? [all.subarray(n)] : [];
    this.size = all.length - n;
    return all.subarray(0, n);
  }

  /** The next line without its newline, or null at the end of the body. */
  async line(): Promise<string | null> {
    let scanned = 0;
    for (;;) {
      const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
      this.chunks = all.length ? [all] : [];
      const at = all.indexOf(10, scanned);
      if (at >= 0)
        return this.take(at + 1)
          .subarray(0, at)
          .toString('utf8');
      scanned = all.length;
      if (!(await this.more())) {
        if (this.size === 0) return null;
        throw new BackupError('the backup file is damaged (a record is cut off)');
      }
    }
  }

  /** A line holding JSON. */
  async record<T = Record<string, unknown>>(what: string): Promise<T> {
    const text = await this.line();
    if (text === null) throw new BackupError(`the backup file is incomplete (${what} is missing)`);
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new BackupError(`the backup file is damaged (${what} is not readable)`);
    }
  }

  /** Exactly `n` bytes, in pieces as they come. */
  async *bytes(n: number): AsyncGenerator<Buffer> {
    let left = n;
    while (left > 0) {
      if (this.size === 0 && !(await this.more()))
        throw new BackupError('the backup file is incomplete (a file in it is cut off)');
      const piece = this.take(Math.min(left, this.size));
      left -= piece.length;
      yield piece;
    }
  }
}

export interface OpenedArchive {
  encrypted: boolean;
  body: BodyReader;
  /** Resolves when the whole file was read and checked; rejects on damage. */
  finished: Promise<void>;
  close(): void;
}

/**
 * Opens a backup file. `passphrase` is asked only when the file is encrypted; a wrong one is refused here, before
 * any of the body is read.
 */
export async function openArchive(file: string, passphrase: () => Promise<string>): Promise<OpenedArchive> {
  let fd: fs.promises.FileHandle;
  try {
    fd = await fs.promises.open(file, 'r');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new BackupError(code === 'ENOENT' ? `no such file: ${file}` : `cannot read ${file} (${code})`);
  }
  let start = PREAMBLE;
  let decrypt: Transform | undefined;
  try {
    const pre = Buffer.alloc(PREAMBLE);
    const { bytesRead } = await fd.read(pre, 0, PREAMBLE, 0);
    if (bytesRead < PREAMBLE || !pre.subarray(0, MAGIC.length).equals(MAGIC))
      throw new BackupError(`${file} is not an Atrium backup`);
    if (pre[MAGIC.length]! > CONTAINER_VERSION)
      throw new BackupError(`${file} was written by a newer Atrium (backup container version ${pre[MAGIC.length]})`);
    if (pre[MAGIC.length + 1] === 1) {
      const len = Buffer.alloc(4);
      await fd.read(len, 0, 4, PREAMBLE);
      const length = len.readUInt32BE(0);
      if (length > 4096) throw new BackupError('the backup file is damaged (bad encryption header)');
      const json = Buffer.alloc(length);
      await fd.read(json, 0, length, PREAMBLE + 4);
      let header: EncryptionHeader;
      try {
        header = JSON.parse(json.toString('utf8')) as EncryptionHeader;
      } catch {
        throw new BackupError('the backup file is damaged (bad encryption header)');
      }
      const sane = (n: unknown, max: number) => Number.isInteger(n) && (n as number) > 0 && (n as number) <= max;
      if (header.kdf !== 'scrypt' || !sane(header.N, 2 ** 20) || !sane(header.r, 32) || !sane(header.p, 16))
        throw new BackupError('the backup file is damaged (bad encryption header)');
      const { key, check } = await deriveKeys(await passphrase(), Buffer.from(header.salt, 'base64'), header);
      const expected = Buffer.from(header.check, 'base64');
      if (expected.length !== check.length || !timingSafeEqual(expected, check))
        throw new BackupError('wrong passphrase: the backup cannot be decrypted with it (nothing was restored)');
      decrypt = new DecryptChunks(key, Buffer.from(header.noncePrefix, 'base64'));
      start = PREAMBLE + 4 + length;
    } else if (pre[MAGIC.length + 1] !== 0) throw new BackupError(`${file} is not an Atrium backup`);
  } finally {
    await fd.close();
  }
  const raw = fs.createReadStream(file, { start });
  const body = new PassThrough();
  const finished = pipeline([raw, ...(decrypt ? [decrypt] : []), createGunzip(), body]).catch((err: Error) => {
    throw damaged(err);
  });
  // A failure reaches whoever reads the body; keep it from being an unhandled rejection meanwhile.
  finished.catch(() => undefined);
  return {
    encrypted: Boolean(decrypt),
    body: new BodyReader(body),
    finished,
    close: () => {
      raw.destroy();
      body.destroy();
    },
  };
}

/** A failure of reading, decrypting or unpacking the file, in the operator's words. */
function damaged(err: unknown): BackupError {
  if (err instanceof BackupError) return err;
  return new BackupError(`the backup file is damaged or incomplete (${(err as Error).message})`);
}
