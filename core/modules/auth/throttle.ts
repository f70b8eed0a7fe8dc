/**
 * Slows password guessing without locking anyone out. Failed password checks (sign-in of any kind,
 * the change of one's password, re-authentication) are counted per account name as typed (known or
 * not, so the answers tell nobody which names exist), per client address, and for everyone together:
 * - after `signInFreeFailures` failures of one name (20 from one address) each further failure makes
 *   the next try wait 2, 4, 8 ... seconds, up to `signInMaxDelaySeconds`; the right password works
 *   as soon as the wait is over, and clears the name's count;
 * - after a few failures of a name or an address, or many of everyone within a quarter of an hour
 *   (password spraying from many addresses), sign-in asks for a CAPTCHA even where it is switched off.
 * Counts live in the database so every process sees the same ones; a name's or an address's count
 * is forgotten after an hour without failures.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../errors.ts';
import { SignInThrottleModel } from './model.ts';
import type { ParamsService } from '../params/index.ts';

/** Who tried: the account name typed (or signed in), and where from. */
export interface Attempt {
  username?: string;
  address?: string;
}

export interface ThrottleState {
  captchaRequired: boolean;
}

const TABLE = 'sign_in_throttle';
const EVERYONE = 'everyone';
const ADDRESS_FREE_FAILURES = 20;
const CAPTCHA_AFTER = { user: 3, address: 10, everyone: 50 };
const FORGET_AFTER_MS = 60 * 60_000;
const EVERYONE_WINDOW_MS = 15 * 60_000;

// Hashed: people now and then type a password into the name field, and the table must not keep it.
const userSubject = (username: string) =>
  `user:${createHash('sha256').update(username.trim().toLowerCase()).digest('hex')}`;
const addressSubject = (address: string) => `address:${address.slice(0, 100)}`;

/** 429 with the seconds to wait (sent as Retry-After too), and whether the next try needs a CAPTCHA. */
function tooManyAttempts(seconds: number, captchaRequired: boolean): AppError {
  return new AppError(429, 'auth.tooManyAttempts', { seconds }, { retryAfter: seconds, captchaRequired });
}

export class SignInThrottle {
  constructor(private readonly deps: { db: Knex; clock: Clock; paramsService: Pick<ParamsService, 'getMany'> }) {}

  private subjects(attempt: Attempt): { user?: string; address?: string } {
    return {
      user: attempt.username?.trim() ? userSubject(attempt.username) : undefined,
      address: attempt.address ? addressSubject(attempt.address) : undefined,
    };
  }

  private async rows(subjects: string[]): Promise<Map<string, SignInThrottleModel>> {
    const rows = await SignInThrottleModel.query(this.deps.db).whereIn('subject', subjects);
    return new Map(rows.map((r) => [r.subject, r]));
  }

  /** Failures that still count: a name's or address's until an hour of quiet, everyone's within the window. */
  private failures(row: SignInThrottleModel | undefined, now: number): number {
    if (!row) return 0;
    if (row.subject === EVERYONE) return row.firstFailureAt >= now - EVERYONE_WINDOW_MS ? row.failures : 0;
    return row.lastFailureAt >= now - FORGET_AFTER_MS ? row.failures : 0;
  }

  private captchaRequired(
    rows: Map<string, SignInThrottleModel>,
    s: { user?: string; address?: string },
    now: number,
  ): boolean {
    return (
      (s.user !== undefined && this.failures(rows.get(s.user), now) >= CAPTCHA_AFTER.user) ||
      (s.address !== undefined && this.failures(rows.get(s.address), now) >= CAPTCHA_AFTER.address) ||
      this.failures(rows.get(EVERYONE), now) >= CAPTCHA_AFTER.everyone
    );
  }

  /**
   * Before a password is looked at: throws 429 `auth.tooManyAttempts` while the name or the address must
   * wait (nothing is checked, nothing counted); otherwise answers whether this try needs a CAPTCHA.
   */
  async check(attempt: Attempt): Promise<ThrottleState> {
    const now = this.deps.clock.now();
    const s = this.subjects(attempt);
    const mine = [s.user, s.address].filter((x): x is string => x !== undefined);
    const rows = await this.rows([...mine, EVERYONE]);
    const captchaRequired = this.captchaRequired(rows, s, now);
    const waitMs = Math.max(0, ...mine.map((k) => (rows.get(k)?.blockedUntil ?? 0) - now));
    if (waitMs > 0) throw tooManyAttempts(Math.ceil(waitMs / 1000), captchaRequired);
    return { captchaRequired };
  }

  /** A wrong password: counts it and sets the wait before the next try. Answers whether that try needs a CAPTCHA. */
  async failed(attempt: Attempt): Promise<ThrottleState> {
    const { db, clock, paramsService } = this.deps;
    const now = clock.now();
    const s = this.subjects(attempt);
    const mine = [s.user, s.address].filter((x): x is string => x !== undefined);
    await db(TABLE)
      .insert(
        [...mine, EVERYONE].map((subject) => ({
          subject,
          failures: 0,
          first_failure_at: now,
          last_failure_at: now,
          blocked_until: 0,
        })),
      )
      .onConflict('subject')
      .ignore();
    // One statement per kind, so concurrent failures in several processes all count. MariaDB assigns
    // left to right, so the column the conditions read is assigned last.
    if (mine.length) {
      const stale = now - FORGET_AFTER_MS;
      await db(TABLE)
        .whereIn('subject', mine)
        .update({
          failures: db.raw('CASE WHEN last_failure_at < ? THEN 1 ELSE failures + 1 END', [stale]),
          first_failure_at: db.raw('CASE WHEN last_failure_at < ? THEN ? ELSE first_failure_at END', [stale, now]),
          last_failure_at: now,
        });
    }
    const windowStart = now - EVERYONE_WINDOW_MS;
    await db(TABLE)
      .where({ subject: EVERYONE })
      .update({
        failures: db.raw('CASE WHEN first_failure_at < ? THEN 1 ELSE failures + 1 END', [windowStart]),
        last_failure_at: now,
        first_failure_at: db.raw('CASE WHEN first_failure_at < ? THEN ? ELSE first_failure_at END', [windowStart, now]),
      });
    const settings = await paramsService.getMany(['signInFreeFailures', 'signInMaxDelaySeconds']);
    const maxDelay = Number(settings.signInMaxDelaySeconds);
    const rows = await this.rows([...mine, EVERYONE]);
    for (const [subject, free] of [
      [s.user, Number(settings.signInFreeFailures)],
      [s.address, ADDRESS_FREE_FAILURES],
    ] as const) {
      const over = subject ? this.failures(rows.get(subject), now) - free : 0;
      if (!subject || over <= 0) continue;
      const blockedUntil = now + Math.min(2 ** Math.min(over, 20), maxDelay) * 1000;
      await db(TABLE)
        .where({ subject })
        .where('blocked_until', '<', blockedUntil)
        .update({ blocked_until: blockedUntil });
    }
    return { captchaRequired: this.captchaRequired(rows, s, now) };
  }

  /** The right password: the name's count starts again. The address keeps its count, so one good account cannot
   * wipe the traces of guessing at others from the same place. */
  async succeeded(attempt: Attempt): Promise<void> {
    const { user } = this.subjects(attempt);
    if (user) await this.deps.db(TABLE).where({ subject: user }).del();
  }

  /** Outcome of a password typed by a signed-in person (password change, re-authentication). */
  async passwordTyped(username: string, ok: boolean): Promise<void> {
    if (ok) await this.succeeded({ username });
    else await this.failed({ username });
  }

  /** Deletes counts nobody needs any more. */
  async sweep(): Promise<number> {
    const now = this.deps.clock.now();
    return this.deps
      .db(TABLE)
      .where('last_failure_at', '<', now - Math.max(FORGET_AFTER_MS, EVERYONE_WINDOW_MS))
      .where('blocked_until', '<', now)
      .del();
  }
}
