/**
 * Wrong check-in codes at a door tablet (docs/product-rules.md R19.6) slow that tablet down progressively instead
 * of locking it: a lock as long as the check-in window would let a passer-by get a meeting cancelled as a no-show
 * by typing wrong codes. The first FREE_TRIES wrong codes cost nothing; each further one makes the tablet wait
 * twice as long before the next try (5 s, 10 s, 20 s … at most a minute), so a 6-digit code stays out of reach
 * within a window, and a person who mistyped waits seconds. A quiet quarter of an hour starts the count again.
 * Kept in process memory, per tablet; each try is counted before its code is compared, so parallel tries queue.
 */
const FREE_TRIES = 3;
const FIRST_WAIT_MS = 5_000;
const MAX_WAIT_MS = 60_000;
const QUIET_MS = 15 * 60_000;

export class CodeDelay {
  private readonly tablets = new Map<number, { tries: number; nextAt: number; lastAt: number }>();

  /** Seconds the tablet must wait before trying (the try not counted), or 0 with the try counted. */
  take(tabletId: number, now: number): number {
    let entry = this.tablets.get(tabletId);
    if (!entry || now - entry.lastAt > QUIET_MS) entry = { tries: 0, nextAt: 0, lastAt: now };
    if (now < entry.nextAt) return Math.ceil((entry.nextAt - now) / 1000);
    entry.tries++;
    entry.lastAt = now;
    const over = entry.tries - FREE_TRIES;
    entry.nextAt = over > 0 ? now + Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** (over - 1)) : now;
    this.tablets.set(tabletId, entry);
    return 0;
  }

  /** A try that failed for another reason than a wrong code (the window closed, another room) does not count. */
  forgive(tabletId: number): void {
    const entry = this.tablets.get(tabletId);
    if (!entry) return;
    entry.tries = Math.max(0, entry.tries - 1);
    const over = entry.tries - FREE_TRIES;
    if (over <= 0) entry.nextAt = 0;
  }

  /** A right code starts the count again. */
  clear(tabletId: number): void {
    this.tablets.delete(tabletId);
  }
}
