/**
 * Two Atrium processes on one MariaDB behind a real nginx (Debian's, round-robin, the recipe of docs/deploy.md):
 * a sign-in on one process is good on the other; 50 creations racing for one slot across both have one winner;
 * every scheduled job runs once per due time whichever process claims it; a booking made on one process reaches a
 * live stream held by the other; and SIGTERM to one process under a steady booking load loses and doubles no
 * booking (the process finishes what it has, refuses new connections, which nginx sends to the other, ends its live
 * streams with a reconnect hint, and exits 0 within its shutdown time); at most the one request caught by the
 * listener's close is answered 502, having made nothing.
 */
import { randomBytes, publicEncrypt, constants } from 'node:crypto';
import test from 'ava';
import { mysqlUrl, startTestApp, type TestApp } from '../helpers/app.ts';
import { staff, type Who } from '../helpers/bookings.ts';
import { nginxAvailable, startNginx, type Nginx } from '../helpers/nginx.ts';
import { createPlace, createResource, setParams } from '../helpers/places-fixture.ts';
import { startAtriumProcess, type AtriumProcess } from '../helpers/process.ts';
import { skipBecause } from '../helpers/requires.ts';
import { STAFF_PASSWORD } from '../helpers/users.ts';

const missing = !nginxAvailable()
  ? 'nginx is not installed (apt-get install nginx)'
  : !mysqlUrl
    ? 'ATRIUM_TEST_MYSQL_URL is not set (several processes share one MariaDB)'
    : undefined;

if (missing) skipBecause(test, 'two processes on one MariaDB behind nginx', missing);
else suite();

function suite(): void {
  let app: TestApp;
  let one: AtriumProcess;
  let two: AtriumProcess;
  let proxy: Nginx;
  let alice: Who;
  const rooms: number[] = [];
  /** A date some days ahead of the real clock (the processes run on it), in UTC like the rooms. */
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  /** When both processes were serving (their schedulers ticking). */
  let startedAt = 0;

  test.before(async () => {
    app = await startTestApp({ dialect: 'mysql' });
    const place = await createPlace(app);
    for (let i = 0; i < 6; i++) rooms.push(await createResource(app, place, { name: `Cluster ${i + 1}` }));
    alice = await staff(app, 'cluster-alice');
    await setParams(app, { bookingCountLimit: 0 });
    const env = { ATRIUM_SCHEDULER: 'true', ATRIUM_SHUTDOWN_SECONDS: '20', ATRIUM_TRUST_PROXY: 'true' };
    [one, two] = await Promise.all([
      startAtriumProcess(app, { env, timeoutMs: 90_000 }),
      startAtriumProcess(app, { env, timeoutMs: 90_000 }),
    ]);
    proxy = await startNginx([new URL(one.url).host, new URL(two.url).host]);
    startedAt = Date.now();
  });

  test.after.always(async () => {
    await proxy?.stop();
    for (const p of [one, two])
      if (p && p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await Promise.all([one?.ended, two?.ended]);
    await app?.stop();
  });

  const call = (base: string, method: string, path: string, token: string, body?: unknown) =>
    fetch(`${base}/api${path}`, {
      method,
      headers: { token, i18n: 'en', ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
  const booking = (resourceId: number, date: string, start: number) => ({
    resourceId,
    meetingDate: date,
    startTime: `${String(Math.floor(start / 2)).padStart(2, '0')}:${start % 2 ? '30' : '00'}`,
    endTime: `${String(Math.floor((start + 1) / 2)).padStart(2, '0')}:${(start + 1) % 2 ? '30' : '00'}`,
    subject: 'Cluster',
  });

  /** The whole sign-in against one process: its public key, its CAPTCHA (read from the shared database). */
  async function signIn(base: string, username: string, password: string): Promise<string> {
    const key = (await (await fetch(`${base}/api/openapi/publicKey`)).json()) as { publicKey: string };
    const uuid = randomBytes(8).toString('hex');
    await (await fetch(`${base}/api/captcha?uuid=${uuid}`)).arrayBuffer();
    const captcha = String((await app.cradle.db('captchas').where({ uuid }).first('text')).text);
    const encrypted = publicEncrypt(
      { key: key.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(password),
    ).toString('base64');
    const res = await fetch(`${base}/api/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', i18n: 'en' },
      body: JSON.stringify({ username, password: encrypted, uuid, captcha }),
    });
    const body = (await res.json()) as { token?: string };
    if (res.status !== 200 || !body.token) throw new Error(`sign-in at ${base}: ${res.status} ${JSON.stringify(body)}`);
    return body.token;
  }

  test.serial('a sign-in on one process is good on the other, and nginx sends requests to both', async (t) => {
    const token = await signIn(one.url, 'cluster-alice', STAFF_PASSWORD);
    const mine = await call(two.url, 'GET', '/bookings?scope=upcoming', token);
    t.is(mine.status, 200, await mine.text());
    for (let i = 0; i < 6; i++) t.is((await call(proxy.url, 'GET', '/health', token)).status, 200);
    const upstreams = new Set(proxy.log().map((l) => l.upstream));
    t.true(upstreams.has(new URL(one.url).host) && upstreams.has(new URL(two.url).host), [...upstreams].join());
  });

  test.serial(
    '50 creations racing for one slot across both processes: one wins, 49 are told it is taken',
    async (t) => {
      const before = proxy.log().length;
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          call(proxy.url, 'POST', '/bookings', alice.token, booking(rooms[0]!, day(2), 20)),
        ),
      );
      const statuses = answers.map((r) => r.status);
      t.is(statuses.filter((s) => s === 200).length, 1, statuses.join());
      t.is(statuses.filter((s) => s === 409).length, 49, statuses.join());
      const served = new Set(
        proxy
          .log()
          .slice(before)
          .map((l) => l.upstream),
      );
      t.is(served.size, 2, 'both processes took part');
      const held = await app.cradle
        .db('bookings')
        .where({ resource_id: rooms[0], meeting_date: day(2), start_time: '10:00' })
        .whereIn('state', ['pending', 'confirmed']);
      t.is(held.length, 1);
    },
  );

  test.serial('a booking made on one process reaches a live stream held by the other within 2 seconds', async (t) => {
    const abort = new AbortController();
    const stream = await fetch(`${two.url}/api/live/bookings?resourceIds=${rooms[1]}`, {
      headers: { token: alice.token, accept: 'text/event-stream' },
      signal: abort.signal,
    });
    t.is(stream.status, 200);
    let text = '';
    const reading = (async () => {
      const decoder = new TextDecoder();
      try {
        for await (const chunk of stream.body!) text += decoder.decode(chunk, { stream: true });
      } catch {
        // aborted
      }
    })();
    try {
      await waitFor(() => text.includes('event: ready'), 10_000, 'the stream opens');
      const made = await call(one.url, 'POST', '/bookings', alice.token, booking(rooms[1]!, day(2), 22));
      t.is(made.status, 200);
      const id = ((await made.json()) as { data: { id: number } }).data.id;
      const sent = Date.now();
      await waitFor(() => text.includes(`"id":${id},`), 2000, `booking ${id} on the other process's stream`);
      t.pass(`${Date.now() - sent} ms`);
    } finally {
      abort.abort();
      await reading;
    }
  });

  test.serial('each scheduled job runs once per due time, whichever process claims it', async (t) => {
    // Both processes have run their schedulers since they started: the 5 s job has had a few turns.
    const since = () =>
      app.cradle.db('job_leases').where('started_at', '>=', startedAt).select('job', 'due_at', 'holder') as Promise<
        Array<{ job: string; due_at: number; holder: string }>
      >;
    let runs = await since();
    for (let i = 0; i < 60 && runs.filter((r) => r.job === 'changes.dispatch').length < 3; i++) {
      await new Promise((r) => setTimeout(r, 500));
      runs = await since();
    }
    const byTurn = new Map<string, number>();
    for (const r of runs) byTurn.set(`${r.job} ${r.due_at}`, (byTurn.get(`${r.job} ${r.due_at}`) ?? 0) + 1);
    t.true(
      [...byTurn.values()].every((n) => n === 1),
      'no due time run twice',
    );
    const dispatched = runs.filter((r) => r.job === 'changes.dispatch');
    t.true(dispatched.length >= 3, `${runs.length} runs: ${[...new Set(runs.map((r) => r.job))].join(', ')}`);
    // Consecutive turns of the 5 s job, none skipped nor doubled, shared by whichever process came first.
    const turns = dispatched.map((r) => Number(r.due_at)).sort((a, b) => a - b);
    t.true(
      turns.every((due, i) => i === 0 || due - turns[i - 1]! === 5000),
      turns.join(),
    );
  });

  test.serial(
    "SIGTERM to one process under a steady booking load: nothing lost or doubled, at most the close's one 502",
    async (t) => {
      t.timeout(120_000);
      // A live stream on the process that stops: it ends with a reconnect hint.
      const abort = new AbortController();
      const stream = await fetch(`${one.url}/api/live/bookings?resourceIds=${rooms[2]}`, {
        headers: { token: alice.token, accept: 'text/event-stream' },
        signal: abort.signal,
      });
      let streamText = '';
      const streamDone = (async () => {
        const decoder = new TextDecoder();
        try {
          for await (const chunk of stream.body!) streamText += decoder.decode(chunk, { stream: true });
        } catch {
          // aborted
        }
      })();
      await waitFor(() => streamText.includes('event: ready'), 10_000, 'the stream opens');

      const statuses: Array<number | string> = [];
      let next = 0;
      let stop = false;
      const worker = async () => {
        while (!stop) {
          const n = next++;
          const slot = booking(rooms[2 + (n % 4)]!, day(3 + Math.floor(n / 192)), Math.floor(n / 4) % 48);
          try {
            const res = await call(proxy.url, 'POST', '/bookings', alice.token, slot);
            statuses.push(res.status);
            await res.arrayBuffer();
          } catch (err) {
            statuses.push(String(err));
          }
        }
      };
      const load = Promise.all(Array.from({ length: 4 }, worker));
      await waitFor(() => statuses.length >= 20, 30_000, 'the load is under way');
      const atSignal = statuses.length;
      one.child.kill('SIGTERM');
      const signalled = Date.now();
      await one.ended;
      const stoppedIn = Date.now() - signalled;
      await waitFor(() => statuses.length >= atSignal + 40, 30_000, 'the load goes on through the other process');
      stop = true;
      await load;
      abort.abort();
      await streamDone;

      t.is(one.child.exitCode, 0, one.output());
      t.true(stoppedIn < 20_000, `stopped in ${stoppedIn} ms`);
      // At the instant the listener closes, a connection the kernel accepted and the process never took is reset,
      // and nginx does not send a POST again: that one request is answered 502, and made nothing (docs/deploy.md:
      // take the process out of the upstream first for none at all). Anything else, or more than that one, fails.
      const failed = statuses.filter((s) => s !== 200);
      if (failed.length) t.log(`answered ${failed.join(', ')} at the listener's close`);
      t.true(failed.length <= 1 && failed.every((s) => s === 502), `${failed.length} of ${statuses.length} failed`);
      t.true(proxy.log().filter((l) => l.status >= 500).length === failed.length, 'nginx answered no other 5xx');
      t.regex(streamText, /retry: \d+/, 'the stream ended with a reconnect hint');
      // Every creation answered 200 is a booking, and nothing else is: a request refused at the close made none.
      const made = await app.cradle
        .db('bookings')
        .whereIn('resource_id', rooms.slice(2))
        .whereIn('state', ['pending', 'confirmed'])
        .count({ n: '*' });
      t.is(Number(made[0]!.n), statuses.length - failed.length);
    },
  );
}

async function waitFor(done: () => boolean, ms: number, what: string): Promise<void> {
  const until = Date.now() + ms;
  while (!done()) {
    if (Date.now() > until) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
