/**
 * Buttons follow the user's permissions (issue 8), in Chromium against the real server: a user whose role
 * may only view the location, dashboard, user and notification screens sees their data but no add, edit,
 * delete, import or save control; the administrator, on the same pages, sees them all. The server refuses
 * the viewer's writes whatever the page shows (checked here once; test/api/authorization.test.ts walks all).
 * The console asks the server for the user's capabilities and looks them up exactly (docs/conventions.md).
 */
import anyTest, { type TestFn } from 'ava';
import { runTx } from '../../core/db/transaction.ts';
import type { Browser, Page } from 'puppeteer-core';
import { ADMIN_PASSWORD, type TestApp } from '../helpers/app.ts';
import { createPlace } from '../helpers/places-fixture.ts';
import { STAFF_PASSWORD } from '../helpers/users.ts';
import { signInAs } from './center-helpers.ts';
import { browserSuite, withPage } from './helpers.ts';

const test = anyTest as TestFn;

let app: TestApp;
let browser: Browser;
let viewerToken: string;

const VIEW_ONLY = ['room:building:view', 'room:dashboard:view', 'sys:admin:view', 'inte:notify:view'];

/** Each screen: where it is, what shows that its data arrived, and the controls only a writer may see. */
const SCREENS = [
  {
    path: '/room/building',
    ready: '[data-testid="building-table"] tbody tr',
    writes: ['[data-testid="building-add"]', '[data-testid="row-edit"]', '[data-testid="row-delete"]'],
  },
  {
    path: '/room/dashboard',
    ready: '[data-testid="panel-table"] tbody tr',
    writes: [
      '[data-testid="panel-add"]',
      '[data-testid="panel-table"] [data-testid="row-edit"]',
      '[data-testid="panel-table"] [data-testid="row-delete"]',
    ],
  },
  {
    path: '/sys/admin',
    ready: '[data-testid="users-table"] tbody tr',
    writes: [
      '[data-testid="users-add"]',
      '[data-testid="users-import"]',
      '[data-testid="row-edit"]',
      '[data-testid="row-delete"]',
    ],
  },
  {
    path: '/inte/notify',
    ready: '[data-testid="inte-provider"]',
    writes: ['[data-testid="inte-save"]', '[data-testid="inte-test"]'],
  },
];

browserSuite(
  test,
  'permissions',
  {},
  async (s) => {
    ({ app, browser } = s);
    const admin = await app.adminToken();
    const place = await createPlace(app);
    await app.post('/api/room/dashboard/panels', { name: 'Lobby', locationId: place.locationId }, { token: admin });
    const role = await app.post<{ data: { id: number } }>(
      '/api/sys/roles',
      { name: 'Viewer', permissions: VIEW_ONLY },
      { token: admin },
    );
    if (role.status !== 200) throw new Error(`role: ${role.status} ${JSON.stringify(role.body)}`);
    const { db, usersService } = app.cradle;
    await runTx(db, (trx) =>
      usersService.insert(trx, {
        username: 'viewer',
        realName: 'Viewer',
        employeeNo: 'T-viewer',
        password: STAFF_PASSWORD,
        email: 'viewer@example.org',
        roleIds: [role.body.data.id],
      }),
    );
    viewerToken = await app.tokenFor('viewer', STAFF_PASSWORD);
  },
  registerTests,
);

async function present(page: Page, selectors: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const s of selectors) if (await page.$(s)) found.push(s);
  return found;
}

function registerTests(): void {
  test.serial(
    'a view-only role sees the data of each screen and none of its write controls; the server refuses its writes',
    async (t) => {
      await withPage(t, browser, async ({ page }) => {
        await signInAs(page, app, 'viewer');
        for (const screen of SCREENS) {
          await page.goto(`${app.url}${screen.path}`);
          await page.waitForSelector(screen.ready, { visible: true });
          t.deepEqual(await present(page, screen.writes), [], `${screen.path}: no write controls`);
        }
        t.true(
          await page.$eval('[data-testid="inte-provider"]', (el) => (el as HTMLSelectElement).disabled),
          'the provider choice is read-only',
        );
      });
      t.is(
        (await app.post('/api/room/locations', { name: 'Sneaky', timeZone: 'UTC' }, { token: viewerToken })).status,
        403,
      );
      t.is(
        (await app.post('/api/room/dashboard/panels', { name: 'Sneaky', locationId: 1 }, { token: viewerToken }))
          .status,
        403,
      );
    },
  );

  test.serial('the console holds the capabilities the server answers for the user, and nothing else', async (t) => {
    const answered = await app.get<{ data: { capabilities: string[] } }>('/api/auth/capabilities', {
      token: viewerToken,
    });
    t.deepEqual(answered.body.data.capabilities, [
      'bookings.viewCredit',
      'devices.listEnvironmentSensors',
      'devices.listOccupancySensors',
      'integrations.notify.view',
      'integrations.view',
      'locations.view',
    ]);
    await withPage(t, browser, async ({ page }) => {
      await signInAs(page, app, 'viewer');
      await page.goto(`${app.url}/inte/notify`);
      await page.waitForSelector('[data-testid="inte-provider"]', { visible: true });
      const held = await page.evaluate(() => JSON.parse(sessionStorage.getItem('capabilities') ?? 'null') as unknown);
      t.deepEqual(held, answered.body.data.capabilities);
    });
  });

  test.serial('the administrator sees the same screens with their write controls', async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await signInAs(page, app, 'admin', ADMIN_PASSWORD);
      for (const screen of SCREENS) {
        await page.goto(`${app.url}${screen.path}`);
        await page.waitForSelector(screen.ready, { visible: true });
        await page.waitForSelector(screen.writes[0]!, { visible: true });
        t.deepEqual(
          await present(page, screen.writes),
          screen.writes,
          `${screen.path}: every write control (so the selectors above are the right ones)`,
        );
      }
    });
  });
}
