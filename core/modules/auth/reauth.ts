/**
 * Confirms that the person behind a session is at the keyboard now, before an
 * action that would let a stolen session take over more than the session
 * itself (changing where single sign-on trusts identities from, for one).
 * Either the current password, typed again and sent RSA-encrypted like at
 * sign-in, or, for someone who signs in through single sign-on and has no
 * password they know, a sign-in that happened within the last few minutes.
 * API keys and jobs cannot confirm anything: such actions need a person.
 */
import type { Knex } from 'knex';
import type { Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import { ForbiddenError } from '../../errors.ts';
import { verifyPassword, type UsersService } from '../users/index.ts';
import type { RsaKeyService } from './rsa-key.ts';
import { AUTH_METHOD } from './sessions.ts';
import { SessionModel } from './model.ts';

/** How recent a single sign-on must be to stand in for the password. */
export const RECENT_SIGN_IN_MS = 5 * 60_000;

/** The header that carries the RSA-encrypted current password on such requests. */
export const CONFIRM_PASSWORD_HEADER = 'x-confirm-password';

export interface ReauthDeps {
  db: Knex;
  clock: Clock;
  rsaKeyService: RsaKeyService;
  usersService: Pick<UsersService, 'findById'>;
}

/** Called with the outcome of a typed password, so repeated guesses count toward the sign-in throttle. */
export type PasswordAttemptHook = (actor: Actor, ok: boolean) => Promise<void>;

export class Reauthentication {
  /** Set by whoever throttles password guesses (the sign-in throttle). */
  onPasswordAttempt?: PasswordAttemptHook;

  constructor(private readonly deps: ReauthDeps) {}

  /**
   * Resolves when `actor` proved presence; otherwise throws 403 `auth.reauthRequired`
   * (nothing or not enough was sent: the console asks for the password) or
   * `auth.reauthFailed` (the password typed was wrong).
   */
  async confirm(actor: Actor, encryptedPassword: string | undefined): Promise<void> {
    if (actor.via !== 'session' || !actor.sessionId) throw new ForbiddenError('auth.reauthPersonOnly');
    const { db, clock, rsaKeyService, usersService } = this.deps;
    if (encryptedPassword) {
      const password = await rsaKeyService.decrypt(encryptedPassword);
      const hash = (await usersService.findById(actor.userId))?.passwordHash;
      const ok = await verifyPassword(password, hash);
      await this.onPasswordAttempt?.(actor, ok);
      if (!ok) throw new ForbiddenError('auth.reauthFailed');
      return;
    }
    const session = await SessionModel.query(db).findById(actor.sessionId).select('auth_method', 'created_at');
    const viaSso = session && session.authMethod !== AUTH_METHOD.local && session.authMethod !== AUTH_METHOD.cli;
    if (viaSso && clock.now() - session.createdAt <= RECENT_SIGN_IN_MS) return;
    throw new ForbiddenError('auth.reauthRequired');
  }
}
