/**
 * The webhooks screen for one who may look but not change (docs/product-rules.md R24, R18.6): with
 * `sys:webhook:view` and without `sys:webhook:save` the endpoints and each one's delivery log are shown, with no
 * button to create, edit, delete, rotate, test or redeliver; and the server refuses those calls with 403 all the same.
 */
import anyTest, { type TestFn } from 'ava';
import type { Browser } from 'puppeteer-core';
import type { TestApp } from '../helpers/app.ts';
import { setParams } from '../helpers/places-fixture.ts';
import { createUserWithPermissions, STAFF_PASSWORD } from '../helpers/users.ts';
import { signInAs } from './center-helpers.ts';
import { browserSuite, rowWith, seriousViolations, waitForGone, withPage } from './helpers.ts';

const test = anyTest as TestFn;

let app: TestApp;
let browser: Browser;
let hookId = 0;
let deliveryId = 0;

browserSuite(
  test,
  'sys-webhooks for view-only users',
  {},
  async (s) => {
    ({ app, browser } = s);
    await setParams(app, { webhookAllowPrivate: true });
    const admin = await app.adminToken();
    // Nothing listens on the discard port: the test event's delivery fails, and is logged with its error.
    const created = await app.post<{ data: { id: number } }>(
      '/api/sys/webhooks',
      { name: 'Facilities', url: 'http://127.0.0.1:9/hook', events: ['booking.created'] },
      { token: admin },
    );
    hookId = created.body.data.id;
    await app.post(`/api/sys/webhooks/${hookId}/test`, {}, { token: admin });
    await app.cradle.outboxWorker.drainDue();
    const log = await app.get<{ data: { items: Array<{ id: number }> } }>(`/api/sys/webhooks/${hookId}/deliveries`, {
      token: admin,
    });
    deliveryId = log.body.data.items[0]!.id;
    await createUserWithPermissions(app, 'hook-viewer', ['sys:webhook:view']);
  },
  registerTests,
);

const CHANGES = [
  'webhooks-add',
  'row-edit',
  'row-delete',
  'webhook-rotate',
  'webhook-test',
  'webhook-redeliver',
  'form-save',
] as const;

function registerTests(): void {
  test.serial('the endpoints and their delivery log are shown, and no button that changes them', async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await signInAs(page, app, 'hook-viewer');
      await page.goto(`${app.url}/sys/webhook`);
      const row = await rowWith(page, 'webhooks-table', 'Facilities');
      t.true((await page.$eval(row, (el) => el.textContent ?? '')).includes('http://127.0.0.1:9/hook'));
      for (const id of CHANGES) t.is(await page.$(`[data-testid="${id}"]`), null, `no ${id} on the list`);

      await page.click(`${row} [data-testid="webhook-deliveries"]`);
      await page.waitForSelector('[data-testid="webhook-log"] [data-testid="delivery-status"]', { visible: true });
      t.is(
        await page.$$eval('[data-testid="webhook-deliveries-table"] tbody tr', (rows) => rows.length),
        1,
        'the test event is logged',
      );
      for (const id of CHANGES) t.is(await page.$(`[data-testid="${id}"]`), null, `no ${id} in the log`);
      t.deepEqual(await seriousViolations(page), []);
      await page.click('[data-testid="webhook-log-close"]');
      await waitForGone(page, 'webhook-log');
    });
  });

  test.serial('the server refuses every change to one who may only look', async (t) => {
    const token = await app.tokenFor('hook-viewer', STAFF_PASSWORD);
    t.is((await app.get('/api/sys/webhooks', { token })).status, 200);
    t.is((await app.get(`/api/sys/webhooks/${hookId}/deliveries`, { token })).status, 200);
    const body = { name: 'Mine', url: 'http://127.0.0.1:9/other', events: ['booking.created'] };
    const refused = {
      create: await app.post('/api/sys/webhooks', body, { token }),
      edit: await app.put(`/api/sys/webhooks/${hookId}`, body, { token }),
      rotate: await app.post(`/api/sys/webhooks/${hookId}/rotate`, {}, { token }),
      test: await app.post(`/api/sys/webhooks/${hookId}/test`, {}, { token }),
      redeliver: await app.post(`/api/sys/webhooks/deliveries/${deliveryId}/redeliver`, {}, { token }),
      delete: await app.delete(`/api/sys/webhooks/${hookId}`, { token }),
    };
    for (const [what, res] of Object.entries(refused)) t.is(res.status, 403, what);
    const rows = (await app.cradle.db('webhook_endpoints').select('name', 'url')) as Array<Record<string, string>>;
    t.deepEqual(rows, [{ name: 'Facilities', url: 'http://127.0.0.1:9/hook' }], 'nothing changed');
  });
}
