/**
 * Stopping (SIGTERM; core/server.ts): from its first moment the process says it is not ready, so a load balancer
 * that checks `/api/health/ready` sends it nothing new, while `/api/health/live` still answers; a live stream open
 * at that moment ends with a short reconnect hint. The nginx test (ops-cluster) shows the rest under load.
 */
import test from 'ava';
import { startTestApp } from '../helpers/app.ts';
import { staff } from '../helpers/bookings.ts';
import { createPlace, createResource } from '../helpers/places-fixture.ts';

test('a stopping process is not ready, is still live, and ends its live streams with a reconnect hint', async (t) => {
  const app = await startTestApp();
  try {
    const alice = await staff(app, 'stop-alice');
    const room = await createResource(app, await createPlace(app));
    t.is((await app.get('/api/health/ready')).status, 200);
    const abort = new AbortController();
    const stream = await fetch(`${app.url}/api/live/bookings?resourceIds=${room}`, {
      headers: { token: alice.token, accept: 'text/event-stream' },
      signal: abort.signal,
    });
    t.is(stream.status, 200);
    let text = '';
    const reading = (async () => {
      const decoder = new TextDecoder();
      for await (const chunk of stream.body!) text += decoder.decode(chunk, { stream: true });
    })();
    for (let i = 0; i < 100 && !text.includes('event: ready'); i++) await new Promise((r) => setTimeout(r, 50));

    app.cradle.systemService.markStopping();
    const ready = await app.get<{ data: { status: string; stopping: boolean } }>('/api/health/ready');
    t.is(ready.status, 503);
    t.like(ready.body.data, { status: 'down', stopping: true });
    t.is((await app.get('/api/health/live')).status, 200);

    await app.running.stop();
    await reading;
    t.regex(text, /retry: 250\n\n$/, 'the stream ended with the hint to come back at once');
  } finally {
    await app.stop(); // the same stop, once
  }
});
