/**
 * The OpenAPI document describes what the server really answers. With seeded data, every GET operation of the
 * document is called (lists first, then each detail with an id a list gave) and its answer is validated against the
 * operation's declared status, media type and schema by the shared client (test/helpers/openapi.ts), which fails
 * on any difference. The few operations that cannot answer here say why. Also: the start-up check refuses a route
 * without a response or with a taken operationId, and `redocly lint` with its recommended rules finds no error.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { z } from 'zod';
import { plainPattern } from '../../core/http/openapi.ts';
import { assertDocumented, NO_DATA, PUBLIC, route } from '../../core/http/route.ts';
import { perDialect } from '../helpers/app.ts';
import { admin, BASE, book, staff } from '../helpers/bookings.ts';
import type { OpenApiDocument } from '../helpers/openapi.ts';
import { png, upload } from '../helpers/places.ts';

const run = promisify(execFile);

/** GET operations this test does not call, and why. */
const NOT_CALLED: Record<string, string> = {
  'GET /api/auth/oidc/start': 'needs a configured OpenID provider (test/api/sso-oidc*.test.ts)',
  'GET /api/auth/oidc/return': 'needs a sign-in under way at an OpenID provider (test/api/sso-oidc*.test.ts)',
  'GET /api/auth/saml/start': 'needs a configured SAML identity provider (test/api/sso-saml*.test.ts)',
  'GET /api/auth/saml/metadata': 'needs a configured SAML service provider (test/api/sso-saml*.test.ts)',
  'GET /api/auth/token': 'needs a finished single sign-on (test/api/sso-*.test.ts)',
  'GET /api/pad/me': "needs a paired tablet's credential (test/api/tablets-pairing.test.ts)",
  'GET /api/pad/rooms/{id}': "needs a paired tablet's credential (test/api/tablets-pairing.test.ts)",
  'GET /api/pad/day': "needs a paired tablet's credential (test/api/tablets-door.test.ts)",
  'GET /api/pad/qr': "needs a paired tablet's credential (test/api/room-qr.test.ts)",
  'GET /api/qr/room': "needs a room's QR secret (test/api/room-qr.test.ts)",
};

/** An event stream never ends, so it has tests of its own. */
const isStream = (doc: OpenApiDocument, p: string) =>
  Boolean(doc.paths[p]!.get!.responses['200']?.content?.['text/event-stream']);

/** The private calendar feed, called with the token its own test makes. */
const FEED = '/api/bookings/feed/{token}.ics';
/** A resource's calendar feed, likewise. */
const RESOURCE_FEED = '/api/bookings/resource-feed/{token}.ics';

/** Query strings of operations that need some. */
const QUERIES: Record<string, string> = {
  '/api/captcha': 'uuid=0123456789abcdef',
  '/api/sys/dict/search': 'q=a',
  '/api/bookings/grid': 'date=2027-03-01',
  '/api/bookings/available': 'date=2027-03-01&startTime=10:00&endTime=11:00',
  '/api/bookings/quote': 'resourceId=:resource&meetingDate=2027-03-02&startTime=10:00&endTime=11:00',
  '/api/bookings/suggestions': 'date=2027-03-01&from=10:00&to=12:00&durationMinutes=60',
  '/api/room/dashboard/utilisation': 'from=2027-02-01&to=2027-03-01',
  '/api/room/dashboard/heatmap': 'from=2027-02-01&to=2027-03-01',
  '/api/room/dashboard/noshow': 'from=2027-02-01&to=2027-03-01',
  '/api/room/dashboard/top': 'from=2027-02-01&to=2027-03-01',
  '/api/sys/setting/code/plugin': 'kind=notify&id=acme',
  '/api/room/dashboard/live': 'locationId=:location',
};

/**
 * Where a path parameter comes from when it is not the `id` of the first item of the list one level up:
 * `list#field` takes that field of the list's first item, `=value` is a fixed value.
 */
const PARAM_FROM: Record<string, string> = {
  '/api/upload/{id}': '/api/room/icons#uploadId',
  '/api/sys/params/{key}': '/api/sys/params#key',
  '/api/inte/settings/{kind}': '=notify',
  '/api/inte/{kind}/providerDevices': '=switch',
  '/api/sys/role/pre/{id}': '/api/sys/roles#id',
  '/api/sys/users/{id}/keys': '/api/sys/users#id',
  '/api/sys/users/{id}/ledger': '/api/sys/users#id',
  '/api/room/floors/{id}/plan': '/api/room/floors#id',
  '/api/room/floors/{id}/icon': '/api/room/floors#id',
  '/api/room/resources/{id}/qrcode': '/api/room/resources#id',
  '/api/bookings/{id}/ics': '/api/bookings#id',
  '/api/center/face/images/{id}': '=1',
  '/api/sys/face/images/{id}': '=1',
  '/api/sys/face/users/{id}': '/api/sys/face/users#userId',
  '/api/inte/app/directory/runs/{id}': '=1',
  '/api/sys/webhooks/{id}/deliveries': '=1',
};

/** Answers other than 200 that are right here (and still checked against the document). */
const EXPECTED: Record<string, number> = {
  '/api/room/floors/{id}/plan': 404, // the demo floors have no plan
  '/api/room/floors/{id}/icon': 404,
  '/api/center/face/images/{id}': 404, // nobody has a face image in the demo
  '/api/sys/face/images/{id}': 404,
  '/api/inte/app/directory/runs/{id}': 404, // no directory provider runs in the demo
  '/api/sys/chat/start': 400, // neither WeCom nor DingTalk is the apps provider here
  '/api/sys/webhooks/{id}/deliveries': 404, // no webhook endpoint in the demo
};

const itemsOf = (data: unknown): Array<Record<string, unknown>> => {
  if (Array.isArray(data)) return data as Array<Record<string, unknown>>;
  const items = (data as { items?: unknown } | undefined)?.items;
  return Array.isArray(items) ? (items as Array<Record<string, unknown>>) : [];
};

perDialect(
  test,
  (dialect, app) => {
    let token = '';

    test.serial.before(async () => {
      app().clock.set(BASE);
      token = await app().adminToken();
      const db = app().cradle.db;
      const resource = (await db('resources').where({ type: 0 }).orderBy('id').first('id', 'location_id')) as {
        id: number;
        location_id: number;
      };
      const alice = await staff(app(), 'oc-alice');
      for (const [who, startTime, endTime] of [
        [alice, '10:00', '11:00'],
        [await admin(app()), '13:00', '14:00'],
      ] as const) {
        const b = await book(app(), who, { resourceId: resource.id, meetingDate: '2027-03-02', startTime, endTime });
        if (b.status !== 200) throw new Error(JSON.stringify(b.body));
      }
      const icon = await upload(app(), token, 'icon', 'icon.png', await png(64));
      if (icon.status !== 200) throw new Error(JSON.stringify(icon.body));
      const seeded = [
        app().post('/api/room/icons', { name: 'Projector', uploadId: icon.body.bean!.id }, { token }),
        app().post('/api/sys/groups', { name: 'Conformance', memberIds: [alice.id] }, { token }),
        app().post('/api/sys/dict', { name: 'Colour', code: 'colour', sort: 1 }, { token }),
        app().post('/api/sys/keys', { name: 'conformance key', scopes: ['sys:log:view'] }, { token }),
        app().post('/api/room/dashboard/panels', { name: 'Panel', locationId: resource.location_id }, { token }),
        app().post('/api/room/devices', { name: 'Door pad', deviceNo: 'PAD-1', resourceId: resource.id }, { token }),
        app().post('/api/sys/notifications', { name: 'Hello', recipient: '*', date: '2027-03-02' }, { token }),
        app().post('/api/room/reports', { type: 'bookings', from: '2027-02-25', to: '2027-03-03' }, { token }),
      ];
      for (const answer of await Promise.all(seeded))
        if (answer.status !== 200) throw new Error(`seeding: ${answer.status} ${JSON.stringify(answer.body)}`);
    });

    test.serial(`${dialect}: every GET operation answers what the document declares`, async (t) => {
      const conformance = await app().conformance();
      const doc: OpenApiDocument = conformance.doc;
      const gets = Object.keys(doc.paths)
        .filter(
          (p) => doc.paths[p]!.get && !NOT_CALLED[`GET ${p}`] && p !== FEED && p !== RESOURCE_FEED && !isStream(doc, p),
        )
        .sort((a, b) => a.split('{').length - b.split('{').length);
      const firsts = new Map<string, Record<string, unknown>>();
      const failures: string[] = [];
      const call = async (p: string) => {
        let url = p;
        if (/\{\w+\}/.test(p)) {
          const from = PARAM_FROM[p] ?? `${p.slice(0, p.indexOf('/{'))}#id`;
          const [list, field] = from.split('#') as [string, string];
          const value = from.startsWith('=') ? from.slice(1) : firsts.get(list)?.[field];
          if (value === undefined) return failures.push(`${p}: no value from ${from}`);
          url = p.replace(/\{\w+\}/, String(value));
        }
        const q = (QUERIES[p] ?? '')
          .replace(':location', String(firsts.get('/api/room/locations')?.id))
          .replace(':resource', String(firsts.get('/api/room/resources')?.id));
        try {
          const answer = await app().get(q ? `${url}?${q}` : url, { token });
          if (answer.status !== (EXPECTED[p] ?? 200))
            failures.push(`${p}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
          const first = itemsOf(answer.body.data)[0];
          if (first) firsts.set(p, first);
        } catch (err) {
          failures.push((err as Error).message);
        }
      };
      for (const p of gets) await call(p);
      t.deepEqual(failures, []);
      const missed = gets.map((p) => `GET ${p}`).filter((op) => !conformance.seen.has(op));
      t.deepEqual(missed, [], 'every GET operation was called');
    });

    test.serial(`${dialect}: the calendar feeds and an undeclared answer are checked too`, async (t) => {
      const feed = await app().post<{ data: { path: string } }>('/api/bookings/feed', {}, { token });
      t.is(feed.status, 200);
      t.is((await app().get(feed.body.data.path)).status, 200);
      t.true((await app().conformance()).seen.has(`GET ${FEED}`));
      const room = (await app().cradle.db('resources').where({ type: 0 }).orderBy('id').first('id')) as { id: number };
      const roomFeed = await app().post<{ data: { path: string } }>(
        `/api/bookings/resource-feeds/${room.id}`,
        {},
        { token },
      );
      t.is(roomFeed.status, 200);
      t.is((await app().get(roomFeed.body.data.path)).status, 200);
      t.true((await app().conformance()).seen.has(`GET ${RESOURCE_FEED}`));
      const conformance = await app().conformance();
      t.deepEqual(conformance.check('GET', '/api/health', 200, 'application/json', { code: 0, msg: 'ok' }).length, 1);
      t.regex(conformance.check('GET', '/api/health', 418, 'application/json', {})[0] ?? '', /does not declare/);
      t.regex(
        conformance.check('GET', '/api/captcha', 200, 'application/json', {})[0] ?? '',
        /answered application\/json; declared: image\/png/,
      );
    });

    test.serial(`${dialect}: every operation has a unique operationId and declares its answers`, async (t) => {
      const doc = (await app().conformance()).doc;
      const ids: string[] = [];
      for (const [p, methods] of Object.entries(doc.paths))
        for (const [method, op] of Object.entries(methods)) {
          t.truthy(op.operationId, `${method} ${p}`);
          ids.push(op.operationId!);
          const ok = Object.keys(op.responses).filter((s) => s.startsWith('2') || s.startsWith('3'));
          t.true(ok.length >= 1, `${method} ${p} declares its success answer`);
        }
      t.is(new Set(ids).size, ids.length);
      const token = doc.paths['/api/auth/token']!.get!.responses;
      t.truthy(token['401'], 'the single sign-on token exchange declares its 401');
      const openapi = doc.paths['/api/docs/openapi.json']!.get!.responses['200']!.content!;
      t.deepEqual(Object.keys(openapi), ['application/json']);
      t.falsy((openapi['application/json']!.schema as { properties?: unknown }).properties, 'bare, no envelope');
    });

    if (dialect === 'sqlite')
      test.serial('redocly lint with the recommended rules finds no error in the document', async (t) => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-openapi-'));
        const file = path.join(dir, 'openapi.json');
        fs.writeFileSync(file, JSON.stringify((await app().conformance()).doc));
        const cli = path.resolve('node_modules/@redocly/cli/bin/cli.js');
        try {
          const { stdout } = await run(
            process.execPath,
            [cli, 'lint', file, '--format=json', '--extends=recommended'],
            {
              maxBuffer: 64 * 1024 * 1024,
              env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
            },
          );
          const report = JSON.parse(stdout) as { totals: { errors: number } };
          t.is(report.totals.errors, 0);
        } catch (err) {
          const e = err as { stdout?: string };
          const report = JSON.parse(e.stdout ?? '{}') as {
            problems?: Array<{ ruleId: string; severity: string; message: string; location?: unknown }>;
          };
          t.fail(
            JSON.stringify((report.problems ?? []).filter((p) => p.severity === 'error').slice(0, 20), null, 1) ||
              String(err),
          );
        } finally {
          fs.rmSync(dir, { recursive: true, force: true });
        }
      });
  },
  { demo: true },
);

test('the start-up check refuses a route without a response and a second operationId', (t) => {
  const base = { method: 'get' as const, permission: PUBLIC, summary: 's', handler: () => undefined };
  t.throws(() => assertDocumented([{ tag: 'T', routes: [{ ...base, path: '/a' } as never] }]), {
    message: /GET \/a \(T\) declares no response/,
  });
  const a = route({ ...base, path: '/a', response: NO_DATA, operationId: 'same' });
  const b = route({ ...base, path: '/b', response: z.object({}), operationId: 'same' });
  t.throws(() => assertDocumented([{ tag: 'T', routes: [a, b] }]), { message: /same operationId same/ });
  t.notThrows(() => assertDocumented([{ tag: 'T', routes: [a, route({ ...base, path: '/b', response: NO_DATA })] }]));
});

test('regular expression flags become plain JSON Schema patterns', (t) => {
  t.is(plainPattern('^https?:\\/\\/[^\\s]+$/i'), '^[hH][tT][tT][pP][sS]?:\\/\\/[^\\s]+$');
  t.is(plainPattern('^[^\\p{Cc}]*$/u'), '^[^\\p{Cc}]*$');
  t.is(plainPattern('^[a-f0-9]+$/i'), '^[a-f0-9A-F]+$');
  t.is(plainPattern('^ab$'), '^ab$');
  const pattern = new RegExp(plainPattern('^https?:\\/\\/[^\\s]+$/i'), 'u');
  t.true(pattern.test('HTTPS://example.org'));
  t.false(pattern.test('ftp://example.org'));
});
