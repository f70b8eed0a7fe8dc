/**
 * ATRIUM_BENCH_PROFILE=<dir>: writes a V8 CPU profile of a measured phase (open it in Chrome DevTools).
 * Only the server's process is profiled; the load clients run in their own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Session } from 'node:inspector/promises';

export async function profiled<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const dir = process.env.ATRIUM_BENCH_PROFILE;
  if (!dir) return fn();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await fn();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}
