import test from 'ava';
import nock from 'nock';
import { perDialect } from '../helpers/app.ts';
import { outboxRows, recordChange, runJob, saveNotify, seedPlace, snapshot, type Place } from '../helpers/notify.ts';

const WECOM = 'https://qyapi.weixin.qq.com';
const DING = 'https://oapi.dingtalk.com';

// nock 15 on Node 20 breaks fetch passthrough of requests with a body (the test's own calls to
// the app), so interception is on only while the app talks to the vendors.
test.before(() => {
  nock.restore();
  nock.disableNetConnect();
  nock.enableNetConnect(/127\.0\.0\.1/);
});
test.after.always(() => {
  nock.cleanAll();
  nock.enableNetConnect();
});

/** Runs `fn` with the vendors faked (a client call started before keeps the real fetch). */
async function vendors<T>(fn: () => Promise<T>): Promise<T> {
  nock.activate();
  try {
    return await fn();
  } finally {
    nock.restore();
  }
}

interface Sent {
  touser?: string;
  userid_list?: string;
  msgtype?: string;
  agentid?: number;
  agent_id?: number;
  text?: { content: string };
  msg?: { msgtype: string; text: { content: string } };
}

perDialect(test, (dialect, app) => {
  let admin: string;
  let place: Place;
  const violation = async () => {
    await recordChange(app(), 'user.violation', { userId: place.organiserId, violationCount: 1 });
    return (await outboxRows(app())).slice(-1)[0]!.id;
  };
  const state = async (id: number) => (await outboxRows(app(), { id }))[0]!;

  test.serial(
    `${dialect}: WeCom: token fetched once and cached, messages sent to each person's WeCom id`,
    async (t) => {
      admin = await app().adminToken();
      place = await seedPlace(app(), 'ch');
      await app().cradle.db('users').where({ id: place.attendeeId }).update({ external_id: 'AikoW' });
      await saveNotify(app(), admin, 'notify-wecom', { corpId: 'ww0001', corpSecret: 'corp-secret', agentId: 1000002 });
      const sent: Sent[] = [];
      const scope = nock(WECOM)
        .get('/cgi-bin/gettoken')
        .query({ corpid: 'ww0001', corpsecret: 'corp-secret' })
        .once()
        .reply(200, { errcode: 0, errmsg: 'ok', access_token: 'TOKEN-1', expires_in: 7200 })
        .post('/cgi-bin/message/send', (b: Sent) => Boolean(sent.push(b)))
        .query({ access_token: 'TOKEN-1' })
        .twice()
        .reply(200, { errcode: 0, errmsg: 'ok', invaliduser: '' });
      await recordChange(app(), 'booking.created', {
        booking: snapshot(place, { id: 801 }),
        actorId: place.organiserId,
      });
      await vendors(() => runJob(app(), 'integrations.outbox'));
      t.true(scope.isDone());
      t.deepEqual(sent.map((s) => s.touser).sort(), ['AikoW', 'org-ch']);
      const en = sent.find((s) => s.touser === 'org-ch')!;
      t.deepEqual([en.msgtype, en.agentid], ['text', 1000002]);
      t.true(en.text!.content.startsWith('Booked: Planning <b>Q3</b> & budget\n\nHello Olivia Organiser'));
      const rows = await outboxRows(app(), { topic: 'booking.created' });
      t.deepEqual(
        rows.map((r) => r.state),
        ['done', 'done', 'done'],
      );
      t.regex(
        rows.find((r) => r.message.to.some((p) => p.name === 'Gina Guest'))!.last_error!,
        /skipped Gina Guest/,
        'a guest without a WeCom id is reported',
      );
    },
  );

  test.serial(
    `${dialect}: WeCom: an expired token (42001) is fetched again once; after expires_in a new one is fetched`,
    async (t) => {
      const scope = nock(WECOM)
        .post('/cgi-bin/message/send')
        .query({ access_token: 'TOKEN-1' })
        .reply(200, { errcode: 42001, errmsg: 'access_token expired' })
        .get('/cgi-bin/gettoken')
        .query(true)
        .reply(200, { errcode: 0, errmsg: 'ok', access_token: 'TOKEN-2', expires_in: 7200 })
        .post('/cgi-bin/message/send')
        .query({ access_token: 'TOKEN-2' })
        .reply(200, { errcode: 0, errmsg: 'ok' });
      const id = await violation();
      await vendors(() => runJob(app(), 'integrations.outbox'));
      t.true(scope.isDone());
      t.is((await state(id)).state, 'done');
      app().clock.advance(2 * 3_600_000);
      const later = nock(WECOM)
        .get('/cgi-bin/gettoken')
        .query(true)
        .reply(200, { errcode: 0, errmsg: 'ok', access_token: 'TOKEN-3', expires_in: 7200 })
        .post('/cgi-bin/message/send')
        .query({ access_token: 'TOKEN-3' })
        .reply(200, { errcode: 0, errmsg: 'ok' });
      const id2 = await violation();
      await vendors(() => runJob(app(), 'integrations.outbox'));
      t.true(later.isDone());
      t.is((await state(id2)).state, 'done');
    },
  );

  test.serial(`${dialect}: WeCom: other error codes and network failures fail the delivery for a retry`, async (t) => {
    admin = await app().adminToken(); // the clock moved past the old token's life
    nock(WECOM)
      .post('/cgi-bin/message/send')
      .query(true)
      .reply(200, { errcode: 60020, errmsg: 'not allow to access from your ip' });
    const id = await violation();
    await vendors(() => runJob(app(), 'integrations.outbox'));
    let row = await state(id);
    t.deepEqual(
      [row.state, row.attempts, row.last_error],
      ['pending', 1, 'WeCom errcode 60020: not allow to access from your ip'],
    );
    // No interceptor left: nock refuses the connection, as a network failure would.
    await vendors(() => runJob(app(), 'integrations.outbox', 60_000));
    row = await state(id);
    t.deepEqual([row.state, row.attempts], ['pending', 2]);
    t.truthy(row.last_error);
    const bad = nock(WECOM)
      .get('/cgi-bin/gettoken')
      .query(true)
      .reply(200, { errcode: 40001, errmsg: 'invalid credential' });
    const sending = app().post<{ data: { ok: boolean; detail: string } }>(
      '/api/inte/settings/notify/test',
      { provider: 'notify-wecom', settings: { corpId: 'ww0001', corpSecret: 'wrong', agentId: 1000002 } },
      { token: admin },
    );
    const test1 = await vendors(() => sending);
    t.true(bad.isDone());
    t.deepEqual([test1.body.data.ok, test1.body.data.detail], [false, 'WeCom errcode 40001: invalid credential']);
    await app().cradle.db('outbox').where({ id }).update({ state: 'parked' });
  });

  test.serial(
    `${dialect}: DingTalk: work notification with a cached token, token errors refetched once, errors kept`,
    async (t) => {
      await saveNotify(app(), admin, 'notify-dingtalk', {
        appKey: 'ding-key',
        appSecret: 'ding-secret',
        agentId: 2001,
      });
      const sent: Sent[] = [];
      const scope = nock(DING)
        .get('/gettoken')
        .query({ appkey: 'ding-key', appsecret: 'ding-secret' })
        .once()
        .reply(200, { errcode: 0, errmsg: 'ok', access_token: 'D-1', expires_in: 7200 })
        .post('/topapi/message/corpconversation/asyncsend_v2', (b: Sent) => Boolean(sent.push(b)))
        .query({ access_token: 'D-1' })
        .twice()
        .reply(200, { errcode: 0, errmsg: 'ok', task_id: 4711, request_id: 'r1' });
      const a = await violation();
      const b = await violation();
      await vendors(() => runJob(app(), 'integrations.outbox'));
      t.true(scope.isDone());
      t.deepEqual([(await state(a)).state, (await state(b)).state], ['done', 'done']);
      t.deepEqual([sent[0]!.agent_id, sent[0]!.userid_list, sent[0]!.msg!.msgtype], [2001, 'org-ch', 'text']);
      t.true(sent[0]!.msg!.text.content.startsWith('A violation was recorded\n\n'));

      const refetch = nock(DING)
        .post('/topapi/message/corpconversation/asyncsend_v2')
        .query({ access_token: 'D-1' })
        .reply(200, { errcode: 40014, errmsg: 'invalid access_token' })
        .get('/gettoken')
        .query(true)
        .reply(200, { errcode: 0, errmsg: 'ok', access_token: 'D-2', expires_in: 7200 })
        .post('/topapi/message/corpconversation/asyncsend_v2')
        .query({ access_token: 'D-2' })
        .reply(200, { errcode: 0, errmsg: 'ok', task_id: 4712 });
      const c = await violation();
      await vendors(() => runJob(app(), 'integrations.outbox'));
      t.true(refetch.isDone());
      t.is((await state(c)).state, 'done');

      const twice = nock(DING)
        .post('/topapi/message/corpconversation/asyncsend_v2')
        .query(true)
        .reply(200, { errcode: 42001, errmsg: 'access_token expired' })
        .get('/gettoken')
        .query(true)
        .reply(200, { errcode: 0, errmsg: 'ok', access_token: 'D-3', expires_in: 7200 })
        .post('/topapi/message/corpconversation/asyncsend_v2')
        .query({ access_token: 'D-3' })
        .reply(200, { errcode: 42001, errmsg: 'access_token expired' });
      const d = await violation();
      await vendors(() => runJob(app(), 'integrations.outbox'));
      t.true(twice.isDone(), 'refetched once, not in a loop');
      t.deepEqual(
        [(await state(d)).state, (await state(d)).last_error],
        ['pending', 'DingTalk errcode 42001: access_token expired'],
      );
      await app().cradle.db('outbox').where({ id: d }).update({ state: 'parked' });

      nock(DING)
        .post('/topapi/message/corpconversation/asyncsend_v2')
        .query(true)
        .reply(200, { errcode: 33012, errmsg: 'invalid userid' });
      const e = await violation();
      await vendors(() => runJob(app(), 'integrations.outbox'));
      t.is((await state(e)).last_error, 'DingTalk errcode 33012: invalid userid');
      await app().cradle.db('outbox').where({ id: e }).update({ state: 'parked' });
      t.deepEqual(nock.pendingMocks(), []);
    },
  );
});
