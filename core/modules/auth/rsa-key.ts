/**
 * The RSA key pair that protects credentials in transit (docs/product-rules.md R14.1): the console
 * encrypts the password with the public key (RSA-OAEP, SHA-256), the server
 * decrypts it here. Made on first start at the configured size.
 */
import {
  constants,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  privateDecrypt,
  type KeyObject,
} from 'node:crypto';
import type { Config } from '../../../config/default.ts';
import { BadRequestError } from '../../errors.ts';
import type { SystemSecrets } from './system-secrets.ts';

export interface PublicKeyInfo {
  publicKey: string;
  modulus: string;
  exponent: string;
  bits: number;
  algorithm: 'RSA-OAEP-256';
}

export class RsaKeyService {
  private key?: { privateKey: KeyObject; info: PublicKeyInfo };

  constructor(private readonly deps: { config: Config; systemSecrets: SystemSecrets }) {}

  private async load() {
    if (this.key) return this.key;
    const bits = this.deps.config.rsaKeyBits;
    const pem = await this.deps.systemSecrets.getOrCreate(
      `rsa-${bits}`,
      () =>
        generateKeyPairSync('rsa', { modulusLength: bits, publicExponent: 0x10001 }).privateKey.export({
          type: 'pkcs8',
          format: 'pem',
        }) as string,
    );
    const privateKey = createPrivateKey(pem);
    const publicKey = createPublicKey(privateKey);
    const jwk = publicKey.export({ format: 'jwk' });
    const hex = (b64url: string) => Buffer.from(b64url, 'base64url').toString('hex');
    this.key = {
      privateKey,
      info: {
        publicKey: publicKey.export({ type: 'spki', format: 'pem' }) as string,
        modulus: hex(jwk.n!),
        exponent: hex(jwk.e!).replace(/^0+/, '').padStart(6, '0'),
        bits,
        algorithm: 'RSA-OAEP-256',
      },
    };
    return this.key;
  }

  async publicKey(): Promise<PublicKeyInfo> {
    return (await this.load()).info;
  }

  /** Decrypts a base64 RSA-OAEP ciphertext (SHA-256, or SHA-1 from older clients). */
  async decrypt(base64: string): Promise<string> {
    const { privateKey } = await this.load();
    const data = Buffer.from(base64, 'base64');
    for (const oaepHash of ['sha256', 'sha1']) {
      try {
        return privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash }, data).toString(
          'utf8',
        );
      } catch {
        // try the next hash
      }
    }
    throw new BadRequestError('auth.passwordUndecryptable');
  }
}
