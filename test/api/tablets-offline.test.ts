/**
 * A door tablet that stays offline (docs/product-rules.md R19.11), on SQLite and MariaDB, with the scheduler's job on
 * the test clock and the notify test provider of test/fixtures/plugins: the administrators (tablets.manage) are told
 * after `padOfflineAlertMinutes`, not before, each in their language, once per outage, again after the tablet came
 * back and left again; nobody is told when the parameter is 0 or of a revoked tablet; the parameter's range.
 */
import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { FIXTURE_PLUGINS, outboxRows, runJob, saveNotify, type OutboxRowView } from '../helpers/notify.ts';
import { createPlace, createResource, setParams } from '../helpers/places-fixture.ts';
import { createUserWithPermissions } from '../helpers/users.ts';

const MIN = 60_000;
const T0 = Date.UTC(2027, 2, 1, 0, 0);
const JOB = 'tablets.alertOffline';

interface Sent {
  id: string;
  event: string;
  lang: string;
  subject: string;
  text: string;
  html: string;
  to: Array<{ username?: string; name: string }>;
}

perDialect(
  test,
  (dialect, app) => {
    let admin = '';
    let room = 0;
    const tablet = { id: 0, headers: {} as Record<string, string> };

    /** Moving the clock ends sessions: each test signs the administrator in afresh. */
    test.serial.beforeEach(async () => {
      admin = await app().adminToken();
    });

    const pair = async (resourceId: number, name: string) => {
      const code = await app().post<{ data: { code: string } }>(
        '/api/sys/tablets/pairing',
        { resourceId, name },
        { token: admin },
      );
      if (code.status !== 200) throw new Error(JSON.stringify(code.body));
      const res = await app().post<{ data: { credential: string; tablet: { tabletId: number } } }>('/api/pad/pair', {
        code: code.body.data.code,
      });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      return {
        id: res.body.data.tablet.tabletId,
        headers: { authorization: `Device ${res.body.data.credential}` },
      };
    };
    /** The tablet calls the server (it is seen). */
    const call = async (device: { headers: Record<string, string> }) => {
      const res = await app().get('/api/pad/me', device);
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    };
    /** Runs the job at `when` as the scheduler would (it runs every minute), and answers the notices it queued. */
    const checkAt = async (when: number): Promise<OutboxRowView[]> => {
      const before = (await outboxRows(app(), { topic: 'tablet.offline' })).length;
      app().clock.set(when);
      if (!(await app().running.scheduler!.runIfDue(JOB))) throw new Error(`${JOB} was not due at ${when}`);
      return (await outboxRows(app(), { topic: 'tablet.offline' })).slice(before);
    };
    const sent = async (): Promise<Sent[]> => {
      const row = await app().cradle.db('plugin_kv').where({ plugin: 'notify-flaky', key: 'sent' }).first();
      return row ? (JSON.parse(String(row.value)) as Sent[]) : [];
    };
    const byLang = (rows: OutboxRowView[]) =>
      Object.fromEntries(rows.map((r) => [r.message.lang, (r.message.to as Sent['to']).map((p) => p.username)]));

    test.serial.before(async () => {
      app().clock.set(T0 - 60 * MIN);
      admin = await app().adminToken();
      room = await createResource(app(), await createPlace(app(), 'Asia/Tokyo'), {
        name: 'Everest',
        timeZone: 'Asia/Tokyo',
      });
      const { db } = app().cradle;
      const en = await createUserWithPermissions(app(), `tab-en-${dialect}`, ['sys:status:view']);
      const ja = await createUserWithPermissions(app(), `tab-ja-${dialect}`, ['room:equipment:update']);
      await createUserWithPermissions(app(), `tab-viewer-${dialect}`, ['room:equipment:view']);
      const gone = await createUserWithPermissions(app(), `tab-gone-${dialect}`, ['sys:status:view']);
      await db('users').where({ id: en }).update({ lang: 'en' });
      await db('users').where({ id: ja }).update({ lang: 'ja' });
      await db('users').where({ id: gone }).update({ status: 0 });
      await saveNotify(app(), admin, 'notify-flaky', { mode: 'ok' });
    });

    test.serial(`${dialect}: the parameter is in the pad group, 10 by default, 0 to 1440`, async (t) => {
      const read = await app().get<{ data: Record<string, unknown> }>('/api/sys/settings/pad', { token: admin });
      t.is(read.status, 200);
      t.is(read.body.data.padOfflineAlertMinutes, 10);
      for (const bad of [-1, 1441, 2.5, 'soon'])
        t.is(
          (await app().put('/api/sys/settings/pad', { padOfflineAlertMinutes: bad }, { token: admin })).status,
          400,
          String(bad),
        );
      const saved = await app().put<{ data: Record<string, unknown> }>(
        '/api/sys/settings/pad',
        { padOfflineAlertMinutes: 1440 },
        { token: admin },
      );
      t.is(saved.status, 200, JSON.stringify(saved.body));
      t.is(saved.body.data.padOfflineAlertMinutes, 1440);
      await setParams(app(), { padOfflineAlertMinutes: 10 });
    });

    test.serial(
      `${dialect}: not before the time; after it the administrators are told, each in their language`,
      async (t) => {
        app().clock.set(T0);
        admin = await app().adminToken();
        Object.assign(tablet, await pair(room, 'Everest door'));
        t.deepEqual(await checkAt(T0 + 9 * MIN + 59_000), [], 'offline, but not for ten minutes yet');

        const rows = await checkAt(T0 + 10 * MIN + 30_000);
        t.deepEqual(byLang(rows), { cn: ['admin'], en: [`tab-en-${dialect}`], ja: [`tab-ja-${dialect}`] });
        const m = Object.fromEntries(rows.map((r) => [r.message.lang, r.message]));
        t.is(m.en!.subject, 'Door tablet offline: Everest door (Everest)');
        // Last seen at pairing, 09:00 in Tokyo.
        t.regex(m.en!.text, /"Everest door" of Everest has not called the server for 10 minutes/);
        t.true(m.en!.text.includes('2027-03-01 09:00 (Asia/Tokyo)'), m.en!.text);
        t.true(m.en!.html.includes('&quot;Everest door&quot;'), 'the HTML part is escaped');
        t.is(m.ja!.subject, 'ドアタブレットがオフライン：Everest door（Everest）');
        t.true(m.cn!.text.includes('2027-03-01 09:00'));
        t.true(rows.every((r) => r.message.event === 'tablet.offline' && r.provider === 'notify-flaky'));

        await runJob(app(), 'integrations.outbox');
        const states = await outboxRows(app(), { topic: 'tablet.offline' });
        t.deepEqual(
          states.map((r) => r.state),
          ['done', 'done', 'done'],
          'the provider took each message',
        );
        // The fixture records what it sent by read-modify-write, so of messages sent at once it may keep the last only.
        const delivered = (await sent()).filter((s) => s.event === 'tablet.offline');
        t.true(delivered.length >= 1);
        for (const s of delivered) {
          const queued = rows.find((r) => String(r.id) === s.id)!;
          t.like(s, { lang: queued.message.lang, subject: queued.message.subject, text: queued.message.text });
        }
      },
    );

    test.serial(`${dialect}: once per outage`, async (t) => {
      t.deepEqual(await checkAt(T0 + 12 * MIN), []);
      t.deepEqual(await checkAt(T0 + 3 * 60 * MIN), [], 'still the same outage hours later');
      admin = await app().adminToken();
      admin = await app().adminToken();
      t.is(
        (await app().get<{ data: { items: Array<{ online: boolean }> } }>('/api/sys/tablets', { token: admin })).body
          .data.items[0]!.online,
        false,
      );
    });

    test.serial(`${dialect}: back, then offline again, is a new outage`, async (t) => {
      const back = T0 + 4 * 60 * MIN;
      app().clock.set(back);
      await call(tablet);
      t.deepEqual(await checkAt(back + 5 * MIN), [], 'seen five minutes ago');
      const again = await checkAt(back + 11 * MIN);
      t.is(again.length, 3);
      t.true(again.every((r) => r.message.text.includes('2027-03-01 13:00') || r.message.lang === 'cn'));
      t.true(again.find((r) => r.message.lang === 'en')!.message.text.includes('2027-03-01 13:00 (Asia/Tokyo)'));
      t.deepEqual(await checkAt(back + 20 * MIN), [], 'and told once');
    });

    test.serial(`${dialect}: nobody is told while the parameter is 0`, async (t) => {
      const back = T0 + 6 * 60 * MIN;
      app().clock.set(back);
      await call(tablet);
      await setParams(app(), { padOfflineAlertMinutes: 0 });
      t.deepEqual(await checkAt(back + 11 * MIN), []);
      t.deepEqual(await checkAt(back + 24 * 60 * MIN), [], 'not even a day later');
      await setParams(app(), { padOfflineAlertMinutes: 10 });
    });

    test.serial(`${dialect}: nobody is told of a revoked tablet`, async (t) => {
      const start = T0 + 32 * 60 * MIN;
      app().clock.set(start);
      await call(tablet);
      admin = await app().adminToken();
      const other = await pair(room, 'Spare door');
      t.is((await app().post(`/api/sys/tablets/${other.id}/revoke`, {}, { token: admin })).status, 200);
      const rows = await checkAt(start + 15 * MIN);
      t.is(rows.length, 3, 'the active tablet is told of');
      t.true(rows.every((r) => r.message.subject.includes('Everest door')));
      t.false(rows.some((r) => r.message.text.includes('Spare door')));
      t.deepEqual(await checkAt(start + 60 * MIN), []);
      const row = await app().cradle.db('tablets').where({ id: other.id }).first('offline_alerted_at');
      t.is(row.offline_alerted_at, null);
    });

    test.serial(`${dialect}: a wall screen offline is told of as a wall screen`, async (t) => {
      const start = T0 + 40 * 60 * MIN;
      app().clock.set(start);
      admin = await app().adminToken();
      // Only the wall is told of: the door tablet of the earlier tests is revoked.
      t.is((await app().post(`/api/sys/tablets/${tablet.id}/revoke`, {}, { token: admin })).status, 200);
      const code = await app().post<{ data: { code: string } }>(
        '/api/sys/tablets/pairing',
        { wall: true, name: 'Lobby wall' },
        { token: admin },
      );
      t.is((await app().post('/api/pad/pair', { code: code.body.data.code })).status, 200);
      const rows = await checkAt(start + 15 * MIN);
      const m = Object.fromEntries(rows.map((r) => [r.message.lang, r.message]));
      t.is(m.en?.subject, 'Wall screen offline: Lobby wall');
      t.regex(String(m.en?.text), /last seen at .* \(UTC\)/);
      t.is(m.ja?.subject, 'ウォールスクリーンがオフライン：Lobby wall');
    });
  },
  { config: { pluginPaths: FIXTURE_PLUGINS } },
);
