/**
 * Encrypts secrets at rest (plugin settings, the shared RSA and token keys) with
 * AES-256-GCM. The key comes from ATRIUM_SECRET_KEY, or is made once and kept in
 * the data dir with owner-only permissions.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const PREFIX = 'enc:v1:';

export class SecretBox {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('The secret key must be 32 bytes');
    this.key = key;
  }

  static fromConfig(secretKey: string, dataDir: string): SecretBox {
    if (secretKey) {
      const key = /^[0-9a-f]{64}$/i.test(secretKey) ? Buffer.from(secretKey, 'hex') : Buffer.from(secretKey, 'base64');
      if (key.length !== 32) throw new Error('ATRIUM_SECRET_KEY must be 32 bytes, as 64 hex digits or base64');
      return new SecretBox(key);
    }
    const file = path.join(dataDir, 'secret.key');
    if (!fs.existsSync(file)) {
      fs.mkdirSync(dataDir, { recursive: true });
      try {
        fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
    }
    return new SecretBox(Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex'));
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64');
  }

  decrypt(sealed: string): string {
    if (!SecretBox.isSealed(sealed)) throw new Error('Not an encrypted value');
    const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }

  static isSealed(value: unknown): value is string {
    return typeof value === 'string' && value.startsWith(PREFIX);
  }
}
