/**
 * The token URL sign-in (auth method 3, GET /auth/token): after a
 * browser-based sign-in the server hands the console a one-time code in the
 * URL hash (`/callback#token=CODE&logoutUrl=...`); the console sends it back
 * (header `token`, or `?code=`) and gets real Atrium tokens. The code is
 * random, lives a minute, works once, and only its hash is stored (in
 * sso_states, so any process of a cluster can redeem it). A code from a flow a
 * browser started works only in that browser (see browser.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Clock } from '../../clock.ts';
import { UnauthorizedError } from '../../errors.ts';
import type { ClientMeta, SignInResult } from '../auth/index.ts';
import { assertSameBrowser } from './browser.ts';
import { putState, takeState } from './states.ts';
import type { Cradle } from '../../cradle.ts';

export const HANDOFF_TTL_MS = 60_000;
const PREFIX = 'tok:';

interface HandoffData {
  userId: number;
  logoutUrl?: string;
  /** The OIDC ID token, kept on the session as the end-session hint. */
  idToken?: string;
  /** The method that proved the identity (saml, oidc), for the log. */
  origin: string;
  /** Hash of the browser key of the flow that led here; absent when no browser started it (IdP-initiated SAML). */
  browser?: string;
}

const key = (code: string) => PREFIX + createHash('sha256').update(code).digest('hex');

export class TokenUrlService {
  constructor(
    private readonly deps: {
      db: Knex;
      clock: Clock;
      authService: Cradle['authService'];
      usersService: Cradle['usersService'];
    },
  ) {}

  /** Makes a one-time code for a user whose identity a provider just proved. */
  async issue(data: HandoffData): Promise<string> {
    const code = randomBytes(32).toString('base64url');
    await putState(this.deps.db, this.deps.clock, key(code), 'token', data, HANDOFF_TTL_MS);
    return code;
  }

  /**
   * Redeems a code once: a session with auth method 3 that remembers the provider's logout URL.
   * `browser` is the key of the calling browser's sign-in cookie.
   */
  async exchange(code: string | undefined, client: ClientMeta, browser: string | undefined): Promise<SignInResult> {
    if (!code) throw new UnauthorizedError('common.tokenEmpty');
    // Single use even under a race: whoever deletes the row owns the code.
    const data = await takeState<HandoffData>(this.deps.db, this.deps.clock, key(code), 'token');
    if (!data) throw new UnauthorizedError('sso.handoffInvalid');
    assertSameBrowser(data.browser, browser);
    const user = await this.deps.usersService.findById(data.userId);
    if (!user) throw new UnauthorizedError('sso.handoffInvalid');
    return this.deps.authService.signIn(user, 'tokenUrl', client, { logoutUrl: data.logoutUrl, idToken: data.idToken });
  }
}
