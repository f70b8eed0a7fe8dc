/**
 * The WeCom and DingTalk apps providers (plugins/wecom-directory, plugins/dingtalk-directory) against fakes of the
 * vendors' APIs on 127.0.0.1 (test/fixtures/fakes/wecom.ts, dingtalk.ts): the sign-in URLs, a code traded for the
 * person (good, expired, used twice, wrong secret or corp, a disabled or departed person, someone outside), the
 * access token cached and fetched again on 42001 and after expires_in, and the directory listed page by page
 * across the department tree, each person once, with their department path, groups, employee and card numbers.
 */
import test from 'ava';
import { createTestContext, type AppsProvider, type DirectoryUser } from '../../core/plugin-sdk/index.ts';
import dingtalk from '../../plugins/dingtalk-directory/index.ts';
import wecom from '../../plugins/wecom-directory/index.ts';
import { fakeDingTalk } from '../fixtures/fakes/dingtalk.ts';
import { fakeWeCom } from '../fixtures/fakes/wecom.ts';

function wecomProvider(settings: Record<string, unknown>) {
  const ctx = createTestContext(wecom.settings.parse(settings), { kind: 'apps', pluginId: 'wecom-directory' });
  return { ctx, p: wecom.create(ctx) as AppsProvider };
}
function dingProvider(settings: Record<string, unknown>) {
  const ctx = createTestContext(dingtalk.settings.parse(settings), { kind: 'apps', pluginId: 'dingtalk-directory' });
  return { ctx, p: dingtalk.create(ctx) as AppsProvider };
}

async function all(p: AppsProvider): Promise<{ users: DirectoryUser[]; pages: number }> {
  const users: DirectoryUser[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await p.listUsers!({ cursor });
    users.push(...page.users);
    cursor = page.cursor;
    pages++;
    if (pages > 50) throw new Error('the walk does not end');
  } while (cursor);
  return { users, pages };
}

test('the definitions: secrets sealed, the addresses and the corp are endpoints, cn/en/ja names', (t) => {
  t.is(wecom.kind, 'apps');
  t.deepEqual(wecom.secrets, ['secret']);
  t.deepEqual(wecom.endpoints, ['baseUrl', 'corpId']);
  t.deepEqual(dingtalk.secrets, ['appSecret']);
  t.deepEqual(dingtalk.endpoints, ['baseUrl', 'apiUrl', 'appKey']);
  const w = wecom.settings.parse({ corpId: 'ww1', agentId: '1000002', secret: 's' });
  t.like(w, { baseUrl: 'https://qyapi.weixin.qq.com', agentId: 1000002, rootDepartment: 1, matchBy: 'directoryId' });
  t.false(w.autoCreate);
  const d = dingtalk.settings.parse({ appKey: 'k', appSecret: 's' });
  t.like(d, { baseUrl: 'https://oapi.dingtalk.com', apiUrl: 'https://api.dingtalk.com', matchBy: 'directoryId' });
  t.false(wecom.settings.safeParse({ corpId: 'ww1', agentId: 1, secret: 's', matchBy: 'phone' }).success);
});

test('WeCom: the in-client and QR sign-in URLs', async (t) => {
  const { p } = wecomProvider({ corpId: 'wwCORP', agentId: 1000002, secret: 's' });
  const back = 'https://atrium.example/login?x=1';
  const inClient = new URL(await p.authorizeUrl!('st-1', back));
  t.is(`${inClient.origin}${inClient.pathname}`, 'https://open.weixin.qq.com/connect/oauth2/authorize');
  t.is(inClient.hash, '#wechat_redirect');
  t.deepEqual(Object.fromEntries(inClient.searchParams), {
    appid: 'wwCORP',
    redirect_uri: back,
    response_type: 'code',
    scope: 'snsapi_base',
    state: 'st-1',
    agentid: '1000002',
  });
  const qr = new URL(await p.authorizeUrl!('st-2', back, { qr: true }));
  t.is(`${qr.origin}${qr.pathname}`, 'https://login.work.weixin.qq.com/wwlogin/sso/login');
  t.deepEqual(Object.fromEntries(qr.searchParams), {
    login_type: 'CorpApp',
    appid: 'wwCORP',
    agentid: '1000002',
    redirect_uri: back,
    state: 'st-2',
  });
});

test('WeCom: a code is traded for the person; used twice or after five minutes it is refused', async (t) => {
  const fake = await fakeWeCom();
  t.teardown(fake.close);
  const { p } = wecomProvider({
    baseUrl: fake.url,
    corpId: fake.corpId,
    agentId: 1000002,
    secret: fake.secret,
    employeeNoAttribute: '工号',
  });
  const code = fake.issueCode('zhangsan');
  t.deepEqual(await p.exchangeCode!(code, 'https://atrium.example/login'), {
    externalId: 'zhangsan',
    username: 'zhangsan',
    realName: '张三',
    email: 'zhangsan@acme.example',
    phone: '13800000001',
    employeeNo: 'E1001',
    groups: ['wecom:dept:3', 'wecom:dept:4'],
    active: true,
  });
  const again = await t.throwsAsync(p.exchangeCode!(code, ''));
  t.like(again, { name: 'DirectoryCallError', reason: 'code', errcode: 40029 });
  const late = fake.issueCode('lisi');
  fake.advance(5 * 60_000 + 1);
  t.like(await t.throwsAsync(p.exchangeCode!(late, '')), { reason: 'code', errcode: 40029 });
  // biz_mail stands in for a missing e-mail; no extattr, no employee number.
  t.like(await p.exchangeCode!(fake.issueCode('lisi'), ''), { email: 'lisi@acme.example', employeeNo: null });
  t.like(await t.throwsAsync(p.exchangeCode!(fake.issueCode('visitor', { outsider: true }), '')), { reason: 'user' });
});

test('WeCom: a disabled or departed person is inactive; a not yet activated one is not refused', async (t) => {
  const fake = await fakeWeCom();
  t.teardown(fake.close);
  const { p } = wecomProvider({ baseUrl: fake.url, corpId: fake.corpId, agentId: 1, secret: fake.secret });
  t.false((await p.exchangeCode!(fake.issueCode('wangwu'), '')).active);
  t.false((await p.exchangeCode!(fake.issueCode('zhaoliu'), '')).active);
  t.true((await p.exchangeCode!(fake.issueCode('laowang'), '')).active);
});

test('WeCom: a wrong secret or corp throws as credentials; health says so', async (t) => {
  const fake = await fakeWeCom();
  t.teardown(fake.close);
  const wrongSecret = wecomProvider({ baseUrl: fake.url, corpId: fake.corpId, agentId: 1, secret: 'nope' }).p;
  t.like(await t.throwsAsync(wrongSecret.exchangeCode!(fake.issueCode('lisi'), '')), {
    reason: 'credentials',
    errcode: 40001,
  });
  await t.throwsAsync(wrongSecret.health!(), { message: /credentials \(40001/ });
  const wrongCorp = wecomProvider({ baseUrl: fake.url, corpId: 'wwOTHER', agentId: 1, secret: fake.secret }).p;
  t.like(await t.throwsAsync(wrongCorp.exchangeCode!(fake.issueCode('lisi'), '')), { errcode: 40013 });
  const good = wecomProvider({ baseUrl: fake.url, corpId: fake.corpId, agentId: 1, secret: fake.secret }).p;
  t.deepEqual(await good.health!(), { ok: true, detail: 'access token obtained' });
});

test('WeCom: the token is cached, fetched again once on 42001 and after expires_in', async (t) => {
  const fake = await fakeWeCom();
  t.teardown(fake.close);
  const { p, ctx } = wecomProvider({ baseUrl: fake.url, corpId: fake.corpId, agentId: 1, secret: fake.secret });
  await p.exchangeCode!(fake.issueCode('lisi'), '');
  await p.exchangeCode!(fake.issueCode('zhangsan'), '');
  t.is(fake.tokensIssued(), 1, 'one token for four calls');
  fake.expireTokens();
  t.is((await p.exchangeCode!(fake.issueCode('lisi'), '')).externalId, 'lisi');
  t.is(fake.tokensIssued(), 2, 'refused with 42001, fetched again, the call repeated');
  t.true(fake.requests.some((r) => r.path.startsWith('/cgi-bin/auth/getuserinfo')));
  ctx.advance(2 * 3_600_000);
  await p.exchangeCode!(fake.issueCode('lisi'), '');
  t.is(fake.tokensIssued(), 3, 'a new one after expires_in (less a margin)');
});

test('WeCom: listUsers walks the departments a page each, everyone once, with path, groups and numbers', async (t) => {
  const fake = await fakeWeCom();
  t.teardown(fake.close);
  const { p } = wecomProvider({
    baseUrl: fake.url,
    corpId: fake.corpId,
    agentId: 1,
    secret: fake.secret,
    employeeNoAttribute: '工号',
    cardNoAttribute: '卡号',
  });
  const { users, pages } = await all(p);
  t.is(pages, 4, 'Acme, R&D, Platform, Sales');
  t.deepEqual(users.map((u) => u.externalId).sort(), ['laowang', 'lisi', 'wangwu', 'zhangsan', 'zhaoliu']);
  const zhang = users.find((u) => u.externalId === 'zhangsan')!;
  t.deepEqual(zhang, {
    externalId: 'zhangsan',
    username: 'zhangsan',
    realName: '张三',
    email: 'zhangsan@acme.example',
    phone: '13800000001',
    employeeNo: 'E1001',
    cardNo: '00C0FFEE',
    department: 'Platform',
    departmentPath: ['Acme', 'R&D', 'Platform'],
    groups: ['wecom:dept:3', 'wecom:dept:4'],
    active: true,
  });
  t.deepEqual(
    users
      .filter((u) => !u.active)
      .map((u) => u.externalId)
      .sort(),
    ['wangwu', 'zhaoliu'],
  );
  t.deepEqual(users.find((u) => u.externalId === 'wangwu')!.departmentPath, ['Acme', 'Sales']);

  // From a sub-tree: only R&D and below.
  const rd = wecomProvider({
    baseUrl: fake.url,
    corpId: fake.corpId,
    agentId: 1,
    secret: fake.secret,
    rootDepartment: 2,
  });
  const sub = await all(rd.p);
  t.deepEqual(sub.users.map((u) => u.externalId).sort(), ['laowang', 'lisi', 'zhangsan']);
  t.deepEqual(sub.users.find((u) => u.externalId === 'zhangsan')!.departmentPath, ['R&D', 'Platform']);
  await t.throwsAsync(rd.p.listUsers!({ cursor: 'not-a-cursor' }));
});

test('DingTalk: the sign-in URL', async (t) => {
  const { p } = dingProvider({ appKey: 'dingKEY', appSecret: 's' });
  for (const qr of [false, true]) {
    const u = new URL(await p.authorizeUrl!('st-9', 'https://atrium.example/login', { qr }));
    t.is(`${u.origin}${u.pathname}`, 'https://login.dingtalk.com/oauth2/auth');
    t.deepEqual(Object.fromEntries(u.searchParams), {
      redirect_uri: 'https://atrium.example/login',
      response_type: 'code',
      client_id: 'dingKEY',
      scope: 'openid',
      state: 'st-9',
      prompt: 'consent',
    });
  }
});

test('DingTalk: a code is traded through the new and the old API; refused codes, secrets and people', async (t) => {
  const fake = await fakeDingTalk();
  t.teardown(fake.close);
  const settings = { baseUrl: fake.url, apiUrl: fake.url, appKey: fake.appKey, appSecret: fake.appSecret };
  const { p } = dingProvider(settings);
  const code = fake.issueCode('ding-zhang');
  t.deepEqual(await p.exchangeCode!(code, ''), {
    externalId: 'ding-zhang',
    username: 'ding-zhang',
    realName: '张三',
    email: 'zhang@acme.example',
    phone: '13900000001',
    employeeNo: 'E2001',
    groups: ['dingtalk:dept:3', 'dingtalk:dept:4'],
    active: true,
  });
  const token = fake.requests.find((r) => r.path === '/v1.0/oauth2/userAccessToken')!;
  t.deepEqual(token.body, {
    clientId: fake.appKey,
    clientSecret: fake.appSecret,
    code,
    grantType: 'authorization_code',
  });
  t.like(await t.throwsAsync(p.exchangeCode!(code, '')), { reason: 'code', errcode: 'InvalidAuthentication' });
  const late = fake.issueCode('ding-li');
  fake.advance(5 * 60_000 + 1);
  t.like(await t.throwsAsync(p.exchangeCode!(late, '')), { reason: 'code' });
  t.false((await p.exchangeCode!(fake.issueCode('ding-wang'), '')).active);
  t.like(await t.throwsAsync(p.exchangeCode!(fake.issueCode('x', { unionid: 'UNION-outsider' }), '')), {
    reason: 'user',
    errcode: 60121,
  });
  const wrong = dingProvider({ ...settings, appSecret: 'nope' }).p;
  t.like(await t.throwsAsync(wrong.exchangeCode!(fake.issueCode('ding-li'), '')), { reason: 'credentials' });
  t.like(await t.throwsAsync(wrong.health!()), { reason: 'credentials', errcode: 40089 });
});

test('DingTalk: the old API token is cached and fetched again on 42001', async (t) => {
  const fake = await fakeDingTalk();
  t.teardown(fake.close);
  const { p } = dingProvider({ baseUrl: fake.url, apiUrl: fake.url, appKey: fake.appKey, appSecret: fake.appSecret });
  await p.exchangeCode!(fake.issueCode('ding-li'), '');
  await p.exchangeCode!(fake.issueCode('ding-zhang'), '');
  const tokens = () => fake.requests.filter((r) => r.path.startsWith('/gettoken')).length;
  t.is(tokens(), 1);
  fake.expireTokens();
  await p.exchangeCode!(fake.issueCode('ding-li'), '');
  t.is(tokens(), 2);
});

test('DingTalk: listUsers walks the tree depth first, 100 a page, each person once', async (t) => {
  const fake = await fakeDingTalk();
  t.teardown(fake.close);
  for (let i = 0; i < 150; i++)
    fake.users.set(`sales-${i}`, {
      userid: `sales-${i}`,
      unionid: `U-${i}`,
      name: `Seller ${i}`,
      dept_id_list: [4],
      active: true,
    });
  const { p } = dingProvider({
    baseUrl: fake.url,
    apiUrl: fake.url,
    appKey: fake.appKey,
    appSecret: fake.appSecret,
    cardNoField: '卡号',
  });
  const { users } = await all(p);
  t.is(users.length, 153);
  t.is(new Set(users.map((u) => u.externalId)).size, 153, 'nobody twice');
  t.deepEqual(
    users.find((u) => u.externalId === 'ding-zhang'),
    {
      externalId: 'ding-zhang',
      username: 'ding-zhang',
      realName: '张三',
      email: 'zhang@acme.example',
      phone: '13900000001',
      employeeNo: 'E2001',
      cardNo: 'CAFE0001',
      department: 'Platform',
      departmentPath: ['Acme', 'R&D', 'Platform'],
      groups: ['dingtalk:dept:3', 'dingtalk:dept:4'],
      active: true,
    },
  );
  t.like(
    users.find((u) => u.externalId === 'ding-wang'),
    { active: false, departmentPath: ['Acme', 'Sales'] },
  );
  const lists = fake.requests.filter((r) => r.path.startsWith('/topapi/v2/user/list'));
  t.true(lists.every((r) => (r.body as { size: number }).size === 100));
  t.is(lists.filter((r) => (r.body as { dept_id: number }).dept_id === 4).length, 2, 'Sales in two pages');

  // A sub-tree: ding-zhang is in Platform (under R&D) and Sales (not): listed once, in Platform.
  const rd = dingProvider({
    baseUrl: fake.url,
    apiUrl: fake.url,
    appKey: fake.appKey,
    appSecret: fake.appSecret,
    rootDepartment: 2,
  });
  const sub = await all(rd.p);
  t.deepEqual(sub.users.map((u) => u.externalId).sort(), ['ding-li', 'ding-zhang']);
  t.deepEqual(sub.users.find((u) => u.externalId === 'ding-zhang')!.departmentPath, ['R&D', 'Platform']);
});
