/**
 * The devices a kind's provider lists, for binding them to rooms (docs/product-rules.md R20.6), on SQLite and
 * MariaDB with the recording switch provider (test/fixtures/plugins/switch-recording): what it lists reduced to
 * what the SDK promises (an entry without an id dropped, a repeated id once), searched and paged; no provider gives
 * an empty list that says so; a provider that fails says why without failing the request; a kind without devices
 * is refused; the kind's own view permission is needed; the historical Atrium-side lists stay as they were.
 */
import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { FIXTURE_PLUGINS } from '../helpers/notify.ts';
import { staff } from '../helpers/bookings.ts';

interface Listed {
  provider: string;
  error: string | null;
  items: Array<{ id: string; name: string; roomName?: string; on?: boolean }>;
  total: number;
}

perDialect(
  test,
  (dialect, app) => {
    let admin = '';
    const select = async (provider: string, settings: Record<string, unknown> = {}) => {
      const res = await app().put('/api/inte/settings/switch', { provider, settings }, { token: admin });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    };
    const list = (query = '', kind = 'switch', token = admin) =>
      app().get<{ data: Listed }>(`/api/inte/${kind}/providerDevices${query}`, { token });

    test.serial.before(async () => {
      admin = await app().adminToken();
    });

    test.serial(`${dialect}: without a provider the list is empty and says so`, async (t) => {
      const res = await list();
      t.is(res.status, 200);
      t.like(res.body.data, { provider: 'none', error: null, total: 0 });
    });

    test.serial(`${dialect}: the provider's devices, cleaned, searched and paged`, async (t) => {
      await select('switch-recording');
      const all = await list();
      t.is(all.status, 200);
      t.deepEqual(all.body.data.items, [
        { id: 'relay-1', name: 'Lights' },
        { id: 'relay-2', name: 'Screen', roomName: 'Everest', on: true },
      ]);
      t.like(all.body.data, { provider: 'switch-recording', error: null, total: 2 });
      const found = await list('?q=everest');
      t.deepEqual(
        found.body.data.items.map((d) => d.id),
        ['relay-2'],
        'the place the vendor names is searched too',
      );
      const second = await list('?page=2&pageSize=1');
      t.deepEqual(
        second.body.data.items.map((d) => d.id),
        ['relay-2'],
      );
      t.is(second.body.data.total, 2);
      // A kind is also named by its console screen: `ar` is access control, which has no provider here.
      t.like((await list('', 'ar')).body.data, { provider: 'none', total: 0 });
    });

    test.serial(`${dialect}: a provider that cannot list says why; the request does not fail`, async (t) => {
      await select('switch-recording', { mode: 'fail' });
      const res = await list();
      t.is(res.status, 200);
      t.like(res.body.data, { provider: 'switch-recording', total: 0 });
      t.regex(String(res.body.data.error), /relay controller said no/);
      await select('switch-recording');
    });

    test.serial(`${dialect}: a kind without devices is refused; bad paging is a 400`, async (t) => {
      const notify = await list('', 'notify');
      t.is(notify.status, 422);
      t.is((notify.body as unknown as { key: string }).key, 'inte.noDevices');
      t.is((await list('', 'doors')).status, 400);
      t.is((await list('?pageSize=100000')).status, 400);
    });

    test.serial(`${dialect}: the kind's own view permission is needed`, async (t) => {
      const someone = await staff(app(), `staff_pd_${dialect}`);
      t.is((await list('', 'switch', someone.token)).status, 403);
    });

    test.serial(`${dialect}: the historical lists of Atrium's own sensors are unchanged`, async (t) => {
      const env = await app().get<{ data: unknown[] }>('/api/inte/environment/deviceList', { token: admin });
      t.is(env.status, 200);
      t.true(Array.isArray(env.body.data));
    });
  },
  { config: { pluginPaths: FIXTURE_PLUGINS } },
);
