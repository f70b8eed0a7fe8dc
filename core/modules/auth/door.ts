/**
 * A person proving who they are at a door tablet (docs/product-rules.md R19.7), to book now, extend or end a
 * meeting there: the password is sent RSA-encrypted as at sign-in and checked as at sign-in, and the answer is
 * an actor for this one action, not a session. Wrong passwords count toward the throttle of the username only:
 * everyone at a door shares the tablet's address, and counting it would let one person lock the door for all.
 * A name the throttle would ask a CAPTCHA for is refused here (the tablet has none): sign in on the web first.
 */
import type { Actor } from '../../actor.ts';
import { BadRequestError, TooManyRequestsError } from '../../errors.ts';
import type { Lang } from '../../i18n/index.ts';
import { verifyPassword } from '../users/index.ts';
import type { RsaKeyService } from './rsa-key.ts';
import { DUMMY_HASH, type AuthService } from './service.ts';
import type { SignInThrottle } from './throttle.ts';
import type { Cradle } from '../../cradle.ts';

export interface DoorCredentials {
  username: string;
  /** RSA-encrypted with the public key of GET /openapi/publicKey, as at sign-in. */
  password: string;
}

export class DoorSignIn {
  constructor(
    private readonly deps: {
      usersService: Cradle['usersService'];
      authService: AuthService;
      signInThrottle: SignInThrottle;
      rsaKeyService: RsaKeyService;
    },
  ) {}

  /** The person as an actor at the tablet `device` (their own permissions), or a translated refusal. */
  async person(
    credentials: DoorCredentials,
    at: { lang: Lang; ip?: string; device: NonNullable<Actor['device']> },
  ): Promise<Actor> {
    const { usersService, signInThrottle, rsaKeyService } = this.deps;
    const attempt = { username: credentials.username };
    const { captchaRequired } = await signInThrottle.check(attempt);
    if (captchaRequired) throw new TooManyRequestsError('pad.signInOnWeb');
    const password = await rsaKeyService.decrypt(credentials.password);
    const found = await usersService.findByUsername(credentials.username);
    // Unknown names cost the same hash check, so timing does not tell which names exist.
    const ok = await verifyPassword(password, found?.passwordHash ?? DUMMY_HASH);
    // 400, not 401: a tablet takes 401 as its own credential revoked.
    if (!found || !ok) {
      await signInThrottle.failed(attempt);
      throw new BadRequestError('pad.badCredentials');
    }
    await signInThrottle.succeeded(attempt);
    return this.actorOf(found, at);
  }

  /**
   * A person the room itself recognised (a card at its reader, a face at its terminal): no password, so only
   * someone who may sign in now, and only for checking in (the tablets module decides what they may do).
   */
  async recognised(username: string, at: { lang: Lang; device: NonNullable<Actor['device']> }): Promise<Actor | null> {
    const found = await this.deps.usersService.findByUsername(username);
    if (!found) return null;
    return this.actorOf(found, at).catch(() => null);
  }

  private async actorOf(
    found: NonNullable<Awaited<ReturnType<Cradle['usersService']['findByUsername']>>>,
    at: { lang: Lang; ip?: string; device: NonNullable<Actor['device']> },
  ): Promise<Actor> {
    const permissions = await this.deps.authService.assertMaySignIn(found);
    return {
      userId: found.id,
      username: found.username,
      permissions,
      lang: at.lang,
      ip: at.ip,
      via: 'device',
      device: at.device,
    };
  }
}
