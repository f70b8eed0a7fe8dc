/** The console's three language files carry the same keys, and no text is empty. */
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';

type Tree = { [key: string]: string | Tree };
const dir = path.resolve('console/src/i18n');
const load = (lang: string) => JSON.parse(fs.readFileSync(path.join(dir, `${lang}.json`), 'utf8')) as Tree;

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree)
    .flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)))
    .sort();
}

function values(tree: Tree): string[] {
  return Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : values(v)));
}

const cn = load('cn');

for (const lang of ['en', 'ja']) {
  test(`console ${lang}.json has exactly the keys of cn.json`, (t) => {
    const other = load(lang);
    const a = keys(cn);
    const b = keys(other);
    t.deepEqual(
      a.filter((k) => !b.includes(k)),
      [],
      `keys missing in ${lang}`,
    );
    t.deepEqual(
      b.filter((k) => !a.includes(k)),
      [],
      `keys only in ${lang}`,
    );
  });
}

test('console texts are never empty and interpolations match across languages', (t) => {
  const files = { cn, en: load('en'), ja: load('ja') };
  for (const [lang, tree] of Object.entries(files))
    t.false(
      values(tree).some((v) => v.trim() === ''),
      `${lang} has an empty text`,
    );
  const vars = (s: string) =>
    [...s.matchAll(/\{\{(\w+)\}\}/g)]
      .map((m) => m[1])
      .sort()
      .join(',');
  const flat = (tree: Tree, prefix = ''): Array<[string, string]> =>
    Object.entries(tree).flatMap(([k, v]) =>
      typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : flat(v, `${prefix}${k}.`),
    );
  const en = new Map(flat(files.en));
  const ja = new Map(flat(files.ja));
  for (const [key, text] of flat(cn)) {
    t.is(vars(en.get(key) ?? ''), vars(text), `en ${key}`);
    t.is(vars(ja.get(key) ?? ''), vars(text), `ja ${key}`);
  }
});
