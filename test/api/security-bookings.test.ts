/**
 * Penetration-test findings on bookings (issue 14): approvals that survive a move, self-approval, other
 * people's meetings read by id, iCalendar line injection, and what the feed, the mails and the logs give away.
 * Each test performs the attack and sees it refused.
 */
import test, { type ExecutionContext } from 'ava';
import pino from 'pino';
import { perDialect } from '../helpers/app.ts';
import { admin, BASE, book, staff, type BookingData, type Who } from '../helpers/bookings.ts';
import { dispatchChanges, outboxRows, saveNotify } from '../helpers/notify.ts';
import { createPlace, createResource, setParams, type Place } from '../helpers/places-fixture.ts';

interface FullView extends BookingData {
  remarks: string | null;
  phone: string | null;
  cancelReason: string | null;
  innerAttendees: number[];
  outerAttendees: Array<{ name: string; email: string }>;
  approvalId: number | null;
}
interface ApprovalItem {
  id: number;
  bookingId: number;
  state: string;
}

const PUBLIC_URL = 'https://rooms.example.org/atrium';
const logLines: string[] = [];
const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) });

perDialect(
  test,
  (dialect, app) => {
    let place: Place;
    let alice: Who;
    let bob: Who;
    let carol: Who;
    let approver: Who;
    let second: Who;
    let root: Who;
    const seen: string[] = [];

    test.serial.before(async () => {
      app().clock.set(BASE);
      place = await createPlace(app());
      alice = await staff(app(), 'alice');
      bob = await staff(app(), 'bob');
      carol = await staff(app(), 'carol');
      approver = await staff(app(), 'approver');
      second = await staff(app(), 'second');
      root = await admin(app());
      app().cradle.events.on('*', (p, name) => {
        if ('booking' in p) seen.push(`${name}:${p.booking.id}`);
      });
    });

    const approvalOf = async (bookingId: number) =>
      Number((await app().cradle.db('approvals').where({ booking_id: bookingId }).first('id')).id);
    const decide = (bookingId: number, who: Who, action: 'approve' | 'deny' = 'approve') =>
      approvalOf(bookingId).then((id) => app().post(`/api/approvals/${id}/${action}`, {}, { token: who.token }));
    const modify = (id: number, who: Who, body: Record<string, unknown>) =>
      app().put<{ data: { updated: FullView[] } }>(`/api/bookings/${id}`, body, { token: who.token });
    const one = (id: number, who: Who) => app().get<{ data: FullView }>(`/api/bookings/${id}`, { token: who.token });
    const pendingOf = async (who: Who) =>
      (
        await app().get<{ data: { items: ApprovalItem[] } }>('/api/approvals?scope=pending&pageSize=500', {
          token: who.token,
        })
      ).body.data.items.map((a) => a.bookingId);
    const raw = async (path: string, token?: string) => {
      const res = await fetch(app().url + path, { headers: token ? { token } : {} });
      return { status: res.status, text: await res.text() };
    };
    const feedOf = async (who: Who) =>
      (await app().post<{ data: { path: string } }>('/api/bookings/feed', {}, { token: who.token })).body.data;
    /** The messages queued for `topic` whose subject or body mentions `needle`, once the events are handled. */
    const queued = async (topic: string, needle: string) => {
      await dispatchChanges(app());
      return (await outboxRows(app(), { topic })).filter(
        (r) => r.message.subject.includes(needle) || r.message.html.includes(needle),
      );
    };
    /** An approved booking of alice on a room that alice's approver reviews. */
    const approved = async (date: string, resourceId?: number) => {
      const room = resourceId ?? (await createResource(app(), place, { approvers: [approver.id] }));
      const b = (
        await book(app(), alice, { resourceId: room, meetingDate: date, startTime: '09:00', endTime: '10:00' })
      ).body.data;
      if (b.state !== 'pending') throw new Error(`expected pending, got ${JSON.stringify(b)}`);
      const ok = await decide(b.id, approver);
      if (ok.status !== 200) throw new Error(`approve: ${JSON.stringify(ok.body)}`);
      return { room, id: b.id };
    };
    /** Every CR belongs to a CRLF, no other control character, one event per booking, and no line the text could have added. */
    const assertNoInjection = (t: ExecutionContext, ics: string) => {
      t.false(/\r(?!\n)/.test(ics), 'every CR is part of a CRLF');
      t.false(/(?<!\r)\n/.test(ics), 'every LF is part of a CRLF');
      t.false(/[^\P{Cc}\t]/u.test(ics.replace(/\r\n/g, '')), 'no control character inside a line');
      const lines = ics.replace(/\r\n /g, '').split('\r\n');
      const uids = lines.filter((l) => l.startsWith('UID:'));
      t.is(lines.filter((l) => l === 'BEGIN:VEVENT').length, uids.length, 'one event per booking');
      t.false(
        lines.some((l) => /^(ATTACH|ATTENDEE:|X-EVIL)/.test(l)),
        'no injected property',
      );
    };

    // Finding 7: approval bypass by moving an approved booking.

    test.serial(
      `${dialect}: an approved booking moved to another day goes back to its approvers; the decision stays in the reservation log`,
      async (t) => {
        const { id } = await approved('2027-03-02');
        const moved = await modify(id, alice, { meetingDate: '2027-03-05', startTime: '13:00', endTime: '18:00' });
        t.is(moved.status, 200, JSON.stringify(moved.body));
        t.like(moved.body.data.updated[0], { state: 'pending', checkStatus: 4 });
        await app().cradle.events.settle();
        t.is(seen.filter((e) => e === `booking.approvalRequested:${id}`).length, 2, 'asked at creation and again');
        t.true((await pendingOf(approver)).includes(id));
        const log = await app().cradle.db('reservation_logs').where({ booking_id: id, action: 'approvalRequested' });
        t.is(log.length, 1);
        t.like(JSON.parse(String(log[0].detail)), { previous: { state: 'approved', decidedBy: approver.id } });
        t.is((await decide(id, approver)).status, 200, 'the approver decides the new time');
      },
    );

    test.serial(`${dialect}: made whole-day, or only its end moved, an approved booking waits again`, async (t) => {
      const { id } = await approved('2027-03-03');
      const whole = await modify(id, alice, { wholeDay: true });
      t.is(whole.status, 200, JSON.stringify(whole.body));
      t.is(whole.body.data.updated[0]!.state, 'pending');
      t.is((await decide(id, approver)).status, 200);
      const back = await modify(id, alice, { wholeDay: false, startTime: '09:00', endTime: '10:00' });
      t.is(back.body.data.updated[0]!.state, 'pending');
      t.is((await decide(id, approver)).status, 200);
      const longer = await modify(id, alice, { endTime: '18:00' });
      t.like(longer.body.data.updated[0], { state: 'pending', startTime: '09:00', endTime: '18:00' });
      t.is((await decide(id, approver)).status, 200);
      const renamed = await modify(id, alice, { subject: 'Renamed', remarks: 'no change of time' });
      t.is(renamed.body.data.updated[0]!.state, 'confirmed', 'a change that keeps the time keeps the approval');
    });

    test.serial(
      `${dialect}: moved to another reviewed room it waits for that room's approvers; moved to an unreviewed room the approver keeps the decision in their history`,
      async (t) => {
        const { id } = await approved('2027-03-04');
        const other = await createResource(app(), place, { approvers: [second.id] });
        const toOther = await modify(id, alice, { resourceId: other });
        t.is(toOther.body.data.updated[0]!.state, 'pending');
        t.true((await pendingOf(second)).includes(id));
        t.false((await pendingOf(approver)).includes(id));
        t.is((await decide(id, second)).status, 200);
        const free = await createResource(app(), place);
        const plainBooking = (
          await book(app(), alice, {
            resourceId: free,
            meetingDate: '2027-03-04',
            startTime: '11:00',
            endTime: '12:00',
          })
        ).body.data;
        const intoReview = await modify(plainBooking.id, alice, { resourceId: other });
        t.is(intoReview.body.data.updated[0]!.state, 'pending', 'a confirmed booking moved into a reviewed room waits');
        await app().cradle.events.settle();
        t.true(seen.includes(`booking.approvalRequested:${plainBooking.id}`));
        const kept = await approved('2027-03-04', (await approved('2027-03-08')).room);
        const plain = await createResource(app(), place);
        const toPlain = await modify(kept.id, alice, { resourceId: plain });
        t.is(toPlain.body.data.updated[0]!.state, 'confirmed');
        const decided = await app().get<{ data: { items: ApprovalItem[] } }>(
          '/api/approvals?scope=decided&pageSize=500',
          { token: approver.token },
        );
        t.true(decided.body.data.items.some((a) => a.bookingId === kept.id && a.state === 'approved'));
      },
    );

    test.serial(
      `${dialect}: a booking administrator may move an approved booking without sending it back; a meeting under way cannot outgrow its approval`,
      async (t) => {
        const { id } = await approved('2027-03-05');
        const byAdmin = await modify(id, root, { startTime: '10:00', endTime: '11:00' });
        t.is(byAdmin.status, 200, JSON.stringify(byAdmin.body));
        t.is(byAdmin.body.data.updated[0]!.state, 'confirmed');
        const code = (await one(id, alice)).body.data.checkInCode;
        app().clock.set(Date.UTC(2027, 2, 5, 10, 5));
        try {
          alice = await staff(app(), 'alice');
          t.is((await app().post(`/api/bookings/${id}/checkin`, { code }, { token: alice.token })).status, 200);
          const longer = await modify(id, alice, { endTime: '16:00' });
          t.is(longer.status, 422, JSON.stringify(longer.body));
          t.is(longer.body.key, 'bookings.reapprovalUnderway');
          t.is((await one(id, alice)).body.data.endTime, '11:00');
        } finally {
          app().clock.set(BASE);
          alice = await staff(app(), 'alice');
        }
      },
    );

    // Finding 15: an approver approving their own booking.

    test.serial(`${dialect}: an approver cannot approve or deny their own booking; another approver can`, async (t) => {
      const room = await createResource(app(), place, { approvers: [approver.id, second.id] });
      const b = (
        await book(app(), approver, {
          resourceId: room,
          meetingDate: '2027-03-09',
          startTime: '09:00',
          endTime: '10:00',
        })
      ).body.data;
      t.is(b.state, 'pending');
      t.false((await pendingOf(approver)).includes(b.id), 'not offered to its organiser');
      for (const action of ['approve', 'deny'] as const) {
        const self = await decide(b.id, approver, action);
        t.is(self.status, 403, JSON.stringify(self.body));
        t.is(self.body.key, 'approvals.ownBooking');
      }
      const cn = await app().post(
        `/api/approvals/${await approvalOf(b.id)}/approve`,
        {},
        { token: approver.token, lang: 'cn' },
      );
      t.is(cn.body.msg, '不能审批自己的预约：由其他审批人（或预约管理员）处理');
      t.true((await pendingOf(second)).includes(b.id));
      t.is((await decide(b.id, second)).status, 200);
    });

    test.serial(
      `${dialect}: where the organiser is the only approver, a booking administrator is asked and decides`,
      async (t) => {
        await saveNotify(app(), root.token, 'notify-log');
        const room = await createResource(app(), place, { approvers: [approver.id] });
        const b = (
          await book(app(), approver, {
            resourceId: room,
            meetingDate: '2027-03-10',
            startTime: '09:00',
            endTime: '10:00',
          })
        ).body.data;
        const asked = await queued('booking.approvalRequested', '2027-03-10');
        const addressees = asked.flatMap((r) => r.message.to.map((p) => p.username));
        t.true(addressees.includes('admin'), JSON.stringify(addressees));
        t.false(addressees.includes('approver'), 'not the organiser, who may not decide');
        t.is((await decide(b.id, approver)).status, 403);
        t.is((await decide(b.id, second)).status, 403, 'an approver of another room is nobody here');
        t.true((await pendingOf(root)).includes(b.id));
        const ok = await decide(b.id, root);
        t.is(ok.status, 200, JSON.stringify(ok.body));
        t.is((await one(b.id, approver)).body.data.state, 'confirmed');
        await saveNotify(app(), root.token, 'none');
      },
    );

    // Finding 10: other people's meetings read by id.

    test.serial(
      `${dialect}: a bystander reading a booking by id sees what the grid shows, never its guests, attendees, remarks or reason`,
      async (t) => {
        const room = await createResource(app(), place, { approvers: [approver.id] });
        const b = (
          await book(app(), alice, {
            resourceId: room,
            meetingDate: '2027-03-11',
            startTime: '09:00',
            endTime: '10:00',
            subject: 'Acquisition talks',
            remarks: 'Bring the term sheet',
            innerAttendees: [bob.id],
            outerAttendees: [{ name: 'Eve Target', email: 'eve@rival.example' }],
          })
        ).body.data;
        const byCarol = (await one(b.id, carol)).body.data;
        t.like(byCarol, {
          id: b.id,
          resourceId: room,
          state: 'pending',
          startAt: b.startAt,
          subject: 'Acquisition talks',
        });
        t.like(byCarol, { remarks: null, checkInCode: null, phone: null, cancelReason: null, approvalId: null });
        t.deepEqual([byCarol.innerAttendees, byCarol.outerAttendees], [[], []]);
        await setParams(app(), { showOthersSubject: false });
        try {
          t.is((await one(b.id, carol)).body.data.subject, null);
          t.false((await raw(`/api/bookings/${b.id}/ics`, carol.token)).text.includes('Acquisition'));
        } finally {
          await setParams(app(), { showOthersSubject: true });
        }
        const byApprover = (await one(b.id, approver)).body.data;
        t.like(byApprover, { remarks: 'Bring the term sheet', checkInCode: null });
        t.is(byApprover.outerAttendees.length, 1, 'the approver sees who is invited');
        await app().post(`/api/bookings/${b.id}/cancel`, { reason: 'Deal is off' }, { token: alice.token });
        t.is((await one(b.id, carol)).body.data.cancelReason, null);
        t.is((await one(b.id, bob)).body.data.cancelReason, 'Deal is off');
      },
    );

    test.serial(`${dialect}: checking in with a code one was told shows no more of the meeting`, async (t) => {
      const room = await createResource(app(), place);
      const b = (
        await book(app(), alice, {
          resourceId: room,
          meetingDate: '2027-03-01',
          startTime: '09:00',
          endTime: '10:00',
          remarks: 'Secret agenda',
          outerAttendees: [{ name: 'Guest', email: 'guest@example.org' }],
        })
      ).body.data;
      app().clock.set(Date.UTC(2027, 2, 1, 9, 0));
      try {
        const res = await app().post<{ data: FullView }>(
          `/api/bookings/${b.id}/checkin`,
          { code: b.checkInCode },
          { token: carol.token },
        );
        t.is(res.status, 200, JSON.stringify(res.body));
        t.like(res.body.data, { state: 'checkedIn', remarks: null, outerAttendees: [] });
      } finally {
        app().clock.set(BASE);
      }
    });

    // Finding 9: iCalendar injection.

    test.serial(
      `${dialect}: line breaks (bare CR included) and control characters in a subject or remarks add no line to the .ics or the feed`,
      async (t) => {
        const room = await createResource(app(), place);
        const b = await book(app(), alice, {
          resourceId: room,
          meetingDate: '2027-03-12',
          startTime: '13:00',
          endTime: '14:00',
          subject: 'Sync\rEND:VEVENT\rBEGIN:VEVENT\nSUMMARY:Injected\r\nX-EVIL:1',
          remarks: 'a\rATTACH:https://evil.example/x\u0007\nATTENDEE:mailto:x@evil.example',
          innerAttendees: [bob.id],
        });
        t.is(b.status, 200, JSON.stringify(b.body));
        const ics = await raw(`/api/bookings/${b.body.data.id}/ics`, alice.token);
        assertNoInjection(t, ics.text);
        t.is(ics.text.split('\r\n').filter((l) => l === 'BEGIN:VEVENT').length, 1);
        t.true(
          ics.text
            .replace(/\r\n /g, '')
            .includes('SUMMARY:Sync\\nEND:VEVENT\\nBEGIN:VEVENT\\nSUMMARY:Injected\\nX-EVIL:1\r\n'),
        );
        const feed = await raw((await feedOf(bob)).path);
        t.is(feed.status, 200);
        assertNoInjection(t, feed.text);
      },
    );

    test.serial(
      `${dialect}: a guest's name is one line: a line break or control character in it is a 400`,
      async (t) => {
        const room = await createResource(app(), place);
        for (const name of ['Eve\r\nATTACH:https://evil.example/x', 'Eve\rX', 'Eve\u0000', 'Eve\u2028X']) {
          const res = await book(app(), alice, {
            resourceId: room,
            meetingDate: '2027-03-12',
            startTime: '15:00',
            endTime: '16:00',
            outerAttendees: [{ name, email: 'eve@example.org' }],
          });
          t.is(res.status, 400, JSON.stringify(name));
          t.deepEqual(
            res.body.errors!.map((e) => e.field),
            ['outerAttendees.0.name'],
          );
        }
      },
    );

    test.serial(
      `${dialect}: an organiser's name with line breaks (as a directory may deliver it) adds no line to the mailed invitation`,
      async (t) => {
        await saveNotify(app(), root.token, 'notify-log');
        const mallory = await staff(app(), 'mallory');
        await app()
          .cradle.db('users')
          .where({ id: mallory.id })
          .update({ real_name: 'Mallory\r\nATTACH:https://evil.example/x\r\nATTENDEE:mailto:spy@evil.example' });
        const room = await createResource(app(), place);
        const b = await book(app(), mallory, {
          resourceId: room,
          meetingDate: '2027-03-12',
          startTime: '17:00',
          endTime: '18:00',
          subject: 'Invitation check',
          outerAttendees: [{ name: 'Gus "the guest"', email: 'gus@partner.example' }],
        });
        t.is(b.status, 200, JSON.stringify(b.body));
        const sent = await queued('booking.created', 'Invitation check');
        t.true(sent.length >= 1);
        for (const r of sent) {
          assertNoInjection(t, r.message.calendar!.ics);
          t.regex(
            r.message.calendar!.ics.replace(/\r\n /g, ''),
            /ATTENDEE;[^\r]*CN="Gus 'the guest'":MAILTO:gus@partner.example\r\n/,
          );
        }
        await saveNotify(app(), root.token, 'none');
      },
    );

    // Finding 16: the feed, the mails and the logs.

    test.serial(`${dialect}: an attendee sees the remarks alike in the API, the .ics and the feed`, async (t) => {
      const room = await createResource(app(), place);
      const b = (
        await book(app(), alice, {
          resourceId: room,
          meetingDate: '2027-03-15',
          startTime: '15:00',
          endTime: '16:00',
          remarks: 'Agenda: budget',
          innerAttendees: [bob.id],
        })
      ).body.data;
      t.is((await one(b.id, bob)).body.data.remarks, 'Agenda: budget');
      t.true((await raw(`/api/bookings/${b.id}/ics`, bob.token)).text.includes('DESCRIPTION:Agenda: budget'));
      const feed = await raw((await feedOf(bob)).path);
      const event = feed.text.slice(feed.text.indexOf(`UID:booking-${b.id}@atrium`));
      t.true(event.slice(0, event.indexOf('END:VEVENT')).includes('DESCRIPTION:Agenda: budget'));
      t.is((await one(b.id, carol)).body.data.remarks, null, 'but not a bystander');
    });

    test.serial(
      `${dialect}: the check-in code reaches the organiser and inner attendees, never an outside guest`,
      async (t) => {
        await saveNotify(app(), root.token, 'notify-log');
        const room = await createResource(app(), place);
        const b = (
          await book(app(), alice, {
            resourceId: room,
            meetingDate: '2027-03-16',
            startTime: '09:00',
            endTime: '10:00',
            subject: 'Code check',
            innerAttendees: [bob.id],
            outerAttendees: [{ name: 'Gus', email: 'gus@partner.example' }],
          })
        ).body.data;
        const sent = await queued('booking.created', 'Code check');
        const to = (email: string) =>
          sent.filter((r) => [...r.message.to, ...r.message.cc].some((p) => p.email === email));
        const guest = to('gus@partner.example');
        t.is(guest.length, 1);
        t.deepEqual(
          guest[0]!.message.to.map((p) => p.email),
          ['gus@partner.example'],
          'the guest has a message of their own',
        );
        t.false(JSON.stringify(guest[0]!.message).includes(b.checkInCode), 'not in its body, text or invitation');
        for (const email of ['alice@example.org', 'bob@example.org'])
          t.true(JSON.stringify(to(email)[0]?.message ?? {}).includes(b.checkInCode), email);
        t.is((await one(b.id, bob)).body.data.checkInCode, b.checkInCode, 'the API agrees with the mail');
        await saveNotify(app(), root.token, 'none');
      },
    );

    test.serial(
      `${dialect}: the feed URL is built on ATRIUM_PUBLIC_URL, whatever Host or X-Forwarded-Proto say, and its token stays out of the log`,
      async (t) => {
        const made = await app().post<{ data: { token: string; path: string; url: string } }>(
          '/api/bookings/feed',
          {},
          { token: alice.token, headers: { 'x-forwarded-proto': 'gopher', 'x-forwarded-host': 'evil.example' } },
        );
        t.is(made.body.data.url, `${PUBLIC_URL}/api/bookings/feed/${made.body.data.token}.ics`);
        logLines.length = 0;
        t.is((await raw(made.body.data.path)).status, 200);
        t.is((await raw('/api/bookings/feed/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics')).status, 404);
        const requests = logLines.filter((l) => l.includes('"msg":"request"'));
        t.true(
          requests.some((l) => l.includes('/api/bookings/feed/***')),
          requests.join('\n'),
        );
        t.false(logLines.some((l) => l.includes(made.body.data.token) || l.includes('AAAAAAAAAAAAAAAA')));
      },
    );

    test.serial(`${dialect}: a password change or an administrator's reset retires the feed URL`, async (t) => {
      const dave = await staff(app(), 'dave');
      const first = await feedOf(dave);
      t.is((await raw(first.path)).status, 200);
      const enc = (s: string) => app().encrypt(s);
      const changed = await app().post(
        '/api/sys/user/password',
        {
          password: await enc('Staff#2026pass'),
          newPassword: await enc('Better#2027pw'),
          confirmPassword: await enc('Better#2027pw'),
        },
        { token: dave.token },
      );
      t.is(changed.status, 200, JSON.stringify(changed.body));
      t.is((await raw(first.path)).status, 404);
      const again = await feedOf({ ...dave, token: changed.body.token as string });
      t.is((await raw(again.path)).status, 200);
      const reset = await app().post(`/api/sys/users/${dave.id}/reset-password`, {}, { token: root.token });
      t.is(reset.status, 200, JSON.stringify(reset.body));
      t.is((await raw(again.path)).status, 404);
    });
  },
  { config: { accessTokenTtlSeconds: 86_400, publicUrl: PUBLIC_URL }, logger },
);
