import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { admin, BASE, book, getGrid, staff, type BookingData, type Who } from '../helpers/bookings.ts';
import { createPlace, createResource, setParams, type Place } from '../helpers/places-fixture.ts';
import type { ViolationInput } from '../../core/modules/blocklist/index.ts';

interface Approval {
  id: number;
  bookingId: number;
  state: string;
  reason: string | null;
  booking: BookingData;
}

perDialect(
  test,
  (dialect, app) => {
    let place: Place;
    let alice: Who;
    let bob: Who;
    let approver: Who;
    let erin: Who;
    let root: Who;
    const seen: Array<{ name: string; id: number }> = [];

    test.serial.before(async () => {
      app().clock.set(BASE);
      place = await createPlace(app());
      alice = await staff(app(), 'alice');
      bob = await staff(app(), 'bob');
      approver = await staff(app(), 'approver');
      erin = await staff(app(), 'erin');
      root = await admin(app());
      app().cradle.events.on('*', (p, name) => {
        if ('booking' in p) seen.push({ name, id: p.booking.id });
      });
    });

    const at = (h: number, m = 0) => Date.UTC(2027, 2, 1, h, m);
    const job = (name: string) => app().running.scheduler!.runIfDue(name);
    const approvalOf = async (bookingId: number) =>
      Number((await app().cradle.db('approvals').where({ booking_id: bookingId }).first('id')).id);

    test.serial(
      `${dialect}: approval round trip — pending holds its time, approve, deny, revoke, exempt users`,
      async (t) => {
        const room = await createResource(app(), place, { approvers: [approver.id], exempt: [erin.id] });
        const res = await book(app(), alice, {
          resourceId: room,
          meetingDate: '2027-03-02',
          startTime: '09:00',
          endTime: '10:00',
        });
        t.is(res.status, 200, JSON.stringify(res.body));
        const b = res.body.data;
        t.is(b.state, 'pending');
        t.is(b.checkStatus, 4);
        const listed = await app().get<{ data: { approvalId: number | null } }>(`/api/bookings/${b.id}`, {
          token: alice.token,
        });
        t.is(listed.body.data.approvalId, await approvalOf(b.id), 'the organiser learns which request to revoke');
        t.is(
          (
            await book(app(), bob, {
              resourceId: room,
              meetingDate: '2027-03-02',
              startTime: '09:30',
              endTime: '10:30',
            })
          ).status,
          409,
          'pending holds its time',
        );
        const grid = await getGrid(app(), '/api/bookings/grid?date=2027-03-02', alice.token);
        t.is(
          grid.body.data.resources.find((r) => r.id === room)!.cells.find((c) => c.time === '09:00')!.state,
          'approvalMine',
        );
        const grid2 = await getGrid(app(), '/api/bookings/grid?date=2027-03-02', bob.token);
        t.is(
          grid2.body.data.resources.find((r) => r.id === room)!.cells.find((c) => c.time === '09:00')!.state,
          'approvalOther',
        );

        const pending = await app().get<{ data: { items: Approval[] } }>('/api/approvals?scope=pending', {
          token: approver.token,
        });
        t.is(pending.status, 200, JSON.stringify(pending.body));
        const item = pending.body.data.items.find((a) => a.bookingId === b.id)!;
        t.is(item.state, 'pending');
        t.is(
          (await app().get<{ data: { items: Approval[] } }>('/api/approvals?scope=pending', { token: bob.token })).body
            .data.items.length,
          0,
          'bob approves nothing',
        );
        const intruder = await app().post(`/api/approvals/${item.id}/approve`, {}, { token: bob.token });
        t.is(intruder.status, 403);
        t.is(intruder.body.key, 'approvals.notApprover');
        const checkInEarly = await app().post(
          `/api/bookings/${b.id}/checkin`,
          { code: b.checkInCode },
          { token: alice.token },
        );
        t.is(checkInEarly.body.key, 'bookings.notApproved');
        const ok = await app().post<{ data: Approval }>(
          `/api/approvals/${item.id}/approve`,
          { reason: 'fine' },
          { token: approver.token },
        );
        t.is(ok.status, 200, JSON.stringify(ok.body));
        t.is(ok.body.data.state, 'approved');
        t.is(ok.body.data.booking.state, 'confirmed');
        t.is(ok.body.data.booking.checkStatus, 0);
        const twice = await app().post(`/api/approvals/${item.id}/deny`, {}, { token: approver.token });
        t.is(twice.status, 422);
        t.is(twice.body.key, 'approvals.notPending');
        const decided = await app().get<{ data: { items: Approval[] } }>('/api/approvals?scope=decided', {
          token: approver.token,
        });
        t.true(decided.body.data.items.some((a) => a.id === item.id && a.state === 'approved'));

        const second = (
          await book(app(), alice, {
            resourceId: room,
            meetingDate: '2027-03-02',
            startTime: '11:00',
            endTime: '12:00',
          })
        ).body.data;
        const denied = await app().post<{ data: Approval }>(
          `/api/approvals/${await approvalOf(second.id)}/deny`,
          { reason: 'board meeting' },
          { token: approver.token },
        );
        t.is(denied.body.data.state, 'denied');
        t.is(denied.body.data.reason, 'board meeting');
        t.is(denied.body.data.booking.state, 'denied');
        t.is(
          (
            await book(app(), erin, {
              resourceId: room,
              meetingDate: '2027-03-02',
              startTime: '11:00',
              endTime: '12:00',
            })
          ).body.data.state,
          'confirmed',
          'denied time is free; exempt users skip approval',
        );

        const third = (
          await book(app(), alice, {
            resourceId: room,
            meetingDate: '2027-03-02',
            startTime: '13:00',
            endTime: '14:00',
          })
        ).body.data;
        const third_ = await approvalOf(third.id);
        t.is((await app().post(`/api/approvals/${third_}/revoke`, {}, { token: bob.token })).status, 403);
        const revoked = await app().post<{ data: Approval }>(
          `/api/approvals/${third_}/revoke`,
          {},
          { token: alice.token },
        );
        t.is(revoked.body.data.state, 'revoked');
        t.is(revoked.body.data.booking.state, 'revoked');
        t.is(
          (
            await book(app(), bob, {
              resourceId: room,
              meetingDate: '2027-03-02',
              startTime: '13:00',
              endTime: '14:00',
            })
          ).status,
          200,
        );

        // Moving a confirmed booking onto a resource with approvers puts it under review.
        const plain = await createResource(app(), place);
        const moving = (
          await book(app(), alice, {
            resourceId: plain,
            meetingDate: '2027-03-02',
            startTime: '17:00',
            endTime: '18:00',
          })
        ).body.data;
        t.is(moving.state, 'confirmed');
        const moved = await app().put<{ data: { updated: BookingData[] } }>(
          `/api/bookings/${moving.id}`,
          { resourceId: room },
          { token: alice.token },
        );
        t.is(moved.body.data.updated[0]!.state, 'pending');
        t.is(moved.body.data.updated[0]!.checkStatus, 4);
        t.is((await app().cradle.db('approvals').where({ booking_id: moving.id }).first('state')).state, 'pending');

        await setParams(app(), { useApproval: false });
        t.is(
          (
            await book(app(), alice, {
              resourceId: room,
              meetingDate: '2027-03-02',
              startTime: '15:00',
              endTime: '16:00',
            })
          ).body.data.state,
          'confirmed',
        );
        await setParams(app(), { useApproval: true });
        await app().cradle.events.settle();
        for (const name of ['booking.approvalRequested', 'booking.approved'])
          t.true(
            seen.some((e) => e.name === name && e.id === b.id),
            name,
          );
        t.true(seen.some((e) => e.name === 'booking.denied' && e.id === second.id));
        t.true(seen.some((e) => e.name === 'booking.revoked' && e.id === third.id));
      },
    );

    test.serial(`${dialect}: a pending booking whose start passes expires and frees its time`, async (t) => {
      app().clock.set(at(8));
      const room = await createResource(app(), place, { approvers: [approver.id] });
      const b = (
        await book(app(), alice, { resourceId: room, meetingDate: '2027-03-01', startTime: '09:00', endTime: '10:00' })
      ).body.data;
      t.is(b.state, 'pending');
      app().clock.set(at(8, 58));
      await job('bookings.expirePending');
      t.is(
        (await app().get<{ data: BookingData }>(`/api/bookings/${b.id}`, { token: alice.token })).body.data.state,
        'pending',
        'not before the start',
      );
      app().clock.set(at(9, 1));
      await job('bookings.expirePending');
      t.is(
        (await app().get<{ data: BookingData }>(`/api/bookings/${b.id}`, { token: alice.token })).body.data.state,
        'expired',
      );
      t.is((await app().cradle.db('approvals').where({ booking_id: b.id }).first('state')).state, 'expired');
      t.is(
        Number((await app().cradle.db('booking_slots').where({ booking_id: b.id }).count({ n: '*' }).first())?.n),
        0,
      );
      await app().cradle.events.settle();
      t.true(seen.some((e) => e.name === 'booking.expired' && e.id === b.id));
    });

    test.serial(
      `${dialect}: check-in opens checkInEarlyMinutes before the start and closes checkInWindowMinutes after`,
      async (t) => {
        app().clock.set(at(8));
        const room = await createResource(app(), place);
        const b = (
          await book(app(), alice, {
            resourceId: room,
            meetingDate: '2027-03-01',
            startTime: '10:00',
            endTime: '11:00',
          })
        ).body.data;
        const late = (
          await book(app(), alice, {
            resourceId: room,
            meetingDate: '2027-03-01',
            startTime: '12:00',
            endTime: '13:00',
          })
        ).body.data;
        app().clock.set(at(9, 44));
        t.is(
          (await app().post(`/api/bookings/${b.id}/checkin`, { code: b.checkInCode }, { token: alice.token })).body.key,
          'bookings.checkInTooEarly',
        );
        app().clock.set(at(9, 46));
        const wrong = await app().post(
          `/api/bookings/${b.id}/checkin`,
          { code: b.checkInCode === '111111' ? '222222' : '111111' },
          { token: alice.token },
        );
        t.is(wrong.status, 422);
        t.is(wrong.body.key, 'bookings.wrongCode');
        const ok = await app().post<{ data: BookingData & { checkedInAt: number } }>(
          `/api/bookings/${b.id}/checkin`,
          { code: b.checkInCode },
          { token: bob.token },
        );
        t.is(ok.status, 200, JSON.stringify(ok.body));
        t.is(ok.body.data.state, 'checkedIn');
        t.is(ok.body.data.checkStatus, 1);
        app().clock.set(at(12, 16));
        t.is(
          (await app().post(`/api/bookings/${late.id}/checkin`, { code: late.checkInCode }, { token: alice.token }))
            .body.key,
          'bookings.checkInClosed',
        );
      },
    );

    test.serial(
      `${dialect}: a caller who gets the check-in code wrong five times is refused for fifteen minutes; others are not`,
      async (t) => {
        app().clock.set(at(8));
        const room = await createResource(app(), place);
        const other = await createResource(app(), place);
        const b = (
          await book(app(), alice, {
            resourceId: room,
            meetingDate: '2027-03-01',
            startTime: '10:00',
            endTime: '11:00',
          })
        ).body.data;
        const c = (
          await book(app(), alice, {
            resourceId: other,
            meetingDate: '2027-03-01',
            startTime: '10:00',
            endTime: '11:00',
          })
        ).body.data;
        const wrongOf = (code: string) => (code === '111111' ? '222222' : '111111');
        app().clock.set(at(9, 46));
        for (let i = 0; i < 5; i++) {
          t.is(
            (await app().post(`/api/bookings/${b.id}/checkin`, { code: wrongOf(b.checkInCode) }, { token: bob.token }))
              .body.key,
            'bookings.wrongCode',
          );
        }
        // Even the right code is refused now: it could be the next guess.
        const locked = await app().post(
          `/api/bookings/${b.id}/checkin`,
          { code: b.checkInCode },
          { token: bob.token, lang: 'ja' },
        );
        t.is(locked.status, 429);
        t.is(locked.body.key, 'bookings.tooManyWrongCodes');
        t.regex(locked.body.msg, /15 分後/);
        // The lock is the guesser's alone, on that booking: the organiser is still heard, and so is the guesser elsewhere.
        t.is(
          (await app().post(`/api/bookings/${b.id}/checkin`, { code: wrongOf(b.checkInCode) }, { token: alice.token }))
            .body.key,
          'bookings.wrongCode',
        );
        t.is(
          (
            await app().post<{ data: BookingData }>(
              `/api/bookings/${c.id}/checkin`,
              { code: c.checkInCode },
              { token: bob.token },
            )
          ).body.data.state,
          'checkedIn',
        );
        app().clock.set(at(9, 59));
        t.is(
          (await app().post(`/api/bookings/${b.id}/checkin`, { code: b.checkInCode }, { token: bob.token })).status,
          429,
        );
        // Fifteen minutes after the first wrong code, the guesser may try again.
        app().clock.set(at(10, 2));
        const later = await app().post<{ data: BookingData }>(
          `/api/bookings/${b.id}/checkin`,
          { code: b.checkInCode },
          { token: bob.token },
        );
        t.is(later.status, 200, JSON.stringify(later.body));
        t.is(later.body.data.state, 'checkedIn');
      },
    );

    test.serial(
      `${dialect}: the no-show job auto-cancels, frees the time and records a violation in the same transaction`,
      async (t) => {
        app().clock.set(at(8, 0));
        await setParams(app(), { autoCancelResource: '0' });
        const room = await createResource(app(), place);
        const desk = await createResource(app(), place, { type: 1 });
        const b = (
          await book(app(), alice, {
            resourceId: room,
            meetingDate: '2027-03-01',
            startTime: '13:00',
            endTime: '14:00',
          })
        ).body.data;
        const d = (
          await book(app(), alice, {
            resourceId: desk,
            meetingDate: '2027-03-01',
            startTime: '13:00',
            endTime: '14:00',
          })
        ).body.data;
        const kept = (
          await book(app(), bob, { resourceId: room, meetingDate: '2027-03-01', startTime: '14:00', endTime: '15:00' })
        ).body.data;
        const svc = app().cradle.blocklistService;
        const calls: ViolationInput[] = [];
        const original = svc.recordViolation.bind(svc);
        svc.recordViolation = async (trx, v) => {
          calls.push(v);
          return original(trx, v);
        };
        try {
          app().clock.set(at(13, 14));
          await job('bookings.noShow');
          t.is(
            (await app().get<{ data: BookingData }>(`/api/bookings/${b.id}`, { token: alice.token })).body.data.state,
            'confirmed',
            'the window is still open',
          );
          app().clock.set(at(14, 10));
          await app().post(`/api/bookings/${kept.id}/checkin`, { code: kept.checkInCode }, { token: bob.token });
          app().clock.set(at(13, 16));
          await job('bookings.noShow');
          const after = await app().get<{ data: BookingData & { isAutoClose: boolean } }>(`/api/bookings/${b.id}`, {
            token: alice.token,
          });
          t.is(after.body.data.state, 'autoCancelled');
          t.is(after.body.data.checkStatus, 3);
          t.is(
            (await app().get<{ data: BookingData }>(`/api/bookings/${d.id}`, { token: alice.token })).body.data.state,
            'confirmed',
            'desks are not in autoCancelResource',
          );
          t.deepEqual(
            calls.filter((c) => [b.id, d.id].includes(c.bookingId ?? 0)).map((c) => [c.userId, c.bookingId]),
            [[alice.id, b.id]],
          );
          const v = await app().cradle.db('violations').where({ booking_id: b.id });
          t.is(v.length, 1);
          t.is(Number(v[0].user_id), alice.id);
          t.is(
            Number((await app().cradle.db('booking_slots').where({ booking_id: b.id }).count({ n: '*' }).first())?.n),
            0,
          );
          app().clock.set(at(13, 30));
          await job('bookings.noShow');
          t.is(calls.filter((c) => c.bookingId === b.id).length, 1, 'nothing twice');
          app().clock.set(at(14, 20));
          await job('bookings.noShow');
          t.is(
            (await app().get<{ data: BookingData }>(`/api/bookings/${kept.id}`, { token: bob.token })).body.data.state,
            'checkedIn',
            'checked-in bookings stay',
          );
          await app().cradle.events.settle();
          t.true(seen.some((e) => e.name === 'booking.autoCancelled' && e.id === b.id));
        } finally {
          svc.recordViolation = original;
          await setParams(app(), { autoCancelResource: '0,1' });
        }
      },
    );

    test.serial(
      `${dialect}: credits — charge at booking, refund on cancellation, recharge, insufficient balance`,
      async (t) => {
        app().clock.set(at(8));
        await setParams(app(), { options: '|copyright|useCredit|' });
        try {
          const room = await createResource(app(), place, { pricePerHour: 1000 });
          const frank = await staff(app(), 'frank');
          const broke = await book(app(), frank, {
            resourceId: room,
            meetingDate: '2027-03-03',
            startTime: '09:00',
            endTime: '10:00',
          });
          t.is(broke.status, 422);
          t.is(broke.body.key, 'bookings.insufficientBalance');
          t.is(broke.body.msg, 'Insufficient balance, please top-up');
          t.is(
            (await app().post(`/api/sys/users/${frank.id}/recharge`, { amount: 2500 }, { token: bob.token })).status,
            403,
          );
          t.is(
            (await app().post(`/api/sys/users/${frank.id}/recharge`, { amount: -5 }, { token: root.token })).status,
            400,
          );
          const top = await app().post<{ data: { balance: number } }>(
            `/api/sys/users/${frank.id}/recharge`,
            { amount: 2500, note: 'welcome' },
            { token: root.token },
          );
          t.is(top.status, 200, JSON.stringify(top.body));
          t.is(top.body.data.balance, 2500);
          const b = await book(app(), frank, {
            resourceId: room,
            meetingDate: '2027-03-03',
            startTime: '09:00',
            endTime: '10:30',
          });
          t.is(b.status, 200, JSON.stringify(b.body));
          t.is((b.body.data as BookingData & { priceCents: number }).priceCents, 1500);
          const balance = async () =>
            Number((await app().cradle.db('users').where({ id: frank.id }).first('credit_balance')).credit_balance);
          t.is(await balance(), 1000);
          await app().post(
            `/api/bookings/${b.body.data.id}/cancel`,
            { reason: 'no longer needed' },
            { token: frank.token },
          );
          t.is(await balance(), 2500, 'refunded before the start');
          // Two charges racing for a balance that covers only one: exactly one wins, the balance never goes below zero.
          const [x, y] = await Promise.all([
            book(app(), frank, { resourceId: room, meetingDate: '2027-03-04', startTime: '09:00', endTime: '11:00' }),
            book(app(), frank, { resourceId: room, meetingDate: '2027-03-05', startTime: '09:00', endTime: '11:00' }),
          ]);
          t.deepEqual([x.status, y.status].sort(), [200, 422]);
          t.is(await balance(), 500);
          const ledger = await app().get<{
            data: { balance: number; items: Array<{ kind: string; amount: number; balanceAfter: number }> };
          }>(`/api/sys/users/${frank.id}/ledger`, { token: root.token });
          t.is(ledger.status, 200);
          t.is(ledger.body.data.balance, 500);
          t.deepEqual(ledger.body.data.items.map((e) => [e.kind, e.amount, e.balanceAfter]).reverse(), [
            ['recharge', 2500, 2500],
            ['charge', -1500, 1000],
            ['refund', 1500, 2500],
            ['charge', -2000, 500],
          ]);
          // A denied request gives the charge back.
          await app().post(`/api/sys/users/${frank.id}/recharge`, { amount: 1000 }, { token: root.token });
          const reviewed = await createResource(app(), place, { pricePerHour: 1000, approvers: [approver.id] });
          const asked = (
            await book(app(), frank, {
              resourceId: reviewed,
              meetingDate: '2027-03-08',
              startTime: '09:00',
              endTime: '10:00',
            })
          ).body.data;
          t.is(asked.state, 'pending');
          t.is(await balance(), 500);
          await app().post(
            `/api/approvals/${await approvalOf(asked.id)}/deny`,
            { reason: 'no' },
            { token: approver.token },
          );
          t.is(await balance(), 1500);
          await app().cradle.events.settle();
          t.true(seen.some((e) => e.name === 'booking.cancelled' && e.id === b.body.data.id));
          const free = await createResource(app(), place);
          t.is(
            (
              await book(app(), frank, {
                resourceId: free,
                meetingDate: '2027-03-06',
                startTime: '09:00',
                endTime: '10:00',
              })
            ).status,
            200,
            'free resources cost nothing',
          );
        } finally {
          await setParams(app(), { options: '|copyright|' });
        }
      },
    );

    test.serial(`${dialect}: the organiser may change the check-in code only where passcodeUpdatable`, async (t) => {
      app().clock.set(at(8));
      const room = await createResource(app(), place);
      const b = (
        await book(app(), alice, { resourceId: room, meetingDate: '2027-03-02', startTime: '09:00', endTime: '10:00' })
      ).body.data;
      t.is(
        (await app().put(`/api/bookings/${b.id}/passcode`, { code: '123456' }, { token: alice.token })).body.key,
        'bookings.passcodeNotUpdatable',
      );
      await setParams(app(), { passcodeUpdatable: true, passCodeLength: 4 });
      try {
        t.is(
          (await app().put(`/api/bookings/${b.id}/passcode`, { code: '123456' }, { token: alice.token })).body.key,
          'bookings.passcodeLength',
        );
        t.is((await app().put(`/api/bookings/${b.id}/passcode`, { code: '4321' }, { token: bob.token })).status, 403);
        const ok = await app().put<{ data: BookingData }>(
          `/api/bookings/${b.id}/passcode`,
          { code: '4321' },
          { token: alice.token },
        );
        t.is(ok.body.data.checkInCode, '4321');
        const fresh = (
          await book(app(), alice, {
            resourceId: room,
            meetingDate: '2027-03-02',
            startTime: '10:00',
            endTime: '11:00',
          })
        ).body.data;
        t.regex(fresh.checkInCode, /^[1-9]\d{3}$/);
      } finally {
        await setParams(app(), { passcodeUpdatable: false, passCodeLength: 6 });
      }
    });
  },
  { config: { accessTokenTtlSeconds: 86_400 } },
);
