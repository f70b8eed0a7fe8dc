/**
 * The booking centre in Chromium against the real server (issue 7): book a
 * room by dragging on the grid (and by keyboard), see it in my bookings and
 * cancel it with a reason; book a desk on the floor plan; a recurring booking
 * with a conflicting date skipped; an approval round trip between two users;
 * axe-core on the reserve and floor-plan pages.
 */
import anyTest, { type TestFn } from 'ava';
import type { Browser } from 'puppeteer-core';
import type { TestApp } from '../helpers/app.ts';
import { createPlace, createResource } from '../helpers/places-fixture.ts';
import { createUser, STAFF_PASSWORD } from '../helpers/users.ts';
import {
  cell,
  dayFromNow,
  dragCells,
  fillBookingForm,
  setValue,
  signInAs,
  text,
  waitForText,
} from './center-helpers.ts';
import { browserSuite, seriousViolations, withPage } from './helpers.ts';

const test = anyTest as TestFn;

let app: TestApp;
let browser: Browser;
let ids: { alice: number; bob: number; everest: number; k2: number; desks: number[] };
const DAY = dayFromNow(1);

browserSuite(
  test,
  'booking centre',
  {},
  async (s) => {
    ({ app, browser } = s);
    const alice = await createUser(app, 'alice');
    const bob = await createUser(app, 'bob');
    const place = await createPlace(app);
    const everest = await createResource(app, place, { name: 'Everest', capacity: 10 });
    const k2 = await createResource(app, place, { name: 'K2', capacity: 6, approvers: [bob] });
    const desks = [];
    for (let i = 1; i <= 3; i++) desks.push(await createResource(app, place, { name: `D-${i}`, type: 1, capacity: 1 }));
    ids = { alice, bob, everest, k2, desks };
  },
  registerTests,
);

const bookingsOf = (resourceId: number) =>
  app.cradle.db('bookings').where({ resource_id: resourceId }).orderBy('start_at');

function registerTests(): void {
  test.serial(
    'reserve: drag a range on the grid, book it, see it in my bookings, cancel it with a reason',
    async (t) => {
      await withPage(t, browser, async ({ page }) => {
        await signInAs(page, app, 'alice');
        await page.goto(`${app.url}/center/reserve`);
        await setValue(page, '#f-date', DAY);
        await page.waitForSelector(cell('Everest', '10:00', 'free'));
        t.deepEqual(await seriousViolations(page), [], 'no serious or critical axe violations on the reserve page');

        // The legend and its toggle.
        t.truthy(await page.$('.tg-legend'));
        await page.click('[data-testid="legend-toggle"]');
        t.falsy(await page.$('.tg-legend'), 'the legend hides');
        await page.click('[data-testid="legend-toggle"]');

        // Keyboard: space starts a range, shift + arrows extend it.
        await page.$eval(cell('Everest', '14:00', 'free'), (el) => (el as HTMLElement).focus());
        await page.keyboard.press('Space');
        await page.keyboard.down('Shift');
        for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
        await page.keyboard.up('Shift');
        t.regex(
          await waitForText(page, '[data-testid="selection-text"]', /Everest 14:00–15:00/),
          /Everest 14:00–15:00/,
        );

        // Mouse: drag 10:00 → 10:45, i.e. 10:00–11:00.
        await dragCells(page, cell('Everest', '10:00', 'free'), cell('Everest', '10:45', 'free'));
        t.regex(
          await waitForText(page, '[data-testid="selection-text"]', /Everest 10:00–11:00/),
          /Everest 10:00–11:00/,
        );
        t.is(await page.$$eval('.tg-cell[aria-selected="true"]', (els) => els.length), 4);
        await page.click('[data-testid="open-booking"]');
        t.is(await fillBookingForm(page, 'Roadmap review'), 'T-alice', "the employee ID starts as alice's number");
        t.deepEqual(await seriousViolations(page), [], 'no serious or critical axe violations in the booking form');
        await page.click('[data-testid="booking-submit"]');
        const code = await text(page, '[data-testid="checkin-code"]');
        t.regex(code, /^\d{4,8}$/, 'the check-in code is shown');
        await page.waitForSelector('[data-testid="checkin-qr"] svg');
        await page.click('[data-testid="booked-close"]');
        await page.waitForSelector(cell('Everest', '10:00', 'my booking'));

        // A range over the booking is a conflict and cannot be booked.
        await dragCells(page, cell('Everest', '09:30', 'free'), cell('Everest', '10:15', 'my booking'));
        t.regex(await waitForText(page, '[data-testid="selection-text"]', /overlaps a booking/), /overlaps a booking/);
        t.truthy(await page.$('.tg-conflict'));
        t.true(await page.$eval('[data-testid="open-booking"]', (b) => (b as HTMLButtonElement).disabled));

        const rows = await bookingsOf(ids.everest);
        t.is(rows.length, 1);
        t.is(rows[0].start_time, '10:00');
        t.is(rows[0].end_time, '11:00');
        t.is(rows[0].employee_no, 'T-alice');

        // Past cells cannot be selected: yesterday has only past cells.
        await setValue(page, '#f-date', dayFromNow(-1));
        await page.waitForSelector(cell('Everest', '10:00', 'past'));
        t.falsy(await page.$('[data-testid="selection-text"]'), 'changing the date clears the selection');
        await dragCells(page, cell('Everest', '10:00', 'past'), cell('Everest', '10:30', 'past'));
        t.falsy(await page.$('[data-testid="selection-text"]'), 'no selection on past cells');
        t.is(await page.$$eval('.tg-cell[aria-selected="true"]', (els) => els.length), 0);

        // My bookings: the booking, then cancelled with a reason.
        await page.goto(`${app.url}/center/meeting`);
        await page.waitForSelector('[data-testid="my-bookings"] .booking-row');
        t.regex(await text(page, '[data-testid="my-bookings"]'), /Roadmap review/);
        t.deepEqual(await seriousViolations(page), [], 'no serious or critical axe violations on my bookings');
        await page.click('[data-testid="details-toggle"]');
        // The .ics comes through the api slice's file helper (with the token) and is saved under the booking's name.
        await page.evaluate(() => {
          const saved: string[] = [];
          (window as unknown as { saved: string[] }).saved = saved;
          HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
            saved.push(this.download);
          };
        });
        const [ics] = await Promise.all([
          page.waitForResponse((r) => /\/api\/bookings\/\d+\/ics/.test(r.url())),
          page.click('[data-testid="ics"]'),
        ]);
        t.is(ics.status(), 200);
        t.regex(ics.headers()['content-type'] ?? '', /text\/calendar/);
        t.truthy(ics.request().headers()['token'], 'the download carries the token');
        await page.waitForFunction(() => (window as unknown as { saved: string[] }).saved.length > 0);
        const [booking] = await bookingsOf(ids.everest);
        t.deepEqual(await page.evaluate(() => (window as unknown as { saved: string[] }).saved), [
          `booking-${booking.id}.ics`,
        ]);
        await page.click('[data-testid="cancel"]');
        await page.waitForSelector('[data-testid="cancel-modal"]');
        await page.click('[data-testid="cancel-confirm"]');
        await page.waitForSelector('[data-testid="cancel-modal"] .field.error');
        t.is((await bookingsOf(ids.everest))[0].state, 'confirmed', 'no reason, no cancellation');
        await page.type('#cancel-reason', 'Moved online');
        await page.click('[data-testid="cancel-confirm"]');
        await page.waitForSelector('[data-testid="my-bookings-empty"]');
        const [after] = await bookingsOf(ids.everest);
        t.is(after.state, 'cancelled');
        t.is(after.cancel_reason, 'Moved online');
        // The private calendar feed link.
        await page.click('[data-testid="feed-create"]');
        const feedUrl = await page.waitForSelector('[data-testid="feed-url"] input, input[data-testid="feed-url"]');
        t.regex(await feedUrl!.evaluate((el) => (el as HTMLInputElement).value), /\/api\/bookings\/feed\/[\w-]+\.ics$/);
        await page.click('[data-testid="scope-past"]');
        await page.waitForFunction(() =>
          document.querySelector('[data-testid="my-bookings"]')?.textContent?.includes('Cancelled'),
        );
      });
    },
  );

  test.serial('reservedesk: book a desk on the floor plan', async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await signInAs(page, app, 'alice');
      await page.goto(`${app.url}/center/reservedesk`);
      await setValue(page, '#f-date', DAY);
      await page.select('#p-start', '09:00');
      await page.select('#p-end', '12:00');
      const desk = 'g.fp-item[aria-label="D-2 09:00–12:00 free"]';
      await page.waitForSelector(desk);
      t.is(await page.$$eval('g.fp-item', (els) => els.length), 5, 'every desk and room is drawn');
      t.deepEqual(await seriousViolations(page), [], 'no serious or critical axe violations on the floor-plan page');
      await page.hover(desk);
      await page.waitForFunction(() =>
        (document.querySelector('.fp-tip') as HTMLElement | null)?.textContent?.includes('D-2'),
      );
      await page.click(desk);
      await fillBookingForm(page, 'Focus time');
      t.regex(await text(page, '[data-testid="booking-when"]'), /D-2 · .* 09:00–12:00/);
      await page.click('[data-testid="booking-submit"]');
      await page.waitForSelector('[data-testid="checkin-code"]');
      await page.click('[data-testid="booked-close"]');
      await page.waitForSelector('g.fp-item[aria-label="D-2 09:00–12:00 my booking"]');
      const rows = await bookingsOf(ids.desks[1]!);
      t.is(rows.length, 1);
      t.is(rows[0].subject, 'Focus time');
    });
  });

  test.serial('reserve: a weekly booking skips its conflicting date', async (t) => {
    const bobToken = await app.tokenFor('bob', STAFF_PASSWORD);
    const clash = dayFromNow(8);
    const res = await app.post(
      '/api/bookings',
      { resourceId: ids.everest, meetingDate: clash, startTime: '15:00', endTime: '16:00', subject: 'Bob' },
      { token: bobToken },
    );
    t.is(res.status, 200, JSON.stringify(res.body));
    await withPage(t, browser, async ({ page }) => {
      await signInAs(page, app, 'alice');
      await page.goto(`${app.url}/center/reserve`);
      await setValue(page, '#f-date', DAY);
      await dragCells(page, cell('Everest', '15:00', 'free'), cell('Everest', '15:45', 'free'));
      await page.click('[data-testid="open-booking"]');
      await fillBookingForm(page, 'Weekly sync');
      await page.click('label[for="bk-repeat"]');
      await page.waitForSelector('[data-testid="recurrence"]');
      await setValue(page, '#rec-count', '3');
      await page.click('[data-testid="rec-preview"]');
      await page.waitForSelector('[data-testid="rec-preview-list"]');
      const dates = await page.$$eval('[data-testid="rec-preview-list"] [data-date]', (els) =>
        els.map((e) => `${(e as HTMLElement).dataset.date}:${(e as HTMLElement).dataset.ok}`),
      );
      t.deepEqual(
        dates,
        [`${DAY}:true`, `${clash}:false`, `${dayFromNow(15)}:true`],
        'the preview marks the conflicting date',
      );
      await page.click('[data-testid="booking-submit"]');
      await page.waitForSelector('[data-testid="rec-preview-list"] .message');
      t.is(
        (await bookingsOf(ids.everest)).filter((b) => b.state === 'confirmed').length,
        1,
        'nothing booked before choosing',
      );
      await page.click('label[for="bk-skip"]');
      await page.click('[data-testid="booking-submit"]');
      await page.waitForSelector('[data-testid="booked-skipped"]');
      t.regex(await text(page, '[data-testid="booked-skipped"]'), new RegExp(clash));
      const mine = (await bookingsOf(ids.everest)).filter((b) => b.subject === 'Weekly sync');
      t.deepEqual(
        mine.map((b) => b.meeting_date),
        [DAY, dayFromNow(15)],
      );
      t.truthy(mine[0].series_id);
    });
  });

  test.serial('approve: a booking that needs approval, approved by the approver', async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await signInAs(page, app, 'alice');
      await page.goto(`${app.url}/center/reserve`);
      await setValue(page, '#f-date', DAY);
      await dragCells(page, cell('K2', '11:00', 'free'), cell('K2', '11:15', 'free'));
      await page.click('[data-testid="open-booking"]');
      await fillBookingForm(page, 'Budget');
      await page.click('[data-testid="booking-submit"]');
      await page.waitForSelector('[data-testid="booked"]');
      t.regex(await text(page, '#booked-title'), /awaiting approval/);
      await page.click('[data-testid="booked-close"]');
      await page.waitForSelector(cell('K2', '11:00', 'my booking awaiting approval'));
      // A second request, withdrawn by its organiser.
      const aliceToken = await app.tokenFor('alice', STAFF_PASSWORD);
      const offsite = await app.post<{ data: { id: number } }>(
        '/api/bookings',
        { resourceId: ids.k2, meetingDate: DAY, startTime: '15:00', endTime: '16:00', subject: 'Offsite' },
        { token: aliceToken },
      );
      t.is(offsite.status, 200);
      await page.goto(`${app.url}/center/approve`);
      await page.waitForSelector('[data-testid="my-pending"]');
      t.regex(await text(page, '[data-testid="my-pending"]'), /Budget/);
      await page.click('[data-testid="my-pending"] tr:last-child [data-testid="revoke"]');
      await page.click('[data-testid="decide-confirm"]');
      await page.waitForFunction(
        () => !document.querySelector('[data-testid="my-pending"]')?.textContent?.includes('Offsite'),
      );
      t.not((await app.cradle.db('bookings').where({ id: offsite.body.data.id }).first('state')).state, 'pending');

      await signInAs(page, app, 'bob');
      await page.goto(`${app.url}/center/approve`);
      await page.waitForSelector('[data-testid="approvals"] [data-testid="approve"]');
      t.regex(await text(page, '[data-testid="approvals"]'), /Budget/);
      t.deepEqual(await seriousViolations(page), [], 'no serious or critical axe violations on my approvals');
      await page.click('[data-testid="approve"]');
      await page.type('#decide-reason', 'Fine');
      await page.click('[data-testid="decide-confirm"]');
      await page.waitForSelector('[data-testid="approvals-empty"]');
      await page.click('[data-testid="approvals-decided"]');
      await page.waitForFunction(() =>
        document.querySelector('[data-testid="approvals"]')?.textContent?.includes('Approved'),
      );
      const [b] = await bookingsOf(ids.k2);
      t.is(b.state, 'confirmed');

      await signInAs(page, app, 'alice');
      await page.goto(`${app.url}/center/meeting`);
      await page.waitForFunction(() =>
        document.querySelector('[data-testid="my-bookings"]')?.textContent?.includes('Budget'),
      );
      t.regex(await text(page, '[data-testid="my-bookings"]'), /Not checked in/);
    });
  });

  test.serial("reserve: a server refusal (time taken meanwhile) shows as a toast in the user's language", async (t) => {
    const bobToken = await app.tokenFor('bob', STAFF_PASSWORD);
    await withPage(t, browser, async ({ page }) => {
      await signInAs(page, app, 'alice');
      await page.evaluate(() => localStorage.setItem('lang', 'ja'));
      await page.goto(`${app.url}/center/reserve`);
      await setValue(page, '#f-date', DAY);
      await dragCells(page, cell('Everest', '17:00', '空き'), cell('Everest', '17:15', '空き'));
      await page.click('[data-testid="open-booking"]');
      await fillBookingForm(page, 'Late');
      const res = await app.post(
        '/api/bookings',
        { resourceId: ids.everest, meetingDate: DAY, startTime: '17:00', endTime: '18:00', subject: 'Bob first' },
        { token: bobToken },
      );
      t.is(res.status, 200);
      await page.click('[data-testid="booking-submit"]');
      t.is(await text(page, '[data-testid="toast"]'), 'この時間はすでに予約されています。選び直してください');
      t.truthy(await page.$('[data-testid="booking-form"]'), 'the form stays open to choose again');
      await page.evaluate(() => localStorage.setItem('lang', 'en'));
    });
  });

  test.serial(
    'search: find a free room for a time and book it from the result; My Desk and Recurring Booking list what was booked',
    async (t) => {
      await withPage(t, browser, async ({ page }) => {
        await signInAs(page, app, 'alice');
        await page.goto(`${app.url}/center/search`);
        await setValue(page, '#f-date', DAY);
        await page.select('#s-start', '13:00');
        await page.select('#s-end', '14:00');
        await setValue(page, '#f-capacity', '8');
        await page.click('[data-testid="search-run"]');
        await page.waitForSelector('[data-testid="search-results"]');
        const names = await page.$$eval('[data-testid="search-results"] tbody tr td:first-child', (els) =>
          els.map((e) => e.textContent),
        );
        t.deepEqual(names, ['Everest'], 'only rooms with the capacity');
        await page.click('[data-testid="search-results"] tbody tr button');
        await fillBookingForm(page, 'From the inquiry');
        await page.click('[data-testid="booking-submit"]');
        await page.waitForSelector('[data-testid="checkin-code"]');
        t.truthy(
          (await bookingsOf(ids.everest)).find((b) => b.subject === 'From the inquiry' && b.start_time === '13:00'),
        );

        await page.goto(`${app.url}/center/searchdesk`);
        await page.waitForSelector('[data-testid="searchdesk-page"] h1');
        await page.goto(`${app.url}/center/mydesk`);
        await page.waitForSelector('[data-testid="my-desks"], [data-testid="my-desks-empty"]');
        t.regex(await text(page, '[data-testid="mydesk-page"]'), /D-2/, 'the desk booked on the plan');
        await page.goto(`${app.url}/center/recurring`);
        await page.waitForSelector('[data-series]');
        t.regex(await text(page, '[data-series]'), /Weekly sync/);
      });
    },
  );

  test.serial(
    'meeting: a change that ends before it starts is refused at its field; a new subject and end are saved',
    async (t) => {
      const booking = (await bookingsOf(ids.everest)).find((b) => b.subject === 'From the inquiry');
      t.truthy(booking, 'the booking made from the inquiry');
      await withPage(t, browser, async ({ page }) => {
        await signInAs(page, app, 'alice');
        await page.goto(`${app.url}/center/meeting`);
        const row = `[data-testid="my-bookings"] tr[data-booking="${booking.id}"]`;
        // The list loads after the page: wait for the row before pressing its button.
        await page.waitForSelector(`${row} [data-testid="details-toggle"]`, { visible: true });
        await page.click(`${row} [data-testid="details-toggle"]`);
        await page.waitForSelector('.booking-open [data-testid="edit"]', { visible: true });
        await page.click('.booking-open [data-testid="edit"]');
        await page.waitForSelector('[data-testid="edit-modal"]');
        await page.select('#ed-end', '12:00');
        await page.click('[data-testid="edit-save"]');
        t.regex(await text(page, '[data-testid="edit-when-error"]'), /end after|start/i);
        t.like(
          (await bookingsOf(ids.everest)).find((b) => b.id === booking.id),
          { start_time: '13:00', end_time: '14:00' },
        );

        await page.select('#ed-end', '14:30');
        await setValue(page, '#ed-subject', 'Moved on');
        await page.click('[data-testid="edit-save"]');
        await page.waitForSelector('[data-testid="edit-modal"]', { hidden: true });
        t.like(
          (await bookingsOf(ids.everest)).find((b) => b.id === booking.id),
          {
            subject: 'Moved on',
            start_time: '13:00',
            end_time: '14:30',
          },
        );
      });
    },
  );

  test.serial('reservedesk: a floor of 1,000 desks is drawn in one layer and pans without redrawing', async (t) => {
    const place = await createPlace(app);
    const { db } = app.cradle;
    const now = Date.now();
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      name: `Desk ${i + 1}`,
      type: 1,
      capacity: 1,
      location_id: place.locationId,
      floor_id: place.floorId,
      price_per_hour: 0,
      time_zone: 'UTC',
      all_day: false,
      status: 1,
      whole_day: false,
      sort: i,
      pos_x: 40 + (i % 40) * 30,
      pos_y: 40 + Math.floor(i / 40) * 30,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 100) await db('resources').insert(rows.slice(i, i + 100));
    const desks = (await db('resources').where({ floor_id: place.floorId }).select('id')) as Array<{ id: number }>;
    const hours = desks.flatMap((d) =>
      [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
        resource_id: d.id,
        weekday,
        enabled: true,
        time_from: '00:00',
        time_to: '24:00',
      })),
    );
    for (let i = 0; i < hours.length; i += 500) await db('resource_open_hours').insert(hours.slice(i, i + 500));
    await withPage(t, browser, async ({ page }) => {
      await signInAs(page, app, 'alice');
      await page.goto(`${app.url}/center/reservedesk`);
      await setValue(page, '#f-date', DAY);
      await page.waitForSelector(`#f-location option[value="${place.locationId}"]`);
      await page.select('#f-location', String(place.locationId));
      await page.waitForSelector(`#f-floor option[value="${place.floorId}"]`);
      await page.select('#f-floor', String(place.floorId));
      await page.waitForFunction(() => document.querySelectorAll('g.fp-marks > g.fp-item').length === 1000, {
        timeout: 30_000,
      });
      t.pass('1,000 desks in one group');
      // Mark a desk node, pan, and check the same node is still there with only the layer moved.
      await page.$eval('g.fp-item', (el) => el.setAttribute('data-mark', '1'));
      const before = await page.$eval('g.fp-layer', (el) => el.getAttribute('transform'));
      const box = (await (await page.$('[data-testid="floorplan"]'))!.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 - 150, box.y + box.height / 2 - 80, { steps: 10 });
      await page.mouse.up();
      const after = await page.$eval('g.fp-layer', (el) => el.getAttribute('transform'));
      t.not(after, before, 'the layer moved');
      t.truthy(await page.$('g.fp-item[data-mark="1"]'), 'the desks were not redrawn');
      await page.click('button[aria-label="Zoom in"]');
      await page.waitForFunction(
        (b) => document.querySelector('g.fp-layer')?.getAttribute('transform') !== b,
        {},
        after,
      );
    });
  });
}
