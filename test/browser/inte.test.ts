/**
 * The /inte screens in Chromium against the real server (issue 8): the
 * e-mail notification provider's settings form, generated from its JSON
 * Schema, refuses a bad value with the field's error and saves nothing (a
 * range the browser checks, an Exchange rule only the server knows);
 * axe-core on the form.
 */
import anyTest, { type TestFn } from 'ava';
import type { Browser } from 'puppeteer-core';
import type { TestApp } from '../helpers/app.ts';
import { browserSuite, fill, seriousViolations, withPage } from './helpers.ts';
import { openAsAdmin } from './sys-helpers.ts';

const test = anyTest as TestFn;

let app: TestApp;
let browser: Browser;
let token: string;

browserSuite(
  test,
  'inte',
  {},
  async (s) => {
    ({ app, browser } = s);
    token = await app.adminToken();
  },
  registerTests,
);

async function saved(kind: string): Promise<{ provider: string; settings: Record<string, unknown> }> {
  const res = await app.request('GET', `/api/inte/settings/${kind}`, { token });
  return res.body.data as { provider: string; settings: Record<string, unknown> };
}

function registerTests(): void {
  test.serial(
    'notify: a bad port is refused with its field error; a good one saves; axe-core finds nothing serious',
    async (t) => {
      await withPage(t, browser, async ({ page }) => {
        await openAsAdmin(page, app, '/inte/notify');
        await page.waitForSelector('[data-testid="inte-provider"]', { visible: true });
        await page.select('[data-testid="inte-provider"]', 'notify-email');
        await page.waitForSelector('#inte-host', { visible: true });
        // Secrets are write-only password fields.
        t.is(await page.$eval('#inte-password', (el) => (el as HTMLInputElement).type), 'password');
        await fill(page, '#inte-host', 'smtp.example.com');
        await fill(page, '#inte-port', '99999');
        await page.click('[data-testid="inte-save"]');
        await page.waitForSelector('[data-testid="error-port"]', { visible: true });
        t.is((await saved('notify')).provider, 'none');

        const violations = await seriousViolations(page);
        t.deepEqual(violations, [], JSON.stringify(violations, null, 2));

        await fill(page, '#inte-port', '465');
        await fill(page, '#inte-account', 'atrium@example.com');
        // Exchange needs a domain, a host user and a password: only the server knows; its field errors show at the fields.
        await page.select('#inte-variant', 'exchange');
        await page.click('[data-testid="inte-save"]');
        await page.waitForSelector('[data-testid="error-domain"]', { visible: true });
        t.is((await saved('notify')).provider, 'none');
        await page.select('#inte-variant', 'smtp');
        const required = await page.$$eval('[data-testid="inte-form"] .required.field input', (els) =>
          els.map((e) => (e as HTMLInputElement).id),
        );
        for (const id of required) {
          const value = await page.$eval(`#${id}`, (el) => (el as HTMLInputElement).value);
          if (!value) await fill(page, `#${id}`, 'value1');
        }
        await page.click('[data-testid="inte-save"]');
        await page.waitForFunction(() => !document.querySelector('[data-testid="error-port"]'));
        await page.waitForFunction(() => document.querySelector('[data-testid="inte-form"] .message.error') === null);
        const after = await saved('notify');
        t.is(after.provider, 'notify-email');
        t.is(after.settings.port, 465);
        t.false(
          'password' in after.settings &&
            typeof after.settings.password === 'string' &&
            after.settings.password.length > 0 &&
            after.settings.password !== '',
          'the password is not answered',
        );
      });
    },
  );
}
