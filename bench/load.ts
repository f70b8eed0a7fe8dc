/** Runs HTTP jobs from a child process (bench/load-worker.mjs) and answers its result with the server's CPU time meanwhile. */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface LoadJob {
  method: 'POST' | 'GET';
  path: string;
  body?: unknown;
  token: string;
}
export interface LoadResult {
  ms: number;
  ok: number;
  failed: number;
  firstError?: string;
  /** Each request's ms from sending to its last byte, in the order they finished. */
  latencies: number[];
  /** CPU time (user + system) this process, the server, spent while the load ran. */
  serverCpuMs: number;
}

export function loadFromWorker(url: string, jobs: LoadJob[], clients: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./load-worker.mjs', import.meta.url)), [], {
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let cpu: NodeJS.CpuUsage | undefined;
    child.once('spawn', () => {
      cpu = process.cpuUsage();
      child.send({ url, jobs, clients });
    });
    child.once('message', (result: Omit<LoadResult, 'serverCpuMs'>) => {
      const used = process.cpuUsage(cpu);
      resolve({ ...result, serverCpuMs: (used.user + used.system) / 1000 });
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load process exited with ${code}`));
    });
  });
}
