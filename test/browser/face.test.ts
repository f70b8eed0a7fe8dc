/**
 * Face data in the console (docs/product-rules.md R20.7), in Chromium against the real server with the recording
 * face provider: /sys/face lists people with their enrolment state; an administrator records a person's consent,
 * uploads a face image for them (shown, enrolment queued or done) and deletes it after confirming; the user menu's
 * My face shows the consent text and, without consent, no upload; axe finds nothing serious.
 */
import anyTest, { type TestFn } from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'puppeteer-core';
import type { TestApp } from '../helpers/app.ts';
import { FIXTURE_PLUGINS } from '../helpers/notify.ts';
import { png } from '../helpers/places.ts';
import { createUser } from '../helpers/users.ts';
import { browserSuite, rowWith, seriousViolations, withPage } from './helpers.ts';
import { openAsAdmin } from './sys-helpers.ts';

const test = anyTest as TestFn;

let app: TestApp;
let browser: Browser;
let picture = '';

browserSuite(
  test,
  'face',
  { config: { pluginPaths: FIXTURE_PLUGINS } },
  async (s) => {
    ({ app, browser } = s);
    const token = await app.adminToken();
    await createUser(app, 'fiona_face');
    const res = await app.put('/api/inte/settings/face', { provider: 'face-recording', settings: {} }, { token });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    picture = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'face-')), 'fiona.png');
    fs.writeFileSync(picture, await png(160));
  },
  registerTests,
);

function registerTests(): void {
  test.serial(
    'an administrator records consent, uploads and deletes a face image; axe finds nothing serious',
    async (t) => {
      await withPage(t, browser, async ({ page }) => {
        await openAsAdmin(page, app, '/sys/face');
        await page.waitForSelector('[data-testid="face-row"]', { visible: true });
        const row = await rowWith(page, 'face-table', 'fiona_face');
        t.is(await page.$eval(`${row} [data-enrolment]`, (el) => el.getAttribute('data-enrolment')), 'none');
        t.deepEqual(await seriousViolations(page), [], 'the list');
        await page.click(`${row} button`);
        await page.waitForSelector('[data-testid="face-person"] [data-testid="face-no-consent"]', { visible: true });
        t.truthy(await page.$('[data-testid="face-no-images"]'), 'the empty state');
        t.is(await page.$('[data-testid="face-upload"]'), null, 'no upload without consent');
        await page.click('[data-testid="face-person"] [data-testid="face-no-consent"] ~ button');
        await page.waitForSelector('[data-testid="face-upload"]', { visible: true });
        const input = await page.$('[data-testid="face-upload-file"]');
        await (input as unknown as { uploadFile: (f: string) => Promise<void> }).uploadFile(picture);
        await page.waitForSelector('[data-testid="face-image"] img', { visible: true });
        const state = await page.$eval('[data-testid="face-person"] [data-enrolment]', (el) =>
          el.getAttribute('data-enrolment'),
        );
        t.true(state === 'queued' || state === 'enrolled', String(state));
        // axe reads the dialog at rest: no button still busy with the upload, no pointer hovering one.
        await page.mouse.move(0, 0);
        await page.waitForFunction(
          () =>
            !document.querySelector(
              '[data-testid="face-person"] .button.loading, [data-testid="face-person"] .button.disabled',
            ),
        );
        t.deepEqual(await seriousViolations(page), [], 'the person dialog');
        await page.click('[data-testid="face-image"] button');
        await page.waitForSelector('[data-testid="confirm-delete-yes"]', { visible: true });
        await page.click('[data-testid="confirm-delete-yes"]');
        await page.waitForSelector('[data-testid="face-no-images"]', { visible: true });
      });
    },
  );

  test.serial("My face shows the consent text in the user's language", async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await openAsAdmin(page, app, '/sys/face');
      await page.click('[data-testid="user-menu"]');
      await page.waitForSelector('[data-testid="menu-my-face"]', { visible: true });
      await page.click('[data-testid="menu-my-face"]');
      await page.waitForSelector('[data-testid="my-face"] [data-testid="face-consent-text"]', { visible: true });
      const text = await page.$eval('[data-testid="face-consent-text"]', (el) => el.textContent ?? '');
      t.true(text.length > 20);
      t.truthy(await page.$('[data-testid="my-face"] [data-testid="face-no-consent"]'));
    });
  });
}
