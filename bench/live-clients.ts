/**
 * The clients of the live bench, in a process of their own so that reading 500 streams does not weigh on the
 * server's event loop: `node --import tsx bench/live-clients.ts <url> <token> <resourceIds> <count>`. Prints
 * `ready` once every stream has opened; on a line `report` from stdin prints, as JSON, each booking id's arrival
 * times (epoch ms) on every stream, then exits.
 */
import http from 'node:http';
import readline from 'node:readline';
import { recordArrivals } from './sse-arrivals.ts';

const [url, token, resourceIds, countText] = process.argv.slice(2) as [string, string, string, string];
const count = Number(countText);
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const arrivals: Record<number, number[]> = {};
let opened = 0;

function open(): void {
  const req = http.get(
    `${url}/api/live/bookings?resourceIds=${resourceIds}`,
    { agent, headers: { token, accept: 'text/event-stream' } },
    (res) => {
      if (res.statusCode !== 200) {
        console.error(`stream refused: ${res.statusCode}`);
        process.exit(1);
      }
      recordArrivals(res, arrivals, () => {
        if (++opened === count) console.log('ready');
      });
    },
  );
  req.on('error', (err) => {
    console.error(`stream failed: ${err.message}`);
    process.exit(1);
  });
}

for (let i = 0; i < count; i++) open();
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() !== 'report') return;
  process.stdout.write(`${JSON.stringify(arrivals)}\n`, () => process.exit(0));
});
