/**
 * Wrong check-in codes, counted per caller and booking. A code has only passCodeLength
 * digits, so without a limit a signed-in colleague could try them all within the
 * check-in window. The key includes the caller, so nobody can lock the organiser out of a
 * booking by typing wrong codes on purpose; at worst a door tablet (one caller for everyone
 * standing at it) is locked out of that booking, and the organiser checks in from the app.
 * Kept in process memory on the injected clock: with N processes a caller gets N × MAX
 * tries, still a handful out of hundreds of thousands.
 */
import { MINUTE_MS } from './time.ts';

export const WRONG_CODES_MAX = 5;
export const WRONG_CODES_WINDOW_MS = 15 * MINUTE_MS;
/** Entries kept at most; the oldest go first (a Map keeps insertion order). */
const KEPT = 10_000;

export class WrongCodes {
  private readonly tries = new Map<string, { n: number; since: number }>();

  /** Minutes until the caller may try again (rounded up), or 0 when they may now. */
  lockedFor(actorId: number, bookingId: number, now: number): number {
    const key = `${actorId}:${bookingId}`;
    const entry = this.tries.get(key);
    if (!entry) return 0;
    const left = entry.since + WRONG_CODES_WINDOW_MS - now;
    if (left <= 0) {
      this.tries.delete(key);
      return 0;
    }
    return entry.n >= WRONG_CODES_MAX ? Math.ceil(left / MINUTE_MS) : 0;
  }

  /**
   * Counts a try before its code is compared: answers the minutes the caller is locked out for (the try not
   * counted), or 0 with the try counted. Called in the same synchronous step as the compare, so parallel
   * requests cannot all pass the check before any of them is counted.
   */
  take(actorId: number, bookingId: number, now: number): number {
    const locked = this.lockedFor(actorId, bookingId, now);
    if (locked === 0) this.record(actorId, bookingId, now);
    return locked;
  }

  private record(actorId: number, bookingId: number, now: number): void {
    const key = `${actorId}:${bookingId}`;
    const entry = this.tries.get(key);
    if (entry && now - entry.since < WRONG_CODES_WINDOW_MS) entry.n++;
    else {
      this.tries.delete(key);
      this.tries.set(key, { n: 1, since: now });
      if (this.tries.size > KEPT) this.tries.delete(this.tries.keys().next().value!);
    }
  }

  /** A right code clears the caller's count (its own try included). */
  clear(actorId: number, bookingId: number): void {
    this.tries.delete(`${actorId}:${bookingId}`);
  }
}
