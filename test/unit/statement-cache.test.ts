import test from 'ava';
import { createRequire } from 'node:module';
import { cacheStatements } from '../../core/db/statement-cache.ts';

interface Statement {
  reader: boolean;
  run(...bindings: unknown[]): unknown;
  all(...bindings: unknown[]): unknown[];
}
interface Connection {
  prepare(sql: string): Statement;
}
// better-sqlite3 ships no types; this is the part knex uses.
const Database = createRequire(import.meta.url)('better-sqlite3') as new (file: string) => Connection;

function open() {
  const db = new Database(':memory:');
  cacheStatements(db);
  db.prepare('create table t (id integer primary key, a text)').run();
  return db;
}

test('the same SQL gets the same prepared statement, which runs again with new bindings', (t) => {
  const db = open();
  const insert = db.prepare('insert into t (a) values (?)');
  t.is(db.prepare('insert into t (a) values (?)'), insert);
  insert.run('x');
  db.prepare('insert into t (a) values (?)').run('y');
  t.deepEqual(db.prepare('select a from t order by id').all(), [{ a: 'x' }, { a: 'y' }]);
});

test('a cached statement follows a schema change', (t) => {
  const db = open();
  db.prepare('insert into t (a) values (?)').run('x');
  t.deepEqual(db.prepare('select * from t').all(), [{ id: 1, a: 'x' }]);
  db.prepare('alter table t add column b text').run();
  t.deepEqual(db.prepare('select * from t').all(), [{ id: 1, a: 'x', b: null }]);
});

test('the cache is bounded: the least recently used statement goes first', (t) => {
  const db = open();
  const kept = db.prepare('select 0');
  const dropped = db.prepare('select -1');
  for (let i = 1; i <= 600; i++) {
    db.prepare(`select ${i}`);
    if (i % 100 === 0) db.prepare('select 0'); // still in use: stays
  }
  t.is(db.prepare('select 0'), kept);
  t.not(db.prepare('select -1'), dropped);
});
