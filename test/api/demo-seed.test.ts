/**
 * The demo organisation (ATRIUM_SEED_DEMO, core/seed): the open-office floor carries its drawn plan, stored like an
 * uploaded picture, and a month of bookings follows the lifecycle, so the dashboard and the reports show something.
 */
import test from 'ava';
import { DateTime } from 'luxon';
import { perDialect, startTestApp } from '../helpers/app.ts';

perDialect(
  test,
  (dialect, app) => {
    test.serial(`${dialect}: the open-office floor has its plan, served as a checked PNG`, async (t) => {
      const { db } = app().cradle;
      const floor = await db('floors').where({ name: '5F' }).first();
      t.truthy(floor.plan_upload_id);
      const upload = await db('uploads').where({ id: floor.plan_upload_id }).first();
      t.like({ ...upload }, { type: 'floorPlan', mime: 'image/png', width: 1200, height: 800 });
      const token = await app().adminToken();
      const res = await fetch(`${app().url}/api/room/floors/${floor.id}/plan`, {
        headers: { authorization: `Bearer ${token}` },
      });
      t.is(res.status, 200);
      const bytes = Buffer.from(await res.arrayBuffer());
      t.deepEqual([...bytes.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47], 'a PNG');
      // Every desk of the floor sits on the drawn plan.
      const desks = await db('resources').where({ floor_id: floor.id, type: 1 }).select('pos_x', 'pos_y');
      t.is(desks.length, 40);
      t.true(desks.every((d) => d.pos_x > 0 && d.pos_x < 1200 && d.pos_y > 0 && d.pos_y < 800));
    });

    test.serial(`${dialect}: a month of bookings in the states the lifecycle leaves them in`, async (t) => {
      const { db, clock } = app().cradle;
      const now = clock.now();
      const rows = (await db('bookings').select(
        'id',
        'state',
        'check_status',
        'start_at',
        'end_at',
        'checked_in_at',
        'cancelled_at',
        'resource_id',
      )) as Array<Record<string, number | string | null>>;
      const byState = (s: string) => rows.filter((r) => r.state === s);
      t.true(rows.length > 500, `${rows.length} bookings`);
      t.true(byState('ended').length > 300);
      t.true(byState('autoCancelled').length > 10);
      t.true(byState('cancelled').length > 10);
      t.true(byState('confirmed').length > 50);
      const statusOf: Record<string, number> = { ended: 2, autoCancelled: 3, cancelled: 3, confirmed: 0, checkedIn: 1 };
      t.true(rows.every((r) => Number(r.check_status) === statusOf[String(r.state)]));
      t.true(byState('ended').every((r) => Number(r.end_at) <= now && Number(r.checked_in_at) >= Number(r.start_at)));
      t.true(byState('confirmed').every((r) => Number(r.start_at) > now));
      t.true(byState('cancelled').every((r) => Number(r.cancelled_at) < Number(r.start_at)));
      const oldest = DateTime.fromMillis(now).minus({ days: 31 }).toMillis();
      t.true(rows.every((r) => Number(r.start_at) >= oldest));
      // Freed time holds no slots; the time of the others is held (the slot table forbids overlaps).
      const slotted = new Set((await db('booking_slots').distinct('booking_id')).map((r) => Number(r.booking_id)));
      t.true([...byState('cancelled'), ...byState('autoCancelled')].every((r) => !slotted.has(Number(r.id))));
      t.true([...byState('ended'), ...byState('confirmed')].every((r) => slotted.has(Number(r.id))));
      // One violation per no-show, and nobody starts on the blocklist: fewer than blocklistMaxViolations within
      // any blocklistPeriodDays (a person may have more over the whole month).
      const violations = await db('violations').select('user_id', 'booking_id', 'occurred_at');
      t.is(violations.length, byState('autoCancelled').length);
      const limits = await app().cradle.paramsService.getMany(['blocklistMaxViolations', 'blocklistPeriodDays']);
      const max = Number(limits.blocklistMaxViolations);
      const periodMs = Number(limits.blocklistPeriodDays) * 86_400_000;
      const times = new Map<number, number[]>();
      for (const v of violations)
        times.set(Number(v.user_id), [...(times.get(Number(v.user_id)) ?? []), Number(v.occurred_at)]);
      const crowded = [...times].filter(([, at]) =>
        at.some((end) => at.filter((x) => x > end - periodMs && x <= end).length >= max),
      );
      t.deepEqual(crowded, [], 'nobody reaches the blocklist limit within its period');
      t.is(Number((await db('blocklist').count({ n: '*' }).first())?.n), 0);
    });

    test.serial(`${dialect}: the dashboard shows the month`, async (t) => {
      const token = await app().adminToken();
      const today = DateTime.fromMillis(app().clock.now(), { zone: 'Asia/Shanghai' });
      const range = { from: today.minus({ days: 30 }).toISODate()!, to: today.minus({ days: 1 }).toISODate()! };
      const qs = new URLSearchParams(range).toString();
      const noShow = await app().get<{ data: { expected: number; noShows: number; rate: number } }>(
        `/api/room/dashboard/noshow?${qs}`,
        { token },
      );
      t.is(noShow.status, 200);
      t.true(noShow.body.data.noShows > 0 && noShow.body.data.rate > 0 && noShow.body.data.rate < 0.3);
      const use = await app().get<{ data: unknown }>(`/api/room/dashboard/utilisation?${qs}`, { token });
      t.is(use.status, 200);
      t.true(JSON.stringify(use.body.data).length > 100);
    });
  },
  { demo: true },
);

test('the history is the same on every demo start, and only the demo has it', async (t) => {
  const started = Date.now();
  const a = await startTestApp({ demo: true });
  const seconds = (Date.now() - started) / 1000;
  const b = await startTestApp({ demo: true });
  const plain = await startTestApp();
  try {
    const shape = (rows: Array<Record<string, unknown>>) =>
      rows.map((r) => `${r.resource_id} ${r.meeting_date} ${r.start_time}`);
    const cols = ['resource_id', 'meeting_date', 'start_time'];
    t.deepEqual(
      shape(await a.cradle.db('bookings').orderBy('id').select(cols)),
      shape(await b.cradle.db('bookings').orderBy('id').select(cols)),
    );
    t.is(Number((await plain.cradle.db('bookings').count({ n: '*' }).first())?.n), 0);
    t.true(seconds < 20, `a demo start took ${seconds} s`);
  } finally {
    await Promise.all([a.stop(), b.stop(), plain.stop()]);
  }
});
