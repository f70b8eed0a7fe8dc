/**
 * Sign-in through WeCom and DingTalk (POST /sys/wxToken, wxToken3, dingToken, dingTokenQR) on the real server, with
 * the real providers (plugins/wecom-directory, plugins/dingtalk-directory) selected as the apps provider through
 * PUT /inte/settings/apps and pointed at fakes of the vendors (test/fixtures/fakes/wecom.ts, dingtalk.ts): a linked
 * person signs in; a first sign-in is matched by employee number, username or e-mail and linked, never to an
 * administrator; an unknown person is refused in their language, or created when the settings allow; a person
 * the vendor reports disabled is refused although linked; expired and reused codes, states of another browser and
 * a wrong corp or secret are refused with 4xx (502 for the administrator's settings), never 500.
 */
import test from 'ava';
import { perDialect, type TestApp } from '../helpers/app.ts';
import { confirmed, signInCookie } from '../helpers/sso.ts';
import { createUser } from '../helpers/users.ts';
import { fakeDingTalk, type FakeDingTalk } from '../fixtures/fakes/dingtalk.ts';
import { fakeWeCom, type FakeWeCom } from '../fixtures/fakes/wecom.ts';

let wecom: FakeWeCom;
let ding: FakeDingTalk;
test.before(async () => {
  wecom = await fakeWeCom();
  ding = await fakeDingTalk();
  wecom.users.set('boss', { userid: 'boss', name: 'Boss', department: [1], status: 1, extattr: attrs('A0001') });
  wecom.users.set('newbie', {
    userid: 'newbie',
    name: '新人',
    department: [4],
    email: 'newbie@acme.example',
    status: 1,
    extattr: attrs('E1009'),
  });
});
test.after.always(async () => {
  await wecom?.close();
  await ding?.close();
});

function attrs(employeeNo: string) {
  return { attrs: [{ type: 0, name: '工号', value: employeeNo, text: { value: employeeNo } }] };
}

interface SignIn {
  token: string;
  authMethod: number;
  redirect?: string;
}

async function saveApps(app: TestApp, admin: string, provider: string, settings: Record<string, unknown>) {
  const res = await app.put<{ data: { started: { running: boolean; error?: string } } }>(
    '/api/inte/settings/apps',
    { provider, settings },
    { token: admin },
  );
  if (res.status !== 200) throw new Error(`save ${provider}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

async function whoIs(app: TestApp, token: string): Promise<string> {
  const res = await app.get<{ data: { username: string } }>('/api/sys/user/info', { token });
  return res.body.data.username;
}

async function identities(app: TestApp, admin: string, source: string) {
  const res = await app.get<{ data: { items: Array<{ username: string; externalId: string }> } }>(
    `/api/sys/sso/identities?source=${source}&pageSize=100`,
    { token: admin },
  );
  return res.body.data.items.map((i) => `${i.username}=${i.externalId}`).sort();
}

async function start(app: TestApp, query = '?qr=1') {
  const res = await app.get<{ data: { url: string; state: string; vendor: string } }>(`/api/sys/chat/start${query}`);
  if (res.status !== 200) throw new Error(`start: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...res.body.data, cookie: signInCookie(res.headers) };
}

perDialect(test, (dialect, app) => {
  let admin: string;
  const wecomSettings = (over: Record<string, unknown> = {}) => ({
    baseUrl: wecom.url,
    corpId: wecom.corpId,
    agentId: 1000002,
    secret: wecom.secret,
    employeeNoAttribute: '工号',
    ...over,
  });

  test.serial(
    `${dialect}: WeCom: a linked person signs in inside the client; the other vendor's entry is off`,
    async (t) => {
      admin = await app().adminToken();
      const started = await saveApps(app(), admin, 'wecom-directory', wecomSettings());
      t.true(started.started.running, started.started.error);
      await createUser(app(), 'li.si');
      const link = await app().post(
        '/api/sys/sso/identities',
        { username: 'li.si', source: 'wecom', externalId: 'lisi' },
        { token: admin, headers: await confirmed(app()) },
      );
      t.is(link.status, 200, JSON.stringify(link.body));
      const res = await app().post<SignIn>('/api/sys/wxToken', { code: wecom.issueCode('lisi'), state: 'wxwork' });
      t.is(res.status, 200, JSON.stringify(res.body));
      t.is(res.body.authMethod, 6);
      t.is(await whoIs(app(), res.body.token), 'li.si');
      const methods = await app().get<{ data: { chat: string | null } }>('/api/sso/methods');
      t.is(methods.body.data.chat, 'wecom', 'the login page offers the WeCom QR sign-in');
      const off = await app().post('/api/sys/dingToken', { code: 'x' });
      t.is(off.status, 400);
      t.is(off.body.key, 'sso.methodDisabled');
    },
  );

  test.serial(`${dialect}: WeCom QR: the browser flow's state is checked (single use, same browser)`, async (t) => {
    const s = await start(app(), '?qr=1&redirect=/booking');
    t.is(s.vendor, 'wecom');
    const url = new URL(s.url);
    t.is(`${url.origin}${url.pathname}`, 'https://login.work.weixin.qq.com/wwlogin/sso/login');
    t.is(url.searchParams.get('state'), s.state);
    t.regex(url.searchParams.get('redirect_uri')!, /\/login$/);
    t.regex(s.state, /^atr[0-9a-f]{40}$/);
    const other = await app().post('/api/sys/wxToken3', { code: wecom.issueCode('lisi'), state: s.state });
    t.is(other.status, 401, 'no cookie: another browser');
    t.is(other.body.key, 'sso.otherBrowser');
    const s2 = await start(app());
    const ok = await app().post<SignIn>(
      '/api/sys/wxToken3',
      { code: wecom.issueCode('lisi'), state: s2.state, tenantId: 't1', systemcode: 'atrium' },
      { headers: { cookie: s2.cookie } },
    );
    t.is(ok.status, 200, JSON.stringify(ok.body));
    t.is(await whoIs(app(), ok.body.token), 'li.si');
    const replay = await app().post(
      '/api/sys/wxToken3',
      { code: wecom.issueCode('lisi'), state: s2.state },
      { headers: { cookie: s2.cookie } },
    );
    t.is(replay.body.key, 'sso.stateInvalid');
    const none = await app().post('/api/sys/wxToken3', { code: wecom.issueCode('lisi') });
    t.is(none.status, 401, 'the QR entry needs a state of ours');
    const inClient = await start(app(), '?qr=0&redirect=/booking');
    t.is(new URL(inClient.url).host, 'open.weixin.qq.com');
    const withRedirect = await app().post<SignIn>(
      '/api/sys/wxToken',
      { code: wecom.issueCode('lisi'), state: inClient.state },
      { headers: { cookie: inClient.cookie } },
    );
    t.is(withRedirect.body.redirect, '/booking');
  });

  test.serial(
    `${dialect}: WeCom: a first sign-in is matched by employee number and linked; never an administrator`,
    async (t) => {
      await saveApps(app(), admin, 'wecom-directory', wecomSettings({ matchBy: 'employeeNo' }));
      const id = await createUser(app(), 'zhang.san');
      await app().cradle.db('users').where({ id }).update({ employee_no: 'E1001' });
      const res = await app().post<SignIn>('/api/sys/wxToken', { code: wecom.issueCode('zhangsan') });
      t.is(res.status, 200, JSON.stringify(res.body));
      t.is(await whoIs(app(), res.body.token), 'zhang.san');
      t.deepEqual(await identities(app(), admin, 'wecom'), ['li.si=lisi', 'zhang.san=zhangsan']);
      // From now on the link decides, whatever the employee number becomes.
      await app().cradle.db('users').where({ id }).update({ employee_no: 'E9999' });
      const again = await app().post<SignIn>('/api/sys/wxToken', { code: wecom.issueCode('zhangsan') });
      t.is(await whoIs(app(), again.body.token), 'zhang.san');

      // "boss" carries the administrator's employee number (A0001): refused, nothing linked.
      const boss = await app().post('/api/sys/wxToken', { code: wecom.issueCode('boss') });
      t.is(boss.status, 409, JSON.stringify(boss.body));
      t.deepEqual(await identities(app(), admin, 'wecom'), ['li.si=lisi', 'zhang.san=zhangsan']);
    },
  );

  test.serial(
    `${dialect}: WeCom: an unknown person is refused in their language, or created when allowed`,
    async (t) => {
      const refused = await app().post('/api/sys/wxToken', { code: wecom.issueCode('newbie') }, { lang: 'cn' });
      t.is(refused.status, 403);
      t.is(refused.body.key, 'sso.chatUnknownPerson');
      t.is(refused.body.msg, '新人（WeCom）没有对应的账号，且未开启自动创建账号，请联系管理员');
      const en = await app().post('/api/sys/wxToken', { code: wecom.issueCode('newbie') }, { lang: 'en' });
      t.regex(en.body.msg, /There is no account for 新人 \(WeCom\)/);

      await saveApps(app(), admin, 'wecom-directory', wecomSettings({ matchBy: 'employeeNo', autoCreate: true }));
      const made = await app().post<SignIn>('/api/sys/wxToken', { code: wecom.issueCode('newbie') });
      t.is(made.status, 200, JSON.stringify(made.body));
      t.is(await whoIs(app(), made.body.token), 'newbie');
      const row = await app().cradle.db('users').where({ username: 'newbie' }).first();
      t.like(row, {
        source: 'wecom',
        employee_no: 'E1009',
        email: 'newbie@acme.example',
        real_name: '新人',
        // notify-wecom addresses people by their WeCom user id.
        external_id: 'newbie',
      });
      t.true((await identities(app(), admin, 'wecom')).includes('newbie=newbie'));
    },
  );

  test.serial(
    `${dialect}: WeCom: a person the vendor reports disabled or gone is refused, linked or not`,
    async (t) => {
      await createUser(app(), 'wang.wu');
      await app().post(
        '/api/sys/sso/identities',
        { username: 'wang.wu', source: 'wecom', externalId: 'wangwu' },
        { token: admin, headers: await confirmed(app()) },
      );
      const disabled = await app().post('/api/sys/wxToken', { code: wecom.issueCode('wangwu') });
      t.is(disabled.status, 403);
      t.is(disabled.body.key, 'sso.chatUserInactive');
      t.is(disabled.body.token, undefined);
      const gone = await app().post('/api/sys/wxToken', { code: wecom.issueCode('zhaoliu') });
      t.is(gone.body.key, 'sso.chatUserInactive');
      t.is((await app().cradle.db('users').where({ username: 'zhaoliu' }).first()) ?? null, null, 'not created');
    },
  );

  test.serial(
    `${dialect}: WeCom: expired, reused and made-up codes are 401; a wrong corp or secret is 502`,
    async (t) => {
      const late = wecom.issueCode('lisi');
      wecom.advance(5 * 60_000 + 1);
      const expired = await app().post('/api/sys/wxToken', { code: late });
      t.is(expired.status, 401);
      t.is(expired.body.key, 'sso.chatCodeRefused');
      const code = wecom.issueCode('lisi');
      t.is((await app().post('/api/sys/wxToken', { code })).status, 200);
      t.is((await app().post('/api/sys/wxToken', { code })).status, 401);
      t.is((await app().post('/api/sys/wxToken', { code: 'made-up' })).status, 401);
      t.is((await app().post('/api/sys/wxToken', {})).status, 400, 'no code');

      await saveApps(app(), admin, 'wecom-directory', wecomSettings({ corpId: 'wwWRONGCORP' }));
      const wrongCorp = await app().post('/api/sys/wxToken', { code: wecom.issueCode('lisi') }, { lang: 'en' });
      t.is(wrongCorp.status, 502);
      t.is(wrongCorp.body.key, 'sso.chatProviderFailed');
      t.regex(wrongCorp.body.msg, /ask an administrator to check the WeCom integration/);
      await saveApps(app(), admin, 'wecom-directory', wecomSettings({ secret: 'not-the-secret' }));
      t.is((await app().post('/api/sys/wxToken', { code: wecom.issueCode('lisi') })).status, 502);
    },
  );

  test.serial(
    `${dialect}: DingTalk: matched by username, by e-mail through the QR flow, disabled refused`,
    async (t) => {
      const dingSettings = (over: Record<string, unknown> = {}) => ({
        baseUrl: ding.url,
        apiUrl: ding.url,
        appKey: ding.appKey,
        appSecret: ding.appSecret,
        ...over,
      });
      await saveApps(app(), admin, 'dingtalk-directory', dingSettings());
      t.is((await app().post('/api/sys/wxToken', { code: 'x' })).status, 400, 'WeCom is off now');
      t.is((await app().get<{ data: { chat: string | null } }>('/api/sso/methods')).body.data.chat, 'dingtalk');
      await createUser(app(), 'ding-li');
      const byName = await app().post<SignIn>('/api/sys/dingToken', { code: ding.issueCode('ding-li') });
      t.is(byName.status, 200, JSON.stringify(byName.body));
      t.is(byName.body.authMethod, 7);
      t.is(await whoIs(app(), byName.body.token), 'ding-li');

      await saveApps(app(), admin, 'dingtalk-directory', dingSettings({ matchBy: 'email' }));
      const id = await createUser(app(), 'zhang.ding');
      await app().cradle.db('users').where({ id }).update({ email: 'Zhang@Acme.example' });
      const s = await start(app());
      t.is(s.vendor, 'dingtalk');
      t.is(new URL(s.url).host, 'login.dingtalk.com');
      const qr = await app().post<SignIn>(
        '/api/sys/dingTokenQR',
        { code: ding.issueCode('ding-zhang'), state: s.state },
        { headers: { cookie: s.cookie } },
      );
      t.is(qr.status, 200, JSON.stringify(qr.body));
      t.is(await whoIs(app(), qr.body.token), 'zhang.ding');
      t.deepEqual(await identities(app(), admin, 'dingtalk'), ['ding-li=ding-li', 'zhang.ding=ding-zhang']);

      const inactive = await app().post('/api/sys/dingToken', { code: ding.issueCode('ding-wang') });
      t.is(inactive.status, 403);
      t.is(inactive.body.key, 'sso.chatUserInactive');
      const used = ding.issueCode('ding-li');
      await app().post('/api/sys/dingToken', { code: used });
      const reused = await app().post('/api/sys/dingToken', { code: used });
      t.is(reused.status, 401);
      t.is(reused.body.key, 'sso.chatCodeRefused');

      await saveApps(app(), admin, 'dingtalk-directory', dingSettings({ appSecret: 'wrong' }));
      const wrong = await app().post('/api/sys/dingToken', { code: ding.issueCode('ding-li') });
      t.is(wrong.status, 502);
    },
  );

  test.serial(
    `${dialect}: refused codes count against the address: guessing is slowed down, then it passes`,
    async (t) => {
      await saveApps(app(), admin, 'dingtalk-directory', {
        baseUrl: ding.url,
        apiUrl: ding.url,
        appKey: ding.appKey,
        appSecret: ding.appSecret,
      });
      const statuses: number[] = [];
      for (let i = 0; i < 25 && !statuses.includes(429); i++)
        statuses.push((await app().post('/api/sys/dingToken', { code: `guess-${i}` })).status);
      t.is(statuses.at(-1), 429, 'a wait after the free failures of one address');
      t.true(statuses.slice(0, -1).every((s) => s === 401));
      const waiting = await app().post('/api/sys/dingToken', { code: ding.issueCode('ding-li') });
      t.is(waiting.status, 429, 'even a good code waits');
      t.truthy(waiting.headers.get('retry-after'));
      app().clock.advance(2 * 3_600_000);
      t.is((await app().post('/api/sys/dingToken', { code: ding.issueCode('ding-li') })).status, 200);
    },
  );
});
