/**
 * A real reverse proxy (Debian's nginx) in front of several Atrium processes, for the tests of running more than
 * one: a generated config in a temp dir, round-robin over the upstreams on loopback ports, every path and file of
 * its own under that dir, in the foreground (`daemon off`) so the test owns the process. The config is the one
 * docs/deploy.md describes, with the test's ports. `nginxAvailable()` lets suites skip with a notice.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './slapd.ts';

const NGINX = '/usr/sbin/nginx';

export interface Nginx {
  /** `http://127.0.0.1:PORT` (no trailing slash). */
  url: string;
  /** The access log's lines so far: `status upstream_status upstream_addr method uri` each. */
  log(): Array<{ status: number; upstream: string; method: string; uri: string }>;
  stop(): Promise<void>;
}

export function nginxAvailable(): boolean {
  return fs.existsSync(NGINX);
}

/** The `http` block of docs/deploy.md for these upstreams (`host:port` each), listening on `listen`. */
export function nginxHttpBlock(upstreams: string[], listen: string, dir: string): string {
  return `
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  log_format probe '$status $upstream_status $upstream_addr $request_method $request_uri';
  access_log ${dir}/access.log probe;
  upstream atrium {
${upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=5s;`).join('\n')}
  }
  server {
    listen ${listen};
    client_max_body_size 12m;
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    # A process that is stopping refuses new connections: the request goes to the next one.
    proxy_next_upstream error timeout http_502 http_503;
    proxy_connect_timeout 2s;
    location / {
      proxy_pass http://atrium;
    }
    # The live stream: unbuffered, held open for the stream's lifetime.
    location /api/live/ {
      proxy_pass http://atrium;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_buffering off;
      proxy_read_timeout 1h;
    }
  }`;
}

export async function startNginx(upstreams: string[]): Promise<Nginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-nginx-'));
  const port = await freePort();
  // Workers run as root here (the tests run as root in CI); elsewhere nginx keeps the user it runs as.
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  const conf = `${user}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {${nginxHttpBlock(upstreams, `127.0.0.1:${port}`, dir)}
}
`;
  const confFile = path.join(dir, 'nginx.conf');
  fs.writeFileSync(confFile, conf);
  const child = spawn(NGINX, ['-c', confFile, '-p', dir, '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx ended: ${output}${readOr(path.join(dir, 'error.log'))}`);
    const up = await fetch(`${url}/`, { signal: AbortSignal.timeout(1000) }).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() > until) throw new Error(`nginx did not answer: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    log: () =>
      readOr(path.join(dir, 'access.log'))
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [status, , upstream, method, uri] = line.split(' ');
          return { status: Number(status), upstream: upstream ?? '', method: method ?? '', uri: uri ?? '' };
        }),
    async stop() {
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await ended;
      clearTimeout(timer);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function readOr(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
