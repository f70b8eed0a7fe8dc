/**
 * The secrets of door tablets (docs/product-rules.md R19). A device credential is 32 random bytes (base64url)
 * behind the prefix `atd_`; a pairing code is 8 random digits. Both are kept only as their SHA-256 and found by
 * it: 256 random bits cannot be guessed, and a code lives 10 minutes, is used once and its guesses are throttled,
 * so a slow hash would only cost CPU on every tablet call.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';

export const CREDENTIAL_PREFIX = 'atd_';
export const CODE_DIGITS = 8;

export const hashOf = (text: string): string => `sha256:${createHash('sha256').update(text).digest('hex')}`;

export function newCredential(): { text: string; hash: string } {
  const text = `${CREDENTIAL_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { text, hash: hashOf(text) };
}

export function newPairingCode(): { code: string; hash: string } {
  const code = String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
  return { code, hash: hashOf(code) };
}
