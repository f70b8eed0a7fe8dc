/**
 * Encrypts credentials for the server: RSA-OAEP with SHA-256 (and MGF1-SHA-256)
 * under the key of GET /api/openapi/publicKey, base64. node-forge rather than
 * WebCrypto, which plain-http LAN hosts do not offer; loaded only when needed.
 */
import { apiUrl } from './http.ts';

let keyPem: Promise<string> | undefined;

async function publicKey(): Promise<string> {
  keyPem ??= fetch(apiUrl('/openapi/publicKey'), { headers: { i18n: 'en' } })
    .then((r) => r.json() as Promise<{ code: number; publicKey?: string }>)
    .then((b) => {
      if (b.code !== 0 || !b.publicKey) throw new Error('public key unavailable');
      return b.publicKey;
    })
    .catch((err: unknown) => {
      keyPem = undefined;
      throw err;
    });
  return keyPem;
}

/** Forget the cached key (the server may have rotated it). */
export function forgetPublicKey(): void {
  keyPem = undefined;
}

export async function encrypt(plain: string): Promise<string> {
  const [{ default: forge }, pem] = await Promise.all([import('node-forge'), publicKey()]);
  const key = forge.pki.publicKeyFromPem(pem);
  const bytes = forge.util.encodeUtf8(plain);
  const cipher = key.encrypt(bytes, 'RSA-OAEP', {
    md: forge.md.sha256.create(),
    mgf1: { md: forge.md.sha256.create() },
  });
  return forge.util.encode64(cipher);
}
