import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import QRCode from 'qrcode';
import { perDialect, startTestApp, type TestApp } from '../helpers/app.ts';
import { BASE, book, staff } from '../helpers/bookings.ts';
import { dispatchChanges, outboxRows, saveNotify } from '../helpers/notify.ts';
import { png, upload } from '../helpers/places.ts';
import { createPlace, createResource } from '../helpers/places-fixture.ts';

const PUBLIC_URL = 'https://rooms.example.com/atrium';
const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };

/** A request with a Host header of the caller's choosing (fetch always sends the real one). */
function forged(
  app: TestApp,
  method: string,
  pathname: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: Buffer; headers: http.IncomingHttpHeaders }> {
  const url = new URL(app.url + pathname);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path: url.pathname + url.search,
        headers: {
          ...FORGED,
          i18n: 'en',
          ...(options.token ? { token: options.token } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks), headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const mode = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

perDialect(
  test,
  (dialect, app) => {
    let admin: string;

    test.serial(
      `${dialect}: the Content-Security-Policy runs no inline script; the API docs page works under it`,
      async (t) => {
        admin = await app().adminToken();
        const res = await fetch(`${app().url}/api/health`);
        const csp = res.headers.get('content-security-policy') ?? '';
        const scripts = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1];
        t.is(scripts, "'self'", csp);
        const docs = await (await fetch(`${app().url}/api/docs`)).text();
        t.regex(docs, /<script src="\/api\/docs\/page\.js"><\/script>/);
        t.notRegex(docs, /<script>/, 'no inline script the policy would block');
        const script = await fetch(`${app().url}/api/docs/page.js`);
        t.is(script.status, 200);
        t.regex(script.headers.get('content-type') ?? '', /javascript/);
        t.regex(await script.text(), /fetch\("\/api\/docs\/openapi\.json"\)/);
      },
    );

    test.serial(
      `${dialect}: HSTS only on answers that went over TLS (X-Forwarded-Proto of a trusted proxy)`,
      async (t) => {
        const overTls = await app().get('/api/health', { headers: { 'x-forwarded-proto': 'https' } });
        t.regex(overTls.headers.get('strict-transport-security') ?? '', /^max-age=\d{7,}; includeSubDomains$/);
        const plain = await app().get('/api/health');
        t.is(plain.headers.get('strict-transport-security'), null);
        const untrusted = await startTestApp({ dialect });
        try {
          const claimed = await untrusted.get('/api/health', { headers: { 'x-forwarded-proto': 'https' } });
          t.is(claimed.headers.get('strict-transport-security'), null, 'without a trusted proxy the header is a claim');
        } finally {
          await untrusted.stop();
        }
      },
    );

    test.serial(
      `${dialect}: a malformed percent-encoding in the path is a translated 400, on API and console paths`,
      async (t) => {
        for (const p of ['/%E0%A4%A', '/center/%E0%A4%A', '/api/sys/users/%E0%A4%A', '/api/upload/%', '/api/%C0']) {
          const en = await app().get(p, { token: admin });
          t.is(en.status, 400, p);
          t.is(en.body.msg, 'The address is not valid: it contains a broken %-escape', p);
        }
        t.is((await app().get('/%E0%A4%A', { lang: 'cn' })).body.msg, '地址无效：其中的 % 转义格式错误');
        t.is((await app().get('/api/sys/users/%31', { token: admin })).status, 200, 'a well-formed escape still works');
      },
    );

    test.serial(`${dialect}: the data directory and its uploads are owner-only`, async (t) => {
      const { dataDir } = app().cradle.config;
      const stored = await upload(app(), admin, 'icon', 'i.png', await png(64));
      t.is(stored.status, 200);
      t.is(mode(dataDir), '700');
      t.is(mode(path.join(dataDir, 'uploads')), '700');
      t.is(mode(path.join(dataDir, 'reports')), '700');
      t.is(mode(path.join(dataDir, 'uploads', stored.body.bean!.id)), '600');
      if (dialect === 'sqlite') {
        t.is(mode(path.join(dataDir, 'atrium.db')), '600');
        const wal = path.join(dataDir, 'atrium.db-wal');
        if (fs.existsSync(wal)) t.is(mode(wal), '600', 'SQLite gives its journal the mode of the database');
      }
    });

    test.serial(
      `${dialect}: templates with partials or decorators are refused at save; normal ones save and render`,
      async (t) => {
        const list = await app().get<{ data: { items: Array<{ id: number }> } }>(
          '/api/sys/templates?event=booking.created&lang=en',
          { token: admin },
        );
        const id = list.body.data.items[0]!.id;
        const save = (content: string, lang = 'en') =>
          app().put(
            `/api/sys/templates/${id}`,
            { subject: 'Booked: {{booking.subject}}', content },
            { token: admin, lang },
          );
        const partial = await save('<p>{{#if booking}}{{> footer}}{{/if}}</p>');
        t.is(partial.status, 400);
        t.is(
          partial.body.msg,
          'The template cannot be used: partials such as {{> footer}} are not available in notification templates',
        );
        t.deepEqual(
          partial.body.errors!.map((e) => e.field),
          ['content'],
        );
        const block = await save('{{#> layout}}x{{/layout}}', 'ja');
        t.is(block.status, 400);
        t.regex(block.body.msg, /パーシャル（\{\{> layout\}\} など）/);
        const decorator = await save('<p>{{* activate}}</p>');
        t.is(decorator.status, 400);
        t.regex(decorator.body.msg, /decorators such as \{\{\* activate\}\}/);
        const inline = await save('{{#*inline "x"}}y{{/inline}}', 'cn');
        t.regex(inline.body.msg, /装饰器（如 \{\{\* inline\}\}）/);
        const preview = await app().post(
          '/api/sys/templates/preview',
          {
            event: 'booking.created',
            lang: 'en',
            content: '<p>{{> footer}}</p>',
          },
          { token: admin },
        );
        t.is(preview.status, 400, 'the preview says the same');

        const good = '<p>{{booking.subject}}</p><p><a href="{{links.bookings}}">My bookings</a></p>';
        t.is((await save(good)).status, 200);
        const shown = await app().post<{ data: { html: string } }>(
          '/api/sys/templates/preview',
          {
            event: 'booking.created',
            lang: 'en',
          },
          { token: admin },
        );
        t.is(
          shown.body.data.html,
          `<p>Quarterly planning &lt;Q3&gt;</p><p><a href="${PUBLIC_URL}/center/meeting">My bookings</a></p>`,
        );
      },
    );

    test.serial(
      `${dialect}: QR codes and mail links use the configured public URL, whatever Host the request names`,
      async (t) => {
        app().clock.set(BASE);
        const room = await createResource(app(), await createPlace(app()), { name: 'Kaede' });
        const qr = await forged(app(), 'GET', `/api/room/resources/${room}/qrcode`, {
          token: await app().adminToken(),
        });
        t.is(qr.status, 200);
        // The room's phone address with its secret (docs/product-rules.md R19.9), read where a client could not.
        const address = await app().cradle.roomQrService.url(room);
        t.true(address.startsWith(`${PUBLIC_URL}/qr?room=${room}&s=`), address);
        const expected = await QRCode.toBuffer(address, {
          type: 'png',
          width: 100,
          margin: 1,
          errorCorrectionLevel: 'M',
        });
        t.true(qr.body.equals(expected), 'the PNG encodes the absolute address of the room');

        await saveNotify(app(), await app().adminToken(), 'notify-log');
        const alice = await staff(app(), 'host-alice');
        await app().cradle.db('users').where({ id: alice.id }).update({ lang: 'en' });
        const before = (await outboxRows(app())).length;
        const booked = await forged(app(), 'POST', '/api/bookings', {
          token: alice.token,
          body: {
            resourceId: room,
            meetingDate: '2027-03-02',
            startTime: '09:00',
            endTime: '10:00',
            subject: 'Review',
          },
        });
        t.is(booked.status, 200, booked.body.toString());
        await dispatchChanges(app());
        const mail = (await outboxRows(app())).slice(before).find((r) => r.message.lang === 'en')!;
        t.true(mail.message.html.includes(`<a href="${PUBLIC_URL}/center/meeting">`), mail.message.html);
        t.false(mail.message.html.includes('evil.example'));

        // A template saved before partials were refused still lets its mail go out, with the built-in text.
        await app()
          .cradle.db('notification_templates')
          .where({ event: 'booking.created', lang: 'en' })
          .update({ content: '{{> gone}}' });
        const again = (await outboxRows(app())).length;
        t.is(
          (
            await book(app(), alice, {
              resourceId: room,
              meetingDate: '2027-03-03',
              startTime: '09:00',
              endTime: '10:00',
            })
          ).status,
          200,
        );
        await dispatchChanges(app());
        const fallback = (await outboxRows(app())).slice(again).find((r) => r.message.lang === 'en')!;
        t.regex(fallback.message.html, /Hello host-alice/);
      },
    );
  },
  { config: { publicUrl: PUBLIC_URL, trustProxy: true } },
);

test('an existing data directory and SQLite file with loose modes are made owner-only at start', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-loose-'));
  fs.chmodSync(dir, 0o755);
  for (const sub of ['uploads', 'reports']) fs.mkdirSync(path.join(dir, sub), { mode: 0o755 });
  fs.writeFileSync(path.join(dir, 'atrium.db'), '', { mode: 0o644 });
  fs.writeFileSync(path.join(dir, 'uploads', 'old-picture'), 'x', { mode: 0o644 });
  fs.writeFileSync(path.join(dir, 'reports', 'old-report.xlsx'), 'x', { mode: 0o644 });
  const app = await startTestApp({ config: { dataDir: dir, databaseUrl: `sqlite:${path.join(dir, 'atrium.db')}` } });
  try {
    t.deepEqual(
      [dir, 'atrium.db', 'uploads', 'uploads/old-picture', 'reports', 'reports/old-report.xlsx'].map((p) =>
        mode(path.resolve(dir, p)),
      ),
      ['700', '600', '700', '600', '700', '600'],
    );
  } finally {
    await app.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
