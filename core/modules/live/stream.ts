/**
 * The live stream (docs/architecture.md A8.6): Server-Sent Events fed from the change record, so a change
 * committed by any Atrium process on the database reaches every connected client of every process.
 *
 * One poller per process reads the rows of `domain_events` after the last id it has seen (`head`), in bounded
 * batches: at once when a change commits in this process (ChangeLog.onCommitted), otherwise every `idleMs`.
 * It runs only while clients are connected. Each batch is prepared once (the feed turns changes into items),
 * then every client's filter picks what it may see and how (`select`), so a thousand clients cost one query.
 *
 * A client has a position: every change up to it was offered to it. Frames are `id: <change id>`,
 * `event: <type>`, `data: <json>`; a heartbeat comment every `heartbeatMs` also moves the client's
 * Last-Event-ID past changes it was not shown (an `id:` line without data dispatches nothing), so a reconnect
 * does not read them again. A client reconnecting with `Last-Event-ID` first replays what it missed from the
 * table, then joins the live fan-out; when that id is no longer kept (older than `changeRetentionDays`), is
 * more than `maxReplay` changes behind, or is not an id of this database, it gets `reset` instead: refetch,
 * then follow from the id the reset carries. A client that cannot keep up (more than `maxBufferedBytes`
 * waiting) is disconnected and catches up when it reconnects; so is every client after its lifetime (the
 * route gives the access token's), so that what admitted it is asked again.
 */
import { PassThrough, type Readable } from 'node:stream';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { AppError } from '../../errors.ts';
import { Rest, type Change, type ChangeLog } from '../changes/index.ts';

export interface LiveStreamOptions {
  /** Clients connected to one process at most; one more is refused with 429 (and Retry-After). */
  maxClients: number;
  /** How long the poller rests when nothing is new; a commit in this process ends the rest. */
  idleMs: number;
  /** Changes read per query. */
  batch: number;
  /** A comment is sent this often on every stream, so proxies and clients know it is alive. */
  heartbeatMs: number;
  /** A reconnecting client further behind than this many changes is told to refetch instead of replayed. */
  maxReplay: number;
  /** Bytes waiting to be sent to one client beyond which it is disconnected. */
  maxBufferedBytes: number;
}

export const LIVE_DEFAULTS: LiveStreamOptions = {
  maxClients: 2_000,
  idleMs: 500,
  batch: 500,
  heartbeatMs: 15_000,
  maxReplay: 10_000,
  maxBufferedBytes: 1_048_576,
};

/** What a client receives of one item: the SSE event's name and its data (JSON text). */
export interface LiveFrame {
  event: string;
  data: string;
}

/** Turns a batch of changes into the items clients choose from (some changes may mean nothing here). */
export type LiveFeed<T extends { id: number }> = (changes: readonly Change[]) => Promise<T[]>;

export interface Subscription<T> {
  /** What this client receives of an item, or null for nothing. */
  select: (item: T) => LiveFrame | null;
  /** The client's Last-Event-ID header, as sent (absent on a first connection). */
  lastEventId?: string;
  /** The data of the `ready` event that opens the stream. */
  hello: Record<string, unknown>;
  /**
   * The stream ends after this long (at a heartbeat): the client reconnects with its current credential and
   * resumes from its Last-Event-ID, so a sign-out, a disabled account or a changed permission holds within it.
   */
  lifetimeMs: number;
}

interface Client<T> {
  out: PassThrough;
  select: (item: T) => LiveFrame | null;
  /** Every change up to this id was offered to the client. */
  position: number;
  /** The last id the client was told (an `id:` line). */
  told: number;
  catchingUp: boolean;
  /** When the stream ends (Date.now() time). */
  until: number;
}

export interface LiveStreamDeps {
  db: Knex;
  changeLog: ChangeLog;
  logger: Logger;
}

/** How soon a client reconnects when the stream ends because this process stops (the usual hint is 2 s). */
const RECONNECT_AFTER_STOP_MS = 250;

const frame = (id: number | null, event: string, data: string) =>
  `${id === null ? '' : `id: ${id}\n`}event: ${event}\ndata: ${data}\n\n`;

export class LiveStream<T extends { id: number }> {
  readonly options: LiveStreamOptions;
  private readonly clients = new Set<Client<T>>();
  /** Every change up to this id was read and fanned out. */
  private head = 0;
  private headKnown?: Promise<void>;
  private loop?: Promise<void>;
  private heartbeat?: NodeJS.Timeout;
  private closed = false;
  private readonly rest = new Rest();
  private readonly stopListening: () => void;

  constructor(
    private readonly deps: LiveStreamDeps,
    private readonly feed: LiveFeed<T>,
    options: Partial<LiveStreamOptions> = {},
  ) {
    this.options = { ...LIVE_DEFAULTS, ...options };
    this.stopListening = deps.changeLog.onCommitted(() => this.wake());
  }

  /** Clients connected now. */
  get size(): number {
    return this.clients.size;
  }

  /** Opens a client's stream: the body of its answer. Closing the stream (the connection) unsubscribes it. */
  async subscribe(sub: Subscription<T>): Promise<Readable> {
    if (this.closed || this.clients.size >= this.options.maxClients)
      throw new AppError(429, 'live.tooManyClients', { limit: this.options.maxClients }, { retryAfter: 5 });
    await (this.headKnown ??= this.deps.changeLog.lastId().then(
      (id) => void (this.head = id),
      (err: unknown) => {
        this.headKnown = undefined; // asked again by the next client
        throw err;
      },
    ));
    const from = await this.resumeFrom(sub.lastEventId);
    const start = typeof from === 'number' ? from : this.head;
    const client: Client<T> = {
      out: new PassThrough(),
      select: sub.select,
      position: start,
      told: start,
      catchingUp: typeof from === 'number',
      until: Date.now() + sub.lifetimeMs,
    };
    const hello = JSON.stringify(sub.hello);
    // How long a browser waits before it reconnects, then the opening event.
    client.out.write('retry: 2000\n\n');
    client.out.write(frame(from === 'fresh' ? start : null, 'ready', hello));
    if (from === 'reset') client.out.write(frame(start, 'reset', JSON.stringify({ lastEventId: start })));
    this.clients.add(client);
    client.out.once('close', () => this.clients.delete(client));
    if (client.catchingUp) void this.catchUp(client);
    this.loop ??= this.run();
    return client.out;
  }

  /**
   * Ends every stream and the poller (the server is stopping); no client is admitted afterwards. Each stream ends
   * with a short reconnect hint: the browser comes back at once, through the load balancer to another process, and
   * catches up from its Last-Event-ID.
   */
  async close(): Promise<void> {
    this.closed = true;
    this.stopListening();
    for (const client of this.clients) client.out.end(`retry: ${RECONNECT_AFTER_STOP_MS}\n\n`);
    this.clients.clear();
    this.wake();
    await this.loop;
  }

  /** Ends the poller's rest: a change was just committed in this process. */
  wake(): void {
    this.rest.wake();
  }

  /** Where a client with this Last-Event-ID goes on from: its id, or a fresh start, or a reset. */
  private async resumeFrom(lastEventId: string | undefined): Promise<number | 'fresh' | 'reset'> {
    if (lastEventId === undefined || lastEventId.trim() === '') return 'fresh';
    if (!/^\d{1,15}$/.test(lastEventId.trim())) return 'reset';
    const id = Number(lastEventId.trim());
    const [last, oldest] = await Promise.all([this.deps.changeLog.lastId(), this.deps.changeLog.oldestId()]);
    if (id > last) return 'reset';
    if (id === last) return id;
    // The next change the client needs (id + 1) is gone when the oldest kept is later, or nothing is kept.
    if (oldest === null || oldest > id + 1) return 'reset';
    if (last - id > this.options.maxReplay) return 'reset';
    return id;
  }

  /** Replays to one client what it missed, until it reaches the poller; then the fan-out carries it. */
  private async catchUp(client: Client<T>): Promise<void> {
    try {
      while (this.clients.has(client)) {
        if (client.position >= this.head) {
          client.catchingUp = false;
          return;
        }
        const changes = await this.deps.changeLog.after(this.deps.db, client.position, this.options.batch);
        if (!this.clients.has(client)) return;
        if (changes.length === 0 || changes[0]!.id !== client.position + 1) {
          // Removed by the retention while the client was replaying.
          client.position = client.told = this.head;
          this.write(client, frame(this.head, 'reset', JSON.stringify({ lastEventId: this.head })));
          client.catchingUp = false;
          return;
        }
        this.deliver(client, await this.feed(changes), changes[changes.length - 1]!.id);
      }
    } catch (err) {
      this.deps.logger.warn({ err }, 'live stream replay failed');
      client.out.end();
    }
  }

  private async run(): Promise<void> {
    this.heartbeat = setInterval(() => this.beat(), this.options.heartbeatMs);
    this.heartbeat.unref();
    try {
      while (!this.closed && this.clients.size > 0) {
        let full = false;
        try {
          full = await this.poll();
        } catch (err) {
          this.deps.logger.warn({ err }, 'live stream poll failed');
        }
        if (!full && !this.closed) await this.rest.take(this.options.idleMs);
      }
    } finally {
      clearInterval(this.heartbeat);
      // Nobody listens: the next client reads the newest id again instead of replaying from a stale one.
      this.loop = undefined;
      this.headKnown = undefined;
    }
  }

  /** Reads and fans out one batch; answers whether the batch was full (more may be waiting). */
  private async poll(): Promise<boolean> {
    const changes = await this.deps.changeLog.after(this.deps.db, this.head, this.options.batch);
    if (changes.length === 0) return false;
    const items = await this.feed(changes);
    const to = changes[changes.length - 1]!.id;
    this.head = to;
    for (const client of this.clients) if (!client.catchingUp) this.deliver(client, items, to);
    return changes.length === this.options.batch;
  }

  /** Sends a client the items after its position it may see, and moves it to `to`. */
  private deliver(client: Client<T>, items: readonly T[], to: number): void {
    for (const item of items) {
      if (item.id <= client.position) continue;
      const f = client.select(item);
      if (!f) continue;
      this.write(client, frame(item.id, f.event, f.data));
      client.told = item.id;
    }
    client.position = Math.max(client.position, to);
  }

  private beat(): void {
    const now = Date.now();
    for (const client of this.clients) {
      if (now >= client.until) {
        this.clients.delete(client);
        client.out.end();
        continue;
      }
      const moved = !client.catchingUp && client.position > client.told;
      this.write(client, moved ? `: heartbeat\nid: ${client.position}\n\n` : ': heartbeat\n\n');
      if (moved) client.told = client.position;
    }
  }

  private write(client: Client<T>, text: string): void {
    if (client.out.writableLength > this.options.maxBufferedBytes) {
      this.deps.logger.warn('live stream client too slow; disconnected');
      this.clients.delete(client);
      client.out.destroy();
      return;
    }
    client.out.write(text);
  }
}
