/**
 * The one source of "now" for the server. Services take it by injection so tests
 * move time (`clock.set`, `clock.advance`) instead of sleeping.
 */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that stands still until told to move; used by tests and benchmarks. */
export class ManualClock implements Clock {
  constructor(private current: number = Date.now()) {}
  now(): number {
    return this.current;
  }
  set(epochMs: number): void {
    this.current = epochMs;
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

/** A clock that follows real time from an offset, so a running server can be moved forward in tests. */
export class OffsetClock implements Clock {
  private offset = 0;
  now(): number {
    return Date.now() + this.offset;
  }
  set(epochMs: number): void {
    this.offset = epochMs - Date.now();
  }
  advance(ms: number): void {
    this.offset += ms;
  }
}
