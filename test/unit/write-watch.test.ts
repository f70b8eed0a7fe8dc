/** Which statements tell the verified-session cache to forget (core/db/write-watch.ts, core/modules/auth/session-cache.ts). */
import test from 'ava';
import knexFactory from 'knex';
import { watchWrites, writtenTable } from '../../core/db/write-watch.ts';
import { SessionCache } from '../../core/modules/auth/session-cache.ts';

test('the table a write names, as knex quotes it on either database', (t) => {
  t.is(writtenTable('insert into `sessions` (`id`) values (?)'), 'sessions');
  t.is(writtenTable('update `users` set `status` = ? where `id` = ?'), 'users');
  t.is(writtenTable('delete from `role_permissions` where `role_id` = ?'), 'role_permissions');
  t.is(writtenTable('insert or ignore into "user_roles" values (?)'), 'user_roles');
  t.is(writtenTable('select * from `users`'), undefined);
});

async function withDb(fn: (db: knexFactory.Knex) => Promise<void>): Promise<void> {
  const db = knexFactory({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
  try {
    await db.schema.createTable('users', (t) => {
      t.increments('id');
      t.integer('status');
      t.integer('credit_balance');
      t.bigInteger('last_login_at');
    });
    await db.schema.createTable('sessions', (t) => t.string('id'));
    await db('users').insert({ id: 1, status: 1, credit_balance: 100 });
    await fn(db);
  } finally {
    await db.destroy();
  }
}

test('a copy is forgotten by a write to its sources, not by a credit move or a sign-in time', async (t) => {
  await withDb(async (db) => {
    const cache = new SessionCache<{ expiresAt: number }>(db, 1000);
    const keep = () => cache.set('s', { expiresAt: Date.now() + 60_000 }, cache.mark());
    keep();
    await db('users').where({ id: 1 }).decrement('credit_balance', 10);
    await db('users').where({ id: 1 }).update({ last_login_at: 5 });
    t.truthy(cache.get('s', Date.now()), 'bookkeeping leaves it');
    await db('users').where({ id: 1 }).update({ credit_balance: 3, status: 0 });
    t.is(cache.get('s', Date.now()), undefined, 'a change of standing beside a credit move forgets it');
    keep();
    await db('sessions').insert({ id: 'x' });
    t.is(cache.get('s', Date.now()), undefined);
  });
});

test('a read overtaken by a write is not kept, and a write in a transaction forgets again at its COMMIT', async (t) => {
  await withDb(async (db) => {
    const cache = new SessionCache<{ expiresAt: number }>(db, 1000);
    const mark = cache.mark();
    await db('users').where({ id: 1 }).update({ status: 0 });
    cache.set('s', { expiresAt: Date.now() + 60_000 }, mark);
    t.is(cache.get('s', Date.now()), undefined, 'read before the write, answered after it');
    const seen: string[] = [];
    watchWrites(db, ['users'], (_table, sql) => void seen.push(sql.split(' ')[0]!.toLowerCase()));
    await db.transaction(async (trx) => {
      await trx('users').where({ id: 1 }).update({ status: 1 });
      cache.set('s', { expiresAt: Date.now() + 60_000 }, cache.mark());
    });
    t.deepEqual(seen, ['update', 'commit;']);
    t.is(cache.get('s', Date.now()), undefined, 'kept between the write and the commit, forgotten at the commit');
  });
});

test('a copy lasts its time, and an ended session is read again', async (t) => {
  await withDb(async (db) => {
    const cache = new SessionCache<{ expiresAt: number }>(db, 30);
    cache.set('s', { expiresAt: Date.now() + 60_000 }, cache.mark());
    t.truthy(cache.get('s', Date.now()));
    await new Promise((r) => setTimeout(r, 50));
    t.is(cache.get('s', Date.now()), undefined);
    cache.set('e', { expiresAt: Date.now() - 1 }, cache.mark());
    t.is(cache.get('e', Date.now()), undefined);
    const off = new SessionCache<{ expiresAt: number }>(db, 0);
    off.set('s', { expiresAt: Date.now() + 60_000 }, off.mark());
    t.is(off.get('s', Date.now()), undefined);
  });
});
