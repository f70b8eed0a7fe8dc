/**
 * What the outbox worker writes about the rows it holds: their lease renewed
 * while they are delivered (so only a dead worker's rows are taken over), and
 * their success recorded together with whatever else finished meanwhile.
 */
import type { Logger } from 'pino';
import { errorMessage, type Outbox, type OutboxRow } from '../../plugin-host/index.ts';

/** The rows a worker holds, with their lease renewed every `everyMs` while there are any. */
export class HeldRows {
  private readonly rows = new Set<OutboxRow>();
  private timer?: NodeJS.Timeout;
  private renewing = false;

  constructor(
    private readonly deps: { outbox: Outbox; logger: Logger },
    private readonly everyMs: number,
  ) {}

  add(rows: readonly OutboxRow[]): void {
    for (const row of rows) this.rows.add(row);
    if (this.rows.size > 0 && !this.timer) {
      this.timer = setInterval(() => void this.renew(), this.everyMs);
      this.timer.unref();
    }
  }

  remove(rows: readonly OutboxRow[]): void {
    for (const row of rows) this.rows.delete(row);
    if (this.rows.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  private async renew(): Promise<void> {
    // A renewal slower than the period must not pile up behind itself.
    if (this.renewing) return;
    this.renewing = true;
    try {
      await this.deps.outbox.renew([...this.rows]);
    } catch (err) {
      this.deps.logger.error({ rows: this.rows.size, error: errorMessage(err) }, 'outbox lease could not be renewed');
    } finally {
      this.renewing = false;
    }
  }
}

/**
 * Records deliveries as done in as few statements as the database's pace allows: what finishes while one
 * write is under way goes into the next. A row is written as soon as the database is free, so a crash
 * repeats at most the deliveries of one write.
 */
export class DoneWriter {
  private queue: Array<{ row: OutboxRow; note?: string; written: () => void }> = [];
  private writing = false;

  constructor(private readonly deps: { outbox: Outbox; logger: Logger }) {}

  /** Resolves once the row is written (or the write failed and was logged: the row's lease then runs out). */
  add(row: OutboxRow, note?: string): Promise<void> {
    return new Promise((written) => {
      this.queue.push({ row, note, written });
      void this.write();
    });
  }

  private async write(): Promise<void> {
    if (this.writing) return;
    this.writing = true;
    try {
      while (this.queue.length > 0) {
        const items = this.queue.splice(0);
        try {
          await this.deps.outbox.succeeded(items);
        } catch (err) {
          // The rows stay pending under a claim that ends: they are delivered again, never lost.
          this.deps.logger.error(
            { outbox: items.map((i) => i.row.id), error: errorMessage(err) },
            'outbox could not record deliveries',
          );
        }
        for (const item of items) item.written();
      }
    } finally {
      this.writing = false;
    }
  }
}
