/**
 * The directory sync in the console (issue 20, docs/product-rules.md R21) against a real OpenLDAP through
 * plugins/ldap-directory, in Chromium: on /inte/app the preview shows what would change and changes nothing, Sync
 * now creates the people, the runs table lists both runs and the report opens and searches; two people leaving
 * stops the next run for confirmation with their names, and "Disable them and sync" disables them; a run going on
 * (409) and a provider that cannot list people (422) are told in words; a run started elsewhere turns the buttons
 * off until the panel, reading again by itself, sees it end; a user who may only look sees the buttons
 * off with the reason; a group mapping is refused without a role or group, added, searched and filtered, and deleted
 * after asking; a department of the tree (R21.7) is mapped through the searchable picker; "Sync changes only"
 * runs an increment (a newcomer in a department created, nobody disabled) and the runs table names who started each
 * run ("Scheduled or command line" for the scheduler and the CLI).
 * axe-core finds nothing serious on the panel, the report and the confirmation.
 */
import anyTest, { type TestFn } from 'ava';
import { Client } from 'ldapts';
import type { Browser, Page } from 'puppeteer-core';
import type { TestApp } from '../helpers/app.ts';
import { skipBecause } from '../helpers/requires.ts';
import { person, ROOT_DN, ROOT_PASSWORD, slapdAvailable, startSlapd, SUFFIX, type Slapd } from '../helpers/slapd.ts';
import { createUserWithPermissions } from '../helpers/users.ts';
import { signInAs } from './center-helpers.ts';
import { browserSuite, fill, rowWith, seriousViolations, waitForGone, waitForNoRow, withPage } from './helpers.ts';
import { openAsAdmin } from './sys-helpers.ts';

const test = anyTest as TestFn;

let app: TestApp;
let browser: Browser;
let token: string;
let slapd: Slapd | undefined;

const PEOPLE = ['dir-ann', 'dir-ben', 'dir-cat'];
const appsSettings = () => ({
  provider: 'ldap-directory',
  settings: {
    url: slapd!.url,
    bindDn: ROOT_DN,
    bindPassword: ROOT_PASSWORD,
    searchBase: `ou=people,${SUFFIX}`,
    // The people get departments: Example for those directly under ou=people, Example / RnD below ou=RnD.
    rootDepartment: 'Example',
  },
});
/** A department below the people: those in it are in Example / RnD. */
const RND = `ou=RnD,ou=people,${SUFFIX}`;

if (!slapdAvailable()) {
  skipBecause(test, 'directory sync in the console', 'slapd is not installed (apt-get install slapd ldap-utils)');
} else {
  browserSuite(
    test,
    'directory',
    {},
    async (s) => {
      ({ app, browser } = s);
      token = await app.adminToken();
      slapd = await startSlapd(PEOPLE.map((uid) => person(uid, `${uid}-pw`)));
      const saved = await app.put('/api/inte/settings/apps', appsSettings(), { token });
      if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
    },
    registerTests,
  );
  test.after.always(async () => {
    await slapd?.stop();
  });
}

interface UserRow {
  username: string;
  status: number;
}

async function users(): Promise<UserRow[]> {
  const res = await app.get<{ data: { items: UserRow[] } }>('/api/sys/users?q=dir-&pageSize=50', { token });
  return res.body.data.items.filter((u) => PEOPLE.includes(u.username));
}

const text = (page: Page, selector: string) =>
  page.$eval(selector, (el) => (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim());

/** Waits until the count `name` of the panel's result reads `expected`. */
async function resultCount(page: Page, name: string, expected: string): Promise<void> {
  await page.waitForFunction(
    (n, e) => document.querySelector(`[data-testid="directory-result"] [data-count="${n}"]`)?.textContent?.trim() === e,
    {},
    name,
    expected,
  );
}

const reportRows = (page: Page) =>
  page.$$eval('[data-testid="directory-report-table"] tbody tr', (rows) =>
    rows.map((r) => (r as HTMLElement).innerText.replace(/\s+/g, ' ').trim()),
  );

async function openApps(page: Page): Promise<void> {
  await openAsAdmin(page, app, '/inte/app');
  await page.waitForSelector('[data-testid="directory-panel"]', { visible: true });
}

function registerTests(): void {
  test.serial(
    'preview changes nothing, Sync now creates the people, the runs list both, the report searches',
    async (t) => {
      await withPage(t, browser, async ({ page }) => {
        await openApps(page);
        await page.waitForFunction(() =>
          document.querySelector('[data-testid="directory-last-run"]')?.textContent?.includes('No sync has run yet'),
        );
        await page.waitForSelector('[data-testid="directory-runs-section"] [data-testid="crud-empty"]', {
          visible: true,
        });
        const violations = await seriousViolations(page);
        t.deepEqual(violations, [], JSON.stringify(violations, null, 2));

        // Preview: the counts and the report, before anything changes.
        await page.click('[data-testid="directory-preview"]');
        await resultCount(page, 'created', '3 to create');
        t.is(await text(page, '#directory-result-title'), 'Preview: nothing has changed yet');
        t.is(
          await text(page, '[data-testid="directory-result"] [data-testid="directory-run-state"]'),
          'Done (preview)',
        );
        t.is(await text(page, '[data-testid="directory-result"] [data-count="disabled"]'), '0 to disable');
        const previewed = await page.$$eval('[data-testid="directory-result-table"] tbody tr', (rows) =>
          rows.map((r) => r.textContent ?? ''),
        );
        t.is(previewed.length, 3);
        t.true(previewed.every((r) => r.includes('Create')));
        t.deepEqual(await users(), [], 'the preview created nobody');

        // Sync now: the three are created.
        await page.click('[data-testid="directory-sync"]');
        await resultCount(page, 'created', '3 created');
        t.is(await text(page, '#directory-result-title'), 'Sync finished');
        t.deepEqual(
          (await users()).map((u) => [u.username, u.status]).sort(),
          PEOPLE.map((u) => [u, 1]),
        );
        // The last run at a glance: the state in words (and an icon), not colour alone.
        await page.waitForFunction(() => {
          const last = document.querySelector('[data-testid="directory-last-run"]');
          return last?.textContent?.includes('Done') && last.textContent.includes('3 created');
        });

        // Both runs, newest first.
        await page.waitForFunction(
          () => document.querySelectorAll('[data-testid="directory-runs-table"] tbody tr').length === 2,
        );
        const runs = await page.$$eval('[data-testid="directory-runs-table"] tbody tr', (rows) =>
          rows.map((r) => Array.from(r.querySelectorAll('td')).map((c) => (c as HTMLElement).innerText.trim())),
        );
        t.deepEqual(
          runs.map((cells) => cells.slice(2, 5)),
          [
            ['Full', 'No', 'Done'],
            ['Full', 'Yes', 'Done'],
          ],
        );
        // Who started each run, by name.
        t.is(runs[0]![1]!, 'admin');
        t.is(runs[1]![1]!, 'admin');
        t.true(runs[0]![5]!.includes('3 created'));
        t.true(runs[1]![5]!.includes('3 to create'));

        // The sync's report: a line per person, searchable; keyboard-closable.
        await page.click(
          '[data-testid="directory-runs-table"] tbody tr:first-child [data-testid="directory-run-report"]',
        );
        await page.waitForSelector('[data-testid="directory-report"]', { visible: true });
        await page.waitForFunction(
          () => document.querySelectorAll('[data-testid="directory-report-table"] tbody tr').length === 3,
        );
        t.true((await reportRows(page)).every((r) => r.startsWith('Create')));
        const inModal = await seriousViolations(page);
        t.deepEqual(inModal, [], JSON.stringify(inModal, null, 2));
        await fill(page, '[data-testid="directory-report-table"] [data-testid="crud-search"]', 'ben');
        await page.waitForFunction(
          () => document.querySelectorAll('[data-testid="directory-report-table"] tbody tr').length === 1,
        );
        t.true((await reportRows(page))[0]!.includes('dir-ben'));
        await fill(page, '[data-testid="directory-report-table"] [data-testid="crud-search"]', 'nobody-like-this');
        await page.waitForFunction(() =>
          document
            .querySelector('[data-testid="directory-report-table"] [data-testid="crud-empty"]')
            ?.textContent?.includes('No line matches the search'),
        );
        await page.keyboard.press('Escape');
        await waitForGone(page, 'directory-report');
      });
    },
  );

  test.serial('two leavers stop the run for confirmation; "Disable them and sync" disables them', async (t) => {
    const ldap = new Client({ url: slapd!.url });
    await ldap.bind(ROOT_DN, ROOT_PASSWORD);
    for (const uid of ['dir-ben', 'dir-cat']) await ldap.del(`uid=${uid},ou=people,${SUFFIX}`);
    await ldap.unbind();
    await withPage(t, browser, async ({ page }) => {
      await openApps(page);
      await page.click('[data-testid="directory-sync"]');
      await page.waitForSelector('[data-testid="directory-confirm"]', { visible: true });
      t.is(await text(page, '#directory-confirm-title'), 'Disable 2 accounts?');
      t.deepEqual(
        (
          await page.$$eval('[data-testid="directory-confirm-list"] .item', (items) =>
            items.map((i) => i.textContent ?? ''),
          )
        ).sort(),
        ['dir-ben', 'dir-cat'],
      );
      const violations = await seriousViolations(page);
      t.deepEqual(violations, [], JSON.stringify(violations, null, 2));
      t.deepEqual(
        (await users()).map((u) => u.status),
        [1, 1, 1],
        'nothing changed while the run waits',
      );
      await page.click('[data-testid="directory-confirm-go"]');
      await waitForGone(page, 'directory-confirm');
      await resultCount(page, 'disabled', '2 disabled');
      t.is(await text(page, '[data-testid="directory-announce"]'), 'Sync finished');
      await page.waitForFunction(
        () => (document.activeElement as HTMLElement | null)?.dataset.testid === 'directory-sync',
      );
      t.deepEqual(Object.fromEntries((await users()).map((u) => [u.username, u.status])), {
        'dir-ann': 1,
        'dir-ben': 0,
        'dir-cat': 0,
      });
      await rowWith(page, 'directory-runs-table', 'Waiting for confirmation');
    });
  });

  test.serial(
    '"Sync changes only" runs an increment: a newcomer in a department is created, nobody disabled',
    async (t) => {
      const ldap = new Client({ url: slapd!.url });
      await ldap.bind(ROOT_DN, ROOT_PASSWORD);
      await ldap.add(RND, { objectClass: 'organizationalUnit', ou: 'RnD' });
      await ldap.add(`uid=dir-dan,${RND}`, {
        objectClass: 'inetOrgPerson',
        uid: 'dir-dan',
        userPassword: 'dir-dan-pw',
        cn: 'dir-dan Person',
        sn: 'Person',
        mail: 'dir-dan@example.org',
      });
      await ldap.unbind();
      await withPage(t, browser, async ({ page }) => {
        await openApps(page);
        t.regex(
          await text(page, '[data-testid="directory-incremental-help"]'),
          /only reads what changed .* never disables people for being absent/,
        );
        t.true(
          (
            (await page.$eval('[data-testid="directory-incremental"]', (el) => el.getAttribute('aria-describedby'))) ??
            ''
          ).includes('directory-incremental-help'),
        );
        await page.click('[data-testid="directory-incremental"]');
        await resultCount(page, 'created', '1 created');
        // Nobody disabled (no count shown), dir-ann, absent from the increment's listing, still enabled.
        t.is(await page.$('[data-testid="directory-result"] [data-count="disabled"]'), null);
        t.is((await users()).find((u) => u.username === 'dir-ann')?.status, 1);
        const created = await app.get<{ data: { items: Array<{ username: string; status: number }> } }>(
          '/api/sys/users?q=dir-dan',
          { token },
        );
        t.like(created.body.data.items[0], { username: 'dir-dan', status: 1 });
        const row = await rowWith(page, 'directory-runs-table', 'Incremental');
        const cells = await page.$$eval(`${row} td`, (tds) => tds.map((c) => (c as HTMLElement).innerText.trim()));
        t.is(cells[1], 'admin');
        t.is(cells[2], 'Incremental');
        const runs = await app.get<{ data: { items: Array<{ mode: string; counts: { disabled: number } }> } }>(
          '/api/inte/app/directory/runs?pageSize=1',
          { token },
        );
        t.like(runs.body.data.items[0], { mode: 'incremental', counts: { disabled: 0 } });
        const violations = await seriousViolations(page);
        t.deepEqual(violations, [], JSON.stringify(violations, null, 2));
      });
    },
  );

  test.serial('a run going on (409) and a provider that cannot list people (422) are told in words', async (t) => {
    const { db, clock } = app.cradle;
    await db('directory_sync')
      .where({ id: 1 })
      .update({ holder: 'another-process', held_until: clock.now() + 600_000 });
    try {
      await withPage(t, browser, async ({ page }) => {
        await openApps(page);
        await page.click('[data-testid="directory-preview"]');
        await page.waitForSelector('[data-testid="directory-problem"]', { visible: true });
        t.is(
          await text(page, '[data-testid="directory-problem"]'),
          'Another directory sync is running. Wait for it to finish, then try again.',
        );
      });
    } finally {
      await db('directory_sync').where({ id: 1 }).update({ holder: null, held_until: 0 });
    }
    t.is((await app.put('/api/inte/settings/apps', { provider: 'none', settings: {} }, { token })).status, 200);
    try {
      await withPage(t, browser, async ({ page }) => {
        await openApps(page);
        await page.click('[data-testid="directory-sync"]');
        await page.waitForSelector('[data-testid="directory-problem"]', { visible: true });
        t.true(
          (await text(page, '[data-testid="directory-problem"]')).startsWith(
            'The selected provider cannot list people',
          ),
        );
      });
    } finally {
      t.is((await app.put('/api/inte/settings/apps', appsSettings(), { token })).status, 200);
    }
  });

  test.serial('a run started elsewhere (the scheduler, the CLI) turns the buttons off until it ends', async (t) => {
    const { db, clock } = app.cradle;
    const counts = { listed: 0, created: 0, linked: 0, updated: 0, disabled: 0, skipped: 0, bookingsCancelled: 0 };
    const [id] = (await db('directory_runs').insert({
      provider: 'ldap-directory',
      mode: 'incremental',
      dry_run: false,
      state: 'running',
      started_by: null,
      started_at: clock.now(),
      counts: JSON.stringify(counts),
      report: '[]',
    })) as number[];
    await withPage(t, browser, async ({ page }) => {
      await openApps(page);
      await page.waitForFunction(() =>
        document.querySelector('[data-testid="directory-last-run"]')?.textContent?.includes('Running'),
      );
      t.true(await page.$eval('[data-testid="directory-sync"]', (el) => (el as HTMLButtonElement).disabled));
      t.is(await text(page, '[data-testid="directory-why"]'), 'A sync is running; wait for it to end.');
      const row = await rowWith(page, 'directory-runs-table', 'Running');
      t.true((await text(page, row)).includes('Scheduled or command line'));
      t.true((await text(page, row)).includes('Incremental'));
      // It ends: the panel reads it again by itself.
      await db('directory_runs')
        .where({ id: Number(id) })
        .update({ state: 'failed', finished_at: clock.now(), error: 'connection refused' });
      await page.waitForFunction(() =>
        document.querySelector('[data-testid="directory-last-run"]')?.textContent?.includes('Failed'),
      );
      t.false(await page.$eval('[data-testid="directory-sync"]', (el) => (el as HTMLButtonElement).disabled));
      await page.click(`${row} [data-testid="directory-run-report"]`);
      await page.waitForFunction(() =>
        document.querySelector('[data-testid="directory-report"]')?.textContent?.includes('Error: connection refused'),
      );
      await page.waitForSelector('[data-testid="directory-report-table"] [data-testid="crud-empty"]', {
        visible: true,
      });
      await page.click('[data-testid="directory-report-close"]');
      await waitForGone(page, 'directory-report');
    });
  });

  test.serial(
    'a group mapping is refused without a role or group, added, searched and filtered, and deleted after asking',
    async (t) => {
      const group = await app.post<{ data: { id: number } }>(
        '/api/sys/groups',
        { name: 'Engineers', memberIds: [] },
        { token },
      );
      t.is(group.status, 200, JSON.stringify(group.body));
      const dn = `cn=engineers,ou=groups,${SUFFIX}`;
      await withPage(t, browser, async ({ page }) => {
        await openApps(page);
        await page.waitForFunction(() =>
          document
            .querySelector('[data-testid="group-maps-section"] [data-testid="crud-empty"]')
            ?.textContent?.includes('at every sign-in and sync'),
        );
        await page.click('[data-testid="group-maps-add"]');
        await page.waitForSelector('#group-maps-group', { visible: true });
        await page.click('[data-testid="form-save"]');
        await page.waitForSelector('[data-testid="error-group"]', { visible: true });
        t.is(await text(page, '[data-testid="error-roleId"]'), 'Choose a role, a user group, or both');
        const violations = await seriousViolations(page);
        t.deepEqual(violations, [], JSON.stringify(violations, null, 2));
        // No administrator role among the choices.
        const roles = await page.$$eval('#group-maps-roleId option', (os) => os.map((o) => o.textContent ?? ''));
        t.false(
          roles.some((r) => /^admin/i.test(r)),
          roles.join(', '),
        );

        await page.select('#group-maps-source', 'ldap');
        await fill(page, '#group-maps-group', dn);
        await page.select('#group-maps-userGroupId', String(group.body.data.id));
        await page.click('[data-testid="form-save"]');
        await waitForGone(page, 'group-maps-form');
        const row = await rowWith(page, 'group-maps-table', dn);
        t.true((await text(page, row)).includes('Engineers'));
        const listed = await app.get<{ data: { items: Array<{ group: string; userGroupId: number | null }> } }>(
          '/api/inte/app/groupMaps',
          { token },
        );
        t.like(listed.body.data.items[0], { group: dn, userGroupId: group.body.data.id });
        // Searched by part of the group, filtered by source.
        await fill(page, '[data-testid="group-maps-table"] [data-testid="crud-search"]', 'engineers');
        await rowWith(page, 'group-maps-table', dn);
        await page.select('[data-testid="group-maps-source-filter"]', 'saml');
        await waitForNoRow(page, 'group-maps-table', dn);
        await page.select('[data-testid="group-maps-source-filter"]', 'ldap');
        await rowWith(page, 'group-maps-table', dn);

        await page.click(`${row} [data-testid="row-delete"]`);
        await page.waitForSelector('[data-testid="confirm-delete"]', { visible: true });
        await page.click('[data-testid="confirm-delete-yes"]');
        await waitForNoRow(page, 'group-maps-table', dn);
        const after = await app.get<{ data: { total: number } }>('/api/inte/app/groupMaps', { token });
        t.is(after.body.data.total, 0);
      });
    },
  );

  test.serial('a department is mapped through the searchable picker of the tree (dept:<path>)', async (t) => {
    const group = await app.post<{ data: { id: number } }>(
      '/api/sys/groups',
      { name: 'Researchers', memberIds: [] },
      { token },
    );
    t.is(group.status, 200, JSON.stringify(group.body));
    await withPage(t, browser, async ({ page }) => {
      await openApps(page);
      await page.click('[data-testid="group-maps-add"]');
      await page.waitForSelector('[data-testid="group-maps-kind"]', { visible: true });
      await page.click('label[for="group-maps-kind-dept"]');
      await page.waitForSelector('#group-maps-department', { visible: true });
      t.is(await page.$('#group-maps-group'), null, 'the picker replaces the typed group');
      // The tree, indented by depth, with the head counts (dir-ben and dir-cat are disabled: not counted).
      await page.click('#group-maps-department');
      await page.waitForSelector('[data-testid="group-maps-department"] .menu [data-path="Example / RnD"]', {
        visible: true,
      });
      const shown = await page.$$eval('[data-testid="group-maps-department"] .menu [data-path]', (items) =>
        items.map((i) => ({
          path: i.getAttribute('data-path'),
          text: (i as HTMLElement).innerText.trim(),
          indent: parseFloat((i as HTMLElement).style.paddingLeft),
        })),
      );
      t.deepEqual(shown, [
        { path: 'Example', text: 'Example (2)', indent: 0 },
        { path: 'Example / RnD', text: 'RnD (1)', indent: 1.25 },
      ]);
      await page.type('#group-maps-department', 'rnd');
      await page.waitForFunction(
        () =>
          document.querySelectorAll('[data-testid="group-maps-department"] .menu [data-path]').length === 1 &&
          document.querySelector('[data-testid="group-maps-department"] .menu [data-path="Example / RnD"]'),
      );
      await page.keyboard.press('Enter');
      await page.waitForFunction(
        () => document.querySelector('[data-testid="group-maps-department"] > .text')?.textContent === 'Example / RnD',
      );
      const violations = await seriousViolations(page);
      t.deepEqual(violations, [], JSON.stringify(violations, null, 2));
      await page.select('#group-maps-source', '*');
      await page.select('#group-maps-userGroupId', String(group.body.data.id));
      await page.click('[data-testid="form-save"]');
      await waitForGone(page, 'group-maps-form');
      const row = await rowWith(page, 'group-maps-table', 'Example / RnD');
      t.true((await text(page, row)).includes('Department: Example / RnD'));
      t.true((await text(page, row)).includes('Researchers'));
      const listed = await app.get<{ data: { items: Array<{ id: number; group: string; source: string }> } }>(
        '/api/inte/app/groupMaps',
        { token },
      );
      t.like(listed.body.data.items[0], { group: 'dept:Example / RnD', source: '*' });
      await app.delete(`/api/inte/app/groupMaps/${listed.body.data.items[0]!.id}`, { token });
    });
  });

  test.serial(
    'one who may manage only this integration gets the roles and groups to map, and types a department',
    async (t) => {
      await createUserWithPermissions(app, 'dir-manager', ['inte:app:view', 'inte:app:save']);
      await withPage(t, browser, async ({ page }) => {
        await signInAs(page, app, 'dir-manager');
        await page.goto(`${app.url}/inte/app`);
        await page.waitForSelector('[data-testid="group-maps-add"]', { visible: true });
        await page.click('[data-testid="group-maps-add"]');
        await page.waitForSelector('#group-maps-group', { visible: true });
        // From /inte/app/groupMaps/choices: the roles but admin, the user groups made above.
        await page.waitForFunction(() => document.querySelectorAll('#group-maps-roleId option').length > 1);
        const roles = await page.$$eval('#group-maps-roleId option', (os) => os.map((o) => o.textContent ?? ''));
        t.false(
          roles.some((r) => /^admin/i.test(r)),
          roles.join(', '),
        );
        const groups = await page.$$eval('#group-maps-userGroupId option', (os) => os.map((o) => o.textContent));
        t.true(groups.includes('Engineers') && groups.includes('Researchers'), groups.join(', '));
        // Without the right to read the department tree: no picker, the group typed (dept:<path> explained).
        t.is(await page.$('[data-testid="group-maps-kind"]'), null);
        t.true((await text(page, '#group-maps-group-help')).includes('dept:'));
        // No note about lists one may not read any more.
        t.false((await text(page, '[data-testid="group-maps-form"]')).includes('You may not read this list'));
      });
    },
  );

  // Last: the browser's session is the viewer's from here on.
  test.serial('a user who may only look sees the runs, and the buttons off with the reason', async (t) => {
    await createUserWithPermissions(app, 'dir-viewer', ['inte:app:view']);
    await withPage(t, browser, async ({ page }) => {
      await signInAs(page, app, 'dir-viewer');
      await page.goto(`${app.url}/inte/app`);
      await page.waitForSelector('[data-testid="directory-panel"]', { visible: true });
      await page.waitForSelector('[data-testid="directory-runs-table"] tbody tr', { visible: true });
      for (const button of ['directory-preview', 'directory-sync'])
        t.true(await page.$eval(`[data-testid="${button}"]`, (el) => (el as HTMLButtonElement).disabled), button);
      t.is(
        await text(page, '[data-testid="directory-why"]'),
        'You can see the runs, but starting a sync needs the permission to change this integration.',
      );
      t.is(
        await page.$eval('[data-testid="directory-sync"]', (el) => el.getAttribute('aria-describedby')),
        'directory-why',
      );
      t.is(await page.$('[data-testid="group-maps-add"]'), null);
    });
  });
}
