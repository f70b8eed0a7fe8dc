import http from 'node:http';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import { compareVersions } from '../../core/modules/system/release-check.ts';
import { startTestApp } from '../helpers/app.ts';

test('versions compare numerically', (t) => {
  t.true(compareVersions('1.10.0', '1.9.9') > 0);
  t.is(compareVersions('v1.0.0', '1.0.0'), 0);
  t.true(compareVersions('1.0.0', '1.0.1') < 0);
});

test.serial('without a release URL nothing is called and nothing is newer', async (t) => {
  const app = await startTestApp();
  try {
    const r = await app.get<{ data: { enabled: boolean; newer: boolean } }>('/api/sys/release', {
      token: await app.adminToken(),
    });
    t.is(r.status, 200);
    t.deepEqual([r.body.data.enabled, r.body.data.newer], [false, false]);
  } finally {
    await app.stop();
  }
});

test.serial('with a release URL the newest version is reported to administrators', async (t) => {
  let calls = 0;
  const feed = http.createServer((_req, res) => {
    calls++;
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify([
        { version: '1.2.0', url: 'https://example.org/r/1.2.0', notes: 'Faster grid' },
        { version: '1.1.0' },
      ]),
    );
  });
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  const app = await startTestApp({
    config: { releaseCheckUrl: `http://127.0.0.1:${(feed.address() as AddressInfo).port}/releases.json` },
  });
  try {
    const token = await app.adminToken();
    const r = await app.get<{ data: { latest: string; newer: boolean; url: string; notes: string } }>(
      '/api/sys/release',
      { token },
    );
    t.deepEqual(r.body.data, {
      ...r.body.data,
      latest: '1.2.0',
      newer: true,
      url: 'https://example.org/r/1.2.0',
      notes: 'Faster grid',
    });
    await app.get('/api/sys/release?refresh=false', { token });
    t.is(calls, 1, 'cached');
    await app.get('/api/sys/release?refresh=true', { token });
    t.is(calls, 2);
  } finally {
    await app.stop();
    feed.close();
  }
});
