/**
 * Reads a Server-Sent Events body (text/event-stream) as fetch hands it: the blocks between blank lines, line ends
 * made `\n`, each given to `onFrame` as it is complete; `onBytes` hears of every chunk (a heartbeat included), for
 * a watchdog of silence. Resolves when the server ends the stream; rejects when the connection breaks or is aborted.
 */
export async function readFrames(
  body: NonNullable<Response['body']>,
  onFrame: (frame: string) => void,
  onBytes: () => void,
): Promise<void> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    onBytes();
    buffer += value.replace(/\r\n?/g, '\n');
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      onFrame(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
    }
  }
}
