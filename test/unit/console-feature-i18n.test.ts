/**
 * Every console feature's own texts (console/src/features/<feature>/i18n/{cn,en,ja}.json):
 * the same keys in the three languages, no empty text, the same interpolations.
 * (console-i18n.test.ts checks the shared console/src/i18n bundles.)
 */
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';

type Tree = { [key: string]: string | Tree };
const root = path.resolve('console/src/features');
const features = fs.readdirSync(root).filter((f) => fs.existsSync(path.join(root, f, 'i18n', 'cn.json')));

const load = (feature: string, lang: string) =>
  JSON.parse(fs.readFileSync(path.join(root, feature, 'i18n', `${lang}.json`), 'utf8')) as Tree;
const flat = (tree: Tree, prefix = ''): Array<[string, string]> =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : flat(v, `${prefix}${k}.`),
  );
const vars = (s: string) =>
  [...s.matchAll(/\{\{(\w+)\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

test('some features carry their own texts', (t) => {
  t.true(features.includes('sys'), features.join(', '));
});

for (const feature of features) {
  test(`${feature}: en and ja have exactly the keys of cn, no empty text, the same interpolations`, (t) => {
    const cn = new Map(flat(load(feature, 'cn')));
    for (const lang of ['en', 'ja']) {
      const other = new Map(flat(load(feature, lang)));
      t.deepEqual(
        [...cn.keys()].filter((k) => !other.has(k)),
        [],
        `keys missing in ${lang}`,
      );
      t.deepEqual(
        [...other.keys()].filter((k) => !cn.has(k)),
        [],
        `keys only in ${lang}`,
      );
      for (const [key, text] of other) {
        t.not(text.trim(), '', `${lang} ${key} is empty`);
        if (cn.has(key)) t.is(vars(text), vars(cn.get(key)!), `${lang} ${key}`);
      }
    }
    for (const [key, text] of cn) t.not(text.trim(), '', `cn ${key} is empty`);
  });
}
