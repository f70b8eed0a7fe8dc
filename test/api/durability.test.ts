/**
 * Nothing a committed change means is lost when the process dies: a real second Atrium process on the test's
 * database kills itself (SIGKILL, through the test-only fault point) the instant a booking or a cancellation
 * commits, before anything in it hears of the change; a new process started on the same database finds the
 * change in the record and the mail reaches a real SMTP server.
 */
import type { ChildProcess } from 'node:child_process';
import test from 'ava';
import type { ExecutionContext } from 'ava';
import { armFaultPoint } from '../../core/server.ts';
import { perDialect } from '../helpers/app.ts';
import { staff, type Who } from '../helpers/bookings.ts';
import { header, mimePart, startMailSink, type MailSink, type ReceivedMail } from '../helpers/mail.ts';
import { saveNotify } from '../helpers/notify.ts';
import { startAtriumProcess, type AtriumProcess } from '../helpers/process.ts';
import { createPlace, createResource } from '../helpers/places-fixture.ts';

/** How long a new process may take to start and deliver (tsx compiles the server first; two cores are shared). */
const DELIVERY_MS = 60_000;

type Server = AtriumProcess;

perDialect(test, (dialect, app) => {
  let sink: MailSink;
  let alice: Who;
  let room: number;
  const children = new Set<ChildProcess>();

  test.serial.before(async () => {
    sink = await startMailSink();
    room = await createResource(app(), await createPlace(app()), { name: 'Kiri' });
    alice = await staff(app(), `dur-alice-${dialect}`);
    await app().cradle.db('users').where({ id: alice.id }).update({ lang: 'en' });
    await saveNotify(app(), await app().adminToken(), 'notify-email', {
      host: '127.0.0.1',
      port: sink.port,
      security: 'none',
      account: 'rooms@example.org',
    });
  });
  test.serial.after.always(async () => {
    for (const child of children) child.kill('SIGKILL');
    await sink?.close();
  });

  /** A second process on the test's database, optionally with a fault point (armed before it counts as started). */
  async function startServer(fault?: string): Promise<Server> {
    const server = await startAtriumProcess(app(), {
      env: { ATRIUM_SCHEDULER: 'true', ATRIUM_TEST_FAULT: fault ?? '' },
      readyText: fault ? 'test fault point armed' : undefined,
      timeoutMs: DELIVERY_MS,
    });
    children.add(server.child);
    void server.ended.then(() => children.delete(server.child));
    return server;
  }

  async function stopServer(server: Server): Promise<void> {
    server.child.kill('SIGTERM');
    await server.ended;
  }

  /** Sends a request the server dies in the middle of: no answer comes back. */
  async function callDying(t: ExecutionContext, server: Server, method: string, pathname: string, body: unknown) {
    await t.throwsAsync(
      fetch(`${server.url}/api${pathname}`, {
        method,
        headers: { token: alice.token, i18n: 'en', 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(DELIVERY_MS),
      }),
      undefined,
      'the process died before it answered',
    );
    t.is(await server.ended, 'SIGKILL', server.output());
  }

  async function mailTo(address: string, match: (mail: ReceivedMail) => boolean): Promise<ReceivedMail> {
    const until = Date.now() + DELIVERY_MS;
    for (;;) {
      const found = sink.mails.find((m) => m.rcpt.includes(address) && match(m));
      if (found) return found;
      if (Date.now() > until) throw new Error(`no such mail to ${address}; got ${sink.mails.length} mails`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** The change's record, and the work queued for it: none, since the process that made it died at once. */
  async function recordOf(bookingId: number, type: string) {
    const { db } = app().cradle;
    const change = await db('domain_events').where({ booking_id: bookingId, type }).first('id');
    const progress = await db('domain_event_targets').where({ target: 'notify' }).first('last_event_id');
    return { change: change ? Number(change.id) : undefined, handed: Number(progress?.last_event_id ?? 0) };
  }

  test.serial(`${dialect}: the fault point is armed only under NODE_ENV=test`, (t) => {
    // Never armed here with NODE_ENV=test: it would kill the test runner.
    const fault = 'after-commit:booking.created';
    t.false(armFaultPoint(app().cradle, { NODE_ENV: 'production', ATRIUM_TEST_FAULT: fault }));
    t.false(armFaultPoint(app().cradle, { ATRIUM_TEST_FAULT: fault }), 'nor when NODE_ENV is unset');
    t.false(armFaultPoint(app().cradle, { NODE_ENV: 'test' }), 'nor without a fault');
    t.throws(() => armFaultPoint(app().cradle, { NODE_ENV: 'test', ATRIUM_TEST_FAULT: 'booking.created' }), {
      message: /after-commit:<event>/,
    });
  });

  // A date two days ahead of the real clock: the child processes run on it.
  const meetingDate = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const address = () => `dur-alice-${dialect}@example.org`;

  test.serial(
    `${dialect}: a booking whose process is killed right after COMMIT still sends its invitation`,
    async (t) => {
      const dying = await startServer('after-commit:booking.created');
      await callDying(t, dying, 'POST', '/bookings', {
        resourceId: room,
        meetingDate,
        startTime: '09:00',
        endTime: '10:00',
        subject: `Durable planning ${dialect}`,
      });
      const booking = await app()
        .cradle.db('bookings')
        .where({ subject: `Durable planning ${dialect}` })
        .first('id');
      t.truthy(booking, 'the booking committed');
      const id = Number(booking.id);
      const { change, handed } = await recordOf(id, 'booking.created');
      t.truthy(change, 'its change is on record');
      t.true(handed < change!, 'and was not handed on before the process died');
      t.deepEqual(
        await app().cradle.db('outbox').where({ topic: 'booking.created' }).pluck('id'),
        [],
        'nothing queued',
      );

      const next = await startServer();
      try {
        const mail = await mailTo(address(), (m) => header(m.raw, 'Subject') === `Booked: Durable planning ${dialect}`);
        t.regex(
          mimePart(mail.raw, 'text/calendar')!.body,
          new RegExp(`METHOD:REQUEST[\\s\\S]*UID:booking-${id}@atrium`),
        );
      } finally {
        await stopServer(next);
      }
    },
  );

  test.serial(
    `${dialect}: a cancellation whose process is killed right after COMMIT still sends its CANCEL`,
    async (t) => {
      const res = await app().post<{ data: { id: number } }>(
        '/api/bookings',
        { resourceId: room, meetingDate, startTime: '11:00', endTime: '12:00', subject: `Durable review ${dialect}` },
        { token: alice.token },
      );
      t.is(res.status, 200, JSON.stringify(res.body));
      const id = res.body.data.id;
      const dying = await startServer('after-commit:booking.cancelled');
      await callDying(t, dying, 'POST', `/bookings/${id}/cancel`, { reason: 'power cut ahead' });
      t.is((await app().cradle.db('bookings').where({ id }).first('state')).state, 'cancelled');
      const { change, handed } = await recordOf(id, 'booking.cancelled');
      t.truthy(change);
      t.true(handed < change!);

      const next = await startServer();
      try {
        const mail = await mailTo(
          address(),
          (m) => header(m.raw, 'Subject') === `Cancelled: Durable review ${dialect}`,
        );
        t.regex(mimePart(mail.raw, 'text/plain')!.body, /power cut ahead/);
        t.regex(
          mimePart(mail.raw, 'text/calendar')!.body,
          new RegExp(`METHOD:CANCEL[\\s\\S]*UID:booking-${id}@atrium`),
        );
      } finally {
        await stopServer(next);
      }
    },
  );
});
