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
import { BadRequestError, ForbiddenError, UnauthorizedError, ValidationError } from '../../errors.ts';
import type { CallerInfo, TokenResolver } from '../../http/authenticate.ts';
import { t, type Lang } from '../../i18n/index.ts';
import type { OperationLog } from '../logs/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { ParamsService } from '../params/index.ts';
import type { RolesService } from '../roles/index.ts';
import { POLICY_KEYS, passwordState, policyViolations, type PasswordPolicy } from '../users/password-policy.ts';
import { verifyPassword, type UserRow, type UsersService } from '../users/index.ts';
import type { CaptchaService } from './captcha.ts';
import type { RsaKeyService } from './rsa-key.ts';
import type { ChangePasswordBody, LoginBody } from './schema.ts';
import { AUTH_METHOD, type AuthMethod, type SessionService } from './sessions.ts';

export interface AuthDeps {
  db: Knex;
  clock: Clock;
  logger: Logger;
  paramsService: ParamsService;
  usersService: UsersService;
  rolesService: RolesService;
  captchaService: CaptchaService;
  rsaKeyService: RsaKeyService;
  sessionService: SessionService;
  operationLog: OperationLog;
  notificationsService: Pick<NotificationsService, 'loginNotices'>;
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
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

export class AuthService implements TokenResolver {
  constructor(private readonly deps: AuthDeps) {}

  private async policy(): Promise<PasswordPolicy> {
    return (await this.deps.paramsService.getMany(POLICY_KEYS)) as unknown as PasswordPolicy;
  }

  /** Refuses users who may not sign in now, whatever the method. */
  async assertMaySignIn(user: UserRow): Promise<Set<string>> {
    const now = this.deps.clock.now();
    if (Number(user.status) !== 1) throw new ForbiddenError('auth.userDisabled');
    if (
      user.restricted &&
      ((user.enable_at && now < Number(user.enable_at)) || (user.restrict_at && now >= Number(user.restrict_at)))
    ) {
      throw new ForbiddenError('auth.userRestricted');
    }
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
    await this.deps
      .db('users')
      .where({ id: user.id })
      .update({ failed_logins: 0, locked_until: null, last_login_at: now });
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

  /** POST /sys/login: CAPTCHA (when on), then the password, with lockout after repeated failures. */
  async loginLocal(body: LoginBody, client: ClientMeta): Promise<SignInResult> {
    const { paramsService, captchaService, rsaKeyService, usersService, clock, db } = this.deps;
    const settings = await paramsService.getMany([
      'localLoginEnabled',
      'captchaEnabled',
      'lockoutAttempts',
      'lockoutMinutes',
    ]);
    if (!settings.localLoginEnabled) throw new ForbiddenError('auth.localLoginOff');
    if (settings.captchaEnabled) {
      if (!body.uuid || !body.captcha)
        throw new ValidationError(
          [{ field: 'captcha', message: t(client.lang, 'auth.captchaRequired') }],
          'auth.captchaRequired',
        );
      if (!(await captchaService.consume(body.uuid, body.captcha))) throw new BadRequestError('auth.captchaWrong');
    }
    const password = await rsaKeyService.decrypt(body.password);
    const user = await usersService.findByUsername(body.username);
    const now = clock.now();
    if (user?.locked_until && Number(user.locked_until) > now) {
      throw new ForbiddenError('auth.lockedFor', { minutes: Math.ceil((Number(user.locked_until) - now) / 60_000) });
    }
    const ok = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
    if (!user || !ok) {
      if (user) await this.recordFailure(user, Number(settings.lockoutAttempts), Number(settings.lockoutMinutes), db);
      throw new UnauthorizedError('auth.badCredentials');
    }
    return this.signIn(user, 'local', client);
  }

  /**
   * Domain-account sign-in. The directory provider is configured under the
   * `apps` integration; until one is, such sign-ins fail with the LDAP message.
   */
  async loginDirectory(body: LoginBody, client: ClientMeta): Promise<SignInResult> {
    const { paramsService, captchaService } = this.deps;
    if (await paramsService.get<boolean>('captchaEnabled')) {
      if (!body.uuid || !body.captcha)
        throw new ValidationError(
          [{ field: 'captcha', message: t(client.lang, 'auth.captchaRequired') }],
          'auth.captchaRequired',
        );
      if (!(await captchaService.consume(body.uuid, body.captcha))) throw new BadRequestError('auth.captchaWrong');
    }
    const password = await this.deps.rsaKeyService.decrypt(body.password);
    const user = this.directory ? await this.directory.authenticate(body.username, password) : null;
    if (!user) throw new UnauthorizedError('auth.ldapFailed');
    return this.signIn(user, 'ldap', client);
  }

  /** Set by the directory sign-in provider when one is configured. */
  directory?: { authenticate(username: string, password: string): Promise<UserRow | null> };

  private async recordFailure(user: UserRow, attempts: number, minutes: number, db: Knex): Promise<void> {
    const now = this.deps.clock.now();
    await db('users').where({ id: user.id }).increment('failed_logins', 1);
    const fresh = await db('users').where({ id: user.id }).first('failed_logins');
    if (attempts > 0 && Number(fresh.failed_logins) >= attempts) {
      await db('users')
        .where({ id: user.id })
        .update({ locked_until: now + minutes * 60_000, failed_logins: 0 });
      this.deps.logger.warn({ userId: user.id }, 'account locked after repeated failed sign-ins');
    }
  }

  async refresh(refreshToken: string): Promise<{ token: string; refreshToken: string; expiresAt: number }> {
    const rotated = await this.deps.sessionService.rotate(refreshToken, async (userId) => {
      const user = await this.deps.usersService.findById(userId);
      if (!user || Number(user.status) !== 1) throw new UnauthorizedError('auth.refreshInvalid');
      const s = passwordState(user, await this.policy(), this.deps.clock.now()).state;
      return s === 'firstLogin' || s === 'expired';
    });
    return { token: rotated.token, refreshToken: rotated.refreshToken, expiresAt: rotated.expiresAt };
  }

  /** Ends the caller's session; answers where the client should go next (the provider's logout for SSO). */
  async logout(actor: Actor): Promise<{ authMethod: number; logoutUrl: string | null }> {
    if (!actor.sessionId) return { authMethod: 0, logoutUrl: null };
    const session = await this.deps.sessionService.revoke(actor.sessionId);
    let logoutUrl = session?.logout_url ?? null;
    // The stored OIDC end-session URL is short; the ID token that lets the provider skip its
    // "really sign out?" page is kept beside it and added here.
    if (
      logoutUrl &&
      session?.id_token &&
      Number(session.auth_method) === AUTH_METHOD.oidc &&
      !logoutUrl.includes('id_token_hint=')
    ) {
      const url = new URL(logoutUrl);
      url.searchParams.set('id_token_hint', session.id_token);
      logoutUrl = url.toString();
    }
    return { authMethod: Number(session?.auth_method ?? 0), logoutUrl };
  }

  /** Every request with a token passes here: signature, expiry, open session, active user, permissions (one query). */
  async resolveAccessToken(token: string, caller: CallerInfo): Promise<Actor> {
    const claims = await this.deps.sessionService.verify(token);
    const { rolesService } = this.deps;
    const session = await this.deps.sessionService.activeSessionUser(claims.sessionId, (db) =>
      rolesService.permissionRows(db, claims.userId),
    );
    if (!session || Number(session.user_id) !== claims.userId || Number(session.status) !== 1)
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
    const user = await usersService.findById(actor.userId);
    if (!user || !(await verifyPassword(oldPassword, user.password_hash)))
      throw new BadRequestError('auth.oldPasswordWrong');
    const broken = policyViolations(newPassword, await this.policy());
    if (broken.length)
      throw new ValidationError([{ field: 'newPassword', message: broken.join(', ') }], 'auth.passwordPolicy', {
        rules: broken.join(', '),
      });
    await db.transaction(async (trx) => {
      await usersService.setPassword(trx, user.id, newPassword);
      await sessionService.revokeAllOfUser(user.id, trx);
      await this.deps.operationLog.record(trx, actor, { action: 'sys.user.changePassword', target: user.id });
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
