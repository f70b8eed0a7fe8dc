/**
 * The webhooks screen (/sys/webhook, docs/product-rules.md R24) in Chromium against the real server and a receiver on
 * 127.0.0.1: an endpoint is created and its secret shown once (with a copy button), a test event is sent and its
 * delivery listed with the receiver's status code, the secret rotated after a confirmation and the endpoint deleted
 * after one; axe-core finds nothing serious on the screen, its form, and its delivery log.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import anyTest, { type TestFn } from 'ava';
import type { Browser } from 'puppeteer-core';
import type { TestApp } from '../helpers/app.ts';
import { setParams } from '../helpers/places-fixture.ts';
import { browserSuite, fill, seriousViolations, withPage } from './helpers.ts';
import { openAsAdmin, rowWith, waitForGone, waitForNoRow } from './sys-helpers.ts';

const test = anyTest as TestFn;

let app: TestApp;
let browser: Browser;
let server: http.Server;
let hookUrl = '';
const received: string[] = [];

browserSuite(
  test,
  'sys-webhooks',
  {},
  async (s) => {
    ({ app, browser } = s);
    await setParams(app, { webhookAllowPrivate: true });
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        res.writeHead(202).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  },
  registerTests,
);
test.after.always(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

function registerTests(): void {
  test.serial(
    'webhooks: create, secret once, test event with its code, rotate and delete after confirming',
    async (t) => {
      await withPage(t, browser, async ({ page }) => {
        await openAsAdmin(page, app, '/sys/webhook');
        await page.waitForSelector('[data-testid="webhooks-add"]', { visible: true });
        // The add button shows before the list has loaded: wait for the list's answer, an empty state.
        t.truthy(
          await page.waitForSelector('[data-testid="crud-empty"]', { visible: true }),
          'an empty state before the first endpoint',
        );
        t.deepEqual(await seriousViolations(page), []);
        await page.click('[data-testid="webhooks-add"]');
        await page.waitForSelector('#webhooks-name', { visible: true });
        await fill(page, '#webhooks-name', 'Facilities');
        await fill(page, '#webhooks-url', hookUrl);
        await page.click('label[for="webhooks-event0"]');
        t.deepEqual(await seriousViolations(page), []);
        await page.click('[data-testid="form-save"]');
        await page.waitForSelector('[data-testid="webhook-secret-text"]', { visible: true });
        const secret = await page.$eval('[data-testid="webhook-secret-text"]', (el) => el.textContent ?? '');
        t.regex(secret, /^whsec_/);
        t.truthy(await page.$('[data-testid="webhook-secret-once"] button .copy.icon'), 'a copy button');
        await page.click('[data-testid="webhook-secret-close"]');
        await waitForGone(page, 'webhook-secret-once');
        const row = await rowWith(page, 'webhooks-table', 'Facilities');
        t.false((await page.content()).includes(secret), 'the secret is not shown again');
        const [saved] = (await app.cradle.db('webhook_endpoints').select('events')) as Array<{ events: string }>;
        t.deepEqual(JSON.parse(saved!.events), ['booking.created']);

        // A test event: the delivery log opens; once the outbox delivered it, refreshing shows the receiver's 202.
        await page.click(`${row} [data-testid="webhook-test"]`);
        await page.waitForSelector('[data-testid="webhook-log"]', { visible: true });
        await app.cradle.outboxWorker.drainDue();
        t.is(received.length, 1);
        t.true(received[0]!.includes('"webhook.test"'));
        await page.click('[data-testid="webhook-refresh"]');
        await page.waitForFunction(
          () =>
            document.querySelector('[data-testid="webhook-log"] [data-testid="delivery-status"]')?.textContent ===
            '202',
        );
        t.deepEqual(await seriousViolations(page), []);
        // Redelivered by hand: the receiver gets it again.
        await page.click('[data-testid="webhook-log"] [data-testid="webhook-redeliver"]');
        await new Promise((r) => setTimeout(r, 300));
        await app.cradle.outboxWorker.drainDue();
        t.is(received.length, 2);
        await page.click('[data-testid="webhook-log-close"]');
        await waitForGone(page, 'webhook-log');

        // Rotation asks first, then shows the new secret once.
        await page.click(`${row} [data-testid="webhook-rotate"]`);
        await page.waitForSelector('[data-testid="confirm-delete"]', { visible: true });
        await page.click('[data-testid="confirm-delete-yes"]');
        await page.waitForSelector('[data-testid="webhook-secret-text"]', { visible: true });
        const fresh = await page.$eval('[data-testid="webhook-secret-text"]', (el) => el.textContent ?? '');
        t.regex(fresh, /^whsec_/);
        t.not(fresh, secret);
        await page.keyboard.press('Escape');
        await waitForGone(page, 'webhook-secret-once');

        // Deleting asks first.
        await page.click(`${row} [data-testid="row-delete"]`);
        await page.waitForSelector('[data-testid="confirm-delete"]', { visible: true });
        await page.click('[data-testid="confirm-delete"] button:not([data-testid="confirm-delete-yes"])');
        await waitForGone(page, 'confirm-delete');
        t.is(Number((await app.cradle.db('webhook_endpoints').count({ n: '*' }).first())!.n), 1, 'cancel keeps it');
        await page.click(`${row} [data-testid="row-delete"]`);
        await page.click('[data-testid="confirm-delete-yes"]');
        await waitForNoRow(page, 'webhooks-table', 'Facilities');
        t.is(Number((await app.cradle.db('webhook_endpoints').count({ n: '*' }).first())!.n), 0);
      });
    },
  );
}
