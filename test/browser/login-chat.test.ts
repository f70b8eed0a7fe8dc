/**
 * WeCom sign-in on the login page in Chromium against the real server, with plugins/wecom-directory as the apps
 * provider pointed at the WeCom fake (test/fixtures/fakes/wecom.ts): the QR button starts a flow and leaves for
 * WeCom's login page, which (intercepted here, as WeCom would) sends the browser back to /login with a code and
 * the state, and the console is entered; inside the WeCom client (user agent `wxwork`) the code in the address is
 * used at once; an unknown person sees the server's refusal.
 */
import anyTest, { type TestFn } from 'ava';
import type { Browser } from 'puppeteer-core';
import type { TestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/users.ts';
import { fakeWeCom, type FakeWeCom } from '../fixtures/fakes/wecom.ts';
import { browserSuite, waitForLayout, withPage } from './helpers.ts';

const test = anyTest as TestFn;

let app: TestApp;
let browser: Browser;
let wecom: FakeWeCom;

browserSuite(
  test,
  'login-chat',
  {},
  async (s) => {
    ({ app, browser } = s);
    wecom = await fakeWeCom();
    const admin = await app.adminToken();
    const res = await app.put(
      '/api/inte/settings/apps',
      {
        provider: 'wecom-directory',
        settings: { baseUrl: wecom.url, corpId: wecom.corpId, agentId: 1000002, secret: wecom.secret },
      },
      { token: admin },
    );
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    await createUser(app, 'lisi');
  },
  registerTests,
);
test.after.always(async () => {
  await wecom?.close();
});

const url = (p: string) => `${app.url}${p}`;

function registerTests() {
  test.serial('the QR button goes to WeCom, whose redirect back to /login signs in', async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await page.setRequestInterception(true);
      let leftFor = '';
      page.on('request', (req) => {
        const target = new URL(req.url());
        if (target.host !== 'login.work.weixin.qq.com') return void req.continue();
        leftFor = req.url();
        const back = `${app.url}/login?code=${wecom.issueCode('lisi')}&state=${target.searchParams.get('state')}`;
        void req.respond({ status: 302, headers: { location: back } });
      });
      await page.goto(url('/login'));
      const button = await page.waitForSelector('.sso-button[data-method="wecom"]', { visible: true });
      t.regex(await button!.evaluate((el) => el.textContent ?? ''), /WeCom/);
      await button!.click();
      await waitForLayout(page);
      t.regex(leftFor, /^https:\/\/login\.work\.weixin\.qq\.com\/wwlogin\/sso\/login\?login_type=CorpApp/);
      t.is(await page.evaluate(() => localStorage.getItem('authMethod')), '6');
      t.is(await page.evaluate(() => window.location.search), '', 'the code leaves the address bar');
    });
  });

  test.serial('inside the WeCom client the code in the address signs in; an unknown person is told why', async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await page.setUserAgent(`${await browser.userAgent()} wxwork/4.1.0 MicroMessenger/7.0.1`);
      await page.goto(url(`/login?code=${wecom.issueCode('lisi')}&state=wxwork`));
      await waitForLayout(page);
      t.is(await page.evaluate(() => localStorage.getItem('authMethod')), '6');
      await page.evaluate(() => localStorage.clear());
      await page.goto(url(`/login?code=${wecom.issueCode('zhangsan')}&state=wxwork`));
      await page.waitForFunction(() =>
        /no account for 张三/.test(document.querySelector('[data-testid="toast"]')?.textContent ?? ''),
      );
      t.truthy(await page.$('#login-username'));
    });
  });
}
