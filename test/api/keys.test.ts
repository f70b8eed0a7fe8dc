import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { createUserWithPermissions as userWith, STAFF_PASSWORD } from '../helpers/users.ts';

interface Key {
  id: number;
  keyId: string;
  key?: string;
  scopes: string[];
  state: string;
  lastUsedAt: number | null;
  userId: number;
  username: string;
}

perDialect(test, (dialect, app) => {
  let admin: string;
  let logKey: Key;
  test.serial(`${dialect}: a key is created once with its secret, stored hashed, listed without it`, async (t) => {
    admin = await app().adminToken();
    const res = await app().post<{ data: Key }>(
      '/api/sys/keys',
      { name: 'log reader', scopes: ['sys:log:view', 'sys:log:view'] },
      { token: admin },
    );
    t.is(res.status, 200, JSON.stringify(res.body));
    logKey = res.body.data;
    t.regex(logKey.key!, /^atr_[0-9a-f]{16}\.[A-Za-z0-9_-]{43}$/);
    t.true(logKey.key!.startsWith(`atr_${logKey.keyId}.`));
    t.deepEqual(logKey.scopes, ['sys:log:view']);
    t.is(logKey.username, 'admin');
    const row = await app().cradle.db('api_keys').where({ id: logKey.id }).first();
    const secret = logKey.key!.split('.')[1]!;
    t.false(JSON.stringify(row).includes(secret), 'the secret is not stored');
    t.regex(String(row.secret_hash), /^sha256:[0-9a-f]{64}$/);
    const list = await app().get<{ data: { items: Key[] } }>('/api/sys/keys', { token: admin });
    t.is(list.body.data.items.length, 1);
    t.false(JSON.stringify(list.body).includes(secret));
    t.false('key' in list.body.data.items[0]!);
    const log = await app().get<{ data: { items: Array<{ action: string; summary: unknown }> } }>(
      '/api/sys/logs/operations?action=sys.keys.create',
      { token: admin },
    );
    t.is(log.body.data.items.length, 1);
    t.false(JSON.stringify(log.body).includes(secret));
  });

  test.serial(`${dialect}: a call with the key is allowed by its scopes and refused outside them`, async (t) => {
    const variants: Array<Record<string, string>> = [
      { authorization: `ApiKey ${logKey.key}` },
      { 'x-api-key': logKey.key! },
    ];
    for (const headers of variants) {
      const ok = await app().get<{ data: { items: unknown[] } }>('/api/sys/logs/operations', { headers });
      t.is(ok.status, 200, JSON.stringify(ok.body));
      t.is((await app().get('/api/sys/logs/reservations', { headers })).status, 403);
      t.is((await app().get('/api/sys/keys', { headers })).status, 403);
    }
    const used = await app().get<{ data: { items: Key[] } }>('/api/sys/keys', { token: admin });
    t.truthy(used.body.data.items[0]!.lastUsedAt, 'last use is recorded');
  });

  test.serial(`${dialect}: wrong, unknown and malformed keys answer 401`, async (t) => {
    const [prefix, secret] = logKey.key!.split('.');
    const flipped = `${prefix}.${secret!.slice(0, -1)}${secret!.endsWith('A') ? 'B' : 'A'}`;
    for (const key of [flipped, 'atr_0000000000000000.' + 'x'.repeat(43), 'nonsense', `${logKey.key}x`]) {
      const res = await app().get('/api/sys/logs/operations', { headers: { 'x-api-key': key } });
      t.is(res.status, 401, key);
      t.is(res.body.key, 'auth.apiKeyInvalid');
    }
  });

  test.serial(`${dialect}: scopes must be known permissions the creator holds`, async (t) => {
    const unknown = await app().post('/api/sys/keys', { name: 'x', scopes: ['sys:nothing:view'] }, { token: admin });
    t.is(unknown.status, 400);
    t.is(unknown.body.key, 'keys.unknownScope');
    t.is((await app().post('/api/sys/keys', { name: 'x', scopes: [] }, { token: admin })).status, 400);
    t.is((await app().post('/api/sys/keys', { name: '', scopes: ['sys:log:view'] }, { token: admin })).status, 400);
    t.is(
      (
        await app().post(
          '/api/sys/keys',
          { name: 'x', scopes: ['sys:log:view'], expiresAt: app().clock.now() - 1000 },
          { token: admin },
        )
      ).status,
      400,
    );
    await userWith(app(), 'keymaker', ['sys:secret:view', 'sys:secret:add', 'sys:secret:delete', 'sys:log:view']);
    const maker = await app().tokenFor('keymaker', STAFF_PASSWORD);
    const beyond = await app().post(
      '/api/sys/keys',
      { name: 'too much', scopes: ['sys:log:view', 'sys:admin:add'] },
      { token: maker, lang: 'en' },
    );
    t.is(beyond.status, 403);
    t.is(beyond.body.key, 'keys.beyondAuthority');
    t.regex(beyond.body.msg, /sys:admin:add/);
    const own = await app().post<{ data: Key }>(
      '/api/sys/keys',
      { name: 'mine', scopes: ['sys:log:view'] },
      { token: maker },
    );
    t.is(own.status, 200);
    t.is(own.body.data.username, 'keymaker');
    const headers = { 'x-api-key': own.body.data.key! };
    t.is((await app().get('/api/sys/logs/operations', { headers })).status, 200);
    // The key acts as its creator: when the creator loses the permission, so does the key.
    await app()
      .cradle.db('role_permissions')
      .where({ permission: 'sys:log:view' })
      .whereIn('role_id', app().cradle.db('roles').where({ name: 'role-keymaker' }).select('id'))
      .del();
    t.is((await app().get('/api/sys/logs/operations', { headers })).status, 403);
    // And a disabled creator's keys stop working.
    await app().cradle.db('users').where({ username: 'keymaker' }).update({ status: 0 });
    t.is((await app().get('/api/sys/logs/operations', { headers })).status, 401);
  });

  test.serial(`${dialect}: a key cannot create or revoke keys, even with the permission`, async (t) => {
    const res = await app().post<{ data: Key }>(
      '/api/sys/keys',
      { name: 'key admin', scopes: ['sys:secret:add', 'sys:secret:delete'] },
      { token: admin },
    );
    const headers = { 'x-api-key': res.body.data.key! };
    const made = await app().post('/api/sys/keys', { name: 'child', scopes: ['sys:log:view'] }, { headers });
    t.is(made.status, 403);
    t.is(made.body.key, 'keys.notWithKey');
    t.is((await app().delete(`/api/sys/keys/${logKey.id}`, { headers })).status, 403);
  });

  test.serial(`${dialect}: a revoked key answers 401`, async (t) => {
    const res = await app().delete<{ data: Key }>(`/api/sys/keys/${logKey.id}`, { token: admin });
    t.is(res.status, 200);
    t.is(res.body.data.state, 'revoked');
    const call = await app().get('/api/sys/logs/operations', { headers: { authorization: `ApiKey ${logKey.key}` } });
    t.is(call.status, 401);
    t.is(call.body.key, 'auth.apiKeyInvalid');
    t.is((await app().delete('/api/sys/keys/999999', { token: admin })).status, 404);
    const active = await app().get<{ data: { items: Key[] } }>('/api/sys/keys?state=active', { token: admin });
    t.false(active.body.data.items.some((k) => k.id === logKey.id));
  });

  test.serial(`${dialect}: an expired key answers 401`, async (t) => {
    const res = await app().post<{ data: Key }>(
      '/api/sys/keys',
      { name: 'short', scopes: ['sys:log:view'], expiresAt: app().clock.now() + 3_600_000 },
      { token: admin },
    );
    const headers = { 'x-api-key': res.body.data.key! };
    t.is((await app().get('/api/sys/logs/operations', { headers })).status, 200);
    app().clock.advance(3_600_001);
    t.is((await app().get('/api/sys/logs/operations', { headers })).status, 401);
    admin = await app().adminToken();
    const list = await app().get<{ data: { items: Key[] } }>('/api/sys/keys', { token: admin });
    t.is(list.body.data.items.find((k) => k.id === res.body.data.id)!.state, 'expired');
  });
});
