/**
 * The API key's text: `atr_<keyId>.<secret>`. The key id (16 hex) is public and
 * finds the row; the secret is 32 random bytes (base64url) kept only as its
 * SHA-256. A slow hash (scrypt) protects guessable secrets such as passwords;
 * 256 random bits cannot be guessed, so SHA-256 is as safe here and keeps the
 * check cheap on every API call (scrypt would cost tens of milliseconds of CPU
 * per request). Comparison is constant-time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const KEY_PREFIX = 'atr_';
const KEY_TEXT = /^atr_([0-9a-f]{16})\.([A-Za-z0-9_-]{43})$/;

export function newKey(): { keyId: string; secret: string; text: string; hash: string } {
  const keyId = randomBytes(8).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  return { keyId, secret, text: `${KEY_PREFIX}${keyId}.${secret}`, hash: hashSecret(secret) };
}

export function hashSecret(secret: string): string {
  return `sha256:${createHash('sha256').update(secret).digest('hex')}`;
}

export function parseKey(text: string): { keyId: string; secret: string } | undefined {
  const m = KEY_TEXT.exec(text.trim());
  return m ? { keyId: m[1]!, secret: m[2]! } : undefined;
}

export function secretMatches(secret: string, stored: string): boolean {
  const a = Buffer.from(hashSecret(secret));
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}
