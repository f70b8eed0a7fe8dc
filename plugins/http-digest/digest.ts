/**
 * HTTP Digest access authentication (RFC 7616, https://www.rfc-editor.org/rfc/rfc7616), shared by
 * plugins/shelly-switch and the Hikvision plugins (this folder has no entry, so it is no plugin itself). Shelly
 * Gen2+ devices ask for SHA-256 with their device id as the realm; Hikvision ISAPI terminals ask for MD5 (often
 * without naming it, which RFC 7616 §3.3 reads as MD5).
 *
 * A client remembers the last challenge of each origin and answers it with a counted nonce (`nc`) and a fresh
 * `cnonce`, so a device asks once per nonce rather than once per call (each challenge costs a round trip, and
 * Hikvision locks a client out after several refused attempts). When the answer is 401 anyway (expired or
 * unknown nonce), the request is sent once more under the new challenge; a second 401 is returned as it is, so
 * a wrong password is one refused attempt per call, never a loop.
 *
 * Bodies must be replayable (string or bytes), since a challenged request is sent twice.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { HttpInit, PluginHttp } from '../../core/plugin-sdk/index.ts';

/** The algorithms of RFC 7616 §6.1 that node:crypto has, by the name a challenge uses. */
const HASHES: Record<string, string> = { MD5: 'md5', 'SHA-256': 'sha256', 'SHA-512-256': 'sha512-256' };
/** When a server offers several challenges (§3.7), the strongest one we can answer wins. */
const PREFERENCE = ['SHA-512-256', 'SHA-256', 'MD5'];

export interface DigestChallenge {
  realm: string;
  nonce: string;
  opaque?: string;
  /** As the server spelled it (`SHA-256`, `MD5-sess`); absent means MD5. */
  algorithm?: string;
  qop?: string[];
  stale?: boolean;
  userhash?: boolean;
}

/** Splits a `WWW-Authenticate` value (several challenges may share one header, §4.1 of RFC 9110) into schemes and their parameters. */
export function parseChallenges(header: string): Array<{ scheme: string; params: Record<string, string> }> {
  const out: Array<{ scheme: string; params: Record<string, string> }> = [];
  const token = /[!#$%&'*+.^_`|~0-9A-Za-z-]+/y;
  let i = 0;
  const skip = () => {
    while (i < header.length && /[\s,]/.test(header[i]!)) i++;
  };
  while (i < header.length) {
    skip();
    token.lastIndex = i;
    const m = token.exec(header);
    if (!m) {
      i++;
      continue;
    }
    i = token.lastIndex;
    let j = i;
    while (header[j] === ' ' || header[j] === '\t') j++;
    if (header[j] === '=') {
      // A parameter of the challenge being read.
      j++;
      while (header[j] === ' ' || header[j] === '\t') j++;
      let value = '';
      if (header[j] === '"') {
        j++;
        while (j < header.length && header[j] !== '"') {
          if (header[j] === '\\') j++;
          value += header[j] ?? '';
          j++;
        }
        j++;
      } else {
        const start = j;
        while (j < header.length && !/[\s,]/.test(header[j]!)) j++;
        value = header.slice(start, j);
      }
      const current = out[out.length - 1];
      if (current) current.params[m[0].toLowerCase()] = value;
      i = j;
    } else {
      out.push({ scheme: m[0].toLowerCase(), params: {} });
    }
  }
  return out;
}

/** The Digest challenge of a 401 we can answer, or undefined (no Digest, or only algorithms/qops we lack). */
export function digestChallengeOf(header: string | null): DigestChallenge | undefined {
  if (!header) return undefined;
  const candidates = parseChallenges(header)
    .filter((c) => c.scheme === 'digest' && c.params.realm !== undefined && c.params.nonce !== undefined)
    .map((c): DigestChallenge => ({
      realm: c.params.realm!,
      nonce: c.params.nonce!,
      opaque: c.params.opaque,
      algorithm: c.params.algorithm,
      qop: c.params.qop?.split(',').map((q) => q.trim().toLowerCase()),
      stale: c.params.stale?.toLowerCase() === 'true',
      userhash: c.params.userhash?.toLowerCase() === 'true',
    }))
    .filter((c) => HASHES[baseAlgorithm(c)] !== undefined && (!c.qop || c.qop.includes('auth')));
  const rank = (c: DigestChallenge) => PREFERENCE.indexOf(baseAlgorithm(c));
  return candidates.sort((a, b) => rank(a) - rank(b))[0];
}

function baseAlgorithm(c: DigestChallenge): string {
  return (c.algorithm ?? 'MD5').toUpperCase().replace(/-SESS$/, '');
}

function quote(value: string): string {
  return `"${value.replace(/(["\\])/g, '\\$1')}"`;
}

/** The `Authorization` value answering `challenge` for one request (RFC 7616 §3.4). */
export function authorization(
  challenge: DigestChallenge,
  creds: { username: string; password: string },
  method: string,
  uri: string,
  nc: number,
  cnonce: string,
): string {
  const hashName = HASHES[baseAlgorithm(challenge)]!;
  const H = (s: string) => createHash(hashName).update(s, 'utf8').digest('hex');
  const sess = /-sess$/i.test(challenge.algorithm ?? '');
  let ha1 = H(`${creds.username}:${challenge.realm}:${creds.password}`);
  if (sess) ha1 = H(`${ha1}:${challenge.nonce}:${cnonce}`);
  const ha2 = H(`${method.toUpperCase()}:${uri}`);
  const ncHex = nc.toString(16).padStart(8, '0');
  // A server without qop speaks RFC 2069; its answer carries no nc/cnonce.
  const response = challenge.qop
    ? H(`${ha1}:${challenge.nonce}:${ncHex}:${cnonce}:auth:${ha2}`)
    : H(`${ha1}:${challenge.nonce}:${ha2}`);
  const username = challenge.userhash ? H(`${creds.username}:${challenge.realm}`) : creds.username;
  const parts = [
    `username=${quote(username)}`,
    `realm=${quote(challenge.realm)}`,
    `nonce=${quote(challenge.nonce)}`,
    `uri=${quote(uri)}`,
    `response=${quote(response)}`,
  ];
  if (challenge.algorithm) parts.push(`algorithm=${challenge.algorithm}`);
  if (challenge.opaque !== undefined) parts.push(`opaque=${quote(challenge.opaque)}`);
  if (challenge.qop) parts.push('qop=auth', `nc=${ncHex}`, `cnonce=${quote(cnonce)}`);
  if (challenge.userhash) parts.push('userhash=true');
  return `Digest ${parts.join(', ')}`;
}

export interface DigestInit extends HttpInit {
  body?: string | Uint8Array<ArrayBuffer> | null;
}

/**
 * `fetch` with Digest authentication over the plugin's `ctx.http` (so every request keeps its timeout). One
 * client per set of credentials; it may serve several devices (challenges are kept per origin).
 */
export class DigestClient {
  private readonly challenges = new Map<string, { challenge: DigestChallenge; nc: number }>();

  constructor(
    private readonly http: PluginHttp,
    private readonly creds: { username: string; password: string },
  ) {}

  async fetch(url: string | URL, init: DigestInit = {}): Promise<Response> {
    const target = new URL(url);
    const method = (init.method ?? 'GET').toUpperCase();
    const uri = `${target.pathname}${target.search}`;
    const send = (auth?: string) => {
      const headers = new Headers(init.headers);
      if (auth) headers.set('authorization', auth);
      return this.http.fetch(target, { ...init, method, headers });
    };
    const known = this.challenges.get(target.origin);
    let res = await send(known ? this.answer(target.origin, method, uri) : undefined);
    if (res.status !== 401) return res;
    const challenge = digestChallengeOf(res.headers.get('www-authenticate'));
    if (!challenge) return res;
    // The 401's body is of no use, but it must be read for the connection to be reused.
    await res.arrayBuffer().catch(() => undefined);
    this.challenges.set(target.origin, { challenge, nc: 0 });
    res = await send(this.answer(target.origin, method, uri));
    if (res.status === 401) this.challenges.delete(target.origin);
    return res;
  }

  private answer(origin: string, method: string, uri: string): string {
    const entry = this.challenges.get(origin)!;
    entry.nc += 1;
    return authorization(entry.challenge, this.creds, method, uri, entry.nc, randomBytes(16).toString('hex'));
  }
}
