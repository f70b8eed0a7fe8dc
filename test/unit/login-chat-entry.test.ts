/**
 * The login page's enterprise chat entry (console/src/features/login/entryPoints.ts): which of /sys/wxToken,
 * wxToken3, dingToken and dingTokenQR a code in the address goes to, by the apps provider the server names, the
 * QR state this browser kept, the user agent of the vendor's client and the state's prefix.
 */
import test from 'ava';
import { chatClientOf, readChatEntry } from '../../console/src/features/login/entryPoints.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36';
const WXWORK = `${BROWSER} wxwork/4.1.0 MicroMessenger/7.0.1`;
const DING = `${BROWSER} AliApp(DingTalk/7.6.0) com.laiwang.DingTalk/1`;

test('the vendor clients are told by their user agent', (t) => {
  t.is(chatClientOf(WXWORK), 'wecom');
  t.is(chatClientOf(DING), 'dingtalk');
  t.is(chatClientOf(BROWSER), undefined);
});

test('a QR flow this browser started goes to the QR entry, anything else to the in-client one', (t) => {
  const state = `atr${'a'.repeat(40)}`;
  t.deepEqual(readChatEntry(`?code=C1&state=${state}`, 'wecom', BROWSER, state), {
    path: '/sys/wxToken3',
    body: { code: 'C1', state },
  });
  t.deepEqual(readChatEntry('?code=C2&state=wxwork&tenantId=t1&systemcode=atrium', 'wecom', WXWORK, null), {
    path: '/sys/wxToken',
    body: { code: 'C2', state: 'wxwork', tenantId: 't1', systemcode: 'atrium' },
  });
  t.deepEqual(readChatEntry(`?authCode=D1&state=${state}`, 'dingtalk', BROWSER, state), {
    path: '/sys/dingTokenQR',
    body: { code: 'D1', state },
  });
  t.deepEqual(readChatEntry('?code=D2', 'dingtalk', DING, state), { path: '/sys/dingToken', body: { code: 'D2' } });
});

test('without a provider named, the client or the state decides; without a code nothing happens', (t) => {
  t.is(readChatEntry('?code=X', null, DING, null)?.path, '/sys/dingToken');
  t.is(readChatEntry('?code=X&state=dingtalk', null, BROWSER, null)?.path, '/sys/dingToken');
  t.is(readChatEntry('?code=X&state=wx', null, BROWSER, null)?.path, '/sys/wxToken');
  t.is(readChatEntry('?code=X', null, BROWSER, null), undefined);
  t.is(readChatEntry('?state=wxwork', 'wecom', WXWORK, null), undefined);
  t.is(readChatEntry('?redirect=/center', 'wecom', BROWSER, null), undefined);
});
