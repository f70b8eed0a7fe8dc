/**
 * The listener of ATRIUM_METRICS_ADDRESS: a second, tiny HTTP server that answers `GET /metrics` without a key,
 * and nothing else. Whoever reaches its address reads the metrics, so the operator binds it to loopback or a
 * private network (docs/monitoring.md). Started and stopped by core/server.ts.
 */
import { createServer, type Server } from 'node:http';
import type { Logger } from 'pino';
import { METRICS_PATH } from './http-metrics.ts';
import type { AtriumMetrics } from './registry.ts';

export interface MetricsListener {
  /** `http://host:port` it listens at (the port chosen when 0 was asked). */
  url: string;
  close(): Promise<void>;
}

/** `127.0.0.1:9464`, `[::1]:9464`, `0.0.0.0:9464` → host and port. */
export function parseAddress(address: string): { host: string; port: number } {
  const at = address.lastIndexOf(':');
  const host = address.slice(0, at).replace(/^\[(.*)\]$/, '$1');
  const port = Number(address.slice(at + 1));
  if (at <= 0 || !host || !Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`ATRIUM_METRICS_ADDRESS: expected host:port, not ${address}`);
  return { host, port };
}

export async function listenMetrics(
  deps: { metrics: AtriumMetrics; logger: Logger },
  address: string,
): Promise<MetricsListener> {
  const { host, port } = parseAddress(address);
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== METRICS_PATH) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Only /metrics is served here.\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    deps.metrics.text().then(
      (text) => {
        res.writeHead(200, { 'content-type': deps.metrics.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (err: unknown) => {
        deps.logger.error({ err }, 'metrics could not be rendered');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics failed\n');
      },
    );
  });
  // A scraper keeps its connection open between scrapes; closing must not wait for it.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = server.address();
  const boundPort = typeof bound === 'object' && bound ? bound.port : port;
  const shown = host.includes(':') ? `[${host}]` : host;
  const url = `http://${shown === '0.0.0.0' ? 'localhost' : shown}:${boundPort}`;
  deps.logger.info({ url: `${url}${METRICS_PATH}` }, 'metrics listener is listening');
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
