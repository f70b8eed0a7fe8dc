/**
 * One provider kind's lane in the outbox worker: at most `concurrency` calls at
 * once, and rows that share an order key (see `orderKey`) one after another in
 * the order they were claimed.
 */

/** A counting semaphore: at most `size` holders at once, the others wait in turn; closing sends the waiters away. */
export class Slots {
  private readonly waiting: Array<(got: boolean) => void> = [];
  private closed = false;
  constructor(private free: number) {}

  /** Resolves true with a slot, or false once closed. */
  async take(): Promise<boolean> {
    if (this.closed) return false;
    if (this.free > 0) {
      this.free--;
      return true;
    }
    return new Promise<boolean>((resolve) => this.waiting.push(resolve));
  }

  give(): void {
    const next = this.waiting.shift();
    if (next) next(true);
    else this.free++;
  }

  close(): void {
    this.closed = true;
    for (const waiter of this.waiting.splice(0)) waiter(false);
  }
}

export class Lane {
  readonly slots: Slots;
  /** Per order key, the last delivery started or queued: the next one of that key waits for its end. */
  private readonly last = new Map<string, Promise<void>>();

  constructor(concurrency: number) {
    this.slots = new Slots(concurrency);
  }

  /** The delivery of `key` that a new one must wait for, if one is still under way or waiting. */
  before(key: string | undefined): Promise<void> | undefined {
    return key === undefined ? undefined : this.last.get(key);
  }

  /** Makes `ended` the delivery the next one of `key` waits for. */
  follow(key: string | undefined, ended: Promise<void>): void {
    if (key === undefined) return;
    this.last.set(key, ended);
    void ended.finally(() => {
      if (this.last.get(key) === ended) this.last.delete(key);
    });
  }
}
