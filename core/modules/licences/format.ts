/**
 * The licence file. A vendor signs a JSON payload with its RSA private key
 * (RSASSA-PKCS1-v1_5 with SHA-256); the file is plain text, two armoured blocks:
 *
 *   -----BEGIN ATRIUM LICENCE-----
 *   base64 of the payload's UTF-8 JSON bytes, lines of 64 characters
 *   -----END ATRIUM LICENCE-----
 *   -----BEGIN ATRIUM SIGNATURE-----
 *   base64 of the signature over exactly those bytes, lines of 64 characters
 *   -----END ATRIUM SIGNATURE-----
 *
 * Reading is strict so that any changed byte is a data error: the markers must
 * be exact, base64 must be canonical (re-encoding gives the same text), and
 * the only slack is LF or CRLF line ends and empty lines at the very end.
 * Payload fields are in `LicencePayload`; a limit of 0 means unlimited, and
 * `expiresAt` null means the licence does not expire.
 */
import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { z } from 'zod';

const BEGIN = '-----BEGIN ATRIUM LICENCE-----';
const END = '-----END ATRIUM LICENCE-----';
const SIG_BEGIN = '-----BEGIN ATRIUM SIGNATURE-----';
const SIG_END = '-----END ATRIUM SIGNATURE-----';

const count = z.number().int().min(0).max(10_000_000);
export const LicencePayload = z.strictObject({
  version: z.string().min(1).max(20).describe('product version the licence is for'),
  productSn: z.string().min(1).max(100).describe('product serial number'),
  status: z.string().min(1).max(20).describe('vendor status, e.g. official or trial'),
  deviceCount: count.describe('devices covered, informational'),
  roomLimit: count.describe('meeting rooms; 0 unlimited'),
  deskLimit: count.describe('desks; 0 unlimited'),
  deviceLimit: count.describe('devices; 0 unlimited'),
  authCode: z.string().min(1).max(200).describe('authorization code'),
  registeredAt: z.number().int().min(0).describe('issue time, epoch ms'),
  expiresAt: z.number().int().min(0).nullable().describe('epoch ms; null never expires'),
});
export type LicencePayload = z.infer<typeof LicencePayload>;

/** Why a text is not a valid licence (for logs and the CLI; users see "data error"). */
export class LicenceFormatError extends Error {}

const wrap = (b64: string) => b64.match(/.{1,64}/g)!.join('\n');

export function issueLicence(payload: LicencePayload, privateKeyPem: string): string {
  const body = Buffer.from(JSON.stringify(LicencePayload.parse(payload)), 'utf8');
  const signature = sign('sha256', body, createPrivateKey(privateKeyPem));
  return [BEGIN, wrap(body.toString('base64')), END, SIG_BEGIN, wrap(signature.toString('base64')), SIG_END, ''].join(
    '\n',
  );
}

function block(lines: string[], at: number, begin: string, end: string): { bytes: Buffer; next: number } {
  if (lines[at] !== begin) throw new LicenceFormatError(`expected ${begin}`);
  const stop = lines.indexOf(end, at + 1);
  if (stop < 0) throw new LicenceFormatError(`missing ${end}`);
  const body = lines.slice(at + 1, stop);
  if (body.length === 0 || body.some((l) => !/^[A-Za-z0-9+/]+={0,2}$/.test(l)))
    throw new LicenceFormatError('not base64');
  const text = body.join('');
  const bytes = Buffer.from(text, 'base64');
  if (bytes.toString('base64') !== text) throw new LicenceFormatError('not canonical base64');
  return { bytes, next: stop + 1 };
}

/** Verifies `text` with the vendor public key; throws LicenceFormatError on any flaw. */
export function readLicence(text: string, publicKey: KeyObject): LicencePayload {
  const lines = text.split(/\r?\n/);
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  const payload = block(lines, 0, BEGIN, END);
  const signature = block(lines, payload.next, SIG_BEGIN, SIG_END);
  if (signature.next !== lines.length) throw new LicenceFormatError('text after the signature');
  let ok: boolean;
  try {
    ok = verify('sha256', payload.bytes, publicKey, signature.bytes);
  } catch {
    ok = false;
  }
  if (!ok) throw new LicenceFormatError('signature does not match');
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(payload.bytes));
  } catch {
    throw new LicenceFormatError('payload is not JSON');
  }
  const parsed = LicencePayload.safeParse(json);
  if (!parsed.success)
    throw new LicenceFormatError(`payload: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
  return parsed.data;
}

/** The vendor public key: PEM text, or the path of a PEM file. */
export function loadPublicKey(pemOrPath: string, readFile: (p: string) => string): KeyObject {
  return createPublicKey(pemOrPath.includes('-----BEGIN') ? pemOrPath : readFile(pemOrPath));
}
