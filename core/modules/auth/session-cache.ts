/**
 * A short memory of verified sessions, so a signed-in request does not read its session, user and permissions
 * again when the same session asked a moment ago (docs/architecture.md A5.5).
 *
 * What it keeps is what the session check reads: the session's end and revocation, the account's state and
 * the permissions. The account's standing (disabled, outside a restriction window) is still judged on every
 * request from the copy, with the request's own time. A copy lasts at most `ttlMs` of real time, which bounds
 * how late another process sees a sign-out, a revocation, a disabled account or a changed role; in this process
 * every write to the tables the copy came from forgets all copies at once (core/db/write-watch.ts), so here a
 * change takes effect on the next request as before.
 */
import type { Knex } from 'knex';
import { watchWrites } from '../../db/write-watch.ts';

/** The tables a verified session is read from: sessions, the account, and the permissions through roles. */
export const SESSION_SOURCES = ['sessions', 'users', 'user_roles', 'role_permissions', 'roles'] as const;

/** An update of the users table that moves only a credit balance or sign-in bookkeeping leaves sessions as they are. */
const BOOKKEEPING = '`?(?:credit_balance|last_login_at|feed_token_hash|updated_at)`?\\s*=\\s*[^,]+?';
const HARMLESS_USER_UPDATE = new RegExp(
  `^\\s*update\\s+\`?users\`?\\s+set\\s+(?:${BOOKKEEPING},\\s*)*${BOOKKEEPING}\\s+where\\b`,
  'i',
);

interface Entry<T> {
  value: T;
  until: number;
  generation: number;
}

export class SessionCache<T extends { expiresAt: number }> {
  private readonly entries = new Map<string, Entry<T>>();
  private generation = 0;

  constructor(
    db: Knex,
    private readonly ttlMs: number,
    private readonly maxEntries = 20_000,
  ) {
    watchWrites(db, SESSION_SOURCES, (table, sql) => {
      if (table === 'users' && HARMLESS_USER_UPDATE.test(sql)) return false;
      this.forgetAll();
    });
  }

  /** Where a read starts: a copy made from a read that a write overtook is not kept. */
  mark(): number {
    return this.generation;
  }

  get(sessionId: string, now: number): T | undefined {
    const e = this.entries.get(sessionId);
    if (!e) return undefined;
    // An ended session is read again: a refresh may have moved its end since the copy was made.
    if (e.generation !== this.generation || e.until <= performance.now() || e.value.expiresAt < now) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return e.value;
  }

  set(sessionId: string, value: T, mark: number): void {
    if (this.ttlMs <= 0 || mark !== this.generation) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(sessionId, { value, until: performance.now() + this.ttlMs, generation: mark });
  }

  forgetAll(): void {
    this.generation++;
    this.entries.clear();
  }
}
