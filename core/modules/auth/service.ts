/**
 * Sign-in with a local account, token refresh, logout, the password change, and
 * the resolution of access tokens into actors for every request.
 * Other sign-in methods (LDAP, OIDC, SAML, token URL) end in `signIn` too, so
 * they issue the same tokens.
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import { AppError, BadRequestError, ForbiddenError, UnauthorizedError, ValidationError } from '../../errors.ts';
import type { CallerInfo, TokenResolver } from '../../http/authenticate.ts';
import { t, type Lang } from '../../i18n/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { ApiKeysService } from '../keys/index.ts';
import {
  POLICY_KEYS,
  accountStanding,
  passwordState,
  policyViolations,
  verifyPassword,
  type PasswordPolicy,
  type UserRow,
  type UsersService,
} from '../users/index.ts';
import type { CaptchaService } from './captcha.ts';
import type { RsaKeyService } from './rsa-key.ts';
import type { ChangePasswordBody, LoginBody } from './schema.ts';
import { AUTH_METHOD, type AuthMethod, type SessionService } from './sessions.ts';
import type { Attempt, SignInThrottle } from './throttle.ts';
import type { Cradle } from '../../cradle.ts';

export interface AuthDeps {
  db: Knex;
  clock: Clock;
  logger: Logger;
  paramsService: Cradle['paramsService'];
  usersService: UsersService;
  rolesService: Cradle['rolesService'];
  captchaService: CaptchaService;
  signInThrottle: SignInThrottle;
  rsaKeyService: RsaKeyService;
  sessionService: SessionService;
  operationLog: Cradle['operationLog'];
  notificationsService: Pick<NotificationsService, 'loginNotices'>;
  apiKeysService: Pick<ApiKeysService, 'revokeAllOfUser'>;
}

export interface ClientMeta {
  ip: string;
  userAgent?: string;
  lang: Lang;
}

export interface SignInResult {
  token: string;
  refreshToken: string;
  expiresAt: number;
  notify: Array<{ title: string; content: string }>;
  passwordState: 'ok' | 'firstLogin' | 'expired' | 'expiring';
  passwordDaysLeft?: number;
  permissions: string[];
  authMethod: number;
}

/** A fixed hash to verify against when the user does not exist, so timing does not reveal usernames. */
export const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

export class AuthService implements TokenResolver {
  constructor(private readonly deps: AuthDeps) {}

  private async policy(): Promise<PasswordPolicy> {
    return (await this.deps.paramsService.getMany(POLICY_KEYS)) as unknown as PasswordPolicy;
  }

  /** Refuses users who may not sign in now, whatever the method. */
  async assertMaySignIn(user: UserRow): Promise<Set<string>> {
    const standing = accountStanding(user, this.deps.clock.now());
    if (standing === 'disabled')
      throw new ForbiddenError(user.awaitingApproval ? 'auth.awaitingApproval' : 'auth.userDisabled');
    if (standing === 'outsideWindow') throw new ForbiddenError('auth.userRestricted');
    const permissions = await this.deps.rolesService.permissionsOfUser(user.id);
    if (permissions.size === 0) throw new ForbiddenError('auth.noLoginPermission');
    return permissions;
  }

  /** Issues the tokens for a user who proved who they are by any method. */
  async signIn(
    user: UserRow,
    method: AuthMethod,
    client: ClientMeta,
    extra: { logoutUrl?: string; idToken?: string } = {},
  ): Promise<SignInResult> {
    const permissions = await this.assertMaySignIn(user);
    const policy = await this.policy();
    const now = this.deps.clock.now();
    // Only local passwords expire or need a first change; directory accounts keep theirs elsewhere.
    const pw = method === 'local' ? passwordState(user, policy, now) : { state: 'ok' as const };
    let pair;
    try {
      pair = await this.deps.sessionService.open(user.id, method, {
        ip: client.ip,
        userAgent: client.userAgent,
        ...extra,
        mustChangePassword: pw.state === 'firstLogin' || pw.state === 'expired',
      });
    } catch (err) {
      this.deps.logger.error({ err, userId: user.id }, 'token generation failed');
      throw new UnauthorizedError('auth.tokenFailed');
    }
    await this.deps.usersService.recordSignIn(user.id, now);
    const notify = [];
    if (pw.state === 'firstLogin')
      notify.push({ title: t(client.lang, 'auth.firstLogin'), content: t(client.lang, 'auth.firstLogin') });
    if (pw.state === 'expired')
      notify.push({ title: t(client.lang, 'auth.passwordExpired'), content: t(client.lang, 'auth.passwordExpired') });
    if (pw.state === 'expiring')
      notify.push({
        title: t(client.lang, 'auth.passwordExpiring', { days: pw.daysLeft }),
        content: t(client.lang, 'auth.passwordExpiring', { days: pw.daysLeft }),
      });
    // Today's notices of the notification centre; never a reason for sign-in to fail.
    notify.push(...(await this.deps.notificationsService.loginNotices(user.id, client.lang).catch(() => [])));
    return {
      token: pair.token,
      refreshToken: pair.refreshToken,
      expiresAt: pair.expiresAt,
      notify,
      passwordState: pw.state,
      passwordDaysLeft: pw.daysLeft,
      permissions: [...permissions].sort(),
      authMethod: AUTH_METHOD[method],
    };
  }

  /**
   * The throttle's wait, then the CAPTCHA (when switched on, or asked for by the throttle after failures),
   * then `check`, which answers the user whose password was right or null; failures are counted.
   */
  private async guardedPasswordCheck(
    body: LoginBody,
    client: ClientMeta,
    refusal: string,
    check: (password: string) => Promise<UserRow | null>,
  ): Promise<UserRow> {
    const { paramsService, captchaService, rsaKeyService, signInThrottle } = this.deps;
    const attempt: Attempt = { username: body.username, address: client.ip };
    const { captchaRequired } = await signInThrottle.check(attempt);
    if (captchaRequired || (await paramsService.get<boolean>('captchaEnabled'))) {
      if (!body.uuid || !body.captcha)
        throw new BadRequestError(
          'auth.captchaRequired',
          {},
          { errors: [{ field: 'captcha', message: t(client.lang, 'auth.captchaRequired') }], captchaRequired: true },
        );
      if (!(await captchaService.consume(body.uuid, body.captcha)))
        throw new BadRequestError('auth.captchaWrong', {}, { captchaRequired: true });
    }
    const user = await check(await rsaKeyService.decrypt(body.password));
    if (!user) {
      const next = await signInThrottle.failed(attempt);
      throw new AppError(401, refusal, {}, next.captchaRequired ? { captchaRequired: true } : {});
    }
    await signInThrottle.succeeded(attempt);
    return user;
  }

  /** POST /sys/login with a local account. */
  async loginLocal(body: LoginBody, client: ClientMeta): Promise<SignInResult> {
    const { paramsService, usersService } = this.deps;
    if (!(await paramsService.get<boolean>('localLoginEnabled'))) throw new ForbiddenError('auth.localLoginOff');
    const user = await this.guardedPasswordCheck(body, client, 'auth.badCredentials', async (password) => {
      const found = await usersService.findByUsername(body.username);
      // Unknown names cost the same hash check, so timing does not tell which names exist.
      const ok = await verifyPassword(password, found?.passwordHash ?? DUMMY_HASH);
      return found && ok ? found : null;
    });
    return this.signIn(user, 'local', client);
  }

  /**
   * Domain-account sign-in. The directory provider is configured under the
   * `apps` integration; until one is, such sign-ins fail with the LDAP message.
   */
  async loginDirectory(body: LoginBody, client: ClientMeta): Promise<SignInResult> {
    const user = await this.guardedPasswordCheck(body, client, 'auth.ldapFailed', async (password) =>
      this.directory ? this.directory.authenticate(body.username, password) : null,
    );
    return this.signIn(user, 'ldap', client);
  }

  /** Set by the directory sign-in provider when one is configured. */
  directory?: { authenticate(username: string, password: string): Promise<UserRow | null> };

  async refresh(refreshToken: string): Promise<{ token: string; refreshToken: string; expiresAt: number }> {
    const rotated = await this.deps.sessionService.rotate(refreshToken, async (userId) => {
      const user = await this.deps.usersService.findById(userId);
      if (!user || accountStanding(user, this.deps.clock.now()) !== 'active')
        throw new UnauthorizedError('auth.refreshInvalid');
      const s = passwordState(user, await this.policy(), this.deps.clock.now()).state;
      return s === 'firstLogin' || s === 'expired';
    });
    return { token: rotated.token, refreshToken: rotated.refreshToken, expiresAt: rotated.expiresAt };
  }

  /** Ends the caller's session; answers where the client should go next (the provider's logout for SSO). */
  async logout(actor: Actor): Promise<{ authMethod: number; logoutUrl: string | null }> {
    if (!actor.sessionId) return { authMethod: 0, logoutUrl: null };
    const session = await this.deps.sessionService.revoke(actor.sessionId);
    let logoutUrl = session?.logoutUrl ?? null;
    // The stored OIDC end-session URL is short; the ID token that lets the provider skip its
    // "really sign out?" page is kept beside it and added here.
    if (
      logoutUrl &&
      session?.idToken &&
      session.authMethod === AUTH_METHOD.oidc &&
      !logoutUrl.includes('id_token_hint=')
    ) {
      const url = new URL(logoutUrl);
      url.searchParams.set('id_token_hint', session.idToken);
      logoutUrl = url.toString();
    }
    return { authMethod: session?.authMethod ?? 0, logoutUrl };
  }

  /**
   * Every request with a token passes here: signature, expiry, open session, a user who may act now (not
   * disabled, inside any restriction window), permissions (one query).
   */
  async resolveAccessToken(token: string, caller: CallerInfo): Promise<Actor> {
    const claims = await this.deps.sessionService.verify(token);
    const { rolesService } = this.deps;
    const session = await this.deps.sessionService.activeSessionUser(claims.sessionId, (db) =>
      rolesService.permissionRows(db, claims.userId),
    );
    if (!session || session.userId !== claims.userId || accountStanding(session, this.deps.clock.now()) !== 'active')
      throw new UnauthorizedError('auth.tokenInvalid');
    return {
      userId: claims.userId,
      username: session.username,
      permissions: session.permissions,
      lang: caller.lang,
      ip: caller.ip,
      sessionId: session.id,
      via: 'session',
      ...(claims.mustChangePassword ? { mustChangePassword: true } : {}),
    };
  }

  /** Change of one's own password: old one right, new one twice, policy met. Other sessions end. */
  async changePassword(
    actor: Actor,
    body: ChangePasswordBody,
  ): Promise<{ token: string; refreshToken: string; expiresAt: number }> {
    const { rsaKeyService, usersService, db, sessionService } = this.deps;
    const decrypt = async (v: string) => (v ? rsaKeyService.decrypt(v) : '');
    const [oldPassword, newPassword, confirm] = await Promise.all([
      decrypt(body.password),
      decrypt(body.newPassword),
      decrypt(body.confirmPassword),
    ]);
    if (!newPassword)
      throw new ValidationError(
        [{ field: 'newPassword', message: t(actor.lang, 'auth.newPasswordEmpty') }],
        'auth.newPasswordEmpty',
      );
    if ([...newPassword].length > 50)
      throw new ValidationError([{ field: 'newPassword', message: 'max 50' }], 'auth.passwordPolicy', {
        rules: 'max:50',
      });
    if (newPassword !== confirm)
      throw new ValidationError(
        [{ field: 'confirmPassword', message: t(actor.lang, 'auth.passwordMismatch') }],
        'auth.passwordMismatch',
      );
    // A stolen session must not guess the current password without limit: wrong ones count like at sign-in.
    await this.deps.signInThrottle.check({ username: actor.username });
    const user = await usersService.findById(actor.userId);
    const oldRight = user ? await verifyPassword(oldPassword, user.passwordHash) : false;
    await this.deps.signInThrottle.passwordTyped(actor.username, oldRight);
    if (!user || !oldRight) throw new BadRequestError('auth.oldPasswordWrong');
    const broken = policyViolations(newPassword, await this.policy());
    if (broken.length)
      throw new ValidationError([{ field: 'newPassword', message: broken.join(', ') }], 'auth.passwordPolicy', {
        rules: broken.join(', '),
      });
    await db.transaction(async (trx) => {
      await usersService.setPassword(trx, user.id, newPassword);
      await sessionService.revokeAllOfUser(user.id, trx);
      const revokedApiKeys = body.revokeApiKeys ? await this.deps.apiKeysService.revokeAllOfUser(trx, user.id) : [];
      await this.deps.operationLog.record(trx, actor, {
        action: 'sys.user.changePassword',
        target: user.id,
        ...(revokedApiKeys.length ? { after: { revokedApiKeys } } : {}),
      });
    });
    const pair = await sessionService.open(user.id, 'local', { ip: actor.ip });
    return { token: pair.token, refreshToken: pair.refreshToken, expiresAt: pair.expiresAt };
  }

  /** `atrium token`: an access token for scripts, without a refresh token; logged as an operation. */
  async issueCliToken(
    username: string,
    ttlSeconds: number,
    operator: string,
  ): Promise<{ token: string; expiresAt: number }> {
    const user = await this.deps.usersService.findByUsername(username);
    if (!user) throw new BadRequestError('auth.badCredentials');
    await this.assertMaySignIn(user);
    const { db, clock, sessionService } = this.deps;
    const sessionId = (await sessionService.open(user.id, 'cli', { ip: 'cli', userAgent: `atrium-cli (${operator})` }))
      .sessionId;
    await db('sessions')
      .where({ id: sessionId })
      .update({ expires_at: clock.now() + ttlSeconds * 1000 });
    const access = await sessionService.accessToken(user.id, sessionId, ttlSeconds);
    await this.deps.operationLog.record(
      db,
      { userId: user.id, username: operator, permissions: new Set(), lang: 'en', ip: 'cli', via: 'system' },
      {
        action: 'cli.token',
        target: user.username,
        after: { ttlSeconds, expiresAt: access.expiresAt },
      },
    );
    return access;
  }
}
