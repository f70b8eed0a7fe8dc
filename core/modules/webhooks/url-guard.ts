/**
 * Where a webhook may go (docs/product-rules.md R24.3): http or https only, and, unless the `webhookAllowPrivate`
 * parameter allows it, no host name that resolves to a private, loopback, link-local, shared or unspecified
 * address (every address it resolves to is checked). The delivery connects to the address checked here, so a
 * name that resolves elsewhere a moment later (DNS rebinding) cannot move it.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

const BLOCKED = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  BLOCKED.addSubnet(net, bits, 'ipv6');

/** Whether an address is one no webhook goes to unless allowed (an IPv4-mapped IPv6 address as its IPv4 one). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return BLOCKED.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family === 6) return BLOCKED.check(address, 'ipv6');
  return true;
}

export type GuardRefusal = 'scheme' | 'unresolved' | 'private';

export class UrlRefused extends Error {
  constructor(
    readonly reason: GuardRefusal,
    readonly host: string,
  ) {
    super(`webhook address refused (${reason}): ${host}`);
  }
}

export interface CheckedUrl {
  url: URL;
  /** The address to connect to, and its family. */
  address: string;
  family: 4 | 6;
}

/** Checks a URL and answers the address to connect to; throws UrlRefused. */
export async function checkUrl(text: string, allowPrivate: boolean): Promise<CheckedUrl> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UrlRefused('scheme', text.slice(0, 100));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UrlRefused('scheme', url.protocol);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: Array<{ address: string; family: number }>;
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new UrlRefused('unresolved', host);
    }
  }
  if (addresses.length === 0) throw new UrlRefused('unresolved', host);
  if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) throw new UrlRefused('private', host);
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
