/**
 * A value read from the database and trusted for a short while: settings that every request reads
 * but that change a few times a year. A change made in this process calls `forget()` and shows at
 * once; a change made by another process (a second server, the CLI) shows within `SHARED_MAX_AGE_MS`.
 * Ages are measured on the monotonic clock, not the injected one: tests move the injected clock by
 * days, and a cache must not outlive or expire with that.
 */
export const SHARED_MAX_AGE_MS = 1000;

export class RecentValue<T> {
  private entry?: { at: number; value: Promise<T> };

  constructor(
    private readonly load: () => Promise<T>,
    private readonly maxAgeMs = SHARED_MAX_AGE_MS,
  ) {}

  get(): Promise<T> {
    const now = performance.now();
    if (this.entry && now - this.entry.at < this.maxAgeMs) return this.entry.value;
    const entry = { at: now, value: this.load() };
    this.entry = entry;
    // A failed read is not remembered; the next caller tries again.
    entry.value.catch(() => {
      if (this.entry === entry) this.entry = undefined;
    });
    return entry.value;
  }

  /** Drops the value, so the next `get` reads again (a read already under way keeps its answer for its own callers). */
  forget(): void {
    this.entry = undefined;
  }
}
