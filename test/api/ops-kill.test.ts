/**
 * kill -9 under load: a real Atrium process takes a steady stream of single bookings and weekly series from three
 * clients and is killed with SIGKILL in the middle; a new process starts on the same database. Every booking that
 * was answered 2xx is there, no series is partial (a series is one transaction: all its occurrences or none), no
 * slot row belongs to a booking that does not hold its time (nor lacks one), and the outbox resumes: every booking's
 * invitation reaches the real SMTP server at least once, and the only mails that arrive twice are those of outbox
 * rows the killed process had claimed (on the wire) when it died. On SQLite and MariaDB.
 */
import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { staff, type Who } from '../helpers/bookings.ts';
import { header, startMailSink, type MailSink } from '../helpers/mail.ts';
import { saveNotify } from '../helpers/notify.ts';
import { createPlace, createResource, setParams } from '../helpers/places-fixture.ts';
import { startAtriumProcess, type AtriumProcess } from '../helpers/process.ts';

const START_MS = 90_000;

perDialect(test, (dialect, app) => {
  let sink: MailSink;
  let alice: Who;
  const rooms: number[] = [];
  const children = new Set<AtriumProcess>();
  const tag = `Kill ${dialect}`;
  /** A date some days ahead of the real clock (the processes run on it), in UTC like the rooms. */
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const time = (half: number) => `${String(Math.floor(half / 2)).padStart(2, '0')}:${half % 2 ? '30' : '00'}`;

  test.serial.before(async () => {
    sink = await startMailSink();
    const place = await createPlace(app());
    for (let i = 0; i < 4; i++) rooms.push(await createResource(app(), place, { name: `Kill ${i + 1}` }));
    alice = await staff(app(), `kill-alice-${dialect}`);
    await app().cradle.db('users').where({ id: alice.id }).update({ lang: 'en' });
    await setParams(app(), { bookingCountLimit: 0 });
    await saveNotify(app(), await app().adminToken(), 'notify-email', {
      host: '127.0.0.1',
      port: sink.port,
      security: 'none',
      account: 'rooms@example.org',
    });
  });
  test.serial.after.always(async () => {
    for (const p of children) p.child.kill('SIGKILL');
    await sink?.close();
  });

  async function start(): Promise<AtriumProcess> {
    const p = await startAtriumProcess(app(), { env: { ATRIUM_SCHEDULER: 'true' }, timeoutMs: START_MS });
    children.add(p);
    void p.ended.then(() => children.delete(p));
    return p;
  }

  /** Request `i`: every third a weekly series of three (rooms 3 and 4), the others single bookings (rooms 1 and 2). */
  function request(i: number): { body: Record<string, unknown>; series: boolean } {
    const subject = `${tag} ${i}`;
    if (i % 3 === 2) {
      const k = Math.floor(i / 3);
      return {
        series: true,
        body: {
          resourceId: rooms[2 + (k % 2)],
          meetingDate: day(2 + Math.floor(k / 96)),
          startTime: time(Math.floor(k / 2) % 48),
          endTime: time((Math.floor(k / 2) % 48) + 1),
          subject,
          recurrence: { freq: 'weekly', interval: 1, count: 3 },
        },
      };
    }
    return {
      series: false,
      body: {
        resourceId: rooms[i % 2],
        meetingDate: day(2 + Math.floor(i / 96)),
        startTime: time(Math.floor(i / 2) % 48),
        endTime: time((Math.floor(i / 2) % 48) + 1),
        subject,
      },
    };
  }

  test.serial(
    `${dialect}: SIGKILL under a steady load of bookings and series: nothing answered is lost, nothing is half-written, every invitation goes out, repeats only for what was on the wire`,
    async (t) => {
      t.timeout(300_000);
      const first = await start();
      const answered = new Map<string, { series: boolean; ids: number[] }>();
      const unexpected: string[] = [];
      let next = 0;
      let dead = false;
      const worker = async () => {
        while (!dead) {
          const { body, series } = request(next++);
          try {
            const res = await fetch(`${first.url}/api/bookings`, {
              method: 'POST',
              headers: { token: alice.token, i18n: 'en', 'content-type': 'application/json' },
              body: JSON.stringify(body),
              signal: AbortSignal.timeout(30_000),
            });
            const answer = (await res.json()) as { data?: { id?: number; bookings?: Array<{ id: number }> } };
            if (res.status !== 200) unexpected.push(`${res.status} ${JSON.stringify(answer)}`);
            else
              answered.set(String(body.subject), {
                series,
                ids: series ? answer.data!.bookings!.map((b) => b.id) : [answer.data!.id!],
              });
          } catch {
            // The process died under this request: its answer never came, whatever was committed.
          }
        }
      };
      const load = Promise.all([worker(), worker(), worker()]);
      const until = Date.now() + 60_000;
      while (answered.size < 30 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      first.child.kill('SIGKILL');
      t.is(await first.ended, 'SIGKILL');
      dead = true;
      await load;
      t.deepEqual(unexpected, [], 'every answer before the kill was a success');
      t.true(answered.size >= 30, `${answered.size} answered`);

      const { db } = app().cradle;
      // What the dead process had claimed and not finished: the only mails that may go out twice.
      const onWire = (
        (await db('outbox')
          .where({ state: 'pending', kind: 'notify' })
          .whereNotNull('locked_by')
          .select('payload')) as Array<{ payload: string }>
      ).map((r) => String((JSON.parse(r.payload) as { message?: { subject?: string } }).message?.subject ?? ''));

      const second = await start();
      try {
        // Every booking answered 2xx is there, holding its time.
        for (const [subject, { ids }] of answered) {
          const rows = await db('bookings').whereIn('id', ids).select('id', 'state', 'subject');
          t.is(rows.length, ids.length, subject);
          t.true(
            rows.every((r) => r.state === 'confirmed' && r.subject === subject),
            subject,
          );
        }
        // No partial series: each has its three occurrences.
        const series = (await db('bookings')
          .where('subject', 'like', `${tag} %`)
          .whereNotNull('series_id')
          .groupBy('series_id')
          .select('series_id')
          .count({ n: '*' })) as Array<{ series_id: number; n: number | string }>;
        t.true(series.length > 0);
        t.deepEqual(
          series.filter((s) => Number(s.n) !== 3),
          [],
          'every series has all its occurrences',
        );
        // No slot row without a booking holding its time, and every such booking with its two half-hour slots.
        const orphans = await db('booking_slots as s')
          .leftJoin('bookings as b', 'b.id', 's.booking_id')
          .where((q) => q.whereNull('b.id').orWhereNotIn('b.state', ['pending', 'confirmed', 'checkedIn']))
          .count({ n: '*' });
        t.is(Number(orphans[0]!.n), 0, 'no orphaned slot');
        const ours = (await db('bookings')
          .where('subject', 'like', `${tag} %`)
          .whereIn('state', ['pending', 'confirmed'])
          .pluck('id')) as number[];
        const slots = (await db('booking_slots')
          .whereIn('booking_id', ours)
          .groupBy('booking_id')
          .select('booking_id')
          .count({ n: '*' })) as Array<{ booking_id: number; n: number | string }>;
        t.is(slots.length, ours.length, 'every booking holds slots');

        // The outbox resumes: one invitation per single booking and per series, each at least once.
        const subjects = new Set(
          (await db('bookings').where('subject', 'like', `${tag} %`).distinct('subject').pluck('subject')) as string[],
        );
        const mailed = () => {
          const counts = new Map<string, number>();
          for (const m of sink.mails) {
            const s = (header(m.raw, 'Subject') ?? '').replace(/^Booked: /, '');
            if (s.startsWith(tag)) counts.set(s, (counts.get(s) ?? 0) + 1);
          }
          return counts;
        };
        const deadline = Date.now() + 90_000;
        while ([...subjects].some((s) => !mailed().has(s)) && Date.now() < deadline)
          await new Promise((r) => setTimeout(r, 250));
        const counts = mailed();
        t.deepEqual(
          [...subjects].filter((s) => !counts.has(s)),
          [],
          'every committed booking and series got its invitation',
        );
        const twice = [...counts].filter(([, n]) => n > 1).map(([s]) => s);
        t.deepEqual(
          twice.filter((s) => !onWire.includes(`Booked: ${s}`)),
          [],
          `repeats only for the ${onWire.length} on the wire`,
        );
      } finally {
        second.child.kill('SIGTERM');
        await second.ended;
      }
    },
  );
});
