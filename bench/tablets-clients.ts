/**
 * The door tablets of the tablets bench, in a process of their own so that reading 500 streams does not weigh on the
 * server's event loop: `node --import tsx bench/tablets-clients.ts <url>`, then one line on stdin: the JSON array of
 * the tablets' device credentials. Opens `GET /api/pad/stream` for each (`Authorization: Device <credential>`) with
 * plain node:http on one keep-alive agent; prints `ready` once every stream has opened; on a line `report` prints, as
 * JSON, each booking id's arrival times (epoch ms) over all streams and the streams that ended early, then exits.
 * Any stream refused or failed before `report` stops it with a message on stderr.
 */
import http from 'node:http';
import readline from 'node:readline';
import { recordArrivals } from './sse-arrivals.ts';

const [url] = process.argv.slice(2) as [string];
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const arrivals: Record<number, number[]> = {};
const requests: http.ClientRequest[] = [];
let count = 0;
let opened = 0;
let ended = 0;
let reporting = false;

function open(credential: string): void {
  const req = http.get(
    `${url}/api/pad/stream`,
    { agent, headers: { authorization: `Device ${credential}`, accept: 'text/event-stream' } },
    (res) => {
      if (res.statusCode !== 200) {
        console.error(`stream refused: ${res.statusCode}`);
        process.exit(1);
      }
      recordArrivals(res, arrivals, () => {
        if (++opened === count) console.log('ready');
      });
      res.on('end', () => void ended++);
    },
  );
  req.on('error', (err) => {
    if (reporting) return;
    console.error(`stream failed: ${err.message}`);
    process.exit(1);
  });
  requests.push(req);
}

const lines = readline.createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (line.trim() === 'report') {
    reporting = true;
    const answer = JSON.stringify({ arrivals, endedEarly: ended });
    for (const req of requests) req.destroy();
    agent.destroy();
    process.stdout.write(`${answer}\n`, () => process.exit(0));
    return;
  }
  if (count > 0) return;
  const credentials = JSON.parse(line) as string[];
  count = credentials.length;
  for (const credential of credentials) open(credential);
});
