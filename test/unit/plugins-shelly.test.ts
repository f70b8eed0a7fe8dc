/**
 * The Shelly provider (plugins/shelly-switch) against fake Gen2+ relays on 127.0.0.1 (test/fixtures/fakes/shelly.ts)
 * that demand SHA-256 digest with the device id as realm: switching, reading back, listing, health; the digest
 * challenge reused across calls and answered again when the device forgot it; Shelly's error objects, a wrong
 * password and a silent device all throw (the outbox retries).
 */
import test from 'ava';
import { createTestContext, type SwitchProvider } from '../../core/plugin-sdk/index.ts';
import { authorization, digestChallengeOf } from '../../plugins/http-digest/digest.ts';
import shelly from '../../plugins/shelly-switch/index.ts';
import { fakeShelly } from '../fixtures/fakes/shelly.ts';

function provider(settings: Record<string, unknown>): SwitchProvider {
  const parsed = shelly.settings.parse(settings);
  return shelly.create(createTestContext(parsed, { kind: 'switch', pluginId: 'shelly-switch' })) as SwitchProvider;
}

test('the definition: password sealed, devices an endpoint, ids unique', (t) => {
  t.is(shelly.kind, 'switch');
  t.deepEqual(shelly.secrets, ['password']);
  t.deepEqual(shelly.endpoints, ['devices']);
  const one = { id: 'lights-a', name: 'Lights A', url: 'http://10.0.0.5' };
  t.is(shelly.settings.parse({ devices: [one] }).devices[0]!.switchId, 0);
  t.false(shelly.settings.safeParse({ devices: [one, one] }).success);
  t.false(shelly.settings.safeParse({ devices: [{ ...one, url: 'ftp://10.0.0.5' }] }).success);
});

test('the digest answers match the examples of RFC 7616 §3.9.1 (MD5 and SHA-256)', (t) => {
  const header =
    'Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=SHA-256, ' +
    'nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS", ' +
    'Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=MD5, ' +
    'nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"';
  const chosen = digestChallengeOf(header)!;
  t.is(chosen.algorithm, 'SHA-256', 'the stronger of the two offered');
  const creds = { username: 'Mufasa', password: 'Circle of Life' };
  const cnonce = 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ';
  const response = (a: string) => /response="([0-9a-f]+)"/.exec(a)![1];
  const sha = authorization(chosen, creds, 'GET', '/dir/index.html', 1, cnonce);
  t.is(response(sha), '753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1');
  t.regex(sha, /qop=auth, nc=00000001, cnonce="f2\/wE4q/);
  const md5 = authorization({ ...chosen, algorithm: 'MD5' }, creds, 'GET', '/dir/index.html', 1, cnonce);
  t.is(response(md5), '8ca523f5e9506fed4657c9700eebdbec');
  t.is(digestChallengeOf('Basic realm="x"'), undefined, 'nothing to answer without a Digest challenge');
});

test('on, off, getState and listDevices over digest SHA-256, one challenge reused', async (t) => {
  const a = await fakeShelly({ switches: 2 });
  const b = await fakeShelly({ deviceId: 'shellypro4pm-c8f09e47e6f0', switches: 4 });
  t.teardown(a.close);
  t.teardown(b.close);
  const p = provider({
    password: 'relay-pass',
    devices: [
      { id: 'lights-a', name: 'Lights A', url: a.url, switchId: 1 },
      { id: 'screen-b', name: 'Screen B', url: b.url, switchId: 3 },
    ],
  });
  await p.setState('lights-a', true);
  t.true(a.outputs.get(1));
  t.false(a.outputs.get(0), 'only the configured relay');
  t.true(await p.getState!('lights-a'));
  await p.setState('lights-a', false);
  t.false(await p.getState!('lights-a'));
  await p.setState('screen-b', true);
  t.deepEqual(await p.listDevices(), [
    { id: 'lights-a', name: 'Lights A', on: false },
    { id: 'screen-b', name: 'Screen B', on: true },
  ]);
  // One 401 to learn the challenge, then every call answers it at once.
  t.is(a.requests.filter((r) => !r.authorized).length, 1);
  t.true(a.requests.slice(1).every((r) => r.authorized));

  a.forgetNonces();
  await p.setState('lights-a', true);
  t.true(a.outputs.get(1), 'a stale nonce is answered again once');
  t.is(a.requests.filter((r) => !r.authorized).length, 2);

  const health = await p.health!();
  t.true(health.ok, health.detail);
  t.regex(health.detail!, /2 relay/);
});

test('a device without authentication is switched without digest', async (t) => {
  const a = await fakeShelly({ password: null });
  t.teardown(a.close);
  const p = provider({ devices: [{ id: 'lights-a', name: 'Lights A', url: a.url }] });
  await p.setState('lights-a', true);
  t.true(a.outputs.get(0));
  t.true(a.requests.every((r) => r.authorized));
});

test('a wrong password throws (one refused answer per call, no loop); health fails', async (t) => {
  const a = await fakeShelly();
  t.teardown(a.close);
  const p = provider({ password: 'not-it', devices: [{ id: 'lights-a', name: 'Lights A', url: a.url }] });
  const err = await t.throwsAsync(p.setState('lights-a', true));
  t.regex(err!.message, /refused the password \(HTTP 401/);
  t.is(a.requests.length, 2, 'challenged, answered once, refused');
  t.false(a.outputs.get(0));
  const health = await p.health!();
  t.false(health.ok);
  t.regex(health.detail!, /refused the password/);
  t.deepEqual(await p.listDevices(), [{ id: 'lights-a', name: 'Lights A' }], 'listed without a state');
});

test("Shelly's error object throws with its code; an unknown device throws", async (t) => {
  const a = await fakeShelly({ switches: 1 });
  t.teardown(a.close);
  const p = provider({ password: 'relay-pass', devices: [{ id: 'x', name: 'X', url: a.url, switchId: 3 }] });
  const err = await t.throwsAsync(p.setState('x', true));
  t.regex(err!.message, /Switch\.Set failed with -105 Argument 'id', value 3 not found!/);
  await t.throwsAsync(p.setState('nope', true), { message: /no Shelly relay "nope"/ });
});

test('a device that does not answer throws within the timeout', async (t) => {
  const a = await fakeShelly({ hang: true });
  t.teardown(a.close);
  const p = provider({ timeoutMs: 1000, devices: [{ id: 'lights-a', name: 'Lights A', url: a.url }] });
  const started = Date.now();
  const err = await t.throwsAsync(p.setState('lights-a', true));
  const took = Date.now() - started;
  t.regex(err!.message, /^Shelly Lights A \(127\.0\.0\.1:\d+\) unreachable: /);
  t.true(took >= 900 && took < 5000, `gave up after ${took} ms`);
});
