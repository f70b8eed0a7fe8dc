/**
 * The bench's HTTP clients, in their own process: real clients do not share the server's event loop,
 * so the load generator must not take the server's CPU either (and the server's CPU time can be read alone).
 * Runs `clients` concurrent loops over the jobs it is given, each on its own keep-alive connection, and
 * answers the elapsed time, each request's time to its last byte (the body is not parsed: that is the
 * client's work, not the server's) and the outcome (see bench/load.ts for the types).
 * node:http, not fetch: on this class of machine fetch costs the client about 1 ms of CPU per request and
 * capped any server at about 950 requests per second, so the bench measured its own client.
 * Plain JavaScript: it needs no loader and starts fast.
 */
import http from 'node:http';

function send(agent, base, job) {
  return new Promise((resolve, reject) => {
    const body = job.body === undefined ? undefined : JSON.stringify(job.body);
    const headers = { token: job.token, i18n: 'en' };
    if (body !== undefined)
      Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    const req = http.request(
      { agent, host: base.hostname, port: base.port, method: job.method, path: job.path, headers, timeout: 30_000 },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode, text }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${job.method} ${job.path} timed out`)));
    req.on('error', reject);
    req.end(body);
  });
}

async function run({ url, jobs, clients }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const base = new URL(url);
  let next = 0;
  let ok = 0;
  let failed = 0;
  let firstError;
  const latencies = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = next++; i < jobs.length; i = next++) {
        const sent = performance.now();
        const { status, text } = await send(agent, base, jobs[i]);
        latencies.push(performance.now() - sent);
        if (status >= 200 && status < 300) ok++;
        else {
          failed++;
          firstError ??= `${status} ${text.slice(0, 200)}`;
        }
      }
    }),
  );
  const ms = performance.now() - started;
  agent.destroy();
  return { ms, ok, failed, firstError, latencies };
}

process.once('message', async (work) => {
  process.send(await run(work), () => process.exit(0));
});
