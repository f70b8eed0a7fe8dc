import test from 'ava';
import { perDialect } from '../helpers/app.ts';

perDialect(test, (dialect, app) => {
  test.serial(`${dialect}: searches find _ and % literally and treat them as no wildcard`, async (t) => {
    const token = await app().adminToken();
    for (const name of ['Site_A', 'SiteBA', '100% Office', '100 Office']) {
      t.is((await app().post('/api/room/locations', { name, timeZone: 'Europe/Paris' }, { token })).status, 200);
    }
    const names = async (q: string) =>
      (
        await app().get<{ data: { items: Array<{ name: string }> } }>(
          `/api/room/locations?q=${encodeURIComponent(q)}`,
          { token },
        )
      ).body.data.items
        .map((l) => l.name)
        .sort();
    t.deepEqual(await names('e_A'), ['Site_A']);
    t.deepEqual(await names('0%'), ['100% Office']);
    t.deepEqual(await names('office'), ['100 Office', '100% Office']);
  });
});
