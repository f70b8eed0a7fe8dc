/**
 * The console shell's pure rules (docs/product-rules.md R18), beside its browser
 * suite: tabs (R18.4), the route guard (R18.2), toasts (R18.9), outgoing
 * trimming (R18.7), the language rule (R18.5), the chunk timeout (R18.10) and
 * the password policy (R14.4).
 * No browser needed.
 */
import test from 'ava';
import { closeMany, closeTab, openTab, withHome } from '../../console/src/layout/tabs.ts';
import { firstEntry, homePath, redirectFor } from '../../console/src/app/guard.ts';
import type { MenuEntry } from '../../console/src/app/storage.ts';
import reducer, { toastShown } from '../../console/src/app/uiSlice.ts';
import { cleanString, trimDeep } from '../../console/src/app/clean.ts';
import { ChunkLoadError, withTimeout } from '../../console/src/app/lazy.ts';
import { checkPassword, policyFrom } from '../../console/src/features/login/policy.ts';
import { readHashEntry } from '../../console/src/features/login/entryPoints.ts';

const meta = (title: string, hidden = false) => ({ title, titleEn: title, titleJa: title, icon: null, hidden });
const section = (path: string, children: string[], hidden: string[] = []): MenuEntry => ({
  name: path.slice(1),
  path,
  meta: meta(path),
  children: [
    ...children.map((c) => ({ name: c, path: c, meta: meta(c) })),
    ...hidden.map((c) => ({ name: c, path: c, meta: meta(c, true) })),
  ],
});

test('tabs: the first tab is never closed; closing the active tab moves next, or previous when last', (t) => {
  const s = { paths: ['/a', '/b', '/c', '/d'] };
  t.deepEqual(closeTab(s, '/a', '/a').state, s);
  t.deepEqual(closeTab(s, '/b', '/b'), { state: { paths: ['/a', '/c', '/d'] }, goTo: '/c' });
  t.deepEqual(closeTab(s, '/d', '/d'), { state: { paths: ['/a', '/b', '/c'] }, goTo: '/c' });
  t.deepEqual(closeTab(s, '/c', '/b'), { state: { paths: ['/a', '/b', '/d'] } });
  t.deepEqual(openTab(s, '/b'), s);
  t.deepEqual(openTab(s, '/e').paths, ['/a', '/b', '/c', '/d', '/e']);
  t.deepEqual(withHome(['/c', '/a', '/b'], '/a'), ['/a', '/c', '/b']);
});

test('tabs: close left, right, others and all keep the first tab; close all returns to it', (t) => {
  const s = { paths: ['/a', '/b', '/c', '/d'] };
  t.deepEqual(closeMany(s, 'left', '/c', '/c'), { state: { paths: ['/a', '/c', '/d'] }, goTo: undefined });
  t.deepEqual(closeMany(s, 'right', '/b', '/b'), { state: { paths: ['/a', '/b'] }, goTo: undefined });
  t.deepEqual(closeMany(s, 'others', '/c', '/c'), { state: { paths: ['/a', '/c'] }, goTo: undefined });
  t.deepEqual(closeMany(s, 'others', '/a', '/a'), { state: { paths: ['/a'] }, goTo: undefined });
  t.deepEqual(closeMany(s, 'all', '/c', '/c'), { state: { paths: ['/a'] }, goTo: '/a' });
});

test("route guard: menu paths pass, others go to the section's first entry or the first menu; setting always allowed", (t) => {
  const menu = [
    section('/center', ['/center/reserve', '/center/meeting']),
    section('/sys', ['/sys/admin'], ['/sys/setting/sql']),
  ];
  t.is(redirectFor('/center/meeting', menu), undefined);
  t.is(redirectFor('/center', menu), '/center/reserve');
  t.is(redirectFor('/center/approve', menu), '/center/reserve');
  t.is(redirectFor('/sys/setting/sql', menu), undefined, 'hidden entries are reachable');
  t.is(redirectFor('/sys/setting', menu), undefined, 'the setting path is always allowed');
  t.is(redirectFor('/room/room', menu), '/center/reserve', 'no such section: first entry of the first menu');
  t.is(firstEntry(menu), '/center/reserve');
  t.is(homePath([section('/sys', ['/sys/admin'])]), '/sys/admin', 'no booking page: the first entry');
  t.is(homePath(menu), '/center/reserve');
});

test('toasts: one at a time, empty and "null" never shown, every error logged', (t) => {
  let s = reducer(undefined, { type: 'init' });
  s = reducer(s, toastShown('error', 'null'));
  t.is(s.toast, null);
  s = reducer(s, toastShown('error', '   '));
  t.is(s.toast, null);
  s = reducer(s, toastShown('error', 'first'));
  s = reducer(s, toastShown('error', 'second'));
  t.is(s.toast?.text, 'first', 'a visible toast is not replaced');
  t.deepEqual(
    s.errorLog.map((e) => e.text),
    ['null', '   ', 'first', 'second'],
  );
});

test('outgoing strings are trimmed recursively; the strict option strips punctuation, full-width included', (t) => {
  t.deepEqual(trimDeep({ a: ' x ', b: [' y', { c: 'z ' }], n: 1, d: null }), {
    a: 'x',
    b: ['y', { c: 'z' }],
    n: 1,
    d: null,
  });
  t.is(cleanString('  Room <A>；“B”！ ', true), 'Room AB');
});

test('login entry points in the hash', (t) => {
  t.deepEqual(readHashEntry('#token=abc&logoutUrl=https%3A%2F%2Fidp%2Fout'), {
    token: 'abc',
    logoutUrl: 'https://idp/out',
  });
  t.deepEqual(readHashEntry('#fixSelection=2'), { fixSelection: 1 });
  t.deepEqual(readHashEntry('#authMethod=3'), { authMethod: 3 });
});

test('a lazy part that does not arrive in time fails with a ChunkLoadError', async (t) => {
  await t.throwsAsync(
    withTimeout(() => new Promise(() => {}), 20),
    { instanceOf: ChunkLoadError },
  );
  await t.throwsAsync(
    withTimeout(() => Promise.reject(new Error('404')), 20),
    { instanceOf: ChunkLoadError },
  );
  t.is(await withTimeout(() => Promise.resolve(7), 20), 7);
});

test('password policy rules', (t) => {
  const policy = policyFrom({
    passwordMinLength: 8,
    passwordMaxLength: 60,
    passwordDigits: true,
    passwordLower: true,
    passwordUpper: false,
    passwordSpecial: true,
  });
  t.is(policy.maxLength, 50, 'never above 50');
  t.deepEqual(
    checkPassword('abc', policy).map((r) => r.ok),
    [false, false, true, false],
  );
  t.true(checkPassword('abcdef1!', policy).every((r) => r.ok));
});
