/**
 * The verified-session cache (core/modules/auth/session-cache.ts, docs/architecture.md A5.5): a process keeps a
 * verified session for at most `sessionCacheMs`, forgets every copy at once when it writes a session, an account
 * or a role itself, and so another process sees a sign-out, a disabled account or a changed role within that time.
 * Two app instances on one database stand for two processes: each has its own connection pool and its own cache.
 */
import fs from 'node:fs';
import path from 'node:path';
import anyTest, { type TestFn } from 'ava';
import { loadConfig } from '../../config/default.ts';
import { startServer } from '../../core/server.ts';
import { dialects, startTestApp, TestApp } from '../helpers/app.ts';
import { createUser, STAFF_PASSWORD } from '../helpers/users.ts';

const test = anyTest as TestFn;

/** A second instance on the first one's database, with the same secrets (they are in the database) and its own cache. */
async function secondInstance(first: TestApp, sessionCacheMs = 1000): Promise<TestApp> {
  const c = first.cradle.config;
  const dataDir = fs.mkdtempSync(path.join(path.dirname(c.dataDir), 'atrium-second-'));
  const config = loadConfig(
    {},
    {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      databaseUrl: c.databaseUrl,
      logLevel: 'silent',
      rsaKeyBits: 1024,
      seedDemo: false,
      scheduler: false,
      staticDir: c.staticDir,
      // The first instance's key (a file in its data directory): the secrets in the database are sealed with it.
      secretKey: c.secretKey || fs.readFileSync(path.join(c.dataDir, 'secret.key'), 'utf8').trim(),
      sessionCacheMs,
    },
  );
  const running = await startServer(config, { clock: first.clock, quiet: true, demo: false });
  return new TestApp(running, first.clock, first.dialect, async () => fs.rmSync(dataDir, { recursive: true }));
}

const info = (app: TestApp, token: string) => app.get('/api/sys/user/info', { token }).then((r) => r.status);

/** Asks `app` until it refuses `token`; answers how long that took, in ms (at most 5 s). */
async function refusedWithin(app: TestApp, token: string): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < 100; i++) {
    if ((await info(app, token)) === 401) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 50));
  }
  return Infinity;
}

for (const dialect of dialects) {
  test.serial(
    `${dialect}: a sign-out is refused at once by its own process and within a second by another`,
    async (t) => {
      const a = await startTestApp({ dialect });
      const b = await secondInstance(a);
      try {
        await createUser(a, 'cache1');
        const token = await a.tokenFor('cache1', STAFF_PASSWORD);
        t.is(await info(a, token), 200);
        t.is(await info(b, token), 200, 'the other process has verified it, and keeps it');
        t.is((await a.post('/api/sys/logout', {}, { token })).status, 200);
        t.is(await info(a, token), 401, 'this process forgot its copy when it wrote the revocation');
        const late = await refusedWithin(b, token);
        t.true(late <= 1300, `the other process refused it after ${Math.round(late)} ms`);
      } finally {
        await b.stop();
        await a.stop();
      }
    },
  );

  test.serial(
    `${dialect}: a disabled account and a removed permission take effect at once in the process that changed them`,
    async (t) => {
      const a = await startTestApp({ dialect });
      const b = await secondInstance(a);
      try {
        const admin = await a.adminToken();
        const id = await createUser(a, 'cache2');
        const token = await a.tokenFor('cache2', STAFF_PASSWORD);
        t.is(await info(a, token), 200);
        t.is(await info(b, token), 200);
        t.is((await a.put(`/api/sys/users/${id}/status`, { status: 0 }, { token: admin })).status, 200);
        t.is(await info(a, token), 401);
        t.true((await refusedWithin(b, token)) <= 1300, 'the other process within the cache time');

        // A role losing the permissions of a route: the holder's next request in this process is judged by the new role.
        const listing = ['sys:role:view', 'sys:admin:add', 'sys:admin:update'];
        t.is((await a.get('/api/sys/roles', { token: admin })).status, 200);
        const granted = (await a.cradle.db('role_permissions').whereIn('permission', listing)) as object[];
        t.true(granted.length > 0);
        await a.cradle.db('role_permissions').whereIn('permission', listing).delete();
        t.is((await a.get('/api/sys/roles', { token: admin })).status, 403);
        await a.cradle.db('role_permissions').insert(granted);
        t.is((await a.get('/api/sys/roles', { token: admin })).status, 200);
      } finally {
        await b.stop();
        await a.stop();
      }
    },
  );

  test.serial(
    `${dialect}: with the cache off, another process refuses a signed-out session on the next request`,
    async (t) => {
      const a = await startTestApp({ dialect });
      const b = await secondInstance(a, 0);
      try {
        await createUser(a, 'cache3');
        const token = await a.tokenFor('cache3', STAFF_PASSWORD);
        t.is(await info(b, token), 200);
        t.is((await a.post('/api/sys/logout', {}, { token })).status, 200);
        t.is(await info(b, token), 401);
      } finally {
        await b.stop();
        await a.stop();
      }
    },
  );
}
