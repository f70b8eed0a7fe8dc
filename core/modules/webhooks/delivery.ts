/**
 * Sending one webhook message (docs/product-rules.md R24.3, R24.4): a POST of the stored body, signed as the
 * Standard Webhooks specification says with the endpoint's secret (and its previous one during a rotation's grace),
 * to the address the URL guard checked at this very attempt (the connection is pinned to it), redirects not
 * followed. The answer's status is kept in the delivery log; anything but 2xx throws, so the outbox retries with
 * backoff.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { CheckedUrl } from './url-guard.ts';

/** Milliseconds to wait for the receiver's answer. */
export const SEND_TIMEOUT_MS = 10_000;
/** Bytes of the answer read at most (the rest is dropped). */
const MAX_ANSWER = 64 * 1024;

/** Posts `body` to the checked address; answers the status, throws when no answer came. */
export function send(
  target: CheckedUrl,
  headers: Record<string, string>,
  body: string,
  timeoutMs = SEND_TIMEOUT_MS,
): Promise<number> {
  const { url, address, family } = target;
  // Every lookup of the host answers the address checked: a name that changed meanwhile cannot move the call.
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [
        { address, family },
      ]);
    else callback(null, address, family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<number>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        lookup: pinned,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Atrium-Webhooks/1',
        },
        timeout: timeoutMs,
      },
      (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER) res.destroy();
        });
        res.on('close', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (err) => reject(err));
    req.end(body);
  });
}
