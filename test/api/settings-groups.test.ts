import test from 'ava';
import { PARAMS } from '../../core/modules/params/index.ts';
import { perDialect } from '../helpers/app.ts';

type Form = { data: Record<string, unknown> };

perDialect(test, (dialect, app) => {
  let admin: string;
  test.serial(`${dialect}: pad settings keep at least one authentication method, written |name|`, async (t) => {
    admin = await app().adminToken();
    const read = await app().get<Form>('/api/sys/settings/pad', { token: admin });
    t.is(read.status, 200);
    t.is(read.body.data.padAuthMethods, '|password|qr|');
    const list = await app().put<Form>(
      '/api/sys/settings/pad',
      { padAuthMethods: ['qr', 'card', 'qr'] },
      { token: admin },
    );
    t.is(list.status, 200, JSON.stringify(list.body));
    t.is(list.body.data.padAuthMethods, '|card|qr|', 'deduplicated, catalogue order, outer bars');
    const text = await app().put<Form>('/api/sys/settings/pad', { padAuthMethods: 'face|password' }, { token: admin });
    t.is(text.body.data.padAuthMethods, '|password|face|');
    for (const empty of ['', '||', []]) {
      const res = await app().put('/api/sys/settings/pad', { padAuthMethods: empty }, { token: admin, lang: 'en' });
      t.is(res.status, 400);
      t.is(res.body.key, 'settings.padAuthRequired');
      t.regex(res.body.msg, /at least one/);
    }
    const unknown = await app().put('/api/sys/settings/pad', { padAuthMethods: '|password|iris|' }, { token: admin });
    t.is(unknown.status, 400);
    t.is((await app().put('/api/sys/settings/pad', { keepButtonDelaySeconds: -5 }, { token: admin })).status, 400);
    t.is(
      (await app().get<Form>('/api/sys/settings/pad', { token: admin })).body.data.padAuthMethods,
      '|password|face|',
      'refusals change nothing',
    );
  });

  test.serial(`${dialect}: blocklist settings: max violations >= 1, period >= 1 day, disable days >= 1`, async (t) => {
    const ok = await app().put<Form>(
      '/api/sys/settings/blocklist',
      { blocklistMaxViolations: 1, blocklistPeriodDays: 1, blocklistDisableDays: 1, blocklistEnabled: true },
      { token: admin },
    );
    t.is(ok.status, 200, JSON.stringify(ok.body));
    t.deepEqual(ok.body.data, {
      blocklistEnabled: true,
      blocklistMaxViolations: 1,
      blocklistPeriodDays: 1,
      blocklistDisableDays: 1,
    });
    for (const key of ['blocklistMaxViolations', 'blocklistPeriodDays', 'blocklistDisableDays']) {
      for (const value of [0, -1, 1.5, 'x']) {
        const res = await app().put('/api/sys/settings/blocklist', { [key]: value }, { token: admin, lang: 'ja' });
        t.is(res.status, 400, `${key}=${value}`);
        t.is(res.body.errors?.[0]?.field, key);
      }
    }
    t.is(
      (await app().put<Form>('/api/sys/settings/blocklist', { blocklistMaxViolations: '4' }, { token: admin })).body
        .data.blocklistMaxViolations,
      4,
      'numbers as text are read',
    );
  });

  test.serial(`${dialect}: option flags are written |name| whatever the spelling`, async (t) => {
    const res = await app().put<Form>('/api/sys/settings/system', { options: 'useCredit|noCC' }, { token: admin });
    t.is(res.status, 200, JSON.stringify(res.body));
    t.is(res.body.data.options, '|noCC|useCredit|');
    t.is((await app().put<Form>('/api/sys/settings/system', { options: [] }, { token: admin })).body.data.options, '');
    t.is((await app().put('/api/sys/settings/system', { options: '|noCC|bogus|' }, { token: admin })).status, 400);
    // Through the generic parameters call too: the same schema.
    t.is((await app().put('/api/sys/params', { options: ['copyright', 'qrInDetail'] }, { token: admin })).status, 200);
    const config = await app().get<{ config: Record<string, unknown> }>('/api/sys/config/all');
    t.is(config.body.config.options, '|qrInDetail|copyright|');
  });

  test.serial(`${dialect}: log settings: retention days (0 keeps forever) and the slow SQL threshold`, async (t) => {
    const res = await app().put<Form>(
      '/api/sys/settings/logs',
      { sysLogDays: 0, reservationLogDays: 30, approvalLogDays: 365, sqlSlowMs: 50 },
      { token: admin },
    );
    t.is(res.status, 200, JSON.stringify(res.body));
    t.is(res.body.data.sqlSlowMs, 50);
    t.is((await app().put('/api/sys/settings/logs', { sqlSlowMs: 0 }, { token: admin })).status, 400);
    t.is((await app().put('/api/sys/settings/logs', { sysLogDays: -1 }, { token: admin })).status, 400);
  });

  test.serial(`${dialect}: /sys/config/all exposes only public parameters and nothing secret`, async (t) => {
    const res = await app().get<{ config: Record<string, unknown>; time: number }>('/api/sys/config/all');
    t.is(res.status, 200);
    t.true(Math.abs(res.body.time - app().clock.now()) < 60_000);
    const publicKeys = new Set(PARAMS.filter((p) => p.public).map((p) => p.key));
    const keys = Object.keys(res.body.config);
    t.true(keys.length > 0);
    for (const k of keys) t.true(publicKeys.has(k), `${k} is not marked public`);
    for (const k of [
      'padAuthMethods',
      'passwordValidityDays',
      'signInFreeFailures',
      'signInMaxDelaySeconds',
      'sessionMaxDays',
      'usernoPattern',
      'usernoAsPass',
      'sysLogDays',
      'sqlSlowMs',
      'blocklistMaxViolations',
    ]) {
      t.false(k in res.body.config, `${k} must not be public`);
    }
    const text = JSON.stringify(res.body);
    t.notRegex(text, /secret|token|private|BEGIN|apiKey|smtp|mailPass/i);
    // Still nothing when signed in: the answer is the same for everyone.
    const signedIn = await app().get<{ config: Record<string, unknown> }>('/api/sys/config/all', { token: admin });
    t.deepEqual(Object.keys(signedIn.body.config).sort(), keys.sort());
  });

  test.serial(`${dialect}: time configuration: interval 15 or 30, start before end, maxDuration 0..1440`, async (t) => {
    const ok = await app().put(
      '/api/roTime',
      { startTime: '07:00', endTime: '22:30', interval: 30, maxDuration: 240 },
      { token: admin },
    );
    t.is(ok.status, 200, JSON.stringify(ok.body));
    const read = await app().get<{ bean: Record<string, unknown> }>('/api/roTime/getOne', { token: admin });
    t.deepEqual(read.body.bean, { startTime: '07:00', endTime: '22:30', interval: 30, maxDuration: 240 });
    t.is(
      (
        await app().put(
          '/api/roTime',
          { startTime: '00:00', endTime: '24:00', interval: 15, maxDuration: 0 },
          { token: admin },
        )
      ).status,
      200,
      '24:00 ends the day; 0 is unlimited',
    );
    const bad: Array<Record<string, unknown>> = [
      { startTime: '08:00', endTime: '18:00', interval: 20, maxDuration: 60 },
      { startTime: '08:00', endTime: '18:00', interval: 60, maxDuration: 60 },
      { startTime: '18:00', endTime: '08:00', interval: 15, maxDuration: 60 },
      { startTime: '08:00', endTime: '08:00', interval: 15, maxDuration: 60 },
      { startTime: '08:10', endTime: '18:00', interval: 15, maxDuration: 60 },
      { startTime: '08:00', endTime: '18:15', interval: 30, maxDuration: 60 },
      { startTime: '8:00', endTime: '18:00', interval: 15, maxDuration: 60 },
      { startTime: '08:00', endTime: '25:00', interval: 15, maxDuration: 60 },
      { startTime: '08:00', endTime: '18:00', interval: 15, maxDuration: -1 },
      { startTime: '08:00', endTime: '18:00', interval: 15, maxDuration: 1441 },
      { startTime: '08:00', endTime: '18:00', interval: 15 },
    ];
    for (const body of bad) {
      const res = await app().put('/api/roTime', body, { token: admin, lang: 'cn' });
      t.is(res.status, 400, JSON.stringify(body));
      t.is(res.body.key, 'common.validation');
    }
    t.deepEqual(
      (await app().get<{ bean: Record<string, unknown> }>('/api/roTime/getOne', { token: admin })).body.bean,
      { startTime: '00:00', endTime: '24:00', interval: 15, maxDuration: 0 },
    );
  });
  test.serial(`${dialect}: bad input answers 4xx with a translated message, never 500`, async (t) => {
    const calls: Array<[string, string, unknown]> = [
      ['PUT', '/api/sys/settings/security', [1, 2]],
      ['PUT', '/api/sys/settings/security', 'text'],
      ['PUT', '/api/sys/settings/pad', { padAuthMethods: 42 }],
      ['PUT', '/api/sys/settings/blocklist', { blocklistEnabled: { deep: true } }],
      ['PUT', '/api/sys/settings/nothing', {}],
      ['GET', '/api/sys/dict/abc', undefined],
      ['POST', '/api/sys/dict', { name: 'x'.repeat(500), sort: 1 }],
      ['POST', '/api/sys/dict', { name: 'x', sort: 1, parentId: 'root' }],
      ['POST', '/api/sys/keys', { name: 'k', scopes: 'sys:log:view' }],
      ['POST', '/api/sys/keys', { name: 'k', scopes: ['sys:log:view'], expiresAt: 'tomorrow' }],
      ['DELETE', '/api/sys/keys/abc', undefined],
      ['POST', '/api/sys/licence', { content: 'json on the multipart path' }],
      ['POST', '/api/sys/licence/text', { content: 12 }],
      ['GET', '/api/sys/logs/operations?userId=-1', undefined],
      ['GET', '/api/sys/logs/sql?slowOnly=maybe', undefined],
    ];
    for (const [method, path, body] of calls) {
      const res = await app().request(method, path, { token: admin, body, lang: 'ja' });
      t.true(res.status >= 400 && res.status < 500, `${method} ${path} ${res.status} ${JSON.stringify(res.body)}`);
      t.is(typeof res.body.msg, 'string');
      t.not(res.body.msg, '');
    }
  });
});
