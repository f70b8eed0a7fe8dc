/**
 * The /sys screens in Chromium against the real server (issue 8): a user
 * group and a dictionary item created, edited and deleted; a user import with
 * one bad row showing its error; axe-core on the user form.
 */
import anyTest, { type TestFn } from 'ava';
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import type { TestApp } from '../helpers/app.ts';
import { createUserWithPermissions, STAFF_PASSWORD } from '../helpers/users.ts';
import { browserSuite, fill, seriousViolations, withPage } from './helpers.ts';
import {
  openAsAdmin,
  rowWith,
  treeItem,
  usersWorkbook,
  waitForGone,
  waitForNoRow,
  waitForNoTreeItem,
} from './sys-helpers.ts';

const test = anyTest as TestFn;

let app: TestApp;
let browser: Browser;
let token: string;

browserSuite(
  test,
  'sys',
  {},
  async (s) => {
    ({ app, browser } = s);
    token = await app.adminToken();
  },
  registerTests,
);

/** Sets a date input the way React notices. */
async function setDate(page: Page, selector: string, value: string): Promise<void> {
  await page.$eval(
    selector,
    (el, v) => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setter?.call(el, v);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    },
    value,
  );
}

async function list(path: string): Promise<Array<Record<string, unknown>>> {
  const res = await app.request('GET', `/api${path}`, { token });
  if (res.body.code !== 0) throw new Error(`${path}: ${JSON.stringify(res.body)}`);
  return (res.body.data as { items: Array<Record<string, unknown>> }).items;
}

function registerTests(): void {
  test.serial('user groups: create, edit and delete', async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await openAsAdmin(page, app, '/sys/group');
      await page.waitForSelector('[data-testid="groups-add"]', { visible: true });
      await page.waitForSelector('[data-testid="crud-empty"]');
      await page.click('[data-testid="groups-add"]');
      await page.waitForSelector('#groups-name', { visible: true });
      // The required name is checked in the browser first.
      await page.click('[data-testid="form-save"]');
      await page.waitForSelector('[data-testid="groups-form"] .field.error');
      const violations = await seriousViolations(page);
      t.deepEqual(violations, [], JSON.stringify(violations, null, 2));
      await fill(page, '#groups-name', 'Facilities');
      await fill(page, '#groups-description', 'Building and facilities team');
      await page.type('#group-members-search', 'Admin');
      await page.waitForSelector('[data-testid="groups-form"] .ui.dropdown .menu .item', { visible: true });
      await page.click('[data-testid="groups-form"] .ui.dropdown .menu .item');
      await page.click('[data-testid="form-save"]');
      await waitForGone(page, 'groups-form');
      let row = await rowWith(page, 'groups-table', 'Facilities');
      const group = (await list('/sys/groups')).find((g) => g.name === 'Facilities');
      const full = await app.request('GET', `/api/sys/groups/${String(group?.id)}`, { token });
      t.deepEqual(
        (full.body.data as { members: Array<{ id: number }> }).members.map((m) => m.id),
        [1],
      );

      await page.click(`${row} [data-testid="row-edit"]`);
      await page.waitForSelector('#groups-name', { visible: true });
      t.is(await page.$eval('#groups-name', (el) => (el as HTMLInputElement).value), 'Facilities');
      await fill(page, '#groups-name', 'Facilities EMEA');
      await page.click('[data-testid="form-save"]');
      await waitForGone(page, 'groups-form');
      row = await rowWith(page, 'groups-table', 'Facilities EMEA');
      const edited = await app.request('GET', `/api/sys/groups/${String(group?.id)}`, { token });
      t.is((edited.body.data as { name: string }).name, 'Facilities EMEA');
      t.is((edited.body.data as { members: unknown[] }).members.length, 1, 'members kept');

      await page.click(`${row} [data-testid="row-delete"]`);
      await page.waitForSelector('[data-testid="confirm-delete-yes"]', { visible: true });
      await page.click('[data-testid="confirm-delete-yes"]');
      await waitForNoRow(page, 'groups-table', 'Facilities EMEA');
      t.is((await list('/sys/groups')).length, 0);
    });
  });

  test.serial(
    'data dictionary: create, edit and delete an item; the sort value must be a positive integer',
    async (t) => {
      await withPage(t, browser, async ({ page }) => {
        await openAsAdmin(page, app, '/sys/dic');
        await page.waitForSelector('[data-testid="dict-add"]', { visible: true });
        await page.click('[data-testid="dict-add"]');
        await page.waitForSelector('#dict-name', { visible: true });
        await fill(page, '#dict-name', 'Catering');
        await fill(page, '#dict-sort', '0');
        await page.click('[data-testid="form-save"]');
        await page.waitForSelector('[data-testid="error-sort"]');
        await fill(page, '#dict-sort', '7');
        await page.click('[data-testid="form-save"]');
        await waitForGone(page, 'dict-form');
        let item = await treeItem(page, 'Catering');

        await page.click(`${item} > .tree-row [data-testid="node-edit"]`);
        await page.waitForSelector('#dict-name', { visible: true });
        await fill(page, '#dict-name', 'Catering service');
        await page.click('[data-testid="form-save"]');
        await waitForGone(page, 'dict-form');
        item = await treeItem(page, 'Catering service');
        const saved = (await list('/sys/dict?pageSize=100')).find((d) => d.name === 'Catering service');
        t.is(saved?.sort, 7);

        await page.click(`${item} > .tree-row [data-testid="node-delete"]`);
        await page.click('[data-testid="confirm-delete-yes"]');
        await waitForNoTreeItem(page, 'Catering service');
        t.falsy((await list('/sys/dict?pageSize=100')).find((d) => d.name === 'Catering service'));
      });
    },
  );

  test.serial(
    'users: an import with one bad row reports that row; axe-core finds nothing serious on the user form',
    async (t) => {
      const roles = await list('/sys/roles');
      const role = String(roles[0]?.name);
      const file = await usersWorkbook([
        { username: 'imp.good', realName: 'Good Row', employeeNo: 'E9001', email: 'good@example.com', roles: role },
        { username: 'imp.bad', realName: 'Bad Row', employeeNo: 'E9002', email: 'not-an-email', roles: role },
      ]);
      await withPage(t, browser, async ({ page }) => {
        await openAsAdmin(page, app, '/sys/admin');
        await page.waitForSelector('[data-testid="users-import"]', { visible: true });
        const input = (await page.$('[data-testid="users-import-file"]')) as ElementHandle<HTMLInputElement>;
        await input.uploadFile(file);
        await page.waitForSelector('[data-testid="import-report"]', { visible: true });
        const errors = await page.$$eval('[data-testid="import-error"]', (rows) =>
          rows.map((r) => r.textContent ?? ''),
        );
        t.is(errors.length, 1);
        t.regex(errors[0] ?? '', /^3/);
        t.regex(errors[0] ?? '', /email/i);
        await rowWith(page, 'users-table', 'imp.good');
        const users = await list('/sys/users?q=imp.');
        t.deepEqual(
          users.map((u) => u.username),
          ['imp.good'],
        );

        await page.click('[data-testid="users-add"]');
        await page.waitForSelector('#users-username', { visible: true });
        // Client checks: required fields, a valid e-mail, at least one role, expiry not before enable.
        await fill(page, '#users-email', 'nope');
        await page.click('[data-testid="form-save"]');
        await page.waitForSelector('[data-testid="error-email"]');
        await page.waitForSelector('#roles-error');
        const violations = await seriousViolations(page);
        t.deepEqual(violations, [], JSON.stringify(violations, null, 2));
      });
    },
  );

  test.serial('users: create with a role and restriction dates, edit, delete', async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await openAsAdmin(page, app, '/sys/admin');
      await page.waitForSelector('[data-testid="users-add"]', { visible: true });
      await page.click('[data-testid="users-add"]');
      await page.waitForSelector('#users-username', { visible: true });
      await fill(page, '#users-username', 'round.trip');
      await fill(page, '#users-realName', 'Round Trip');
      await fill(page, '#users-employeeNo', 'E7001');
      await fill(page, '#users-email', 'round.trip@example.com');
      await setDate(page, '#users-enableAt', '2030-05-10');
      await setDate(page, '#users-restrictAt', '2030-05-01');
      await page.click('[data-testid="form-save"]');
      // No role yet, and an expiry before the enable date.
      await page.waitForSelector('#roles-error');
      await page.waitForSelector('[data-testid="users-form"] .field.error #users-restrictAt');
      await setDate(page, '#users-restrictAt', '2030-06-01');
      // A role other than the system administrator's (whose users cannot be deleted).
      const role = (await list('/sys/roles')).find((r) => r.code !== 'admin');
      await page.click(`label[for="role-${String(role?.id)}"]`);
      await page.click('[data-testid="form-save"]');
      await waitForGone(page, 'users-form');
      let row = await rowWith(page, 'users-table', 'round.trip');
      const [created] = await list('/sys/users?q=round.trip');
      t.is(created?.email, 'round.trip@example.com');
      t.is((created?.roles as unknown[]).length, 1);
      t.true(Number(created?.restrictAt) > Number(created?.enableAt));

      await page.click(`${row} [data-testid="row-edit"]`);
      await page.waitForSelector('#users-realName', { visible: true });
      await fill(page, '#users-realName', 'Round Trip II');
      await page.click('[data-testid="form-save"]');
      await waitForGone(page, 'users-form');
      row = await rowWith(page, 'users-table', 'Round Trip II');

      await page.click(`${row} [data-testid="row-delete"]`);
      await page.click('[data-testid="confirm-delete-yes"]');
      await waitForNoRow(page, 'users-table', 'round.trip');
      t.is((await list('/sys/users?q=round.trip')).length, 0);
    });
  });

  test.serial('API keys: created with its secret shown once, then revoked', async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await openAsAdmin(page, app, '/sys/secret');
      await page.waitForSelector('[data-testid="keys-add"]', { visible: true });
      await page.click('[data-testid="keys-add"]');
      await page.waitForSelector('#keys-name', { visible: true });
      await fill(page, '#keys-name', 'Reporting bot');
      await fill(page, '#keys-scopes', 'sys:log:view');
      await page.click('[data-testid="form-save"]');
      await page.waitForSelector('[data-testid="secret-text"]', { visible: true });
      const secret = await page.$eval('[data-testid="secret-text"]', (el) => el.textContent ?? '');
      t.regex(secret, /^atr_/);
      await page.click('[data-testid="secret-once"] .actions .primary');
      await waitForGone(page, 'secret-once');
      const row = await rowWith(page, 'keys-table', 'Reporting bot');
      t.false((await page.content()).includes(secret), 'the secret is not shown again');
      await page.click(`${row} [data-testid="row-delete"]`);
      await page.click('[data-testid="confirm-delete-yes"]');
      await page.waitForFunction((sel) => !document.querySelector(`${sel} [data-testid="row-delete"]`), {}, row);
      const [key] = await list('/sys/keys');
      t.is(key?.state, 'revoked');
    });
  });

  test.serial('roles: the permission tree form has no serious axe-core violations', async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await openAsAdmin(page, app, '/sys/role');
      await page.waitForSelector('[data-testid="roles-add"]', { visible: true });
      await page.click('[data-testid="roles-add"]');
      await page.waitForSelector('[data-testid="permission-tree"] .ui.checkbox', { visible: true });
      await page.click('label[for="perm-sys-log-view"]');
      t.true(await page.$eval('#perm-sys-log-view', (el) => (el as HTMLInputElement).checked));
      const violations = await seriousViolations(page);
      t.deepEqual(violations, [], JSON.stringify(violations, null, 2));
    });
  });

  test.serial('users: credit recharge adds to the balance', async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await openAsAdmin(page, app, '/sys/admin');
      const row = await rowWith(page, 'users-table', 'admin');
      await page.click(`${row} button[aria-label^="Recharge"]`);
      await page.waitForSelector('#recharge-amount', { visible: true });
      await fill(page, '#recharge-amount', '12.5');
      await page.click('button[form="recharge-form"]');
      await page.waitForFunction(() => !document.querySelector('#recharge-amount'));
      const [admin] = (await list('/sys/users?q=admin')).filter((u) => u.username === 'admin');
      t.is(admin?.creditBalance, 1250);
    });
  });

  test.serial("users: the password reset lists the user's API keys and revokes them with it", async (t) => {
    await createUserWithPermissions(app, 'keyed.user', ['sys:log:view', 'sys:secret:add']);
    const own = await app.tokenFor('keyed.user', STAFF_PASSWORD);
    const made = await app.post<{ data: { key: string; keyId: string } }>(
      '/api/sys/keys',
      { name: 'nightly export', scopes: ['sys:log:view'] },
      { token: own },
    );
    const headers = { 'x-api-key': made.body.data.key };
    t.is((await app.get('/api/sys/logs/operations', { headers })).status, 200);
    await withPage(t, browser, async ({ page }) => {
      await openAsAdmin(page, app, '/sys/admin');
      const row = await rowWith(page, 'users-table', 'keyed.user');
      await page.click(`${row} button[aria-label^="Reset password"]`);
      await page.waitForSelector('[data-testid="reset-keys"]', { visible: true });
      const listed = await page.$eval('[data-testid="reset-keys"]', (el) => el.textContent ?? '');
      t.true(listed.includes(made.body.data.keyId) && listed.includes('nightly export'), listed);
      t.true(await page.$eval('#reset-revoke-keys', (el) => (el as HTMLInputElement).checked), 'ticked by default');
      const violations = await seriousViolations(page);
      t.deepEqual(violations, [], JSON.stringify(violations, null, 2));
      await page.click('button[form="reset-form"]');
      await page.waitForSelector('[data-testid="reset-generated"]', { visible: true });
    });
    t.is((await app.get('/api/sys/logs/operations', { headers })).status, 401);
  });

  test.serial(
    'blocklist settings: an empty or out-of-range number is refused at its field before sending; a good one saves',
    async (t) => {
      const saved = async () => {
        const res = await app.request('GET', '/api/sys/settings/blocklist', { token });
        return (res.body.data as Record<string, unknown>).blocklistPeriodDays;
      };
      const before = await saved();
      await withPage(t, browser, async ({ page }) => {
        await openAsAdmin(page, app, '/sys/blackset');
        let puts = 0;
        page.on('request', (r) => {
          if (r.method() === 'PUT' && r.url().includes('/api/sys/settings/blocklist')) puts++;
        });
        await page.waitForSelector('#blackset-blocklistPeriodDays', { visible: true });
        await fill(page, '#blackset-blocklistPeriodDays', '');
        await page.click('[data-testid="blackset-save"]');
        await page.waitForSelector('[data-testid="error-blocklistPeriodDays"]', { visible: true });
        await fill(page, '#blackset-blocklistPeriodDays', '0');
        await page.click('[data-testid="blackset-save"]');
        await page.waitForFunction(() =>
          /1/.test(document.querySelector('[data-testid="error-blocklistPeriodDays"]')?.textContent ?? ''),
        );
        t.is(puts, 0, 'nothing was sent');
        t.is(await saved(), before);
        await fill(page, '#blackset-blocklistPeriodDays', '45');
        await page.click('[data-testid="blackset-save"]');
        await page.waitForFunction(() => !document.querySelector('[data-testid="error-blocklistPeriodDays"]'));
        await page.waitForFunction(() =>
          /saved/i.test(document.querySelector('[data-testid="toast"]')?.textContent ?? ''),
        );
        t.is(await saved(), 45);
      });
    },
  );

  test.serial('every /sys and /inte screen opens without a page error or an error toast', async (t) => {
    const paths = [
      'admin',
      'role',
      'menu',
      'group',
      'reservelog',
      'status',
      'roomtime',
      'email',
      'face',
      'licence',
      'log',
      'dic',
      'setting',
      'setting/sql',
      'setting/code',
      'secret',
      'padauth',
      'security',
      'blackset',
      'blacklist',
      'violationlist',
    ]
      .map((p) => `/sys/${p}`)
      .concat(
        ['environment', 'occupancy', 'fr', 'esl', 'ar', 'notify', 'app', 'event', 'switch'].map((p) => `/inte/${p}`),
      );
    await withPage(t, browser, async ({ page }) => {
      await openAsAdmin(page, app, '/sys/admin');
      for (const p of paths) {
        await page.goto(`${app.url}${p}`);
        await page.waitForSelector('section.screen', { visible: true });
        await page.waitForFunction(() => !document.querySelector('.ui.active.loader'));
        await new Promise((r) => setTimeout(r, 300));
        const toast = await page
          .$eval('[data-testid="toast"]', (el) => el.className + ' ' + (el.textContent ?? ''))
          .catch(() => null);
        t.false(Boolean(toast && /error|negative|red/.test(toast)), `${p}: ${toast ?? ''}`);
      }
    });
  });
}
