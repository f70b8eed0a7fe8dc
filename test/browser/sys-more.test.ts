/**
 * More of the /sys and /inte screens in Chromium against the real server:
 * the data dictionary as a tree (keyboard, add, edit, delete, search, pages,
 * axe-core); notification templates previewed in every language; the LDAP
 * sign-in form (a bad value refused at its field, the bind password
 * write-only); a parked delivery retried from /inte/notify; a licence
 * uploaded (then signing in again) and a tampered one refused.
 */
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import anyTest, { type TestFn } from 'ava';
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import { issueLicence, type LicencePayload } from '../../core/modules/licences/index.ts';
import { ADMIN_PASSWORD, type TestApp } from '../helpers/app.ts';
import { FIXTURE_PLUGINS, outboxRows, recordChange, runJob, saveNotify } from '../helpers/notify.ts';
import { createUser } from '../helpers/users.ts';
import { browserSuite, fill, seriousViolations, submitLogin, waitForLayout, withPage } from './helpers.ts';
import { openAsAdmin, rowWith, treeItem, waitForGone, waitForNoRow, waitForNoTreeItem } from './sys-helpers.ts';

const test = anyTest as TestFn;

const vendor = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const DAY = 86_400_000;

let app: TestApp;
let browser: Browser;
let token: string;

browserSuite(
  test,
  'sys-more',
  { config: { licencePublicKey: vendor.publicKey, pluginPaths: FIXTURE_PLUGINS } },
  async (s) => {
    ({ app, browser } = s);
    token = await app.adminToken();
  },
  registerTests,
);

interface DictItem {
  id: number;
  parentId: number | null;
  name: string;
  code: string | null;
  sort: number;
}

async function api<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await app.request(method, `/api${url}`, { token, body });
  if (res.body.code !== 0) throw new Error(`${method} ${url}: ${JSON.stringify(res.body)}`);
  return res.body.data as T;
}

const addItem = (body: Record<string, unknown>) => api<DictItem>('POST', '/sys/dict', body);

/** The data-id of the focused element (a tree item's id). */
const focusedId = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.id ?? null);

async function waitForFocus(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((sel) => document.activeElement === document.querySelector(sel), {}, selector);
}

async function waitForToast(page: Page, pattern: RegExp): Promise<string> {
  const handle = await page.waitForFunction(
    (source) => {
      const text = document.querySelector('[data-testid="toast"]')?.textContent ?? '';
      return new RegExp(source).test(text) ? text : null;
    },
    {},
    pattern.source,
  );
  return String(await handle.jsonValue());
}

/** Clicks the tab of a semantic-ui Tab whose text is `label`. */
async function openTab(page: Page, label: string): Promise<void> {
  await page.waitForFunction(
    (l) => Array.from(document.querySelectorAll('.ui.tabular.menu .item')).some((el) => el.textContent === l),
    {},
    label,
  );
  await page.evaluate((l) => {
    const tab = Array.from(document.querySelectorAll<HTMLElement>('.ui.tabular.menu .item')).find(
      (el) => el.textContent === l,
    );
    tab?.click();
  }, label);
}

function tempFile(name: string, text: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-upload-')), name);
  fs.writeFileSync(file, text);
  return file;
}

function registerTests(): void {
  test.serial(
    'dictionary tree: the keyboard opens an item; add a child under it, edit it with Enter, delete it with Delete after confirming; axe-core finds nothing serious',
    async (t) => {
      const purpose = await addItem({ name: 'Meeting purpose', code: 'purpose', sort: 5 });
      const training = await addItem({ name: 'Training', sort: 1, parentId: purpose.id });
      await addItem({ name: 'Interview', sort: 2, parentId: purpose.id });
      await withPage(t, browser, async ({ page }) => {
        await openAsAdmin(page, app, '/sys/dic');
        const builtIn = await treeItem(page, 'Resource type');
        const parent = await treeItem(page, 'Meeting purpose');
        t.is(await page.$eval(parent, (el) => el.getAttribute('aria-expanded')), 'false', 'closed at first');
        t.is(await page.$eval(parent, (el) => el.getAttribute('aria-level')), '1');
        // One tab stop: the first item.
        t.deepEqual(
          await page.$$eval('[data-testid="dict-tree"] [role="treeitem"][tabindex="0"]', (els) =>
            els.map((e) => e.textContent?.includes('Resource type')),
          ),
          [true],
        );

        await page.focus(`${builtIn}`);
        await page.keyboard.press('ArrowDown');
        await waitForFocus(page, parent);
        t.is(await page.$eval(parent, (el) => el.getAttribute('aria-selected')), 'true', 'selection follows focus');
        await page.keyboard.press('ArrowRight');
        await page.waitForFunction(
          (sel) => document.querySelector(sel)?.getAttribute('aria-expanded') === 'true',
          {},
          parent,
        );
        const first = await treeItem(page, 'Training');
        t.is(await page.$eval(first, (el) => el.getAttribute('aria-level')), '2');
        t.is(await focusedId(page), String(purpose.id), 'opening keeps the focus on the item');
        await page.keyboard.press('ArrowRight');
        await waitForFocus(page, first);
        t.is(await focusedId(page), String(training.id), 'Right again: the first child');
        await page.keyboard.press('ArrowDown');
        await waitForFocus(page, await treeItem(page, 'Interview'));
        await page.keyboard.press('ArrowLeft');
        await waitForFocus(page, parent);
        await page.keyboard.press('ArrowLeft');
        await page.waitForFunction(
          (sel) => document.querySelector(sel)?.getAttribute('aria-expanded') === 'false',
          {},
          parent,
        );
        await waitForNoTreeItem(page, 'Training');
        await page.keyboard.press('ArrowRight');
        await treeItem(page, 'Training');

        const violations = await seriousViolations(page);
        t.deepEqual(violations, [], JSON.stringify(violations, null, 2));

        // Add a child from the item's own button: the form knows the parent.
        await page.click(`${parent} > .tree-row [data-testid="node-add"]`);
        await page.waitForSelector('#dict-name', { visible: true });
        t.is(await page.$eval('#dict-parentId', (el) => (el as HTMLSelectElement).value), String(purpose.id));
        t.is(await page.$eval('#dict-sort', (el) => (el as HTMLInputElement).value), '3', 'after the two children');
        await fill(page, '#dict-name', 'Workshop');
        await fill(page, '#dict-code', 'purpose.workshop');
        await page.click('[data-testid="form-save"]');
        await waitForGone(page, 'dict-form');
        const workshop = await treeItem(page, 'Workshop');
        await waitForFocus(page, workshop);
        t.is(await page.$eval(workshop, (el) => el.getAttribute('aria-level')), '2');
        const created = (await api<{ items: DictItem[] }>('GET', `/sys/dict?parentId=${purpose.id}`)).items.find(
          (i) => i.name === 'Workshop',
        );
        t.is(created?.code, 'purpose.workshop');
        t.is(created?.sort, 3);

        // Enter edits the focused item.
        await page.keyboard.press('Enter');
        await page.waitForSelector('#dict-name', { visible: true });
        t.is(await page.$eval('#dict-name', (el) => (el as HTMLInputElement).value), 'Workshop');
        await fill(page, '#dict-name', 'Workshop (external)');
        await page.click('[data-testid="form-save"]');
        await waitForGone(page, 'dict-form');
        const edited = await treeItem(page, 'Workshop (external)');
        await waitForFocus(page, edited);
        t.is((await api<DictItem>('GET', `/sys/dict/${String(created?.id)}`)).name, 'Workshop (external)');

        // Delete asks first; cancelling keeps the item.
        await page.keyboard.press('Delete');
        await page.waitForSelector('[data-testid="confirm-delete-yes"]', { visible: true });
        t.regex(
          await page.$eval('[data-testid="confirm-delete"]', (el) => el.textContent ?? ''),
          /Workshop \(external\)/,
        );
        await page.click('[data-testid="confirm-delete"] .actions button:not([data-testid])');
        await waitForGone(page, 'confirm-delete');
        await waitForFocus(page, edited);
        await page.keyboard.press('Delete');
        await page.waitForSelector('[data-testid="confirm-delete-yes"]', { visible: true });
        await page.click('[data-testid="confirm-delete-yes"]');
        await waitForNoTreeItem(page, 'Workshop (external)');
        t.is((await app.request('GET', `/api/sys/dict/${String(created?.id)}`, { token })).status, 404);
        // The focus goes to the item before.
        await waitForFocus(page, await treeItem(page, 'Interview'));

        // A built-in item is never deleted: Delete explains instead of asking.
        await page.focus(builtIn);
        await page.keyboard.press('Delete');
        await waitForToast(page, /built-in item/i);
        t.is(await page.$('[data-testid="confirm-delete-yes"]'), null);
      });
    },
  );

  test.serial(
    'dictionary tree: a search shows the matching items with their ancestors opened; big branches load a page at a time',
    async (t) => {
      const rooms = await addItem({ name: 'Room equipment', code: 'equipment', sort: 7 });
      const screens = await addItem({ name: 'Screens', sort: 1, parentId: rooms.id });
      await addItem({ name: 'Projector', code: 'equipment.projector', sort: 1, parentId: screens.id });
      await addItem({ name: 'Whiteboard', sort: 2, parentId: rooms.id });
      const floors = await addItem({ name: 'Floors', sort: 8 });
      for (let i = 1; i <= 55; i++)
        await addItem({ name: `Floor ${String(i).padStart(2, '0')}`, sort: i, parentId: floors.id });
      await withPage(t, browser, async ({ page }) => {
        await openAsAdmin(page, app, '/sys/dic');
        await treeItem(page, 'Room equipment');
        await page.type('[data-testid="dict-search"]', 'projector');
        const projector = await treeItem(page, 'Projector');
        t.is(await page.$eval(projector, (el) => el.getAttribute('aria-level')), '3', 'under its ancestors');
        t.is(await page.$eval(projector, (el) => el.querySelector('mark')?.textContent), 'Projector');
        t.is(await page.$eval(await treeItem(page, 'Screens'), (el) => el.getAttribute('aria-expanded')), 'true');
        t.deepEqual(
          await page.$$eval('[data-testid="dict-tree"] [role="treeitem"] .tree-name', (els) =>
            els.map((e) => e.textContent),
          ),
          ['Room equipment', 'Screens', 'Projector'],
          'only the branches that lead to a match',
        );
        t.regex(await page.$eval('[data-testid="dict-status"]', (el) => el.textContent ?? ''), /1/);

        await fill(page, '[data-testid="dict-search"]', 'no-such-thing');
        await page.waitForSelector('[data-testid="dict-empty"]', { visible: true });
        t.regex(await page.$eval('[data-testid="dict-empty"]', (el) => el.textContent ?? ''), /no-such-thing/);
        await page.click('[data-testid="dict-empty"] button');
        await page.waitForFunction(
          () => (document.querySelector('[data-testid="dict-search"]') as HTMLInputElement).value === '',
        );

        // 55 children: the first 50, then the rest on request, where the focus goes.
        const parent = await treeItem(page, 'Floors');
        await page.click(`${parent} > .tree-row [data-testid="tree-toggle"]`);
        await treeItem(page, 'Floor 50');
        const children = `[data-testid="dict-tree"] [role="treeitem"][data-parent="${floors.id}"]`;
        const more = `${children}[data-testid="tree-more"]`;
        const shown = () => page.$$eval(`${children}:not([data-more])`, (els) => els.length);
        t.is(await shown(), 50);
        t.is(await page.$eval(more, (el) => el.textContent ?? ''), 'Show more (50 of 55 shown)');
        t.is(await page.$eval(more, (el) => el.getAttribute('aria-level')), '2');
        t.is(await page.$eval(await treeItem(page, 'Floor 50'), (el) => el.getAttribute('aria-setsize')), '55');
        await page.focus(more);
        await page.keyboard.press('Enter');
        const floor51 = await treeItem(page, 'Floor 51');
        await waitForFocus(page, floor51);
        t.is(await shown(), 55);
        t.is(await page.$(more), null);
        t.is(await page.$eval(floor51, (el) => el.getAttribute('aria-posinset')), '51');
      });
    },
  );

  test.serial(
    'notification templates: one opened and previewed in Chinese, English and Japanese, the unsaved text included',
    async (t) => {
      await withPage(t, browser, async ({ page }) => {
        await openAsAdmin(page, app, '/sys/email');
        await openTab(page, 'Templates');
        await page.waitForSelector('#tpl-event', { visible: true });
        await page.select('#tpl-event', 'booking.created');
        await page.waitForFunction(
          () => document.querySelectorAll('[data-testid="templates-table"] tbody tr').length === 3,
        );
        await page.click('button[aria-label="Edit booking.created en"]');
        await page.waitForSelector('#tpl-subject', { visible: true });
        const expected = {
          cn: { subject: '预约成功：Quarterly planning <Q3>', text: /Alex Chen，您好：[\s\S]*签到码：482913/ },
          en: { subject: 'Booked: Quarterly planning <Q3>', text: /Hello Alex Chen,[\s\S]*Check-in code: 482913/ },
          ja: { subject: '予約完了：Quarterly planning <Q3>', text: /Alex Chen 様[\s\S]*チェックインコード：482913/ },
        };
        for (const [lang, want] of Object.entries(expected)) {
          await page.click(`[data-testid="tpl-preview-${lang}"]`);
          await page.waitForSelector(`[data-testid="tpl-preview"][data-lang="${lang}"]`, { visible: true });
          await page.waitForFunction(
            (l) => document.querySelector(`[data-testid="tpl-preview-${l}"]`)?.getAttribute('aria-pressed') === 'true',
            {},
            lang,
          );
          t.is(
            await page.$eval('[data-testid="tpl-preview-subject"]', (el) => el.textContent),
            want.subject,
            `${lang} subject`,
          );
          t.regex(
            await page.$eval('[data-testid="tpl-preview-text"]', (el) => el.textContent ?? ''),
            want.text,
            `${lang} text`,
          );
          // The HTML is rendered with escaped sample values, in a sandboxed frame.
          const html = await page.$eval(
            '[data-testid="tpl-preview"] iframe',
            (el) => `${el.getAttribute('sandbox')}|${el.getAttribute('srcdoc') ?? ''}`,
          );
          t.true(html.startsWith('|'), 'sandboxed');
          t.true(html.includes('Quarterly planning &lt;Q3&gt;'), `${lang} html escaped`);
        }
        // The language being edited previews the unsaved text; nothing is saved by a preview.
        await fill(page, '#tpl-subject', 'Draft: {{booking.subject}} in {{booking.resourceName}}');
        await page.click('[data-testid="tpl-preview-en"]');
        await page.waitForFunction(
          () =>
            document.querySelector('[data-testid="tpl-preview-subject"]')?.textContent ===
            'Draft: Quarterly planning <Q3> in Sakura',
        );
        await page.click('[data-testid="tpl-preview-cn"]');
        await page.waitForFunction(
          () =>
            document.querySelector('[data-testid="tpl-preview-subject"]')?.textContent ===
            '预约成功：Quarterly planning <Q3>',
        );
        const stored = await api<{ items: Array<{ lang: string; subject: string }> }>(
          'GET',
          '/sys/templates?event=booking.created&lang=en',
        );
        t.is(
          stored.items[0]?.subject,
          '{{#if booking.pending}}Awaiting approval{{else}}Booked{{/if}}: {{booking.subject}}',
        );
      });
    },
  );

  test.serial(
    'LDAP sign-in settings: a bad URL is refused at its field; a good one saves, and the bind password is never shown back',
    async (t) => {
      const secret = 'Bind#Secret-2026';
      // Clicked in the page, not at coordinates: the button sits below a long form that may still shift while it settles.
      const save = (page: Page) =>
        page.$eval('[data-testid="sso-ldap-save"]', (el) => (el as HTMLButtonElement).click());
      await withPage(t, browser, async ({ page }) => {
        await openAsAdmin(page, app, '/sys/security');
        await openTab(page, 'LDAP');
        await page.waitForSelector('#sso-ldap-url', { visible: true });
        // The password field is the form's last (secrets follow the other settings): wait for it too, not only the first.
        await page.waitForSelector('#sso-ldap-bindPassword');
        t.is(await page.$eval('#sso-ldap-bindPassword', (el) => (el as HTMLInputElement).type), 'password');
        // Required fields the server has no default for are checked first.
        await save(page);
        await page.waitForSelector('[data-testid="error-url"]', { visible: true });
        await page.waitForSelector('[data-testid="error-searchBase"]', { visible: true });
        // The URL's scheme only the server checks: its message shows at the field.
        await fill(page, '#sso-ldap-url', 'http://directory.example.com');
        await fill(page, '#sso-ldap-searchBase', 'ou=people,dc=example,dc=com');
        await fill(page, '#sso-ldap-bindDn', 'cn=atrium,dc=example,dc=com');
        await fill(page, '#sso-ldap-bindPassword', secret);
        await save(page);
        await page.waitForFunction(() =>
          /ldap:\/\//.test(document.querySelector('[data-testid="error-url"]')?.textContent ?? ''),
        );
        t.false(await page.$('[data-testid="error-searchBase"]').then(Boolean), 'only the URL is wrong');
        t.false('url' in (await api<Record<string, unknown>>('GET', '/sys/sso/ldap')), 'nothing saved');

        await fill(page, '#sso-ldap-url', 'ldaps://directory.example.com:636');
        await save(page);
        // Where sign-in trusts identities from: the server wants the current password, asked in a modal.
        await page.waitForSelector('#confirm-password-input', { visible: true });
        t.is(
          await page.evaluate(() => document.activeElement?.id),
          'confirm-password-input',
          'the modal takes the focus',
        );
        await page.type('#confirm-password-input', 'not-the-password');
        await page.keyboard.press('Enter');
        await page.waitForFunction(() =>
          /not right/.test(document.querySelector('[data-testid="confirm-password-error"]')?.textContent ?? ''),
        );
        t.false(
          'url' in (await api<Record<string, unknown>>('GET', '/sys/sso/ldap')),
          'a wrong password saves nothing',
        );
        await fill(page, '#confirm-password-input', ADMIN_PASSWORD);
        await page.keyboard.press('Enter');
        await waitForToast(page, /^Saved$/);
        await page.waitForFunction(() => !document.querySelector('[data-testid="confirm-password"]'));
        t.is(await page.$('[data-testid="error-url"]'), null);
        const saved = await api<Record<string, unknown>>('GET', '/sys/sso/ldap');
        t.is(saved.url, 'ldaps://directory.example.com:636');
        t.is(saved.bindDn, 'cn=atrium,dc=example,dc=com');
        t.deepEqual(saved.bindPassword, { set: true }, 'answered only as set');
        t.is((await app.cradle.ssoSettingsService.get('ldap'))?.bindPassword, secret, 'stored (sealed) for sign-in');

        // Shown again: the password field is empty, says it is set, and the page never holds the secret.
        await page.reload();
        await waitForLayout(page);
        await openTab(page, 'LDAP');
        await page.waitForFunction(
          () =>
            (document.querySelector('#sso-ldap-url') as HTMLInputElement | null)?.value ===
            'ldaps://directory.example.com:636',
        );
        await page.waitForSelector('#sso-ldap-bindPassword');
        t.is(await page.$eval('#sso-ldap-bindPassword', (el) => (el as HTMLInputElement).value), '');
        t.is(
          await page.$eval('#sso-ldap-bindPassword', (el) => (el as HTMLInputElement).placeholder),
          'Saved (type to replace)',
        );
        t.false((await page.content()).includes(secret));
        // A save that leaves the password empty keeps it.
        await fill(page, '#sso-ldap-searchBase', 'ou=staff,dc=example,dc=com');
        await save(page);
        await fill(page, '#confirm-password-input', ADMIN_PASSWORD);
        await page.click('[data-testid="confirm-password-submit"]');
        await page.waitForFunction(
          () => document.querySelector('[data-testid="sso-ldap-save"]')?.classList.contains('loading') === false,
        );
        await waitForToast(page, /^Saved$/);
        const again = await app.cradle.ssoSettingsService.get('ldap');
        t.is(again?.searchBase, 'ou=staff,dc=example,dc=com');
        t.is(again?.bindPassword, secret);
      });
    },
  );

  test.serial(
    'Linked identities: the administrator links and unlinks an identity, each confirmed in an accessible modal',
    async (t) => {
      await withPage(t, browser, async ({ page }) => {
        await openAsAdmin(page, app, '/sys/security');
        await openTab(page, 'Linked identities');
        await page.waitForSelector('[data-testid="identity-form"]', { visible: true });
        await fill(page, '#identity-username', 'admin');
        await page.select('#identity-source', 'saml');
        await fill(page, '#identity-externalId', 'admin@idp.example');
        await page.click('[data-testid="identity-link"]');
        await page.waitForSelector('#confirm-password-input', { visible: true });
        const violations = await seriousViolations(page);
        t.deepEqual(violations, [], JSON.stringify(violations, null, 2));
        await page.type('#confirm-password-input', ADMIN_PASSWORD);
        await page.keyboard.press('Enter');
        await waitForToast(page, /^Identity linked$/);
        await rowWith(page, 'identities', 'admin@idp.example');
        const linked = await api<{ items: Array<{ id: number; username: string }> }>('GET', '/sys/sso/identities');
        t.deepEqual(
          linked.items.map((i) => i.username),
          ['admin'],
        );

        await page.waitForFunction(() => !document.querySelector('[data-testid="confirm-password"]'));
        await page.click('[data-testid="identity-unlink"]');
        await page.waitForSelector('#confirm-password-input', { visible: true });
        // Escape gives up: nothing changes.
        await page.keyboard.press('Escape');
        await page.waitForFunction(() => !document.querySelector('[data-testid="confirm-password"]'));
        t.is((await api<{ total: number }>('GET', '/sys/sso/identities')).total, 1);
        await page.click('[data-testid="identity-unlink"]');
        await fill(page, '#confirm-password-input', ADMIN_PASSWORD);
        await page.click('[data-testid="confirm-password-submit"]');
        await waitForToast(page, /^Identity unlinked$/);
        t.is((await api<{ total: number }>('GET', '/sys/sso/identities')).total, 0);
      });
    },
  );

  test.serial(
    '/inte/notify: a parked delivery is retried from the console and goes out; its state shows the change',
    async (t) => {
      // The fixture plugin fails every attempt: six attempts with backoff, then the delivery is parked.
      await saveNotify(app, token, 'notify-flaky', { mode: 'fail' });
      const userId = await createUser(app, 'outbox-user');
      await recordChange(app, 'user.violation', { userId, violationCount: 1 });
      const [queued] = await outboxRows(app, { topic: 'user.violation' });
      if (!queued) throw new Error('nothing queued');
      for (let attempt = 1; attempt <= 6; attempt++) {
        const row = (await outboxRows(app, { id: queued.id }))[0]!;
        await runJob(app, 'integrations.outbox', Math.max(10_000, row.next_attempt_at - app.clock.now() + 1_000));
      }
      t.is((await outboxRows(app, { id: queued.id }))[0]?.state, 'parked');
      // The vendor is back.
      await saveNotify(app, token, 'notify-flaky', { mode: 'ok' });
      await withPage(t, browser, async ({ page }) => {
        await openAsAdmin(page, app, '/inte/notify');
        await page.waitForSelector('[data-testid="outbox-state"]', { visible: true });
        t.is(
          await page.$eval('[data-testid="outbox-state"]', (el) => (el as HTMLSelectElement).value),
          'parked',
          'failed deliveries first',
        );
        const row = await rowWith(page, 'outbox-table', 'outbox-user');
        t.is(row, `[data-testid="outbox-table"] tbody tr[data-id="${queued.id}"]`);
        t.regex(await page.$eval(row, (el) => el.textContent ?? ''), /vendor said no \(503\)/);
        t.is(
          await page.$eval(`${row} [data-testid="outbox-row-state"]`, (el) => (el as HTMLElement).dataset.state),
          'parked',
        );
        await page.click(`${row} [data-testid="outbox-retry"]`);
        await waitForToast(page, /Queued again/);
        await waitForNoRow(page, 'outbox-table', 'outbox-user');
        t.is((await outboxRows(app, { id: queued.id }))[0]?.state, 'pending');

        await page.select('[data-testid="outbox-state"]', '');
        const all = await rowWith(page, 'outbox-table', 'outbox-user');
        t.is(
          await page.$eval(`${all} [data-testid="outbox-row-state"]`, (el) => (el as HTMLElement).dataset.state),
          'pending',
        );
        t.is(await page.$(`${all} [data-testid="outbox-retry"]`), null, 'only a parked delivery is retried');
        await runJob(app, 'integrations.outbox');
        await page.click('[data-testid="outbox-refresh"]');
        await page.waitForFunction(
          (sel) =>
            (document.querySelector(`${sel} [data-testid="outbox-row-state"]`) as HTMLElement | null)?.dataset.state ===
            'done',
          {},
          all,
        );
        t.regex(await page.$eval(`${all} [data-testid="outbox-row-state"]`, (el) => el.textContent ?? ''), /Delivered/);
        const sent = await app.cradle.db('plugin_kv').where({ plugin: 'notify-flaky', key: 'sent' }).first();
        t.deepEqual(
          (JSON.parse(String(sent.value)) as Array<{ id: string }>).map((m) => m.id),
          [String(queued.id)],
        );
      });
    },
  );

  test.serial(
    '/inte/notify: the connection test tries the values as typed without saving them, and says why it failed',
    async (t) => {
      await saveNotify(app, token, 'notify-flaky', { mode: 'ok', token: 'abc123' });
      const savedMode = async () =>
        (await api<{ provider: string; settings: { mode?: string } }>('GET', '/inte/settings/notify')).settings.mode;
      await withPage(t, browser, async ({ page }) => {
        await openAsAdmin(page, app, '/inte/notify');
        await page.waitForSelector('#inte-mode', { visible: true });
        t.is(
          await page.$eval('[data-testid="inte-provider"]', (el) => (el as HTMLSelectElement).value),
          'notify-flaky',
        );
        // The saved secret is not shown; left empty, the server tests with it.
        t.is(await page.$eval('#inte-token', (el) => (el as HTMLInputElement).value), '');
        await page.select('#inte-mode', 'fail');
        await page.click('[data-testid="inte-test"]');
        await page.waitForSelector('[data-testid="inte-test-result"].negative', { visible: true });
        t.regex(
          await page.$eval('[data-testid="inte-test-result"]', (el) => el.textContent ?? ''),
          /Connection failed.*unhealthy: fail/,
        );
        t.is(await savedMode(), 'ok', 'a test saves nothing');

        await page.select('#inte-mode', 'ok');
        await page.click('[data-testid="inte-test"]');
        await page.waitForSelector('[data-testid="inte-test-result"].positive', { visible: true });
        t.regex(
          await page.$eval('[data-testid="inte-test-result"]', (el) => el.textContent ?? ''),
          /Connection works.*token set/,
        );
      });
    },
  );

  // Last: registering a licence ends every session.
  test.serial(
    'licence: a tampered file shows the data error; a valid one shows its limits after signing in again; a damaged stored one shows as a data error',
    async (t) => {
      const payload: LicencePayload = {
        version: '1.0.0',
        productSn: 'ATR-BROWSER-1',
        status: 'official',
        deviceCount: 1,
        roomLimit: 2,
        deskLimit: 30,
        deviceLimit: 4,
        authCode: 'AUTH-BROWSER-42',
        registeredAt: app.clock.now(),
        expiresAt: app.clock.now() + 365 * DAY,
      };
      const text = issueLicence(payload, vendor.privateKey);
      const good = tempFile('licence.txt', text);
      const tampered = tempFile('licence.txt', text.slice(0, 60) + (text[60] === 'A' ? 'B' : 'A') + text.slice(61));
      await withPage(t, browser, async ({ page }) => {
        await openAsAdmin(page, app, '/sys/licence');
        await page.waitForSelector('[data-testid="licence"]', { visible: true });
        t.regex(await page.$eval('[data-testid="licence"]', (el) => el.textContent ?? ''), /Unregistered/);
        const input = () =>
          page.$('[data-testid="licence"] input[type="file"]') as Promise<ElementHandle<HTMLInputElement>>;

        await (await input()).uploadFile(tampered);
        t.regex(
          await waitForToast(page, /data error/i),
          /Licence data error: the file is damaged or was not signed by the vendor/,
        );
        t.is(new URL(page.url()).pathname, '/sys/licence', 'still signed in');
        t.is((await api<{ state: string }>('GET', '/sys/licence')).state, 'unregistered');

        await (await input()).uploadFile(good);
        await page.waitForSelector('#login-username', { visible: true });
        t.is(new URL(page.url()).pathname, '/login');
        t.is((await app.request('GET', '/api/sys/licence', { token })).status, 401, 'every session ended');
        token = await app.adminToken();
        await submitLogin(page, app, 'admin', ADMIN_PASSWORD);
        await waitForLayout(page);
        await page.goto(`${app.url}/sys/licence`);
        await page.waitForSelector('[data-testid="licence"] table', { visible: true });
        const shown = await page.$$eval('[data-testid="licence"] tr', (rows) =>
          Object.fromEntries(rows.map((r) => Array.from(r.querySelectorAll('td')).map((c) => c.textContent ?? ''))),
        );
        t.regex(await page.$eval('[data-testid="licence"] .ui.label', (el) => el.textContent ?? ''), /^Registered$/);
        t.is(shown['Product sn'], 'ATR-BROWSER-1');
        t.is(shown['Auth code'], 'AUTH-BROWSER-42');
        t.deepEqual([shown.Rooms, shown.Desks, shown.Devices], ['2', '30', '4'], 'the limits');
        t.is(shown['In use: Rooms'], '0');

        const row = await app.cradle.db('licences').first('id', 'content');
        const content = String(row.content);
        await app.cradle
          .db('licences')
          .where({ id: row.id })
          .update({ content: content.slice(0, 60) + (content[60] === 'A' ? 'B' : 'A') + content.slice(61) });
        await page.click('[data-testid="licence"] button.basic');
        await page.waitForFunction(
          () => document.querySelector('[data-testid="licence"] .ui.label')?.textContent === 'Data error',
        );
        t.is(await page.$eval('[data-testid="licence"] .ui.label', (el) => el.className.includes('red')), true);
      });
    },
  );
}
