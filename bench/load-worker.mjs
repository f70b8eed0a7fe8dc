/**
 * The bench's HTTP clients, in their own process: real clients do not share the server's event loop,
 * so the load generator must not take the server's CPU either (and the server's CPU time can be read alone). Runs `clients` concurrent loops over
 * the jobs it is given and answers the elapsed time and the outcome (see bench/load.ts for the types).
 * Plain JavaScript: it needs no loader and starts fast.
 */

async function run({ url, jobs, clients }) {
  let next = 0;
  let ok = 0;
  let failed = 0;
  let firstError;
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, async () => {
    for (let i = next++; i < jobs.length; i = next++) {
      const job = jobs[i];
      const res = await fetch(url + job.path, {
        method: job.method,
        headers: { token: job.token, i18n: 'en', ...(job.body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: job.body === undefined ? undefined : JSON.stringify(job.body),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      if (res.ok) ok++;
      else {
        failed++;
        firstError ??= `${res.status} ${text.slice(0, 200)}`;
      }
    }
  }));
  return { ms: performance.now() - started, ok, failed, firstError };
}

process.once('message', async (work) => {
  process.send(await run(work), () => process.exit(0));
});
