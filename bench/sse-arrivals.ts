/**
 * What the live and tablets benches read from an event stream: the `ready` event, and when each created booking
 * arrived (epoch ms, taken as its chunk is read, before parsing).
 */
import type http from 'node:http';

/** Reads the stream `res`, calling `onReady` at its `ready` event and recording each booking.created into `arrivals`. */
export function recordArrivals(
  res: http.IncomingMessage,
  arrivals: Record<number, number[]>,
  onReady: () => void,
): void {
  res.setEncoding('utf8');
  let buffer = '';
  res.on('data', (chunk: string) => {
    const at = Date.now();
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (block.includes('event: ready')) onReady();
      const data = /^data: (.*)$/m.exec(block);
      if (block.includes('event: booking.created') && data) {
        const id = (JSON.parse(data[1]!) as { booking: { id: number } }).booking.id;
        (arrivals[id] ??= []).push(at);
      }
    }
  });
}
