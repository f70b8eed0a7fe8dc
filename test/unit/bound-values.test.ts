/**
 * No SQL text in the server is built from a value. MariaDB connections take several statements in one query
 * (core/db/connection.ts, for core/db/batch.ts), which is safe only while every value reaches the database bound
 * (`?`), never spliced into the text: a spliced value could end one statement and start another. This finds every
 * raw SQL template with an interpolation in core/ and plugins/; each one allowed below splices only text the code
 * itself holds, for the reason given. A new one fails here until it binds its values or is shown to splice none.
 */
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** `file: template` → why what it splices is not a value. */
const ALLOWED: Record<string, string> = {
  'core/modules/environment/rollup.ts: ${expr} as ${as}': 'the aggregates are a constant table of the file',
  "core/modules/scim/users.ts: lower(??) ${{ gt: '>', ge: '>=', lt: '<', le: '<=' }[op]} ?":
    'an operator picked from a constant map; the column and the value are bound',
  "core/modules/devices/names.ts: lower(name) in (${lower.map(() => '?').join(', ')})":
    'one placeholder per value, the values bound',
  'core/backup/restore.ts: ALTER TABLE ?? AUTO_INCREMENT = ${last + 1}': 'a number the restore counted',
};

const RAW_TEMPLATE = /\b(?:raw|[a-zA-Z]+Raw)\(\s*`([^`]*)`/g;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(full);
    return /\.(ts|js|cjs|mjs)$/.test(e.name) ? [full] : [];
  });
}

function splicedTemplates(text: string, file: string): string[] {
  return [...text.matchAll(RAW_TEMPLATE)].filter((m) => m[1]!.includes('${')).map((m) => `${file}: ${m[1]}`);
}

test('every raw SQL template that splices text in splices none of the values it is given', (t) => {
  const found = ['core', 'plugins']
    .filter((d) => fs.existsSync(path.join(ROOT, d)))
    .flatMap((d) => sources(path.join(ROOT, d)))
    .flatMap((file) =>
      splicedTemplates(fs.readFileSync(file, 'utf8'), path.relative(ROOT, file).split(path.sep).join('/')),
    );
  t.deepEqual(
    found.filter((f) => !(f in ALLOWED)),
    [],
    'bind the values (`?`, `??`) instead of splicing them into the SQL',
  );
  t.deepEqual(
    Object.keys(ALLOWED).filter((a) => !found.includes(a)),
    [],
    'an allowed template that no longer exists is taken off the list',
  );
});

test('the search finds a spliced value', (t) => {
  const planted = ['db.raw(`select * from users where name = ', "'${name}'", '`)'].join('');
  t.deepEqual(splicedTemplates(planted, 'x.ts'), ["x.ts: select * from users where name = '${name}'"]);
  t.deepEqual(splicedTemplates('q.whereRaw(`name = ?`, [name])', 'x.ts'), []);
});
