/**
 * The WeCom and DingTalk providers under the directory sync (POST /inte/app/directory/sync) on the real server,
 * pointed at the vendors' fakes (test/fixtures/fakes/wecom.ts, dingtalk.ts): every page of the department walk is
 * read, people become accounts with their department, employee and card numbers, linked under the source the
 * sign-in uses (wecom, dingtalk), so the person then signs in through the chat without any matching; someone who
 * leaves the vendor's directory is disabled at the next run and refused at sign-in.
 */
import test from 'ava';
import { perDialect, type TestApp } from '../helpers/app.ts';
import { fakeDingTalk, type FakeDingTalk } from '../fixtures/fakes/dingtalk.ts';
import { fakeWeCom, type FakeWeCom } from '../fixtures/fakes/wecom.ts';

let wecom: FakeWeCom;
let ding: FakeDingTalk;
test.before(async () => {
  wecom = await fakeWeCom();
  ding = await fakeDingTalk();
});
test.after.always(async () => {
  await wecom?.close();
  await ding?.close();
});

interface Run {
  state: string;
  counts: { listed: number; created: number; disabled: number };
  error: string | null;
}

async function sync(app: TestApp, token: string): Promise<Run> {
  const res = await app.post<{ data: Run }>('/api/inte/app/directory/sync', {}, { token });
  if (res.status !== 200) throw new Error(`sync: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

async function account(app: TestApp, username: string) {
  return app.cradle
    .db('users')
    .where({ username })
    .first('status', 'real_name', 'employee_no', 'card_no', 'department', 'email', 'source', 'external_id');
}

perDialect(test, (dialect, app) => {
  let admin: string;

  test.serial(
    `${dialect}: WeCom: the sync reads every department; the people then sign in through the link`,
    async (t) => {
      admin = await app().adminToken();
      const saved = await app().put(
        '/api/inte/settings/apps',
        {
          provider: 'wecom-directory',
          settings: {
            baseUrl: wecom.url,
            corpId: wecom.corpId,
            agentId: 1000002,
            secret: wecom.secret,
            employeeNoAttribute: '工号',
            cardNoAttribute: '卡号',
          },
        },
        { token: admin },
      );
      t.is(saved.status, 200, JSON.stringify(saved.body));
      const run = await sync(app(), admin);
      t.is(run.state, 'done', run.error ?? '');
      t.is(run.counts.listed, 5);
      t.like(await account(app(), 'zhangsan'), {
        status: 1,
        real_name: '张三',
        employee_no: 'E1001',
        card_no: '00C0FFEE',
        department: 'Platform',
        email: 'zhangsan@acme.example',
        // notify-wecom addresses people by this id.
        external_id: 'zhangsan',
      });
      const linked = await app()
        .cradle.db('user_identities')
        .where({ source: 'wecom' })
        .orderBy('external_id')
        .pluck('external_id');
      t.true(linked.includes('zhangsan') && linked.includes('lisi'));

      const signIn = await app().post<{ token: string }>('/api/sys/wxToken', { code: wecom.issueCode('zhangsan') });
      t.is(signIn.status, 200, JSON.stringify(signIn.body));

      // zhangsan leaves: the next run disables the account, and the sign-in is refused.
      wecom.users.get('zhangsan')!.status = 5;
      const after = await sync(app(), admin);
      t.is(after.state, 'done', after.error ?? '');
      t.is((await account(app(), 'zhangsan'))!.status, 0);
      const refused = await app().post('/api/sys/wxToken', { code: wecom.issueCode('zhangsan') });
      t.is(refused.status, 403);
      wecom.users.get('zhangsan')!.status = 1;
    },
  );

  test.serial(
    `${dialect}: DingTalk: the sync walks the tree page by page; the people sign in through the link`,
    async (t) => {
      for (let i = 0; i < 120; i++)
        ding.users.set(`sales-${i}`, {
          userid: `sales-${i}`,
          unionid: `U-${i}`,
          name: `Seller ${i}`,
          dept_id_list: [4],
          active: true,
        });
      const saved = await app().put(
        '/api/inte/settings/apps',
        {
          provider: 'dingtalk-directory',
          settings: { baseUrl: ding.url, apiUrl: ding.url, appKey: ding.appKey, appSecret: ding.appSecret },
        },
        { token: admin },
      );
      t.is(saved.status, 200, JSON.stringify(saved.body));
      const run = await sync(app(), admin);
      t.is(run.state, 'done', run.error ?? '');
      t.is(run.counts.listed, 123);
      t.like(await account(app(), 'ding-zhang'), { employee_no: 'E2001', department: 'Platform', status: 1 });
      t.like(await account(app(), 'sales-119'), { department: 'Sales', status: 1 });
      const signIn = await app().post('/api/sys/dingToken', { code: ding.issueCode('ding-zhang') });
      t.is(signIn.status, 200, JSON.stringify(signIn.body));
      for (let i = 0; i < 120; i++) ding.users.delete(`sales-${i}`);
    },
  );
});
