/**
 * The /inte screens in Chromium against the real server (issue 8): the
 * e-mail notification provider's settings form, generated from its JSON
 * Schema, refuses a bad value with the field's error and saves nothing (a
 * range the browser checks, an Exchange rule only the server knows);
 * axe-core on the form. The devices the switch provider lists (test/fixtures/plugins/switch-recording) on its
 * screen, and chosen as a relay's identifier in the device form.
 */
import anyTest, { type TestFn } from 'ava';
import type { Browser } from 'puppeteer-core';
import type { TestApp } from '../helpers/app.ts';
import { FIXTURE_PLUGINS } from '../helpers/notify.ts';
import { browserSuite, fill, seriousViolations, withPage } from './helpers.ts';
import { openAsAdmin } from './sys-helpers.ts';

const test = anyTest as TestFn;

let app: TestApp;
let browser: Browser;
let token: string;

browserSuite(
  test,
  'inte',
  { config: { pluginPaths: FIXTURE_PLUGINS } },
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

  test.serial("devices: the provider's list on its screen, and a relay's identifier chosen from it", async (t) => {
    const chosen = await app.request('PUT', '/api/inte/settings/switch', {
      token,
      body: { provider: 'switch-recording', settings: {} },
    });
    t.is(chosen.status, 200);
    await withPage(t, browser, async ({ page }) => {
      await openAsAdmin(page, app, '/inte/switch');
      await page.waitForFunction(() => {
        const table = document.querySelector('[data-testid="provider-devices-table"]');
        return Boolean(table?.textContent?.includes('Lights') && table.textContent.includes('Everest'));
      });
      const violations = await seriousViolations(page);
      t.deepEqual(violations, [], JSON.stringify(violations, null, 2));

      await openAsAdmin(page, app, '/room/equipment');
      await page.waitForSelector('[data-testid="equipment-add"]', { visible: true });
      await page.click('[data-testid="equipment-add"]');
      await page.waitForSelector('#equipment-name', { visible: true });
      await fill(page, '#equipment-name', 'Screen relay');
      await fill(page, '#equipment-deviceNo', 'REL-UI-1');
      await page.select('#equipment-kind', 'relay');
      // The identifier is now chosen from the switch provider's list: search, then pick.
      await page.waitForSelector('[data-testid="device-picker"]', { visible: true });
      await page.type('#equipment-identifier', 'Scr');
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll('[data-testid="device-picker"] .item')).some((i) =>
          i.textContent?.includes('Screen · Everest'),
        ),
      );
      await page.evaluate(() => {
        const item = Array.from(document.querySelectorAll<HTMLElement>('[data-testid="device-picker"] .item')).find(
          (i) => i.textContent?.includes('Screen · Everest'),
        );
        item?.click();
      });
      await page.click('[data-testid="form-save"]');
      await page.waitForFunction(() => !document.querySelector('[data-testid="equipment-form"]'));
      const list = await app.request('GET', '/api/room/devices?q=REL-UI-1', { token });
      const saved = (list.body.data as { items: Array<{ identifier: string | null }> }).items[0];
      t.is(saved?.identifier, 'relay-2', "the provider's id is stored, not its name");
    });
  });
}
