import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { BASE, staff } from '../helpers/bookings.ts';
import { createPlace, createResource } from '../helpers/places-fixture.ts';

perDialect(test, (dialect, app) => {
  test.serial(`${dialect}: the grid tells staff where each resource stands on its floor plan`, async (t) => {
    app().clock.set(BASE);
    const place = await createPlace(app());
    const placed = await createResource(app(), place, { name: 'Desk 1' });
    const loose = await createResource(app(), place, { name: 'Desk 2' });
    await app().cradle.db('resources').where({ id: placed }).update({ pos_x: 120.5, pos_y: 80 });
    const who = await staff(app(), 'pia');
    const grid = await app().get<{
      data: { resources: Array<{ id: number; position: { x: number; y: number } | null }> };
    }>(`/api/bookings/grid?date=2027-03-02&floorId=${place.floorId}`, { token: who.token });
    t.is(grid.status, 200);
    const byId = new Map(grid.body.data.resources.map((r) => [r.id, r.position]));
    t.deepEqual(byId.get(placed), { x: 120.5, y: 80 });
    t.is(byId.get(loose), null);
  });
});
