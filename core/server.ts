/**
 * Starts Atrium: configuration, database (migrated and seeded), HTTP server,
 * scheduler; stops cleanly on SIGINT/SIGTERM, finishing requests in flight.
 */
import type { Server, ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import { loadConfig, type Config } from '../config/default.ts';
import { buildApp } from './app.ts';
import { adminPasswordNotice, prepare } from './bootstrap.ts';
import { buildContainer, type AppContainer, type ContainerOptions, type Cradle } from './container.ts';
import { modules } from './modules/index.ts';
import { listenMetrics, type MetricsListener } from './modules/metrics/index.ts';
import { Scheduler } from './scheduler/scheduler.ts';

export interface RunningServer {
  container: AppContainer;
  server: Server;
  scheduler?: Scheduler;
  url: string;
  /** The listener of ATRIUM_METRICS_ADDRESS, where one is configured (docs/monitoring.md). */
  metrics?: MetricsListener;
  stop(): Promise<void>;
}

export async function startServer(
  config: Config,
  options: ContainerOptions & { quiet?: boolean; demo?: boolean } = {},
): Promise<RunningServer> {
  const container = buildContainer(config, options);
  const c = container.cradle;
  const prepared = await prepare(container, { demo: options.demo ?? config.seedDemo });
  if (prepared.adminPassword && !options.quiet)
    console.log(adminPasswordNotice(prepared.adminPassword, Boolean(config.adminPassword)));
  if (prepared.demoSeeded) c.logger.info('demo organisation added');

  // Integrations run with the server (not the CLI); the container's disposers stop them.
  await c.pluginHost.start();
  for (const m of modules) m.start?.(c);

  const scheduler = new Scheduler(c);
  for (const m of modules) for (const job of m.jobs?.(c) ?? []) scheduler.add(job);
  if (config.scheduler) scheduler.start();

  const app = buildApp(container);
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(config.port, config.host, () => resolve(s));
    s.once('error', reject);
  });
  server.requestTimeout = 600_000;
  // Idle connections are closed by the client (a proxy keeps them 60 s, node's fetch a second less than the hint
  // below), never by the server at the moment a client reuses one: that race fails a request with a reset.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 70_000;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  // Port 0 (tests, trials) is known only now; an explicit ATRIUM_PUBLIC_URL is never replaced.
  if (new URL(config.publicUrl).port === '0') config.publicUrl = url;
  c.logger.info({ url, database: c.dialect }, 'Atrium is listening');
  // Prometheus metrics without a key on an address of their own, when configured (core/modules/metrics).
  const metrics = config.metricsAddress ? await listenMetrics(c, config.metricsAddress) : undefined;

  let stopping: Promise<void> | undefined;
  // While stopping, every answer closes its connection, so a client (a proxy) sends its next request elsewhere
  // rather than onto a connection this process is about to close.
  server.on('request', (_req, res: ServerResponse) => {
    if (stopping && !res.headersSent) res.setHeader('connection', 'close');
  });
  const stop = () =>
    (stopping ??= (async () => {
      // Not ready from now on: a load balancer that checks /api/health/ready stops sending new work.
      c.systemService.markStopping();
      // Open live streams would keep the server from closing: they end first (clients reconnect elsewhere).
      await c.liveStream.close();
      // No new connections; the requests in flight finish, then their connections close (checked every 100 ms:
      // a connection becomes idle only once its answer is sent).
      await new Promise<void>((resolve) => {
        const idle = setInterval(() => server.closeIdleConnections(), 100);
        server.close(() => {
          clearInterval(idle);
          resolve();
        });
        server.closeIdleConnections();
      });
      await metrics?.close(); // the metrics listener (ATRIUM_METRICS_ADDRESS)
      await scheduler.stop();
      await c.events.settle();
      await container.dispose();
    })());
  return { container, server, scheduler, url, metrics, stop };
}

/**
 * A fault point for the durability tests, and only for them: with NODE_ENV=test and
 * ATRIUM_TEST_FAULT=after-commit:<event> (booking.created, booking.cancelled, ...) the process kills itself
 * with SIGKILL the moment a change of that event has committed, before anything in it hears of the change,
 * as a power cut would. Anywhere else the variable is ignored.
 */
export function armFaultPoint(c: Cradle, env: NodeJS.ProcessEnv = process.env): boolean {
  const fault = env.ATRIUM_TEST_FAULT;
  if (env.NODE_ENV !== 'test' || !fault) return false;
  const [when, event] = fault.split(':');
  if (when !== 'after-commit' || !event)
    throw new Error(`ATRIUM_TEST_FAULT: expected after-commit:<event>, not ${fault}`);
  c.changeLog.onCommitted((changes) => {
    if (changes.some((change) => change.name === event)) process.kill(process.pid, 'SIGKILL');
  });
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const config = loadConfig();
  const running = await startServer(config).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
  if (armFaultPoint(running.container.cradle)) console.log(`test fault point armed: ${process.env.ATRIUM_TEST_FAULT}`);
  console.log(
    `Atrium ${running.url}  (API ${running.url}${config.apiPrefix}, docs ${running.url}${config.apiPrefix}/docs)`,
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      running.container.cradle.logger.info({ signal }, 'shutting down');
      // What has not finished within the shutdown time is cut off: jobs' leases and outbox claims lapse by themselves.
      const force = setTimeout(() => process.exit(1), config.shutdownSeconds * 1000);
      force.unref();
      void running.stop().then(() => process.exit(0));
    });
  }
}
