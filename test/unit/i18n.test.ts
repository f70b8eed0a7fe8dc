import test from 'ava';
import { messageSets } from '../../core/i18n/messages/index.ts';
import { resolveLang, t as translate } from '../../core/i18n/index.ts';

test('every server message exists in cn, en and ja', (t) => {
  for (const set of messageSets) {
    const en = Object.keys(set.en).sort();
    t.deepEqual(Object.keys(set.cn).sort(), en);
    t.deepEqual(Object.keys(set.ja).sort(), en);
    for (const lang of ['cn', 'en', 'ja'] as const)
      for (const [k, v] of Object.entries(set[lang])) t.true(v.trim().length > 0, `${lang} ${k}`);
  }
});

test('placeholders are the same in every language', (t) => {
  const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  for (const set of messageSets)
    for (const key of Object.keys(set.en)) {
      t.deepEqual(names(set.cn[key]!), names(set.en[key]!), key);
      t.deepEqual(names(set.ja[key]!), names(set.en[key]!), key);
    }
});

test('the language follows docs/product-rules.md R18.5: zh/cn → cn, ja → ja, anything else en, nothing → cn', (t) => {
  t.is(resolveLang('zh-CN'), 'cn');
  t.is(resolveLang('cn'), 'cn');
  t.is(resolveLang('ja'), 'ja');
  t.is(resolveLang('ja-JP,en;q=0.5'), 'ja');
  t.is(resolveLang('fr'), 'en');
  t.is(resolveLang('en-GB'), 'en');
  t.is(resolveLang(undefined), 'cn');
  t.is(resolveLang('*'), 'cn');
});

test('messages fill their placeholders and fall back to English, then to the key', (t) => {
  t.is(translate('en', 'auth.passwordExpiring', { days: 3 }), 'Your password expires in 3 days');
  t.is(translate('ja', 'no.such.key'), 'no.such.key');
});
