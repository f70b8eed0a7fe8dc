/** A Server-Sent Events answer read as raw text while it arrives (the device streams' tests). */
export interface OpenStream {
  status: number;
  /** Everything received so far. */
  text: () => string;
  close: () => Promise<void>;
}

export async function openEventStream(url: string, headers: Record<string, string>): Promise<OpenStream> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  let text = '';
  const reading = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body) text += decoder.decode(chunk as Uint8Array, { stream: true });
    } catch {
      // aborted
    }
  })();
  return {
    status: res.status,
    text: () => text,
    close: async () => {
      abort.abort();
      await reading;
    },
  };
}
