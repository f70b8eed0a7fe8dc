/**
 * The webhook providers (plugins/webhook-access, plugins/webhook-switch) against a local receiver on 127.0.0.1
 * (node:http) that checks every request as the Standard Webhooks specification tells a receiver to: the
 * signature `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` under the shared secret,
 * compared in constant time, and a timestamp within five minutes. Grants, revokes and switching arrive with
 * their data; a refused signature, a 5xx, a redirect and a receiver that does not answer all throw (the
 * outbox retries), and a redirect is not followed.
 */
import test from 'ava';
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestContext, type AccessProvider, type SwitchProvider } from '../../core/plugin-sdk/index.ts';
import webhookAccess from '../../plugins/webhook-access/index.ts';
import webhookSwitch from '../../plugins/webhook-switch/index.ts';

const WHSEC = `whsec_${Buffer.from('a-secret-of-thirty-two-bytes-abc').toString('base64')}`;
const NOW = Date.UTC(2027, 2, 1, 8, 0);

interface Received {
  id: string;
  timestamp: number;
  body: { type: string; timestamp: string; data: Record<string, unknown> };
}

/** A receiver that verifies like a Standard Webhooks library; `answer` may override its status (or hang). */
async function receiver(secret: string, answer: (r: Received) => number | 'hang' = () => 204) {
  const key = secret.startsWith('whsec_') ? Buffer.from(secret.slice(6), 'base64') : Buffer.from(secret);
  const received: Received[] = [];
  const refused: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const id = String(req.headers['webhook-id'] ?? '');
      const ts = String(req.headers['webhook-timestamp'] ?? '');
      const expected = createHmac('sha256', key).update(`${id}.${ts}.${raw}`).digest();
      const valid = String(req.headers['webhook-signature'] ?? '')
        .split(' ')
        .some((s) => {
          const [version, sig] = s.split(',');
          const given = Buffer.from(sig ?? '', 'base64');
          return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
        });
      const fresh = Math.abs(Number(ts) * 1000 - NOW) <= 5 * 60_000;
      if (req.method !== 'POST' || req.headers['content-type'] !== 'application/json' || !id || !valid || !fresh) {
        refused.push(`${req.method} ${valid ? 'signed' : 'bad signature'} ${fresh ? 'fresh' : 'stale'}`);
        res.writeHead(401).end('invalid signature');
        return;
      }
      const r: Received = { id, timestamp: Number(ts), body: JSON.parse(raw) as Received['body'] };
      received.push(r);
      const status = answer(r);
      if (status === 'hang') return;
      if (status >= 300 && status < 400) res.writeHead(status, { location: 'http://127.0.0.1:9/elsewhere' }).end();
      else res.writeHead(status).end(status >= 400 ? 'receiver failed' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/atrium`;
  return {
    url,
    received,
    refused,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function accessProvider(settings: Record<string, unknown>): AccessProvider {
  const parsed = webhookAccess.settings.parse(settings);
  return webhookAccess.create(createTestContext(parsed, { kind: 'access', now: NOW })) as AccessProvider;
}
function switchProvider(settings: Record<string, unknown>): SwitchProvider {
  const parsed = webhookSwitch.settings.parse(settings);
  return webhookSwitch.create(createTestContext(parsed, { kind: 'switch', now: NOW })) as SwitchProvider;
}

test('the definitions: secret sealed, url an endpoint, settings validated', (t) => {
  for (const def of [webhookAccess, webhookSwitch]) {
    t.deepEqual(def.secrets, ['secret']);
    t.deepEqual(def.endpoints, ['url']);
    t.false(def.settings.safeParse({ url: 'ftp://x.example/', secret: WHSEC }).success, 'http(s) only');
    t.false(def.settings.safeParse({ url: 'https://x.example/', secret: 'short' }).success);
    t.is(def.settings.parse({ url: 'https://x.example/', secret: WHSEC }).timeoutMs, 10_000);
  }
  t.is(webhookAccess.kind, 'access');
  t.is(webhookSwitch.kind, 'switch');
});

test('grants and revokes arrive signed, with their data', async (t) => {
  const r = await receiver(WHSEC);
  t.teardown(r.close);
  const p = accessProvider({ url: r.url, secret: WHSEC });
  const grant = {
    bookingId: 42,
    lockId: 'lock-a',
    people: [{ username: 'alice', cardNo: 'CARD-A' }],
    from: NOW + 3_000_000,
    to: NOW + 7_200_000,
  };
  await p.grant(grant);
  await p.revoke(42, 'lock-a');
  t.deepEqual(r.refused, []);
  t.deepEqual(
    r.received.map((x) => [x.body.type, x.body.data]),
    [
      ['access.grant', grant],
      ['access.revoke', { bookingId: 42, lockId: 'lock-a' }],
    ],
  );
  t.is(r.received[0]!.timestamp, NOW / 1000, 'webhook-timestamp in seconds, from the provider clock');
  t.is(r.received[0]!.body.timestamp, new Date(NOW).toISOString());
  t.regex(r.received[0]!.id, /^msg_[0-9a-f-]{36}$/);
  t.not(r.received[0]!.id, r.received[1]!.id);
  t.like(await p.health!(), { ok: true });
  t.is(r.received[2]!.body.type, 'webhook.ping');
});

test('switching arrives signed under a plain-text secret', async (t) => {
  const secret = 'a plain shared secret of some length';
  const r = await receiver(secret);
  t.teardown(r.close);
  const p = switchProvider({ url: r.url, secret });
  await p.setState('lights-a', true);
  await p.setState('lights-a', false);
  t.deepEqual(r.refused, []);
  t.deepEqual(
    r.received.map((x) => [x.body.type, x.body.data]),
    [
      ['switch.setState', { deviceId: 'lights-a', on: true }],
      ['switch.setState', { deviceId: 'lights-a', on: false }],
    ],
  );
  t.deepEqual(await p.listDevices(), []);
});

test('a wrong secret is refused by the receiver, and the call throws', async (t) => {
  const r = await receiver(WHSEC);
  t.teardown(r.close);
  const p = switchProvider({ url: r.url, secret: 'not the receiver secret at all' });
  const err = await t.throwsAsync(p.setState('lights-a', true));
  t.regex(err!.message, /HTTP 401/);
  t.deepEqual(r.refused, ['POST bad signature fresh']);
});

test('a 5xx or a redirect throws (the outbox retries); the redirect is not followed', async (t) => {
  let status = 503;
  const r = await receiver(WHSEC, () => status);
  t.teardown(r.close);
  const p = accessProvider({ url: r.url, secret: WHSEC });
  t.regex((await t.throwsAsync(p.revoke(1, 'lock-a')))!.message, /HTTP 503/);
  status = 307;
  t.regex((await t.throwsAsync(p.revoke(1, 'lock-a')))!.message, /HTTP 307/);
  t.is(r.received.length, 2, 'the signed body went to the configured address only');
  status = 200;
  await p.revoke(1, 'lock-a');
  t.is(r.received.length, 3);
});

test('a receiver that does not answer throws after the timeout', async (t) => {
  const r = await receiver(WHSEC, () => 'hang');
  t.teardown(r.close);
  const p = switchProvider({ url: r.url, secret: WHSEC, timeoutMs: 1000 });
  const started = Date.now();
  const err = await t.throwsAsync(p.setState('lights-a', true));
  t.regex(err!.message, /^webhook 127\.0\.0\.1:\d+ unreachable: /);
  const took = Date.now() - started;
  t.true(took >= 900 && took < 5_000, `gave up after ${took} ms`);
});
