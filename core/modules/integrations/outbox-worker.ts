/**
 * The outbox worker: delivers outbox rows as soon as they are due. Each kind of
 * provider has its own lane with a bounded number of calls at once, so a slow
 * calendar never holds up mail and no kind floods its server. A lane claims a
 * batch and claims the next as soon as every row of the last one has started;
 * it ends when nothing of its kind is due. Between lanes the worker looks for due
 * rows about every second, or at once on `outbox.wake()`. While it holds rows it
 * renews their lease. Any number of processes may run one: rows are claimed in
 * the database.
 */
import type { Logger } from 'pino';
import type { Config } from '../../../config/default.ts';
import {
  deliver,
  errorMessage,
  orderKey,
  type Outbox,
  type OutboxKind,
  type OutboxRow,
  type PluginHost,
} from '../../plugin-host/index.ts';
import { DoneWriter, HeldRows } from './outbox-held.ts';
import { Lane, type Slots } from './outbox-lane.ts';

export interface OutboxWorkerDeps {
  outbox: Outbox;
  pluginHost: PluginHost;
  logger: Logger;
  config: Config;
}

export interface OutboxWorkerOptions {
  /** Calls under way at once per provider kind in this process. */
  concurrency: number;
  /** How long the worker rests when nothing is due; a wake ends the rest. */
  idleMs: number;
  /** How often the lease of held rows is renewed: well within the lease. */
  renewEveryMs: number;
}

export class OutboxWorker {
  readonly options: OutboxWorkerOptions;
  /** Each kind's lane while it runs, with the promise of its end. */
  private readonly lanes = new Map<OutboxKind, { lane: Lane; ended: Promise<void> }>();
  private readonly held: HeldRows;
  private readonly done: DoneWriter;
  private loop?: Promise<void>;
  private stopping = false;
  private poked = false;
  private endRest?: () => void;
  private stopListening?: () => void;

  constructor(
    private readonly deps: OutboxWorkerDeps,
    options: Partial<OutboxWorkerOptions> = {},
  ) {
    this.options = {
      concurrency: deps.config.outboxConcurrency,
      idleMs: 1_000,
      renewEveryMs: Math.max(100, Math.floor(deps.outbox.options.leaseMs / 3)),
      ...options,
    };
    this.held = new HeldRows(deps, this.options.renewEveryMs);
    this.done = new DoneWriter(deps);
  }

  get running(): boolean {
    return this.loop !== undefined;
  }

  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.stopListening = this.deps.outbox.onWake(() => this.poke());
    this.loop = this.run();
  }

  /** Claims nothing more, gives back rows not yet started, and resolves when the deliveries under way ended. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.stopListening?.();
    this.stopListening = undefined;
    this.poke();
    for (const { lane } of this.lanes.values()) lane.slots.close();
    await this.loop;
    await Promise.all([...this.lanes.values()].map((l) => l.ended));
    this.loop = undefined;
  }

  /** Delivers every row due now, kind by kind side by side, until none is left: the periodic sweep (and tests). */
  async drainDue(): Promise<void> {
    if (this.stopping) return;
    await Promise.all((await this.deps.outbox.dueKinds()).map((kind) => this.lane(kind)));
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      try {
        for (const kind of await this.deps.outbox.dueKinds()) void this.lane(kind);
      } catch (err) {
        this.deps.logger.error({ error: errorMessage(err) }, 'outbox worker could not look for work');
      }
      await this.rest();
    }
  }

  /** Ends the worker's rest now, or skips the next one if it is not resting. */
  private poke(): void {
    this.poked = true;
    this.endRest?.();
  }

  private async rest(): Promise<void> {
    if (!this.poked)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.options.idleMs);
        this.endRest = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    this.endRest = undefined;
    this.poked = false;
  }

  /** Runs the kind's lane unless it runs already; resolves when it ends. */
  private lane(kind: OutboxKind): Promise<void> {
    const running = this.lanes.get(kind);
    if (running) return running.ended;
    const lane = new Lane(this.options.concurrency);
    const ended = this.runLane(kind, lane).then((emptied) => {
      this.lanes.delete(kind);
      // Rows may have come due while the lane finished its last batch: look again at once.
      if (emptied) this.poke();
    });
    this.lanes.set(kind, { lane, ended });
    return ended;
  }

  /** Claims and delivers `kind`'s due rows; answers whether it ended because none were left. */
  private async runLane(kind: OutboxKind, lane: Lane): Promise<boolean> {
    const batches = new Set<Promise<void>>();
    let emptied = false;
    try {
      while (!this.stopping) {
        const rows = await this.deps.outbox.claim(kind);
        if (rows.length === 0) {
          emptied = true;
          break;
        }
        this.held.add(rows);
        const { ended: batch } = await this.startBatch(rows, lane);
        batches.add(batch);
        void batch.finally(() => batches.delete(batch));
      }
    } catch (err) {
      this.deps.logger.error({ kind, error: errorMessage(err) }, 'outbox worker could not claim work');
    }
    await Promise.all(batches);
    return emptied;
  }

  /**
   * Starts each row as a slot frees up, or, when a row of the same order key is still under way, queues it
   * behind that one without holding up the rest; resolves once every row has started (so a lane holds about
   * two batches at most), with the promise of their end.
   */
  private async startBatch(rows: OutboxRow[], lane: Lane): Promise<{ ended: Promise<void> }> {
    const deliveries: Array<Promise<void>> = [];
    const queuedStarts: Array<Promise<void>> = [];
    for (const [i, row] of rows.entries()) {
      const key = orderKey(row);
      const before = lane.before(key);
      let ended: Promise<void>;
      if (before) {
        let started!: () => void;
        queuedStarts.push(new Promise<void>((resolve) => (started = resolve)));
        ended = before.then(() => this.deliverInTurn(row, lane.slots, started));
      } else if (await lane.slots.take()) ended = this.deliverOne(row, lane.slots);
      else {
        await this.giveBack(rows.slice(i));
        break;
      }
      lane.follow(key, ended);
      deliveries.push(ended);
    }
    await Promise.all(queuedStarts);
    // Wrapped: awaiting a promise that resolves to a promise would wait for the deliveries too.
    return { ended: Promise.all(deliveries).then(() => undefined) };
  }

  /** Waits for a slot, then delivers; gives the row back if the worker stops meanwhile. */
  private async deliverInTurn(row: OutboxRow, slots: Slots, started: () => void): Promise<void> {
    const got = await slots.take();
    started();
    if (got) await this.deliverOne(row, slots);
    else await this.giveBack([row]);
  }

  /** Delivers a row holding one of `slots`, and records the outcome. Never rejects. */
  private async deliverOne(row: OutboxRow, slots: Slots): Promise<void> {
    let note: string | void;
    try {
      const own = this.deps.outbox.delivererOf(row.kind);
      note = own ? await own(row) : await deliver(this.deps.pluginHost, row);
    } catch (err) {
      slots.give();
      await this.recordFailure(row, err);
      this.held.remove([row]);
      return;
    }
    slots.give();
    await this.done.add(row, note || undefined);
    this.held.remove([row]);
  }

  private async recordFailure(row: OutboxRow, err: unknown): Promise<void> {
    const facts = { outbox: row.id, kind: row.kind, plugin: row.provider, topic: row.topic, attempt: row.attempts + 1 };
    try {
      const outcome = await this.deps.outbox.failed(row, err);
      this.deps.logger.warn({ ...facts, outcome, error: errorMessage(err) }, 'outbox delivery failed');
    } catch (writeErr) {
      // Left pending under a claim that ends: tried again once the lease runs out.
      this.deps.logger.error(
        { ...facts, error: errorMessage(err), writeError: errorMessage(writeErr) },
        'outbox could not record a failed delivery',
      );
    }
  }

  /** Rows claimed but not started when the worker stops: free for any worker at once. */
  private async giveBack(rows: OutboxRow[]): Promise<void> {
    try {
      await this.deps.outbox.release(rows);
    } catch (err) {
      this.deps.logger.error({ rows: rows.length, error: errorMessage(err) }, 'outbox rows could not be given back');
    }
    this.held.remove(rows);
  }
}
